"""The structured observation (`obs_mode="dict"`): the flat vector's features as entity rows and a zone graph.

The flat `Box` of `observation` (zone fights) and `chase_encoding` (chases) is the one encoding;
`obs_mode="dict"` regroups the same values, so a policy reading rows (entity, graph or transformer
policies) sees exactly what a flat one sees, and `flatten(structure(obs, mask))` is `obs` again.

Zone fights (`skirmish_structure()`), each row in the action encoding's slot order (0 = the observer):

- `global` [G]: the global fields (decision, round, sides, the reaction being resolved, the turn holder);
- `combatants` [N_SLOTS, C]: per slot its dynamic fields, its static ones, then its riding fields;
- `zones` [MAX_ZONES, Z]: per zone its dynamic fields, then its static ones;
- `adjacency` [MAX_ZONES, MAX_ZONES, 3]: the borders (open way, door, locked door);
- `vehicles` [MAX_VEHICLES, V]: per vehicle slot its fields and zone one-hot;
- `extra` [E]: fields appended to the flat layout after these (present only when there are some);
- `action_mask` [N_ACTIONS] int8: the mask of `info["action_mask"]`.

Chases (`chase_structure()`): `global` [G], `units` [N_UNIT_SLOTS, U], `people` [N_PERSON_SLOTS, P], `action_mask`.
`describe_structured()` prints every key with its shape and where its values lie in the flat vector.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np
from gymnasium import spaces

OBS_MODES: Final = ("flat", "dict")


@dataclass(frozen=True, slots=True)
class Part:
    """One key of the dict: flat blocks laid side by side as the columns of `rows` rows.

    Each block is (flat offset, rows, columns, field-major): a field-major block holds the first
    column of every row, then the second...; a row-major one each row's columns together."""

    name: str
    rows: int  # 0: a plain vector
    blocks: tuple[tuple[int, int, int, bool], ...]

    @property
    def shape(self) -> tuple[int, ...]:
        """The array's shape in the dict."""
        columns = sum(c for _, _, c, _ in self.blocks)
        return (self.rows, columns) if self.rows else (columns,)


@dataclass(frozen=True, slots=True)
class Structure:
    """How the flat observation of one encoding becomes a dict, and back."""

    size: int  # the flat vector's length
    parts: tuple[Part, ...]
    shapes: dict[str, tuple[int, ...]]  # keys whose arrays keep an extra shape (adjacency), by name

    def space(self, n_actions: int) -> spaces.Dict:
        """The Dict observation space: every part in [0, 1] float32, and the int8 mask."""
        found: dict[str, spaces.Space] = {
            p.name: spaces.Box(0.0, 1.0, self.shapes.get(p.name, p.shape), np.float32) for p in self.parts
        }
        found["action_mask"] = spaces.Box(0, 1, (n_actions,), np.int8)
        return spaces.Dict(found)

    def structure(self, flat: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
        """The dict of a flat observation and its mask (new arrays)."""
        out: dict[str, np.ndarray] = {}
        for part in self.parts:
            columns = []
            for offset, rows, cols, field_major in part.blocks:
                block = flat[offset : offset + max(rows, 1) * cols]
                if part.rows:
                    block = block.reshape(cols, rows).T if field_major else block.reshape(rows, cols)
                columns.append(block)
            joined = np.concatenate(columns, axis=-1) if len(columns) > 1 else columns[0].copy()
            out[part.name] = joined.reshape(self.shapes.get(part.name, part.shape))
        out["action_mask"] = np.array(mask, dtype=np.int8)
        return out

    def flatten(self, obs: dict[str, np.ndarray]) -> np.ndarray:
        """The flat vector a dict was made from."""
        flat = np.zeros(self.size, dtype=np.float32)
        for part in self.parts:
            values = obs[part.name].reshape(part.shape)
            at = 0
            for offset, rows, cols, field_major in part.blocks:
                block = values[..., at : at + cols]
                at += cols
                if part.rows:
                    block = block.T if field_major else block
                flat[offset : offset + max(rows, 1) * cols] = block.reshape(-1)
        return flat

    def describe(self) -> str:
        """Every key, its shape and its flat blocks (offset, rows x columns)."""
        lines = []
        for part in self.parts:
            shape = self.shapes.get(part.name, part.shape)
            blocks = ", ".join(
                f"{o}+{max(r, 1) * c}{' field-major' if fm else ''}" for o, r, c, fm in part.blocks
            )
            lines.append(f"{part.name:<12} {shape!s:<16} flat {blocks}")
        lines.append("action_mask  (n_actions,) int8")
        return "\n".join(lines)


@cache
def skirmish_structure() -> Structure:
    """The zone fights' dict (built on first use)."""
    from yz_gym.envs import observation as o
    from yz_gym.envs import vehicle_obs as v
    from yz_gym.envs.limits import MAX_VEHICLES, MAX_ZONES, N_SLOTS

    f = o.FIELDS
    known = {"combatants", "combatants_static", "zones", "zones_static", "borders", "vehicles", "riding"}
    global_size = f["combatants"].offset  # the global fields come first
    extra = [fd for fd in f.values() if fd.offset >= global_size and fd.name not in known]
    parts = [
        Part("global", 0, ((0, 0, global_size, False),)),
        Part(
            "combatants",
            N_SLOTS,
            (
                (f["combatants"].offset, N_SLOTS, o.N_CDYN, False),
                (f["combatants_static"].offset, N_SLOTS, o.N_CSTATIC, False),
                (f["riding"].offset, N_SLOTS, v.N_RIDER, False),
            ),
        ),
        Part(
            "zones",
            MAX_ZONES,
            (
                (f["zones"].offset, MAX_ZONES, o.N_ZDYN, True),
                (f["zones_static"].offset, MAX_ZONES, o.N_ZSTATIC, False),
            ),
        ),
        Part("adjacency", MAX_ZONES, ((f["borders"].offset, MAX_ZONES, MAX_ZONES * 3, False),)),
        Part("vehicles", MAX_VEHICLES, ((f["vehicles"].offset, MAX_VEHICLES, v.N_VEHICLE, False),)),
    ]
    if extra:
        parts.append(Part("extra", 0, tuple((fd.offset, 0, fd.size, False) for fd in extra)))
    shapes = {"adjacency": (MAX_ZONES, MAX_ZONES, len(o.BORDER_CHANNELS))}
    return Structure(o.OBS_SIZE, tuple(parts), shapes)


@cache
def chase_structure() -> Structure:
    """The chases' dict (built on first use)."""
    from yz_gym.envs import chase_encoding as c

    parts = (
        Part("global", 0, ((0, 0, c.GLOBAL_SIZE, False),)),
        Part("units", c.N_UNIT_SLOTS, ((c.UNITS_AT, c.N_UNIT_SLOTS, c.UNIT_SIZE, False),)),
        Part("people", c.N_PERSON_SLOTS, ((c.PEOPLE_AT, c.N_PERSON_SLOTS, c.PERSON_SIZE, False),)),
    )
    return Structure(c.CHASE_OBS_SIZE, parts, {})


def check_obs_mode(obs_mode: str) -> None:
    """Refuse an unknown observation mode."""
    if obs_mode not in OBS_MODES:
        raise ValueError(f"obs_mode must be one of {', '.join(map(repr, OBS_MODES))}, not {obs_mode!r}")


def describe_structured() -> str:
    """Both games' dict observations, key by key."""
    fights, chases = skirmish_structure().describe(), chase_structure().describe()
    return f"zone fights (Skirmish):\n{fights}\n\nchases:\n{chases}"


__all__ = ["OBS_MODES", "Structure", "chase_structure", "check_obs_mode", "describe_structured", "skirmish_structure"]
