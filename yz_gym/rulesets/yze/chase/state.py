"""Chase data: rule switches, actions, participants (units), the chase state and its positions.

A chase (SRD_DIGEST 3, CHASE-*) is tracked only in range bands (CHASE-04, CHASE-18: Engaged 0 ..
Extreme 4, beyond 5). Every participant is a *unit*: one character on foot, or one vehicle with
its crew. Units sit on a strip of range bands (CHASE-MULTI-04); the range between two units is
the difference of their positions. In grouped mode (CHASE-MULTI-02) the units of a side always
share one position and act as one. Who is ahead at the same position is kept by a stamp: the
unit that got there first is ahead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final, Literal, NamedTuple

from yz_gym.core.ending import Termination
from yz_gym.rulesets.yze.dice import Roll
from yz_gym.rulesets.yze.options import ChaseOptions
from yz_gym.rulesets.yze.state import GameState, Scenario
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState

RANGE_NAMES: Final = ("Engaged", "Short", "Medium", "Long", "Extreme")  # CHASE-18: index 0..4
# CHASE-18: the range bands of a chase
ENGAGED: Final = 0
SHORT: Final = 1
MEDIUM: Final = 2
LONG: Final = 3
EXTREME: Final = 4
BEYOND: Final = 5
RANGE_KEYS: Final = {name.lower(): i for i, name in enumerate(RANGE_NAMES)}




class CK(IntEnum):
    """Chase action kinds: the six chase actions (CHASE-FLEE/HIDE/BLOCK/CUTOFF/SHOOT/OTHER), the
    switch to combat (CHASE-END-04), and the decisions taken while a round resolves. Everything about a
    kind is its spec (chase/kinds.py `SPECS`); a new kind is appended (values are in the env's indices)."""

    CHASE = 0  # Chase / Flee (CHASE-FLEE-01)
    HIDE = 1  # CHASE-HIDE-01..05; unit = the pursuer hidden from
    BLOCK = 2  # CHASE-BLOCK-01/02; unit = the pursuer blocked
    CUT_OFF = 3  # CHASE-CUTOFF-01..03; unit = the prey cut off
    SHOOT = 4  # Stand and Shoot (CHASE-SHOOT-01), or a passenger's shot (CHASE-VSHOOT-01)
    OTHER = 5  # CHASE-OTHER-01: no movement; air vehicles may climb or descend one zone
    EXTINGUISH = 6  # an Other action: put out a fire in the unit (FIRE-04)
    FIGHT = 7  # CHASE-END-04: at Engaged, switch to normal combat
    PUSH = 8  # PUSH-04, CHASE-15
    DECLINE = 9  # do not push
    KEEP = 10  # CHASE-12: go on with the revealed action
    CANCEL = 11  # CHASE-12: cancel it and do nothing (creep through an alley, OBST-VEH-10)
    ATTACK = 12  # CHASE-FLEE-03: the immediate close attack or ram
    STAY = 13  # CHASE-FLEE-04: stay Engaged
    OVERTAKE = 14  # CHASE-FLEE-04: swap roles, surplus successes set the range
    ESCAPE = 15  # CHASE-HIDE-04: the hidden prey leaves
    AMBUSH = 16  # CHASE-HIDE-04: the hidden prey springs a sneak attack: combat begins
    PRIDE = 17  # DICE-13: claim the Pride's automatic success on the roll (DECLINE: keep it)


CLIMB: Final = 1  # option of CHASE / OTHER for air pilots (VEH-AIR-03)
DESCEND: Final = 2


class ChaseAction(NamedTuple):
    """One choice. `unit`: the target participant of Hide/Block/Cut Off (CHASE-MULTI-06);
    `target`/`vehicle`: the combatant or vehicle shot at or attacked; `option`: the weapon
    (-1 the carried one, k the vehicle's mounted weapon k) or, for air pilots, CLIMB/DESCEND."""

    kind: CK
    unit: int = -1
    target: int = -1
    vehicle: int = -1
    option: int = -1


PILOT: Final = -1  # chooser slots; k >= 0: the driver's order to auto-targeting weapon k
SHOOTER: Final = -2


class Phase(IntEnum):
    """Choosing (CHASE-08), resolving (CHASE-09..11), or over."""

    CHOOSE = 0
    RESOLVE = 1
    OVER = 2


@dataclass(slots=True)
class Unit:
    """A chase participant: one runner, or one vehicle and its crew."""

    pilot: int  # the runner, or the vehicle's driver
    vehicle: int  # index into ChaseState.vehicles; -1 = on foot
    side: int
    pos: int  # band position on the strip (CHASE-MULTI-04)
    stamp: int  # lower = got to this position first = ahead
    status: str = "in"  # in, escaped, lost, caught, out, combat

    def copy(self) -> Unit:
        """An independent copy."""
        return Unit(self.pilot, self.vehicle, self.side, self.pos, self.stamp, self.status)


@dataclass(slots=True)
class Step:
    """One piece of a round's resolution, resumable after a decision."""

    kind: str  # "act", "shot", "catches", "catch", "end"
    actor: int  # the deciding combatant
    unit: int = -1  # the acting unit (the leader's unit in grouped mode)
    slot: int = PILOT  # shots: the chooser slot
    target: int = -1  # catch: the unit caught
    extra: int = 0  # catch: surplus successes
    stage: int = 0
    roll: Roll | None = None
    opp: Roll | None = None
    roller: int = -1
    skill: str = ""  # the skill whose push cost is paid
    tool: int = -1  # the weapon whose gear dice a push wears
    waiting: bool = False  # a push decision is pending
    choice: ChaseAction | None = None  # the decision taken at this step (catch)

    def copy(self) -> Step:
        """An independent copy (rolls and actions are immutable)."""
        return Step(
            self.kind, self.actor, self.unit, self.slot, self.target, self.extra, self.stage, self.roll,
            self.opp, self.roller, self.skill, self.tool, self.waiting, self.choice,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class ChaseScenario:
    """A ready-to-run chase: the people (a zone Scenario with one zone), vehicles, units, sides."""

    name: str
    base: Scenario
    vehicles: tuple[VehicleState, ...]
    units: tuple[Unit, ...]
    pursuer: int  # the pursuing side (CHASE-05); every other side is prey
    options: ChaseOptions
    obstacle_table: Literal["foot", "vehicle", "none"] = "foot"  # CHASE-09
    terrain: Literal["road", "offroad"] = "road"  # VEH-ATTR-SPEED for CHASE-SPEED-01
    speed_counts: bool = True  # CHASE-17: terrain where speed counts
    max_altitude: int = 10  # VEH-AIR-02
    positioned: tuple[bool, ...] = ()  # units whose position the file gives (individual mode)
    description: str = ""
    handover: Any = None  # the zone fight after a catch (yz_gym.rulesets.yze.scenario.handover.FightPlan), or None
    agents: tuple[str, ...] = ()  # the file's `agents:`: a chase agent per side ("" = not named)


@dataclass(slots=True)
class ChaseState:
    """A chase in progress. `clone()` gives an independent copy."""

    scenario: ChaseScenario
    world: GameState  # the people: damage, injuries, fire go through combat/damage.py on it
    vehicles: list[VehicleState]
    units: list[Unit]
    round: int = 1
    phase: Phase = Phase.CHOOSE
    choosers: list[tuple[int, int]] = field(default_factory=list)  # (combatant, slot) to ask
    choices: dict[tuple[int, int], ChaseAction] = field(default_factory=dict)  # secret (CHASE-08)
    acts: dict[int, ChaseAction] = field(default_factory=dict)  # unit -> revealed action (CHASE-10)
    obstacle: int = 0  # CHASE-09: the D10 row this round; 0 = none
    queue: list[Step] = field(default_factory=list)
    cursor: int = 0
    asking: int = -1  # who decides during resolution
    ask: str = ""  # "push", "pride", "cancel", "catch", "hidden"
    separated: set[tuple[int, int]] = field(default_factory=set)  # unit pairs no longer chasing
    stamps: int = 0
    heat: list[int] = field(default_factory=list)  # CHASE-COLLATERAL-01, per side
    blocked: set[int] = field(default_factory=set)  # CHASE-BLOCK-02: units that must roll first
    failed: set[int] = field(default_factory=set)  # units whose action fails or is cancelled
    lost: set[int] = field(default_factory=set)  # units whose pilot lost the turn (VEH-CRIT-02)
    hide_bonus: set[int] = field(default_factory=set)  # OBST-FOOT-5: Hide +2
    catches: list[tuple[int, int]] = field(default_factory=list)  # (unit, surplus) reaching Engaged
    caught: set[int] = field(default_factory=set)  # units attacked at a catch (CHASE-END-02)
    winner: int = -1
    end_reason: str = ""
    decisions: int = 0
    handover: dict[str, Any] | None = None  # combat to start after the chase (CHASE-END-04, HIDE-04)
    opening: tuple[Any, ...] = ()  # events of the set-up
    termination: Termination = Termination.NONE  # why the chase ended; `end_reason` words it

    def clone(self) -> ChaseState:
        """An independent copy sharing only the immutable scenario."""
        return ChaseState(
            self.scenario, self.world.clone(), [v.copy() for v in self.vehicles],
            [v.copy() for v in self.units], self.round, self.phase, self.choosers.copy(), dict(self.choices),
            dict(self.acts), self.obstacle, [v.copy() for v in self.queue], self.cursor, self.asking,
            self.ask, set(self.separated), self.stamps, self.heat.copy(), set(self.blocked), set(self.failed),
            set(self.lost), set(self.hide_bonus), self.catches.copy(), set(self.caught), self.winner,
            self.end_reason, self.decisions, None if self.handover is None else dict(self.handover),
            self.opening, self.termination,
        )  # fmt: skip

    @property
    def options(self) -> ChaseOptions:
        """The chase rule switches."""
        return self.scenario.options

    # --- positions, ranges and roles -------------------------------------------------------

    def range(self, a: int, b: int) -> int:
        """CHASE-04/18: the band between two units (5 = beyond Extreme)."""
        return min(BEYOND, abs(self.units[a].pos - self.units[b].pos))

    def ahead(self, a: int, b: int) -> bool:
        """Unit a is ahead of unit b (CHASE-MULTI-07)."""
        ua, ub = self.units[a], self.units[b]
        return ua.pos > ub.pos or (ua.pos == ub.pos and ua.stamp < ub.stamp)

    def active(self, u: int) -> bool:
        """Still in the chase."""
        return self.units[u].status == "in"

    def chasing(self, a: int, b: int) -> bool:
        """Two active units of different sides still in a chase with each other."""
        return (
            a != b
            and self.units[a].side != self.units[b].side
            and self.active(a)
            and self.active(b)
            and (min(a, b), max(a, b)) not in self.separated
        )

    def enemies(self, u: int) -> list[int]:
        """Units still chasing or chased by u."""
        return [o for o in range(len(self.units)) if self.chasing(u, o)]

    def behind(self, u: int) -> list[int]:
        """CHASE-MULTI-07: the enemies u is the prey of."""
        return [o for o in self.enemies(u) if self.ahead(u, o)]

    def in_front(self, u: int) -> list[int]:
        """CHASE-MULTI-07: the enemies u is the pursuer of."""
        return [o for o in self.enemies(u) if self.ahead(o, u)]

    def is_prey(self, u: int) -> bool:
        """Someone chasing u is behind it."""
        return bool(self.behind(u))

    def is_pursuer(self, u: int) -> bool:
        """u chases someone ahead of it."""
        return bool(self.in_front(u))

    def separate(self, a: int, b: int) -> None:
        """The two stop chasing each other for good (CHASE-FLEE-02, HIDE-04, CUTOFF-03)."""
        self.separated.add((min(a, b), max(a, b)))

    def new_stamp(self) -> int:
        """A stamp later than every other: the unit arrives behind those already there."""
        self.stamps += 1
        return self.stamps

    def members(self, u: int) -> list[int]:
        """The units acting with u: its whole side in grouped mode (CHASE-MULTI-02), else itself."""
        if self.options.chase_multi != "grouped":
            return [u]
        side = self.units[u].side
        return [i for i, o in enumerate(self.units) if o.side == side and o.status == "in"]

    def crew(self, u: int) -> list[int]:
        """The combatants of a unit: the runner, or everyone aboard the vehicle."""
        unit = self.units[u]
        if unit.vehicle < 0:
            return [unit.pilot]
        return list(self.vehicles[unit.vehicle].occupants)

    def unit_of(self, c: int) -> int:
        """The unit a combatant belongs to (-1 if none)."""
        for i, unit in enumerate(self.units):
            if unit.pilot == c or (unit.vehicle >= 0 and c in self.vehicles[unit.vehicle].occupants):
                return i
        return -1

    def leader(self, side: int) -> int:
        """CHASE-MULTI-02: the unit whose pilot chooses a grouped side's action (-1 if none)."""
        for i, unit in enumerate(self.units):
            if unit.side == side and unit.status == "in":
                return i
        return -1

    def altitude(self, u: int) -> int:
        """VEH-AIR-02: a unit's altitude in zones (0 on the ground)."""
        unit = self.units[u]
        return self.vehicles[unit.vehicle].altitude if unit.vehicle >= 0 else 0
