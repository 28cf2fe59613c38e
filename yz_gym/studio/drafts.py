"""A scenario being edited in the studio: its YAML text or its data from the page, read with the
limits of every user file (scenario/reading.py), built by its mode's models and loader, and each
problem given back on the field it names (`combatants[3].armor`) for the page to show there."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Final, get_args

import yaml

from yz_gym.envs.scene import build_chase_scene, build_scene
from yz_gym.rulesets.yze.chase.state import ChaseState
from yz_gym.rulesets.yze.scenario.models import ZoneSpec, ZoneVehicleSpec
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.tables import ARMORS, COVERS, WEAPONS
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.loading import LoadedScenario, build_data
from yz_gym.scenario.reading import MAX_YAML_BYTES, ReadError, check_shape, load_yaml, preview

ORIGIN: Final = "<draft>"  # what a draft's errors name before the field
YAML_FIELD: Final = "yaml"  # the field of a problem with the text itself (syntax, size, shape)
TOP_FIELD: Final = "<top>"
EDITABLE: Final = ("count", "weapons", "drawn", "armor", "attributes", "skills")  # a combatant's form fields
ZONE_EDITABLE: Final = ("features", "cover", "exit", "vehicles")  # a zone's form fields (its name stays)
VEHICLE_EDITABLE: Final = ("type", "zone", "side", "engine_running", "exposed_seats", "damage", "altitude")
FEATURES: Final = get_args(get_args(ZoneSpec.model_fields["features"].annotation)[0])  # the models' own lists
VEHICLE_TYPES: Final = get_args(ZoneVehicleSpec.model_fields["type"].annotation)
_WHERE = re.compile(r"^<draft>:(\d+:\d+:)? ?")


class DraftError(ValueError):
    """A draft that cannot be played: the field it names (a path such as combatants[2].weapons[0],
    or "yaml") and what to do."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message

    def to_json(self) -> dict[str, str]:
        """The error as the page shows it beside its field."""
        return {"field": self.field, "message": self.message}


@dataclass(frozen=True, slots=True)
class Draft:
    """A checked scenario: its parsed data, its text, and what its mode built."""

    data: dict[str, Any]
    text: str
    loaded: LoadedScenario


def from_text(text: Any) -> Draft:
    """A draft from YAML text (the page's editor or an uploaded file), within the file limits."""
    if not isinstance(text, str):
        raise DraftError(YAML_FIELD, "give the scenario's YAML as text")
    if len(text.encode("utf-8")) > MAX_YAML_BYTES:
        raise DraftError(YAML_FIELD, f"larger than the {MAX_YAML_BYTES:,} bytes a scenario file may have")
    try:
        data = load_yaml(text, ORIGIN)
    except ReadError as err:
        raise DraftError(YAML_FIELD, _WHERE.sub(lambda m: f"line {m.group(1)[:-1]}: " if m.group(1) else "", str(err))) from None
    if not isinstance(data, dict):
        raise DraftError(YAML_FIELD, "a scenario must be a mapping with the keys name, sides, map and combatants")
    plain(data)
    return Draft(data, text, _build(data))


def plain(data: dict[str, Any]) -> None:
    """Refuse a value the page cannot hold (a date, binary data, a key that is not text, NaN or an
    infinity), naming its field: the studio edits scenarios made of plain JSON values."""
    pending: list[tuple[Any, str]] = [(data, "")]
    while pending:
        value, where = pending.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise DraftError(where or TOP_FIELD, f"the key {preview(key)} is not text; write it as text")
                pending.append((item, f"{where}.{key}" if where else key))
        elif isinstance(value, list):
            pending.extend((item, f"{where}[{k}]") for k, item in enumerate(value))
        elif isinstance(value, float) and not math.isfinite(value):
            raise DraftError(where, f"got {value}; give a finite number")
        elif value is not None and not isinstance(value, str | int | float):
            raise DraftError(where, f"got {preview(value)}; give text, a number, true or false")


def from_data(data: Any) -> Draft:
    """A draft from the page's form (parsed JSON), within the same limits; its text is the YAML dump."""
    try:
        check_shape(data, "the scenario")
    except ReadError as err:
        raise DraftError(YAML_FIELD, str(err)) from None
    if not isinstance(data, dict):
        raise DraftError(YAML_FIELD, "a scenario must be a mapping with the keys name, sides, map and combatants")
    plain(data)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    if len(text.encode("utf-8")) > MAX_YAML_BYTES:
        raise DraftError(YAML_FIELD, f"larger than the {MAX_YAML_BYTES:,} bytes a scenario file may have")
    return Draft(data, text, _build(data))


def _build(data: dict[str, Any]) -> LoadedScenario:
    try:
        return build_data(data, ORIGIN)
    except ScenarioError as err:
        raise _on_field(str(err)) from None


def _on_field(message: str) -> DraftError:
    """A loader's one line `<draft>: field: what is wrong` split into its field and its message."""
    rest = message.removeprefix(f"{ORIGIN}: ")
    field, sep, text = rest.partition(": ")
    if not sep or " " in field:
        return DraftError(TOP_FIELD, rest)
    return DraftError(field, text)


def _rows(entries: Any, keys: tuple[str, ...], shown: tuple[str, ...] = ("name",)) -> list[dict[str, Any]]:
    """A list of the file's mappings as the form edits them: index, the `shown` fields as text, and
    the editable `keys` the file sets."""
    rows = []
    for index, spec in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(spec, dict):
            row: dict[str, Any] = {"index": index, **{key: str(spec.get(key, "")) for key in shown}}
            row |= {key: spec[key] for key in keys if key in spec}
            rows.append(row)
    return rows


def combatant_rows(draft: Draft) -> list[dict[str, Any]]:
    """The combatants as the form edits them: index, name, side, and the EDITABLE fields."""
    return _rows(draft.data.get("combatants"), EDITABLE, ("name", "side"))


def zone_rows(draft: Draft) -> list[dict[str, Any]]:
    """The zones (map.zones) as the form edits them: index, name, and the ZONE_EDITABLE fields."""
    plan = draft.data.get("map")
    return _rows(plan.get("zones") if isinstance(plan, dict) else None, ZONE_EDITABLE)


def vehicle_rows(draft: Draft) -> list[dict[str, Any]]:
    """The vehicles of a zone fight as the form edits them: index, name, and the VEHICLE_EDITABLE
    fields (crew and mounted weapons stay in the YAML)."""
    return _rows(draft.data.get("vehicles"), VEHICLE_EDITABLE)


def choices(draft: Draft) -> dict[str, list[str]]:
    """What the form offers: the weapons (the tables' and the file's own), armors, zone features,
    cover pieces and vehicle types."""
    return {
        "weapons": [*WEAPONS, *(str(k) for k in draft.data.get("weapons") or {})],
        "armors": list(ARMORS),
        "features": list(FEATURES),
        "covers": list(COVERS),
        "vehicle_types": list(VEHICLE_TYPES),
    }


def scene_json(draft: Draft, seed: int = 0) -> dict[str, Any] | None:
    """The picture of the fight at its start (the replay page's shapes), or None for a mode
    without one."""
    loaded = draft.loaded
    state = loaded.mode.rules.new_game(loaded.scenario, seed)
    if isinstance(state, ChaseState):
        scene = build_chase_scene(state, state.opening)
    elif isinstance(state, GameState):
        scene = build_scene(state, state.opening)
    else:
        return None
    return {"width": scene.width, "height": scene.height, "shapes": [s.to_json() for s in scene.shapes]}


def summary(draft: Draft) -> dict[str, Any]:
    """Everything the page shows of a checked draft."""
    from yz_gym.design.variation import space_of

    loaded = draft.loaded
    space = space_of(loaded.mode)
    editable = loaded.mode.key == ("yze", "skirmish")
    return {
        "ok": True,
        "title": loaded.name,
        "mode": loaded.mode.label,
        "sides": list(loaded.sides),
        "data": draft.data,
        "yaml": draft.text,
        "combatants": combatant_rows(draft) if editable else [],
        "zones": zone_rows(draft) if editable else [],
        "vehicles": vehicle_rows(draft) if editable else [],
        "choices": choices(draft),
        "scene": scene_json(draft),
        "agents": list(loaded.mode.agents),  # the scripted agents of its mode
        "metrics": [{"name": m, "words": w} for m, w in zip(space.metrics, space.words, strict=True)],  # "{side}" stands for the side
        "editable": editable,  # the form edits zone fights; other modes are edited as YAML
    }
