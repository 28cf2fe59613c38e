"""The chase envs' encodings: the flat Discrete action space, its masks, and the fixed-size float32
observation, with the declared maxima in one place (`CHASE_LIMITS`).

**Slots.** Everything is seen from one combatant, the *observer* (the one deciding, or the
PettingZoo agent observed). Participants (chase units: a runner, or a vehicle with its crew) sit
in `N_UNIT_SLOTS` unit slots: 0 = the observer's own unit, then up to `MAX_ALLY_UNITS` units of
its side, then up to `MAX_ENEMY_UNITS` units of the other sides, each group in scenario order.
People sit in `N_PERSON_SLOTS` person slots: 0 = the observer, then up to `MAX_ALLY_PEOPLE` of
its side, then up to `MAX_ENEMY_PEOPLE` others, in scenario order. Slots never move during a
chase (units keep their side, crews keep their vehicle).

**Actions** (`N_CHASE_ACTIONS` indices; `describe_chase_action_space()` prints the offsets), laid out
from the kinds' specs (chase/kinds.py: each kind's `form` sizes its block, `block` places it):

| block | size | meaning (chase/state.py CK) |
|---|---|---|
| `CHASE` | 3 | Chase / Flee; +0 level, +1 climb, +2 descend (air pilots, VEH-AIR-03) |
| `OTHER` | 3 | Other (no movement); +0 / climb / descend |
| `FIGHT` | 1 | switch to close combat at Engaged (CHASE-END-04) |
| `PUSH` .. `PRIDE` | 9 | push, do not push (or keep the Pride), go on (keep), cancel (CHASE-12), stay Engaged, overtake (CHASE-FLEE-04), slip away, spring an ambush (CHASE-HIDE-04), use your Pride (DICE-13) |
| `HIDE` | U | Hide from the unit in slot u |
| `BLOCK` | U | Block the unit in slot u |
| `CUT_OFF` | U | Cut Off the unit in slot u |
| `ATTACK` | U + P | the catch attack or ram (CHASE-FLEE-03): slot u = that unit's vehicle, or its runner; U + p = the person in slot p (an exposed occupant) |
| `SHOOT` | W x (U + P) | Stand and Shoot / a passenger's shot: weapon-major, w = 0 the carried weapon, w = 1 + k the vehicle's mounted weapon k; targets as for ATTACK |
| `EXTINGUISH` | P | put out the fire on the person in slot p (FIRE-04) |

Every legal action has exactly one index (checked when a mask is built); the mask marks the
indices of `chase.legal_actions`.

**Observation** (`CHASE_OBS_SIZE` float32 values in [0, 1]; `describe_chase_observation()`
prints the offsets): the global fields (`CHASE_GLOBAL_FIELDS`), then `N_UNIT_SLOTS` blocks of
`CHASE_UNIT_FIELDS`, then `N_PERSON_SLOTS` blocks of `CHASE_PERSON_FIELDS`.

*Secrecy (CHASE-08/10).* Before the reveal the observation holds only the choices of the
combatants the observer may know (`known`: in Chase-v0 the learner's own combatants; in the
PettingZoo env the agent itself). The other side's choice (and, in the PettingZoo env, even an
ally's) appears only once the round's actions are revealed: the units' `act_*` fields are set
in the resolve phase only. The obstacle is drawn at the reveal, so it is 0 while choosing.

- global: decision one-hot (`CHASE_DECISIONS`); phase one-hot (choose, resolve, over);
  round / chase limit; rounds left / chase limit; the observer's side one-hot [MAX_SIDES];
  its side is the pursuer; grouped mode; obstacle table one-hot (foot, vehicle, none); the
  obstacle row one-hot [10] (0 before the reveal); heat of the observer's side / 10 and the
  highest enemy heat / 10; the observer unit's own pending chase action if known (chosen, kind
  one-hot [CHOICE_KINDS]); the step being resolved (kind one-hot act, shot, catch; surplus
  successes / 5) and the roll it waits on (rolled, successes / 5, dice / 12, banes / 5,
  pushed, opposing successes / 5) - the roll is public, it has been rolled.
- per unit (`CHASE_UNIT_FIELDS`): slot used, mine, ally, enemy, pursuer side; status one-hot
  (in, escaped, lost, caught, out, combat); on foot or the vehicle type one-hot
  (`VEHICLE_KINDS`); range band from the observer's unit one-hot (Engaged..Extreme, beyond);
  ahead of the observer, behind it, still chasing or chased by it; relative position
  ((pos - mine) / 10 mapped to [0, 1]); altitude / max altitude; vehicle Hull / 12, damage /
  Hull, armor / 12, Maneuverability with crit penalties ((m + 3) / 6), wrecked, burning / 12,
  engine failed, crashed, usable mounted weapons / MAX_MOUNTS, crew / 9, exposed crew / 9;
  the expected successes / 4 of its Chase/Flee, Hide (Stealth), Block (Force) and Observation
  rolls (CHASE-14: in a vehicle the driving roll + Maneuverability); after the reveal its
  action one-hot [CHOICE_KINDS] or none, and whether that action targets the observer's unit;
  this round: must get past a block, its action failed, lost its turn, attacked at a catch,
  Hide +2 from monks.
- per person (`CHASE_PERSON_FIELDS`): slot used, me, ally, enemy, player character, deciding
  now; unit slot one-hot [N_UNIT_SLOTS]; drives or runs its unit, exposed, aboard a vehicle;
  what is left of the damage and stress tracks (Strength and Wits under the attribute damage
  model, else Health and Resolve; fraction of max), Broken, dead, out; the four attributes / 6; the skills
  Mobility, Stealth, Force, Observation, Marksmanship, Melee, Persuasion, Driving / 5; armor /
  12, burning / 12, critical injuries and lethal conditions / 4, dying; the weapon in hand: ranged, reach band / 4,
  damage / 5, bonus / 5; mans a mounted weapon; its shot choice (a passenger's), when known or
  revealed: shown, shoot, put out a fire, nothing, aimed at the observer's unit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from yz_gym.rulesets.yze.chase.attacks import target_unit
from yz_gym.rulesets.yze.chase.effects import current_obstacle, unit_pool
from yz_gym.rulesets.yze.chase.kinds import SPECS
from yz_gym.rulesets.yze.chase.spec import Form
from yz_gym.rulesets.yze.chase.state import CK, PILOT, SHOOTER, ChaseAction, ChaseScenario, ChaseState, Phase
from yz_gym.rulesets.yze.combat.damage import lethal_conditions
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.vehicles.tables import VEHICLES
from yz_gym.scenario import ScenarioError

# --- the declared maxima (changing one changes the spaces: bump the env id version) ----------

MAX_SIDES = 4
MAX_ALLY_UNITS = 3  # other participants on the observer's side
MAX_ENEMY_UNITS = 4  # participants of every other side together
MAX_ALLY_PEOPLE = 7
MAX_ENEMY_PEOPLE = 8
MAX_MOUNTS = 2  # mounted weapons per vehicle
MAX_OBSTACLE_ROWS = 10  # D10 tables
N_UNIT_SLOTS = 1 + MAX_ALLY_UNITS + MAX_ENEMY_UNITS
N_PERSON_SLOTS = 1 + MAX_ALLY_PEOPLE + MAX_ENEMY_PEOPLE
N_WEAPON_SLOTS = 1 + MAX_MOUNTS
CHASE_LIMITS = {
    "MAX_SIDES": MAX_SIDES, "MAX_ALLY_UNITS": MAX_ALLY_UNITS, "MAX_ENEMY_UNITS": MAX_ENEMY_UNITS,
    "MAX_ALLY_PEOPLE": MAX_ALLY_PEOPLE, "MAX_ENEMY_PEOPLE": MAX_ENEMY_PEOPLE, "MAX_MOUNTS": MAX_MOUNTS,
}  # fmt: skip

# --- actions ----------------------------------------------------------------------------------

U, P, W = N_UNIT_SLOTS, N_PERSON_SLOTS, N_WEAPON_SLOTS
N_TARGETS = U + P
BLOCK_SIZES = {Form.ONE: 1, Form.LEVEL: 3, Form.UNIT: U, Form.TARGET: N_TARGETS, Form.WEAPON: W * N_TARGETS, Form.PERSON: P}


def _layout() -> tuple[tuple[str, int, int], ...]:
    """Each kind's block (its spec's `form` and `block`, chase/kinds.py): name, first index, size."""
    blocks: list[tuple[str, int, int]] = []
    offset = 0
    for spec in sorted(SPECS, key=lambda spec: spec.block):
        size = BLOCK_SIZES[spec.form]
        blocks.append((spec.kind.name, offset, size))
        offset += size
    return tuple(blocks)


ACTION_BLOCKS = _layout()
KIND_OFFSET = tuple(next(offset for name, offset, _ in ACTION_BLOCKS if name == kind.name) for kind in CK)
KIND_FORM = tuple(spec.form for spec in SPECS)
N_CHASE_ACTIONS = sum(size for _, _, size in ACTION_BLOCKS)


def describe_chase_action_space() -> str:
    """The action encoding's blocks: name, first index, size."""
    lines = [f"Discrete({N_CHASE_ACTIONS}); U = {U} unit slots, P = {P} person slots, W = {W} weapons"]
    lines += [f"{offset:4d} +{size:<3d} {name}" for name, offset, size in ACTION_BLOCKS]
    return "\n".join(lines)


def describe_chase_index(index: int) -> str:
    """What an index means in words, e.g. 'SHOOT weapon 1 at unit slot 5'."""
    for name, offset, size in ACTION_BLOCKS:
        if offset <= index < offset + size:
            k = index - offset
            form = KIND_FORM[CK[name]]
            if form == Form.LEVEL:
                return f"{name} {('level', 'climb', 'descend')[k]}"
            if form == Form.UNIT:
                return f"{name} unit slot {k}"
            if form == Form.PERSON:
                return f"{name} person slot {k}"
            if form in (Form.TARGET, Form.WEAPON):
                w, t = divmod(k, N_TARGETS)
                aim = f"unit slot {t}" if t < U else f"person slot {t - U}"
                return f"{name} {'weapon ' + str(w) + ' at ' if form == Form.WEAPON else ''}{aim}"
            return name
    return f"index {index} (outside 0..{N_CHASE_ACTIONS - 1})"


# --- observation layout -----------------------------------------------------------------------

CHASE_DECISIONS = ("action", "shot", "auto_weapon", "cancel", "push", "catch", "hidden", "over", "pride")
DECISION_INDEX = {name: i for i, name in enumerate(CHASE_DECISIONS)}
CHOICE_KINDS = (CK.CHASE, CK.HIDE, CK.BLOCK, CK.CUT_OFF, CK.SHOOT, CK.OTHER, CK.EXTINGUISH, CK.FIGHT)
CHOICE_INDEX = {kind: i for i, kind in enumerate(CHOICE_KINDS)}
STATUSES = ("in", "escaped", "lost", "caught", "out", "combat")
STATUS_INDEX = {s: i for i, s in enumerate(STATUSES)}
VEHICLE_KINDS = tuple(VEHICLES)
STEP_KINDS = ("act", "shot", "catch")
CHASE_SKILLS = (
    "Mobility",
    "Stealth",
    "Force",
    "Observation",
    "Marksmanship",
    "Melee",
    "Persuasion",
    "Driving",
)
ODDS_FIELDS = (
    ("chase_odds", "Mobility"), ("hide_odds", "Stealth"), ("block_odds", "Force"), ("watch_odds", "Observation"),
)  # fmt: skip
BAND_SCALE = {"engaged": 0, "short": 1, "medium": 2, "long": 3, "extreme": 4}
N_BANDS = 6  # Engaged .. Extreme, beyond

CHASE_GLOBAL_FIELDS: tuple[tuple[str, int], ...] = (
    ("decision", len(CHASE_DECISIONS)),
    ("phase", 3),
    ("round", 1),
    ("rounds_left", 1),
    ("my_side", MAX_SIDES),
    ("pursuer_side", 1),
    ("grouped", 1),
    ("obstacle_table", 3),
    ("obstacle", MAX_OBSTACLE_ROWS),
    ("heat", 2),
    ("my_choice_made", 1),
    ("my_choice", len(CHOICE_KINDS)),
    ("step_kind", len(STEP_KINDS)),
    ("catch_surplus", 1),
    ("roll", 6),
)
CHASE_UNIT_FIELDS: tuple[tuple[str, int], ...] = (
    ("used", 1), ("mine", 1), ("ally", 1), ("enemy", 1), ("pursuer", 1),
    ("status", len(STATUSES)),
    ("on_foot", 1), ("vehicle_kind", len(VEHICLE_KINDS)),
    ("band", N_BANDS), ("ahead", 1), ("behind", 1), ("chasing", 1), ("position", 1), ("altitude", 1),
    ("hull", 1), ("damage", 1), ("armor", 1), ("maneuverability", 1), ("wrecked", 1), ("burning", 1),
    ("engine_failed", 1), ("crashed", 1), ("mounts", 1), ("crew", 1), ("exposed", 1),
    ("chase_odds", 1), ("hide_odds", 1), ("block_odds", 1), ("watch_odds", 1),
    ("act_shown", 1), ("act", len(CHOICE_KINDS)), ("act_at_me", 1),
    ("blocked", 1), ("failed", 1), ("lost_turn", 1), ("caught", 1), ("hide_bonus", 1),
)  # fmt: skip
CHASE_PERSON_FIELDS: tuple[tuple[str, int], ...] = (
    ("used", 1), ("me", 1), ("ally", 1), ("enemy", 1), ("pc", 1), ("deciding", 1),
    ("unit", N_UNIT_SLOTS), ("pilot", 1), ("exposed", 1), ("aboard", 1),
    ("health", 1), ("resolve", 1), ("broken", 1), ("dead", 1), ("out", 1),
    ("attributes", 4), ("skills", len(CHASE_SKILLS)),
    ("armor", 1), ("burning", 1), ("injuries", 1), ("dying", 1),
    ("held_ranged", 1), ("held_reach", 1), ("held_damage", 1), ("held_bonus", 1), ("gunner", 1),
    ("shot_shown", 1), ("shot", 3), ("shot_at_me", 1),
)  # fmt: skip


def _offsets(fields: tuple[tuple[str, int], ...]) -> tuple[dict[str, int], int]:
    out, at = {}, 0
    for name, size in fields:
        out[name] = at
        at += size
    return out, at


G, GLOBAL_SIZE = _offsets(CHASE_GLOBAL_FIELDS)
UF, UNIT_SIZE = _offsets(CHASE_UNIT_FIELDS)
PF, PERSON_SIZE = _offsets(CHASE_PERSON_FIELDS)
UNITS_AT = GLOBAL_SIZE
PEOPLE_AT = UNITS_AT + N_UNIT_SLOTS * UNIT_SIZE
CHASE_OBS_SIZE = PEOPLE_AT + N_PERSON_SLOTS * PERSON_SIZE


def describe_chase_observation() -> str:
    """Every field of the observation with its offset and size."""
    lines = [f"Box(0, 1, ({CHASE_OBS_SIZE},), float32)"]
    lines += [f"{G[name]:5d} +{size:<3d} global.{name}" for name, size in CHASE_GLOBAL_FIELDS]
    lines.append(f"{UNITS_AT:5d} {N_UNIT_SLOTS} unit slots x {UNIT_SIZE}:")
    lines += [f"      +{UF[name]:<3d} +{size:<3d} unit.{name}" for name, size in CHASE_UNIT_FIELDS]
    lines.append(f"{PEOPLE_AT:5d} {N_PERSON_SLOTS} person slots x {PERSON_SIZE}:")
    lines += [f"      +{PF[name]:<3d} +{size:<3d} person.{name}" for name, size in CHASE_PERSON_FIELDS]
    return "\n".join(lines)


# --- limits -----------------------------------------------------------------------------------


class ChaseTooLarge(ScenarioError):
    """A chase with more participants, people, sides or mounted weapons than the encodings hold."""


def check_chase(scenario: ChaseScenario) -> None:
    """Refuse a chase that does not fit the declared maxima, naming the limit it breaks."""
    sides = scenario.base.setup.sides
    people = scenario.base.combatants

    def fail(what: str, count: int, limit: int, name: str) -> ChaseTooLarge:
        return ChaseTooLarge(
            f"{scenario.name}: {count} {what}, but the chase envs hold at most {limit} "
            f"(yz_gym.envs.chase_encoding.{name}); make the chase smaller"
        )

    if len(sides) > MAX_SIDES:
        raise fail("sides", len(sides), MAX_SIDES, "MAX_SIDES")
    for s, side in enumerate(sides):
        units = sum(1 for u in scenario.units if u.side == s)
        if units - 1 > MAX_ALLY_UNITS:
            raise fail(f"participants on side '{side}'", units, MAX_ALLY_UNITS + 1, "MAX_ALLY_UNITS")
        if units and len(scenario.units) - units > MAX_ENEMY_UNITS:
            raise fail(f"enemy participants of '{side}'", len(scenario.units) - units, MAX_ENEMY_UNITS,
                       "MAX_ENEMY_UNITS")  # fmt: skip
        members = sum(1 for c in people if c.side == s)
        if members - 1 > MAX_ALLY_PEOPLE:
            raise fail(f"people on side '{side}'", members, MAX_ALLY_PEOPLE + 1, "MAX_ALLY_PEOPLE")
        if members and len(people) - members > MAX_ENEMY_PEOPLE:
            raise fail(f"enemies of '{side}'", len(people) - members, MAX_ENEMY_PEOPLE, "MAX_ENEMY_PEOPLE")
    for v in scenario.vehicles:
        if len(v.weapons) > MAX_MOUNTS:
            raise fail(f"mounted weapons on '{v.name}'", len(v.weapons), MAX_MOUNTS, "MAX_MOUNTS")


# --- slots --------------------------------------------------------------------------------------


class Slots(NamedTuple):
    """One observer's view: unit index -> unit slot, combatant id -> person slot, and back."""

    unit_slot: tuple[int, ...]
    person_slot: tuple[int, ...]
    unit_at: tuple[int, ...]  # slot -> unit index, -1 = empty
    person_at: tuple[int, ...]  # slot -> combatant id, -1 = empty


def _order(
    me: int, items: list[int], side_of: list[int], allies: int, enemies: int
) -> tuple[list[int], list[int]]:
    mine = [i for i in items if side_of[i] == side_of[me] and i != me][:allies]
    others = [i for i in items if side_of[i] != side_of[me]][:enemies]
    slot = [-1] * len(items)
    at = [-1] * (1 + allies + enemies)
    slot[me], at[0] = 0, me
    for k, i in enumerate(mine):
        slot[i], at[1 + k] = 1 + k, i
    for k, i in enumerate(others):
        slot[i], at[1 + allies + k] = 1 + allies + k, i
    return slot, at


def expected_successes(sides: tuple[int, ...]) -> float:
    """Mean successes of a pool (DICE-06, STEP-03: 6-9 one success, 10+ two)."""
    return sum(_MEAN[s] for s in sides)


_MEAN = {s: sum(2 if f >= 10 else (1 if f >= 6 else 0) for f in range(1, s + 1)) / s for s in (6, 8, 10, 12)}


def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else (1.0 if x > 1.0 else x)


class ChaseEncoding:
    """A chase scenario's action codec, masks and observation encoder (see the module docstring)."""

    def __init__(self, scenario: ChaseScenario) -> None:
        check_chase(scenario)
        self.scenario = scenario
        people = scenario.base.combatants
        self.sides = [c.side for c in people]
        unit_sides = [u.side for u in scenario.units]
        self.home = [-1] * len(people)  # combatant -> its unit (fixed for the chase)
        for i, unit in enumerate(scenario.units):
            crew = [unit.pilot] if unit.vehicle < 0 else scenario.vehicles[unit.vehicle].occupants
            for c in crew:
                self.home[c] = i
        self.runner_unit = {u.pilot: i for i, u in enumerate(scenario.units) if u.vehicle < 0}
        self.vehicle_unit = {u.vehicle: i for i, u in enumerate(scenario.units) if u.vehicle >= 0}
        self.slots: list[Slots] = []
        for c in range(len(people)):
            u0 = self.home[c]
            us, ua = _order(u0, list(range(len(scenario.units))), unit_sides, MAX_ALLY_UNITS, MAX_ENEMY_UNITS)
            ps, pa = _order(c, list(range(len(people))), self.sides, MAX_ALLY_PEOPLE, MAX_ENEMY_PEOPLE)
            self.slots.append(Slots(tuple(us), tuple(ps), tuple(ua), tuple(pa)))
        self._masks: dict[tuple[object, ...], tuple[np.ndarray, dict[int, ChaseAction]]] = {}
        self._templates: dict[int, Any] = {}

    def __getstate__(self) -> dict[str, object]:
        """Pickled without the caches (they refill themselves)."""
        return {**self.__dict__, "_masks": {}, "_templates": {}}

    # --- actions ------------------------------------------------------------------------------

    def _target(self, me: int, a: ChaseAction) -> int:
        """The target index 0..U+P-1 of an ATTACK or SHOOT."""
        slots = self.slots[me]
        if a.vehicle >= 0:
            return slots.unit_slot[self.vehicle_unit[a.vehicle]]
        if a.target in self.runner_unit:
            return slots.unit_slot[self.runner_unit[a.target]]
        return U + slots.person_slot[a.target]

    def encode(self, me: int, a: ChaseAction) -> int:
        """The index of action `a` taken by combatant `me`."""
        base, form = KIND_OFFSET[a.kind], KIND_FORM[a.kind]
        if form == Form.ONE:
            return base
        if form == Form.LEVEL:
            return base + max(0, a.option)
        if form == Form.UNIT:
            return base + self.slots[me].unit_slot[a.unit]
        if form == Form.TARGET:
            return base + self._target(me, a)
        if form == Form.WEAPON:
            return base + (a.option + 1) * N_TARGETS + self._target(me, a)
        return base + self.slots[me].person_slot[a.target]

    def mask(self, me: int, legal: list[ChaseAction]) -> tuple[np.ndarray, dict[int, ChaseAction]]:
        """The int8 mask of `legal` for combatant `me`, and index -> action (cached, read-only)."""
        key = (me, *legal)
        found = self._masks.get(key)
        if found is None:
            by_index: dict[int, ChaseAction] = {}
            for a in legal:
                i = self.encode(me, a)
                if i in by_index:
                    raise RuntimeError(f"two legal actions share index {i}: {by_index[i]} and {a}")
                by_index[i] = a
            mask = np.zeros(N_CHASE_ACTIONS, dtype=np.int8)
            mask[list(by_index)] = 1
            mask.flags.writeable = False
            if len(self._masks) >= 4096:
                self._masks.clear()
            found = self._masks[key] = (mask, by_index)
        return found

    # --- observation --------------------------------------------------------------------------

    def _template(
        self, me: int
    ) -> tuple[np.ndarray, list[tuple[int, int, list[float]]], list[tuple[int, int, list[float]]]]:
        """The static parts of `me`'s observation: global fields, and one row per unit and person."""
        found = self._templates.get(me)
        if found is not None:
            return found
        scen = self.scenario
        slots = self.slots[me]
        u0, my_side = self.home[me], self.sides[me]
        base = np.zeros(CHASE_OBS_SIZE, dtype=np.float32)
        base[G["my_side"] + my_side] = 1
        base[G["pursuer_side"]] = float(my_side == scen.pursuer)
        base[G["grouped"]] = float(scen.options.chase_multi == "grouped")
        base[G["obstacle_table"] + ("foot", "vehicle", "none").index(scen.obstacle_table)] = 1
        units = []
        for k, u in enumerate(slots.unit_at):
            if u < 0:
                continue
            unit = scen.units[u]
            row = [0.0] * UNIT_SIZE
            row[UF["used"]] = 1.0
            row[UF["mine"]] = float(u == u0)
            row[UF["ally"]] = float(u != u0 and unit.side == my_side)
            row[UF["enemy"]] = float(unit.side != my_side)
            row[UF["pursuer"]] = float(unit.side == scen.pursuer)
            if unit.vehicle < 0:
                row[UF["on_foot"]] = 1.0
            else:
                v = scen.vehicles[unit.vehicle]
                row[UF["vehicle_kind"] + VEHICLE_KINDS.index(v.kind)] = 1.0
                row[UF["hull"]] = _clip(v.type.hull / 12)
            units.append((UNITS_AT + k * UNIT_SIZE, u, row))
        people = []
        for k, c in enumerate(slots.person_at):
            if c < 0:
                continue
            p = scen.base.combatants[c]
            row = [0.0] * PERSON_SIZE
            row[PF["used"]] = 1.0
            row[PF["me"]] = float(c == me)
            row[PF["ally"]] = float(c != me and p.side == my_side)
            row[PF["enemy"]] = float(p.side != my_side)
            row[PF["pc"]] = float(p.pc)
            if self.home[c] >= 0:
                row[PF["unit"] + slots.unit_slot[self.home[c]]] = 1.0
            for i, skill in enumerate(CHASE_SKILLS):
                row[PF["skills"] + i] = _clip(p.skills.get(skill, 0) / 5)
            people.append((PEOPLE_AT + k * PERSON_SIZE, c, row))
        found = self._templates[me] = (base, units, people)
        return found

    def observe(
        self, state: ChaseState, me: int, known: frozenset[int] | set[int], deciding: int
    ) -> np.ndarray:
        """The observation of combatant `me`; `known` are the combatants whose secret choices it
        may see before the reveal (itself, or the learner's own); `deciding` who decides now."""
        base, units, people = self._template(me)
        obs = base.copy()
        opts = state.options
        u0 = self.home[me]
        my_side = self.sides[me]
        phase = state.phase
        revealed = phase == Phase.RESOLVE
        decision = _decision(state)
        obs[G["decision"] + DECISION_INDEX.get(decision, DECISION_INDEX["over"])] = 1
        obs[G["phase"] + int(phase)] = 1
        limit = max(1, opts.chase_max_rounds)
        obs[G["round"]] = _clip(state.round / limit)
        obs[G["rounds_left"]] = _clip((limit - state.round) / limit)
        if state.obstacle > 0 and current_obstacle(state) is not None:
            obs[G["obstacle"] + state.obstacle - 1] = 1
        heat = state.heat or [0] * len(state.scenario.base.setup.sides)
        obs[G["heat"]] = _clip(heat[my_side] / 10)
        obs[G["heat"] + 1] = _clip(max((h for s, h in enumerate(heat) if s != my_side), default=0) / 10)
        if phase == Phase.CHOOSE:
            lead = state.leader(state.units[u0].side) if opts.chase_multi == "grouped" else u0
            pilot = state.units[lead].pilot if lead >= 0 else -1
            choice = state.choices.get((pilot, PILOT)) if pilot in known else None  # CHASE-08
            if choice is not None and choice.kind in CHOICE_INDEX:
                obs[G["my_choice_made"]] = 1
                obs[G["my_choice"] + CHOICE_INDEX[choice.kind]] = 1
        if revealed and state.asking >= 0 and state.cursor < len(state.queue):
            step = state.queue[state.cursor]
            if step.kind in STEP_KINDS:
                obs[G["step_kind"] + STEP_KINDS.index(step.kind)] = 1
            obs[G["catch_surplus"]] = _clip(step.extra / 5)
            if step.roll is not None:
                r = G["roll"]
                obs[r : r + 6] = (
                    1.0,
                    _clip(step.roll.successes / 5),
                    _clip(len(step.roll.faces) / 12),
                    _clip(step.roll.banes() / 5),
                    float(step.roll.pushed),
                    _clip(step.opp.successes / 5) if step.opp is not None else 0.0,
                )
        self._units(obs, state, units, u0, revealed)
        self._people(obs, state, people, known, deciding, revealed, u0)
        return obs

    def _units(
        self,
        obs: np.ndarray,
        state: ChaseState,
        units: list[tuple[int, int, list[float]]],
        u0: int,
        revealed: bool,
    ) -> None:
        max_alt = max(1, state.scenario.max_altitude)
        me_pos = state.units[u0].pos
        for o, u, template in units:
            unit = state.units[u]
            row = template.copy()
            row[UF["status"] + STATUS_INDEX.get(unit.status, 0)] = 1.0
            row[UF["band"] + state.range(u0, u)] = 1.0
            if u != u0:
                row[UF["ahead"]] = float(state.ahead(u, u0))
                row[UF["behind"]] = float(state.ahead(u0, u))
                row[UF["chasing"]] = float(state.chasing(u0, u))
            row[UF["position"]] = _clip(0.5 + (unit.pos - me_pos) / 20)
            if unit.vehicle >= 0:
                v = state.vehicles[unit.vehicle]
                row[UF["altitude"]] = _clip(v.altitude / max_alt)
                row[UF["damage"]] = _clip(v.damage / max(1, v.type.hull))
                row[UF["armor"]] = _clip(v.armor / 12)
                row[UF["maneuverability"]] = _clip((v.maneuverability + v.driving_mod + 3) / 6)
                row[UF["wrecked"]] = float(v.wrecked)
                row[UF["burning"]] = _clip(v.burning / 12)
                row[UF["engine_failed"]] = float(v.engine_disabled or not v.engine_running)
                row[UF["crashed"]] = float(v.crashed)
                row[UF["mounts"]] = _clip(sum(not w.disabled for w in v.weapons) / MAX_MOUNTS)
                row[UF["crew"]] = _clip(len(v.occupants) / 9)
                row[UF["exposed"]] = _clip(len(v.exposed) / 9)
            if unit.status == "in":
                for name, skill in ODDS_FIELDS:
                    row[UF[name]] = _clip(expected_successes(unit_pool(state, u, skill)[0].sides) / 4)
            if revealed:
                act = state.acts.get(u)
                if act is not None and act.kind in CHOICE_INDEX:
                    row[UF["act_shown"]] = 1.0
                    row[UF["act"] + CHOICE_INDEX[act.kind]] = 1.0
                    row[UF["act_at_me"]] = float(_aims_at(state, act, u0))
            row[UF["blocked"]] = float(u in state.blocked)
            row[UF["failed"]] = float(u in state.failed)
            row[UF["lost_turn"]] = float(u in state.lost)
            row[UF["caught"]] = float(u in state.caught)
            row[UF["hide_bonus"]] = float(u in state.hide_bonus)
            obs[o : o + UNIT_SIZE] = row

    def _people(
        self, obs: np.ndarray, state: ChaseState, people: list[tuple[int, int, list[float]]],
        known: frozenset[int] | set[int], deciding: int, revealed: bool, u0: int,
    ) -> None:  # fmt: skip
        world = state.world
        weapons = world.setup.weapons
        for o, c, template in people:
            p = world.combatants[c]
            row = template.copy()
            row[PF["deciding"]] = float(c == deciding)
            u = self.home[c]
            if u >= 0:
                unit = state.units[u]
                row[PF["pilot"]] = float(unit.pilot == c)
                if unit.vehicle >= 0:
                    v = state.vehicles[unit.vehicle]
                    row[PF["aboard"]] = 1.0
                    row[PF["exposed"]] = float(c in v.exposed)
                    row[PF["gunner"]] = float(any(w.gunner == c and not w.disabled for w in v.weapons))
            row[PF["health"]], row[PF["resolve"]] = track_fractions(world, p)
            out = p.out
            if out:
                row[PF["broken"]] = float(p.broken)
                row[PF["dead"]] = float(p.dead)
                row[PF["out"]] = 1.0
            a = PF["attributes"]
            attrs = p.attrs
            row[a : a + 4] = [
                _clip(attrs[0] / 6),
                _clip(attrs[1] / 6),
                _clip(attrs[2] / 6),
                _clip(attrs[3] / 6),
            ]
            row[PF["armor"]] = _clip(p.armor_rating / 12)
            row[PF["burning"]] = _clip(p.burning / 12)
            lethal = lethal_conditions(p) if p.timed else []
            if p.injuries or lethal:  # lethal conditions (FIRE-05 burns) count as lethal injuries
                row[PF["injuries"]] = _clip((len(p.injuries) + len(lethal)) / 4)
                row[PF["dying"]] = float(bool(lethal) or any(i.timer >= 0 for i in p.injuries))
            if 0 <= p.held < len(p.weapons) and p.weapons[p.held].name in weapons:
                w = weapons[p.weapons[p.held].name]
                row[PF["held_ranged"]] = float(w.ranged or w.thrown)
                row[PF["held_reach"]] = BAND_SCALE.get(w.range, 0) / 4
                row[PF["held_damage"]] = _clip(w.damage / 5)
                row[PF["held_bonus"]] = _clip(max(0, p.weapons[p.held].bonus) / 5)
            if revealed or c in known:  # CHASE-08/10: a shot choice is secret until the reveal
                shot = state.choices.get((c, SHOOTER))
                if shot is not None:
                    row[PF["shot_shown"]] = 1.0
                    row[PF["shot"] + {CK.SHOOT: 0, CK.EXTINGUISH: 1}.get(shot.kind, 2)] = 1.0
                    row[PF["shot_at_me"]] = float(_aims_at(state, shot, u0))
            obs[o : o + PERSON_SIZE] = row


def track_fractions(world: GameState, c: Combatant) -> tuple[float, float]:
    """What is left of the damage and the stress track (DMGM-01): Strength and Wits under the
    attribute model, else Health and Resolve."""
    if world.options.damage_model == "attribute":
        return _clip(c.attrs[0] / max(1, c.max_attrs[0])), _clip(c.attrs[2] / max(1, c.max_attrs[2]))
    return _clip(c.health / max(1, c.max_health)), _clip(c.resolve / max(1, c.max_resolve))


def _decision(state: ChaseState) -> str:
    if state.phase == Phase.OVER:
        return "over"
    if state.phase == Phase.CHOOSE:
        slot = state.choosers[0][1] if state.choosers else PILOT
        return "action" if slot == PILOT else ("shot" if slot == -2 else "auto_weapon")
    return state.ask or "over"


def _aims_at(state: ChaseState, act: ChaseAction, u0: int) -> bool:
    """The action targets unit u0 (a Hide/Block/Cut Off on it, a shot or attack at it or its crew)."""
    if act.unit >= 0:
        return act.unit == u0
    if act.vehicle >= 0 or act.target >= 0:
        if act.kind == CK.EXTINGUISH:
            return False
        return target_unit(state, act) == u0
    return False


__all__ = [
    "CHASE_DECISIONS",
    "CHASE_LIMITS",
    "CHASE_OBS_SIZE",
    "N_CHASE_ACTIONS",
    "ChaseEncoding",
    "ChaseTooLarge",
    "check_chase",
    "describe_chase_action_space",
    "describe_chase_index",
    "describe_chase_observation",
    "track_fractions",
]
