"""The fixed-size float32 observation of every yz_gym environment, field by field.

The vector is seen from one combatant, the *observer* (in Skirmish-v0 the learner's
combatant that must decide now; in the PettingZoo env the agent observed). Every value lies
in [0, 1]. `describe_observation()` prints the offset and size of each field; the layout is:

**global** (`GLOBAL_FIELDS`)
  decision one-hot over `DECISIONS` (card, overwatch, help, block, push, full_auto, ammo,
  turn, over, other);
  round / round cap; rounds left / round cap; setup phase (surprise cards); the observer's
  side one-hot [MAX_SIDES]; rounds its side must survive to win and the same for the
  enemy (/ round cap, 0 = no such goal); for a reaction (block, help, push, overwatch fire)
  the action being resolved: its Kind one-hot, its actor's and target's slots one-hot and
  its roll (rolled, successes/5, dice/12, banes/5, pushed, opposing successes/5, helpers/3);
  the slot whose turn it is (one-hot).

**combatants**: N_SLOTS slots in the action encoding's order (0 = the observer, then allies,
then enemies; see `action_space`). Dynamic features per slot (`COMBATANT_FIELDS`):
  in the fight, Broken, dead, gone (fled or surrendered), deciding now, has the turn,
  engaged with the observer, engaged (count/3), in the observer's line of sight, in its line
  of fire, Health and Resolve (fraction of max), Strength/Agility/Wits/Empathy (fraction of
  max), prone, in cover, cover rating/12, aiming bonus/3, on overwatch, hidden, burning,
  grappling, grappled, loses next turn, actions left/2, slow action left, acted this round,
  swapped initiative, initiative card/26, place in the turn order/16, still to act this
  round, critical injuries/4, dying (a lethal injury's timer runs), death-roll timer/10,
  armor rating/12, has medkit, has blanket, armed, holding a ranged weapon, held weapon
  loaded; then the zone one-hot [MAX_ZONES], the range band from the observer one-hot
  [Engaged, Short, Medium, Long, Extreme, out of range], and per carried weapon
  [MAX_WEAPONS] (`WEAPON_FIELDS`): present, held, ranged, gear bonus/5 (0 = broken),
  damage/5, reach band/4, loaded, spare loads (/5, 1 = unlimited), ammo supply/6, full auto.
  A hidden enemy's zone, range and sight entries stay 0.
  Static features per slot (`COMBATANT_STATIC_FIELDS`): slot used, player character, the
  four starting attributes/6, the twelve skills/5 (order of `rules.state.SKILLS`).

**zones**: MAX_ZONES slots in scenario order. Dynamic (`ZONE_FIELDS`, stored field-major:
  MAX_ZONES values of the first field, then of the second...): the observer is here, hops from
  the observer's zone/12 (1 = unreachable), in sight, in line of fire, allies here/8, visible
  enemies here/12, watched by an enemy on overwatch, watched by an ally.
  Static (`ZONE_STATIC_FIELDS`): zone used, cluttered, dim, dark, cramped, exit, cover pieces
  /MAX_COVERS, the rating/12 of each cover piece [MAX_COVERS], the observer's side must
  reach it, an enemy side must reach it.

**borders**: a MAX_ZONES x MAX_ZONES x 3 matrix (`BORDER_CHANNELS`): an open way (open border
  or a door broken down: run through), a door or hatch that opens (DOOR action), a locked
  door (force it); walls and non-neighbours are all 0.

Encoding is a copy of a per-observer template holding the static parts plus one slice write
per combatant, so it costs a few microseconds per step.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from yz_gym.envs.limits import (
    MAX_ALLIES,
    MAX_ATTRIBUTE,
    MAX_COMBATANTS,
    MAX_COVERS,
    MAX_ENEMIES,
    MAX_RATING,
    MAX_SIDES,
    MAX_SKILL,
    MAX_WEAPONS,
    MAX_ZONES,
    N_SLOTS,
)
from yz_gym.rules.actions import Kind
from yz_gym.rules.initiative import visible_cards
from yz_gym.rules.state import SKILLS, GameState, Phase, Scenario
from yz_gym.rules.zones import BorderKind, DoorState

DECISIONS = ("card", "overwatch", "help", "block", "push", "full_auto", "ammo", "turn", "over", "other")
DECISION_INDEX = {name: i for i, name in enumerate(DECISIONS)}
_OTHER = DECISION_INDEX["other"]  # a decision the rules added after this encoding
N_BANDS = 6  # Engaged, Short, Medium, Long, Extreme, out of range
CARD_SCALE = 26.0  # cards run 1..10, more with an extended deck or ambush victims

GLOBAL_FIELDS: tuple[tuple[str, int], ...] = (
    ("decision", len(DECISIONS)),
    ("round", 1),
    ("rounds_left", 1),
    ("setup_phase", 1),
    ("my_side", MAX_SIDES),
    ("survive_goal", 2),
    ("reaction_kind", len(Kind)),
    ("reaction_actor", N_SLOTS),
    ("reaction_target", N_SLOTS),
    ("reaction_roll", 7),
    ("turn_holder", N_SLOTS),
)
COMBATANT_FIELDS = (
    "active", "broken", "dead", "gone", "deciding", "has_turn",
    "engaged_with_me", "engaged_count", "in_sight", "in_line_of_fire",
    "health", "resolve", "strength", "agility", "wits", "empathy",
    "prone", "in_cover", "cover_rating", "aiming", "overwatch", "hidden", "burning",
    "grappling", "grappled", "loses_turn",
    "actions_left", "slow_action_left", "acted", "swapped",
    "card", "order_position", "still_to_act",
    "injuries", "dying", "death_timer", "armor",
    "medkit", "blanket", "armed", "held_ranged", "held_loaded",
)  # fmt: skip
WEAPON_FIELDS = (
    "present", "held", "ranged", "bonus", "damage", "reach", "loaded", "spare_loads", "supply", "full_auto",
)  # fmt: skip
COMBATANT_STATIC_FIELDS = ("used", "pc", "strength_0", "agility_0", "wits_0", "empathy_0", *SKILLS)
ZONE_FIELDS = (
    "observer_here", "hops", "in_sight", "in_line_of_fire", "allies_here", "enemies_here",
    "enemy_overwatch", "ally_overwatch",
)  # fmt: skip
ZONE_STATIC_FIELDS = (
    "used", "cluttered", "dim", "dark", "cramped", "exit", "covers",
    *(f"cover_{i}" for i in range(MAX_COVERS)), "my_goal", "enemy_goal",
)  # fmt: skip
BORDER_CHANNELS = ("open_way", "door", "locked")

N_CDYN_SCALARS = len(COMBATANT_FIELDS)
N_CDYN = N_CDYN_SCALARS + MAX_ZONES + N_BANDS + MAX_WEAPONS * len(WEAPON_FIELDS)
N_CSTATIC = len(COMBATANT_STATIC_FIELDS)
N_ZDYN = len(ZONE_FIELDS)
N_ZSTATIC = len(ZONE_STATIC_FIELDS)
N_BORDER = MAX_ZONES * MAX_ZONES * len(BORDER_CHANNELS)


class Field(NamedTuple):
    """One named stretch of the observation vector."""

    name: str
    offset: int
    size: int


def _layout() -> tuple[dict[str, Field], int]:
    fields: dict[str, Field] = {}
    offset = 0
    for name, size in GLOBAL_FIELDS:
        fields[name] = Field(name, offset, size)
        offset += size
    for name, size in (
        ("combatants", N_SLOTS * N_CDYN),
        ("combatants_static", N_SLOTS * N_CSTATIC),
        ("zones", N_ZDYN * MAX_ZONES),
        ("zones_static", MAX_ZONES * N_ZSTATIC),
        ("borders", N_BORDER),
    ):
        fields[name] = Field(name, offset, size)
        offset += size
    return fields, offset


FIELDS, OBS_SIZE = _layout()
_F = {name: f.offset for name, f in FIELDS.items()}
_C0, _CS0, _Z0, _ZS0, _B0 = (
    _F["combatants"], _F["combatants_static"], _F["zones"], _F["zones_static"], _F["borders"]
)  # fmt: skip
_DECISION, _ROUND, _HOLDER = _F["decision"], _F["round"], _F["turn_holder"]
_RKIND, _RACTOR, _RTARGET, _RROLL = (
    _F["reaction_kind"], _F["reaction_actor"], _F["reaction_target"], _F["reaction_roll"]
)  # fmt: skip
assert _F["rounds_left"] == _ROUND + 1 and _F["setup_phase"] == _ROUND + 2
_CZONE = N_CDYN_SCALARS
_CBAND = _CZONE + MAX_ZONES
_CWEAPON = _CBAND + N_BANDS
N_WEAPON_BLOCK = MAX_WEAPONS * len(WEAPON_FIELDS)
_PER_ALLY = 1.0 / (MAX_ALLIES + 1)
_ZALLIES, _ZENEMIES, _ZENEMY_WATCH, _ZALLY_WATCH = (_Z0 + k * MAX_ZONES for k in range(4, 8))
assert ZONE_FIELDS[4:8] == ("allies_here", "enemies_here", "enemy_overwatch", "ally_overwatch")
_PER_ENEMY = 1.0 / MAX_ENEMIES
_REACH = {"engaged": 0.0, "short": 0.25, "medium": 0.5, "long": 0.75, "extreme": 1.0}


def describe_observation() -> str:
    """Offset and size of every field, with the per-slot feature names."""
    lines = [f"Box(0, 1, ({OBS_SIZE},), float32)"]
    for f in FIELDS.values():
        lines.append(f"{f.offset:6d} +{f.size:5d}  {f.name}")
    lines.append(f"combatants: {N_SLOTS} slots x {N_CDYN}: {', '.join(COMBATANT_FIELDS)}, ")
    lines.append(f"  zone[{MAX_ZONES}], band[{N_BANDS}], weapons[{MAX_WEAPONS}] x ({', '.join(WEAPON_FIELDS)})")
    lines.append(f"combatants_static: {N_SLOTS} slots x {N_CSTATIC}: {', '.join(COMBATANT_STATIC_FIELDS)}")
    lines.append(f"zones: {N_ZDYN} fields x {MAX_ZONES} zones (field-major): {', '.join(ZONE_FIELDS)}")
    lines.append(f"zones_static: {MAX_ZONES} x {N_ZSTATIC}: {', '.join(ZONE_STATIC_FIELDS)}")
    lines.append(f"borders: {MAX_ZONES} x {MAX_ZONES} x {', '.join(BORDER_CHANNELS)}")
    return "\n".join(lines)


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


class ObservationEncoder:
    """Encodes a game state from one combatant's point of view into a preallocated vector.

    Built once per scenario; `encode(state, me)` returns a new float32 array every call."""

    def __init__(self, scenario: Scenario, slot_of: list[list[int]]) -> None:
        setup = scenario.setup
        self.zone_map = setup.zone_map
        self.n_zones = len(self.zone_map.zones)
        self.weapons = setup.weapons
        self.round_cap = max(1, setup.victory.round_cap)
        self.slot_of = slot_of
        self.sides = [c.side for c in scenario.combatants]
        self.n = len(self.sides)
        self.extreme = setup.options.extreme_max_hops
        self._weapon_static: dict[str, tuple[float, float, float, float]] = {}
        self._border_cache: dict[tuple[int, ...], np.ndarray] = {}
        self._sight_cache: dict[tuple[object, object, int], tuple[np.ndarray, list[bool], list[bool]]] = {}
        self._weapon_cache: dict[tuple[object, ...], np.ndarray] = {}
        self._templates = [self._template(scenario, me) for me in range(self.n)]

    # --- static parts ----------------------------------------------------------------------

    def _template(self, scenario: Scenario, me: int) -> np.ndarray:
        obs = np.zeros(OBS_SIZE, dtype=np.float32)
        setup = scenario.setup
        my_side = self.sides[me]
        obs[_F["my_side"] + min(my_side, MAX_SIDES - 1)] = 1.0
        survive = setup.victory.survive_rounds
        obs[_F["survive_goal"]] = _clip(survive.get(my_side, 0) / self.round_cap)
        other = max((r for s, r in survive.items() if s != my_side), default=0)
        obs[_F["survive_goal"] + 1] = _clip(other / self.round_cap)
        for c in scenario.combatants:
            slot = self.slot_of[me][c.id]
            static = [1.0, float(c.pc)]
            static += [_clip(a / MAX_ATTRIBUTE) for a in c.max_attrs]
            static += [_clip(c.skills.get(s, 0) / MAX_SKILL) for s in SKILLS]
            base = _CS0 + slot * N_CSTATIC
            obs[base : base + N_CSTATIC] = static
        reach = setup.victory.reach_zone
        for z, zone in enumerate(self.zone_map.zones):
            covers = [0.0] * MAX_COVERS
            for i, rating in enumerate(scenario.cover_ratings[z][:MAX_COVERS]):
                covers[i] = _clip(rating / MAX_RATING)
            static = [
                1.0, float(zone.cluttered), float(zone.dim), float(zone.dark), float(zone.cramped),
                float(zone.exit), len(zone.covers) / MAX_COVERS, *covers,
                float(reach.get(my_side, -1) == z),
                float(any(zz == z for s, zz in reach.items() if s != my_side)),
            ]  # fmt: skip
            base = _ZS0 + z * N_ZSTATIC
            obs[base : base + N_ZSTATIC] = static
        return obs

    def _borders(self, doors: tuple[int, ...]) -> np.ndarray:
        found = self._border_cache.get(doors)
        if found is None:
            found = np.zeros((MAX_ZONES, MAX_ZONES, len(BORDER_CHANNELS)), dtype=np.float32)
            for i, border in enumerate(self.zone_map.borders):
                state = doors[i] if i < len(doors) else int(DoorState.OPEN)
                channel = -1
                if border.kind == BorderKind.OPEN or (border.has_door and state == DoorState.BROKEN):
                    channel = 0
                elif border.has_door and state in (DoorState.CLOSED, DoorState.OPEN):
                    channel = 1
                elif border.has_door and state == DoorState.LOCKED:
                    channel = 2
                if channel >= 0:
                    found[border.a, border.b, channel] = found[border.b, border.a, channel] = 1.0
            found = found.reshape(-1)
            self._border_cache[doors] = found
        return found

    def _weapon(self, name: str) -> tuple[float, float, float, float]:
        found = self._weapon_static.get(name)
        if found is None:
            w = self.weapons[name]
            found = (float(w.ranged), _clip(w.damage / 5), _REACH.get(w.range, 0.0), float(w.full_auto))
            self._weapon_static[name] = found
        return found

    def _sight_block(self, state: GameState, zone: int, peek: object) -> tuple[np.ndarray, list[bool], list[bool]]:
        """(zone fields observer_here..in_line_of_fire as an array, sight row, fire row)."""
        key = (state.doors, peek, zone)
        found = self._sight_cache.get(key)
        if found is None:
            zm, doors, n = self.zone_map, state.doors, self.n_zones
            sight = [zm.sight(zone, z, doors, peek) for z in range(n)]  # type: ignore[arg-type]
            fire = [zm.line_of_fire(zone, z, doors, peek) for z in range(n)]  # type: ignore[arg-type]
            block = np.zeros((4, MAX_ZONES), dtype=np.float32)
            block[0, zone] = 1.0
            for z in range(n):
                h = zm.hops[zone][z]
                block[1, z] = 1.0 if h >= MAX_ZONES else h / MAX_ZONES
                block[2, z] = sight[z]
                block[3, z] = fire[z]
            found = (block.reshape(-1), sight + [False] * (MAX_ZONES - n), fire + [False] * (MAX_ZONES - n))
            if len(self._sight_cache) > 4096:
                self._sight_cache.clear()
            self._sight_cache[key] = found
        return found

    def _weapons_block(self, carried: list, held: int) -> np.ndarray:  # type: ignore[type-arg]
        key = (held, *[(w.name, w.bonus, w.loaded, w.reloads, w.supply) for w in carried[:MAX_WEAPONS]])
        found = self._weapon_cache.get(key)
        if found is None:
            row: list[float] = []
            for i, w in enumerate(carried[:MAX_WEAPONS]):
                ranged, damage, reach, auto = self._weapon(w.name)
                row += (
                    1.0, float(i == held), ranged, _clip(w.bonus / 5) if w.bonus > 0 else 0.0,
                    damage, reach, float(w.loaded), 1.0 if w.reloads < 0 else _clip(w.reloads / 5),
                    _clip(w.supply / 6), auto,
                )  # fmt: skip
            row += [0.0] * (N_WEAPON_BLOCK - len(row))
            found = np.array(row, dtype=np.float32)
            if len(self._weapon_cache) > 4096:
                self._weapon_cache.clear()
            self._weapon_cache[key] = found
        return found

    # --- per step --------------------------------------------------------------------------

    def encode(self, state: GameState, me: int, decision: str, deciding: int) -> np.ndarray:
        """The observation of `state` for combatant `me`; `deciding` is who decides now (-1: no one)."""
        obs = self._templates[me].copy()
        slot_of = self.slot_of[me]
        combatants = state.combatants
        mc = combatants[me]
        my_side = mc.side
        my_zone = mc.zone
        zone_block, sight, fire = self._sight_block(state, my_zone, mc.peek)
        hops = self.zone_map.hops[my_zone]
        extreme = self.extreme
        round_cap = self.round_cap

        # global
        phase = state.phase
        order = state.order
        turn_pos = state.turn_pos
        holder = order[turn_pos] if phase == Phase.COMBAT and turn_pos < len(order) else -1
        rnd = state.round
        obs[_DECISION + DECISION_INDEX.get(decision, _OTHER)] = 1.0
        obs[_ROUND : _ROUND + 3] = (
            min(1.0, rnd / round_cap), max(0.0, (round_cap - rnd) / round_cap), 1.0 if phase == Phase.SETUP else 0.0
        )  # fmt: skip
        if holder >= 0:
            obs[_HOLDER + slot_of[holder]] = 1.0
        if state.stack:
            frame = state.stack[-1]
            obs[_RKIND + frame.kind] = 1.0
            if 0 <= frame.actor < self.n:
                obs[_RACTOR + slot_of[frame.actor]] = 1.0
            if 0 <= frame.target < self.n:
                obs[_RTARGET + slot_of[frame.target]] = 1.0
            roll = frame.roll
            if roll is not None:
                block = frame.block_roll
                obs[_RROLL : _RROLL + 7] = (
                    1.0, _clip(roll.successes / 5), _clip(len(roll.faces) / 12), _clip(roll.banes() / 5),
                    float(roll.pushed), _clip(block.successes / 5) if block is not None else 0.0,
                    _clip(len(frame.helpers) / 3),
                )  # fmt: skip

        # combatants
        position = {cid: i for i, cid in enumerate(order)}
        my_engaged = mc.engaged
        weapons = self.weapons
        # INIT-05/INIT-HIDDEN-01: with hidden initiative, unrevealed enemy cards read as 0
        cards = visible_cards(state, me) if state.options.hidden_initiative else state.cards
        cover_ratings = state.cover_ratings
        for c in combatants:
            cid = c.id
            enemy = c.side != my_side
            out = c.out
            zone = c.zone
            hidden = c.hidden
            seen = not (hidden and enemy)
            watch = c.overwatch
            if not out:
                if enemy:
                    if seen:
                        obs[_ZENEMIES + zone] += _PER_ENEMY
                elif cid != me:
                    obs[_ZALLIES + zone] += _PER_ALLY
                if watch >= 0:
                    obs[(_ZENEMY_WATCH if enemy else _ZALLY_WATCH) + watch] = 1.0
            a0, a1, a2, a3 = c.attrs[:4]
            m0, m1, m2, m3 = c.max_attrs[:4]
            injuries = c.injuries
            timer = min([i.timer for i in injuries if i.timer >= 0], default=-1) if injuries else -1
            held = c.held
            carried = c.weapons
            held_w = weapons[carried[held].name] if 0 <= held < len(carried) else None
            pos = position.get(cid, -1)
            used = c.actions_used
            cover = c.cover
            engaged = c.engaged
            base = _C0 + slot_of[cid] * N_CDYN
            obs[base : base + N_CDYN_SCALARS] = (
                0.0 if out else 1.0, 1.0 if c.broken else 0.0, 1.0 if c.dead else 0.0,
                1.0 if c.fled or c.surrendered else 0.0, 1.0 if cid == deciding else 0.0,
                1.0 if cid == holder else 0.0,
                1.0 if cid in my_engaged else 0.0, min(1.0, len(engaged) / 3) if engaged else 0.0,
                1.0 if seen and sight[zone] else 0.0, 1.0 if seen and fire[zone] else 0.0,
                c.health / c.max_health if c.max_health > 0 else 0.0,
                c.resolve / c.max_resolve if c.max_resolve > 0 else 0.0,
                min(1.0, a0 / m0) if a0 > 0 else 0.0, min(1.0, a1 / m1) if a1 > 0 else 0.0,
                min(1.0, a2 / m2) if a2 > 0 else 0.0, min(1.0, a3 / m3) if a3 > 0 else 0.0,
                1.0 if c.prone else 0.0, 1.0 if cover >= 0 else 0.0,
                cover_ratings[zone][cover] / MAX_RATING if cover >= 0 else 0.0,
                c.aiming / 3, 1.0 if watch >= 0 else 0.0, 1.0 if hidden else 0.0,
                min(1.0, c.burning / 6), 1.0 if c.grappling >= 0 else 0.0, 1.0 if c.grappled_by >= 0 else 0.0,
                1.0 if c.lose_turn else 0.0,
                (2 - used) / 2 if used < 2 else 0.0, 1.0 if used < 2 and not c.slow_used else 0.0,
                1.0 if c.acted else 0.0, 1.0 if c.swapped else 0.0,
                min(1.0, cards[cid] / CARD_SCALE),
                (pos / MAX_COMBATANTS if pos >= 0 else 0.0) if cards[cid] else 0.0,
                1.0 if (pos > turn_pos or not cards[cid]) and not c.acted else 0.0,
                min(1.0, len(injuries) / 4), 1.0 if timer >= 0 else 0.0, min(1.0, timer / 10) if timer > 0 else 0.0,
                c.armor_rating / MAX_RATING,
                1.0 if "medkit" in c.items else 0.0, 1.0 if "blanket" in c.items else 0.0,
                1.0 if held >= 0 else 0.0, 1.0 if held_w is not None and held_w.ranged else 0.0,
                1.0 if held_w is not None and carried[held].loaded else 0.0,
            )  # fmt: skip
            if seen:
                if cid == me:
                    band = 1
                elif cid in my_engaged:
                    band = 0
                else:
                    h = hops[zone]
                    band = 1 if h == 0 else 2 if h == 1 else 3 if h <= 4 else 4 if h <= extreme else 5
                obs[base + _CZONE + zone] = 1.0
                obs[base + _CBAND + band] = 1.0
            if carried:
                obs[base + _CWEAPON : base + N_CDYN] = self._weapons_block(carried, held)

        # zones
        obs[_Z0 : _Z0 + 4 * MAX_ZONES] = zone_block
        obs[_B0 : _B0 + N_BORDER] = self._borders(state.doors)
        return obs
