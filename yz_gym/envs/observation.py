"""The fixed-size float32 observation of every yz_gym environment, field by field.

The vector is seen from one combatant, the *observer* (in Skirmish-v0 the learner's
combatant that must decide now; in the PettingZoo env the agent observed). Every value lies
in [0, 1]. `describe_observation()` prints the offset and size of each field; the layout is:

**global** (`GLOBAL_FIELDS`)
  decision one-hot over `DECISIONS` (card, overwatch, help, block, push, full_auto, ammo,
  turn, over, other; "other" is a decision added after this layout: the Pride's, DICE-13, whose
  roll shows in the reaction fields below);
  round / round cap; rounds left / round cap; setup phase (surprise cards); the observer's
  side one-hot [MAX_SIDES]; rounds its side must survive to win and the same for the
  enemy (/ round cap, 0 = no such goal); for a reaction (block, help, push, overwatch fire)
  the action being resolved: its Kind one-hot, its actor's and target's slots one-hot and
  its roll (rolled, successes/5, dice/12, banes/5, pushed, opposing successes/5, helpers/3);
  the slot whose turn it is (one-hot).

**combatants**: N_SLOTS slots in the action encoding's order (0 = the observer, then allies,
then enemies; see `action_space`). Dynamic features per slot (`COMBATANT_FIELDS`):
  in the fight, Broken, dead, gone (fled or surrendered), deciding now, has the turn,
  at Engaged range with the observer (a position: kept while either is Broken), engaged with
  combatants still in the fight (count/3), in the observer's line of sight, in its line
  of fire, Health and Resolve (fraction of max), Strength/Agility/Wits/Empathy (fraction of
  max), prone, in cover, cover rating/12, aiming bonus/3, on overwatch, hidden, burning,
  grappling, grappled, loses next turn, actions left/2, slow action left, acted this round,
  swapped initiative, initiative card/26, place in the turn order/16, still to act this
  round, critical injuries and lethal conditions (FIRE-05 burns)/4, dying (a lethal injury's or
  condition's timer runs), death-roll timer/10,
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

**vehicles** (`vehicle_obs.VEHICLE_FIELDS`, MAX_VEHICLES slots, then each vehicle's zone
  one-hot [MAX_ZONES]): used, the observer's side, crewed, damage/Hull, wrecked, destroyed,
  armor/12, engine running, engine failed, has a driver, the observer drives, the observer is
  aboard, air vehicle, altitude/10, free covered and exposed seats/9, working and manned mounted
  weapons/4, burning, Maneuverability after crits ((m + 3) / 6), blown-tire penalty/6.

**riding** (`vehicle_obs.RIDER_FIELDS`, N_SLOTS combatant slots, then the vehicle aboard one-hot
  [MAX_VEHICLES]): aboard, driver, exposed seat, holds a mounted weapon, on a living mount, the
  mount's Strength (fraction), mount dead, mount may enter cramped zones. Both blocks stay 0 in
  scenarios without vehicles and mounts.

**hazards** (`hazard_obs.HAZARD_FIELDS`, N_SLOTS combatant slots): afloat, under water, drowning,
  Broken while drowning and the rounds left before that kills / the stretch, lethal poison,
  paralysed, asleep and the rounds left of it / its full length, hypothermic, breathing a zone's
  gas, antidotes carried/2; then **zone_hazards** (`hazard_obs.ZONE_HAZARD_FIELDS`, MAX_ZONES
  zones): deep water, gas, its potency/12, the cold band (0, 1/3, 2/3, 1). Both stay 0 in
  scenarios without a `hazards:` block (appended last: every earlier offset is unchanged).

Encoding copies a cached per-observer template that already holds the static parts (the zone
hazards too), the map seen from the observer's zone and the borders; then each combatant's dynamic
fields go straight into the vector's buffer: an item write for each field that is not 0, and each
carried weapon's row as float32 bytes cached by what it shows (name, held, bonus, loaded, loads, supply).
"""

from __future__ import annotations

import struct
from typing import Any, Final, NamedTuple

import numpy as np

from yz_gym.envs.hazard_obs import FIELDS as HAZARD_OBS_FIELDS
from yz_gym.envs.hazard_obs import HAZARD_FIELDS, ZONE_HAZARD_FIELDS, encode_hazards, zone_hazards
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
from yz_gym.envs.vehicle_obs import FIELDS as VEHICLE_OBS_FIELDS
from yz_gym.envs.vehicle_obs import encode_vehicles
from yz_gym.rulesets.yze.combat.damage import lethal_conditions
from yz_gym.rulesets.yze.state import COMBAT, SETUP, SKILLS, GameState, Scenario
from yz_gym.rulesets.yze.zone.actions import Kind
from yz_gym.rulesets.yze.zone.initiative import visible_cards
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState

DECISIONS: Final = ("card", "overwatch", "help", "block", "push", "full_auto", "ammo", "turn", "over", "other")
DECISION_INDEX: Final = {name: i for i, name in enumerate(DECISIONS)}
_OTHER: Final = DECISION_INDEX["other"]  # a decision the rules added after this encoding
N_BANDS: Final = 6  # Engaged, Short, Medium, Long, Extreme, out of range
CARD_SCALE: Final = 26.0  # cards run 1..10, more with an extended deck or ambush victims

# Room for the action kinds a reaction window can show, fixed above len(Kind) so that appending
# action kinds keeps the observation size (and models trained on it) unchanged.
REACTION_KINDS: Final = 64
if len(Kind) > REACTION_KINDS:
    raise ImportError(f"yz_gym.envs.observation: {len(Kind)} action kinds; raise REACTION_KINDS")

GLOBAL_FIELDS: Final[tuple[tuple[str, int], ...]] = (
    ("decision", len(DECISIONS)),
    ("round", 1),
    ("rounds_left", 1),
    ("setup_phase", 1),
    ("my_side", MAX_SIDES),
    ("survive_goal", 2),
    ("reaction_kind", REACTION_KINDS),
    ("reaction_actor", N_SLOTS),
    ("reaction_target", N_SLOTS),
    ("reaction_roll", 7),
    ("turn_holder", N_SLOTS),
)
COMBATANT_FIELDS: Final = (
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
WEAPON_FIELDS: Final = (
    "present", "held", "ranged", "bonus", "damage", "reach", "loaded", "spare_loads", "supply", "full_auto",
)  # fmt: skip
COMBATANT_STATIC_FIELDS: Final = ("used", "pc", "strength_0", "agility_0", "wits_0", "empathy_0", *SKILLS)
ZONE_FIELDS: Final = (
    "observer_here", "hops", "in_sight", "in_line_of_fire", "allies_here", "enemies_here",
    "enemy_overwatch", "ally_overwatch",
)  # fmt: skip
ZONE_STATIC_FIELDS: Final = (
    "used", "cluttered", "dim", "dark", "cramped", "exit", "covers",
    *(f"cover_{i}" for i in range(MAX_COVERS)), "my_goal", "enemy_goal",
)  # fmt: skip
BORDER_CHANNELS: Final = ("open_way", "door", "locked")

N_CDYN_SCALARS: Final = len(COMBATANT_FIELDS)
N_CDYN: Final = N_CDYN_SCALARS + MAX_ZONES + N_BANDS + MAX_WEAPONS * len(WEAPON_FIELDS)
N_CSTATIC: Final = len(COMBATANT_STATIC_FIELDS)
N_ZDYN: Final = len(ZONE_FIELDS)
N_ZSTATIC: Final = len(ZONE_STATIC_FIELDS)
N_BORDER: Final = MAX_ZONES * MAX_ZONES * len(BORDER_CHANNELS)


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
        *VEHICLE_OBS_FIELDS,  # vehicle_obs.py: vehicles and riding
        *HAZARD_OBS_FIELDS,  # hazard_obs.py: each combatant's hazards, each zone's
    ):
        fields[name] = Field(name, offset, size)
        offset += size
    return fields, offset


FIELDS, OBS_SIZE = _layout()
_F: Final = {name: f.offset for name, f in FIELDS.items()}
# the offsets encode() writes at, as Final names (the compiled build reads them without a lookup)
_C0: Final = _F["combatants"]
_CS0: Final = _F["combatants_static"]
_Z0: Final = _F["zones"]
_ZS0: Final = _F["zones_static"]
_B0: Final = _F["borders"]
_V0: Final = _F["vehicles"]
_R0: Final = _F["riding"]
_H0: Final = _F["hazards"]
_ZH0: Final = _F["zone_hazards"]
_DECISION: Final = _F["decision"]
_ROUND: Final = _F["round"]
_HOLDER: Final = _F["turn_holder"]
_RKIND: Final = _F["reaction_kind"]
_RACTOR: Final = _F["reaction_actor"]
_RTARGET: Final = _F["reaction_target"]
_RROLL: Final = _F["reaction_roll"]
assert _F["rounds_left"] == _ROUND + 1 and _F["setup_phase"] == _ROUND + 2
_CZONE: Final = N_CDYN_SCALARS
_CBAND: Final = _CZONE + MAX_ZONES
_CWEAPON: Final = _CBAND + N_BANDS
N_WEAPON_FIELDS: Final = len(WEAPON_FIELDS)
assert len(COMBATANT_FIELDS) == 42 and COMBATANT_FIELDS[36] == "armor"  # encode() writes by position
_WEAPON_FIELDS: Final = struct.Struct(f"{N_WEAPON_FIELDS}f")
_WEAPON_BYTES: Final = 4 * N_WEAPON_FIELDS
_ROUND_FIELDS: Final = struct.Struct("3f")
_ROLL_FIELDS: Final = struct.Struct("7f")
# the counts' steps as float32 values: adding them in double and storing as float32 is float32 addition
_PER_ALLY: Final = float(np.float32(1.0 / (MAX_ALLIES + 1)))
_ZALLIES: Final = _Z0 + 4 * MAX_ZONES
_ZENEMIES: Final = _Z0 + 5 * MAX_ZONES
_ZENEMY_WATCH: Final = _Z0 + 6 * MAX_ZONES
_ZALLY_WATCH: Final = _Z0 + 7 * MAX_ZONES
assert ZONE_FIELDS[4:8] == ("allies_here", "enemies_here", "enemy_overwatch", "ally_overwatch")
_PER_ENEMY: Final = float(np.float32(1.0 / MAX_ENEMIES))
VIEW_CACHE_SIZE: Final = 256  # templates with the map part filled in, per (observer, zone, peek, doors)
WEAPON_CACHE_SIZE: Final = 1024  # packed weapon rows, per (weapon, held, bonus, loaded, spare loads, supply)
_REACH: Final = {"engaged": 0.0, "short": 0.25, "medium": 0.5, "long": 0.75, "extreme": 1.0}


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
    lines.append(f"hazards: {N_SLOTS} slots x {', '.join(HAZARD_FIELDS)}")
    lines.append(f"zone_hazards: {MAX_ZONES} zones x {', '.join(ZONE_HAZARD_FIELDS)}")
    return "\n".join(lines)


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


class ObservationEncoder:
    """Encodes a game state from one combatant's point of view into a preallocated vector.

    Built once per scenario; `encode(state, me)` returns a new float32 array every call."""

    def __init__(self, scenario: Scenario, slot_of: list[list[int]]) -> None:
        setup = scenario.setup
        self._scenario = scenario
        self.zone_map = setup.zone_map
        self.n_zones = len(self.zone_map.zones)
        self.weapons = setup.weapons
        self.round_cap = max(1, setup.victory.round_cap)
        self.slot_of = slot_of
        self.sides = [c.side for c in scenario.combatants]
        self.n = len(self.sides)
        self.extreme = setup.options.extreme_max_hops
        # per weapon profile: ranged, damage/5, reach band/4, full auto
        self._weapon_static = {
            name: (float(w.ranged), _clip(w.damage / 5), _REACH.get(w.range, 0.0), float(w.full_auto))
            for name, w in self.weapons.items()
        }
        self._border_cache: dict[tuple[int, ...], np.ndarray] = {}
        self._view_cache: dict[tuple[object, ...], tuple[np.ndarray, tuple[bool, ...], tuple[bool, ...]]] = {}
        self._weapon_rows: dict[tuple[str, bool, int, bool, int, int], bytes] = {}
        self._templates = [self._template(scenario, me) for me in range(self.n)]
        self.extras = bool(scenario.vehicles) or setup.mounted  # vehicle_obs.py
        self.hazards = setup.hazards is not None  # hazard_obs.py

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its scenario and slots: unpickling builds it afresh (caches refill)."""
        return (ObservationEncoder, (self._scenario, self.slot_of))

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
        if setup.hazards is not None:
            zone_hazards(obs, _ZH0, setup.hazards)
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

    def _view(
        self, state: GameState, me: int, zone: int, peek: int
    ) -> tuple[np.ndarray, tuple[bool, ...], tuple[bool, ...]]:
        """`me`'s template with the zone fields observer_here..in_line_of_fire (seen from `zone`)
        and the borders filled in, with the sight and fire rows from `zone`; cached."""
        doors = state.doors
        key = (me, zone, peek, doors)
        found = self._view_cache.get(key)
        if found is None:
            zm, n = self.zone_map, self.n_zones
            sight = zm.sight_from(zone, doors, peek)
            fire = zm.fire_from(zone, doors, peek)
            obs = self._templates[me].copy()
            block = obs[_Z0 : _Z0 + 4 * MAX_ZONES].reshape(4, MAX_ZONES)
            block[0, zone] = 1.0
            for z in range(n):
                h = zm.hops[zone][z]
                block[1, z] = 1.0 if h >= MAX_ZONES else h / MAX_ZONES
                block[2, z] = sight[z]
                block[3, z] = fire[z]
            obs[_B0 : _B0 + N_BORDER] = self._borders(doors)
            found = (obs, sight + (False,) * (MAX_ZONES - n), fire + (False,) * (MAX_ZONES - n))
            if len(self._view_cache) >= VIEW_CACHE_SIZE:
                self._view_cache.clear()
            self._view_cache[key] = found
        return found

    def _weapon_row(self, key: tuple[str, bool, int, bool, int, int]) -> bytes:
        """The WEAPON_FIELDS of a carried weapon (name, held, bonus, loaded, spare loads, supply) as
        float32 bytes; cached: they depend on nothing else."""
        name, held, bonus, loaded, spare, supply = key
        ranged, damage, reach, auto = self._weapon_static[name]
        packed = _WEAPON_FIELDS.pack(
            1.0, held, ranged, _clip(bonus / 5), damage, reach, loaded, 1.0 if spare < 0 else _clip(spare / 5),
            _clip(supply / 6), auto,
        )  # fmt: skip
        if len(self._weapon_rows) >= WEAPON_CACHE_SIZE:
            self._weapon_rows.clear()
        self._weapon_rows[key] = packed
        return packed

    # --- per step --------------------------------------------------------------------------

    def encode(self, state: GameState, me: int, decision: str, deciding: int) -> np.ndarray:
        """The observation of `state` for combatant `me`; `deciding` is who decides now (-1: no one)."""
        slot_of = self.slot_of[me]
        combatants = state.combatants
        mc = combatants[me]
        my_side = mc.side
        view, sight, fire = self._view(state, me, mc.zone, mc.peek)
        obs = view.copy()
        buf: Any = obs.data  # a writable float32 memoryview: item writes are cheaper than numpy's
        one: Any = 1.0  # boxed once (the compiled build boxes a float literal at every write)
        hops = self.zone_map.hops[mc.zone]
        extreme = self.extreme
        round_cap = self.round_cap

        # global
        phase = state.phase
        order = state.order
        turn_pos = state.turn_pos
        holder = order[turn_pos] if phase == COMBAT and turn_pos < len(order) else -1
        rnd = state.round
        buf[_DECISION + DECISION_INDEX.get(decision, _OTHER)] = one
        _ROUND_FIELDS.pack_into(
            buf, 4 * _ROUND,
            min(1.0, rnd / round_cap), max(0.0, (round_cap - rnd) / round_cap), 1.0 if phase == SETUP else 0.0,
        )  # fmt: skip
        if holder >= 0:
            buf[_HOLDER + slot_of[holder]] = one
        if state.stack:
            frame = state.stack[-1]
            buf[_RKIND + frame.kind] = one
            if 0 <= frame.actor < self.n:
                buf[_RACTOR + slot_of[frame.actor]] = one
            if 0 <= frame.target < self.n:
                buf[_RTARGET + slot_of[frame.target]] = one
            roll = frame.roll
            if roll is not None:
                block = frame.block_roll
                _ROLL_FIELDS.pack_into(
                    buf, 4 * _RROLL,
                    1.0, _clip(roll.successes / 5), _clip(len(roll.faces) / 12), _clip(roll.banes() / 5),
                    float(roll.pushed), _clip(block.successes / 5) if block is not None else 0.0,
                    _clip(len(frame.helpers) / 3),
                )  # fmt: skip

        # combatants
        position = [-1] * self.n  # each combatant's place in the turn order, -1: none
        for i, cid in enumerate(order):
            position[cid] = i
        my_engaged = mc.engaged
        weapons = self.weapons
        weapon_rows = self._weapon_rows
        raw = buf.cast("B")  # the same vector as bytes: a weapon's packed row is copied in
        # INIT-05/INIT-HIDDEN-01: with hidden initiative, unrevealed enemy cards read as 0
        cards = visible_cards(state, me) if state.options.hidden_initiative else state.cards
        cover_ratings = state.cover_ratings
        outs = [c.out for c in combatants]  # (read once: the engaged counts read them again)
        for c in combatants:
            cid = c.id
            enemy = c.side != my_side
            out = outs[cid]
            zone = c.zone
            hidden = c.hidden
            seen = not (hidden and enemy)
            watch = c.overwatch
            if not out:
                if enemy:
                    if seen:
                        buf[_ZENEMIES + zone] += _PER_ENEMY
                elif cid != me:
                    buf[_ZALLIES + zone] += _PER_ALLY
                if watch >= 0:
                    buf[(_ZENEMY_WATCH if enemy else _ZALLY_WATCH) + watch] = one
            attrs, max_attrs = c.attrs, c.max_attrs
            a0, a1, a2, a3 = attrs[0], attrs[1], attrs[2], attrs[3]
            m0, m1, m2, m3 = max_attrs[0], max_attrs[1], max_attrs[2], max_attrs[3]
            injuries = c.injuries
            timer = -1  # the soonest death roll (a loop: min() with a default is slow on Python 3.11)
            for injury in injuries:
                if injury.timer >= 0 and (timer < 0 or injury.timer < timer):
                    timer = injury.timer
            wounds = len(injuries)
            if c.timed:  # lethal conditions (FIRE-05 burns) count as lethal injuries here
                lethal = lethal_conditions(c)
                wounds += len(lethal)
                if lethal:
                    soonest = min(t.left for t in lethal)
                    timer = soonest if timer < 0 else min(timer, soonest)
            held = c.held
            carried = c.weapons
            held_w = weapons[carried[held].name] if 0 <= held < len(carried) else None
            pos = position[cid]
            used = c.actions_used
            cover = c.cover
            engaged = c.engaged
            card = cards[cid]
            base = _C0 + slot_of[cid] * N_CDYN
            row = buf[base : base + N_CDYN]  # the slot's own view: its small indices cost no int objects
            # the template holds zeros here: write only what is not 0 (field order: COMBATANT_FIELDS)
            if not out:
                row[0] = one
            if out and c.broken:  # (Broken is out of the fight: asked only of those out)
                row[1] = one
            if c.dead:
                row[2] = one
            if c.fled or c.surrendered:
                row[3] = one
            if cid == deciding:
                row[4] = one
            if cid == holder:
                row[5] = one
            if cid in my_engaged:
                row[6] = one
            if engaged:  # those still in the fight: a Broken one at Engaged ties nobody up
                active = 0
                for o in engaged:
                    if not outs[o]:
                        active += 1
                if active:
                    row[7] = active / 3 if active < 3 else 1.0
            if seen:
                if sight[zone]:
                    row[8] = one
                if fire[zone]:
                    row[9] = one
            if c.health > 0 and c.max_health > 0:
                row[10] = c.health / c.max_health
            if c.resolve > 0 and c.max_resolve > 0:
                row[11] = c.resolve / c.max_resolve
            if a0 > 0:
                row[12] = a0 / m0 if a0 < m0 else 1.0
            if a1 > 0:
                row[13] = a1 / m1 if a1 < m1 else 1.0
            if a2 > 0:
                row[14] = a2 / m2 if a2 < m2 else 1.0
            if a3 > 0:
                row[15] = a3 / m3 if a3 < m3 else 1.0
            if c.prone:
                row[16] = one
            if cover >= 0:
                row[17] = one
                row[18] = cover_ratings[zone][cover] / MAX_RATING
            if c.aiming:
                row[19] = c.aiming / 3
            if watch >= 0:
                row[20] = one
            if hidden:
                row[21] = one
            if c.burning:
                row[22] = c.burning / 6 if c.burning < 6 else 1.0
            if c.grappling >= 0:
                row[23] = one
            if c.grappled_by >= 0:
                row[24] = one
            if c.lose_turn:
                row[25] = one
            if used < 2:
                row[26] = (2 - used) / 2
                if not c.slow_used:
                    row[27] = one
            if c.acted:
                row[28] = one
            if c.swapped:
                row[29] = one
            if card:
                row[30] = card / CARD_SCALE if card < CARD_SCALE else 1.0
                if pos > 0:
                    row[31] = pos / MAX_COMBATANTS
            if (pos > turn_pos or not card) and not c.acted:
                row[32] = one
            if wounds:
                row[33] = wounds / 4 if wounds < 4 else 1.0
                if timer >= 0:
                    row[34] = one
                    if timer > 0:
                        row[35] = timer / 10 if timer < 10 else 1.0
            if c.armor_rating:
                row[36] = c.armor_rating / MAX_RATING
            if c.items:
                if "medkit" in c.items:
                    row[37] = one
                if "blanket" in c.items:
                    row[38] = one
            if held >= 0:
                row[39] = one
            if held_w is not None:
                if held_w.ranged:
                    row[40] = one
                if carried[held].loaded:
                    row[41] = one
            if seen:
                if cid == me:
                    band = 1
                elif cid in my_engaged:
                    band = 0
                else:
                    h = hops[zone]
                    band = 1 if h == 0 else 2 if h == 1 else 3 if h <= 4 else 4 if h <= extreme else 5
                row[_CZONE + zone] = one
                row[_CBAND + band] = one
            offset = 4 * (base + _CWEAPON)
            for i, w in enumerate(carried[:MAX_WEAPONS]):
                key = (w.name, i == held, w.bonus, w.loaded, w.reloads, w.supply)
                packed = weapon_rows.get(key)
                if packed is None:
                    packed = self._weapon_row(key)
                raw[offset : offset + _WEAPON_BYTES] = packed
                offset += _WEAPON_BYTES
        if self.extras:
            encode_vehicles(buf, _V0, _R0, state, me, slot_of)
        if self.hazards:
            encode_hazards(buf, _H0, state, me, slot_of)
        return obs
