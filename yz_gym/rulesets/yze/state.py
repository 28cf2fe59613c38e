"""The game state: combatants, the map's changing parts, the turn order, pending decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Final

from yz_gym.core.conditions import TimedCondition
from yz_gym.core.ending import Termination
from yz_gym.rulesets.yze.dice import Roll
from yz_gym.rulesets.yze.hazards.setting import HazardSetting
from yz_gym.rulesets.yze.modifiers import NO_MODIFIERS, Modifiers
from yz_gym.rulesets.yze.mounts.mount import Mount
from yz_gym.rulesets.yze.options import RuleOptions
from yz_gym.rulesets.yze.tables import Armor, Cover, Weapon
from yz_gym.rulesets.yze.vehicles.vehicle import VehicleState
from yz_gym.rulesets.yze.zone.actions import Kind
from yz_gym.rulesets.yze.zone.zones import ZoneMap

STR: Final = 0
AGI: Final = 1
WIT: Final = 2
EMP: Final = 3
ATTRIBUTES: Final = ("Strength", "Agility", "Wits", "Empathy")  # DICE-01
SKILL_ATTRIBUTE: Final = {  # DICE-03: each skill belongs to one attribute
    "Force": STR, "Melee": STR, "Stamina": STR,
    "Marksmanship": AGI, "Mobility": AGI, "Stealth": AGI,
    "Crafting": WIT, "Observation": WIT, "Survival": WIT,
    "Healing": EMP, "Insight": EMP, "Persuasion": EMP,
}  # fmt: skip
SKILLS: Final = tuple(SKILL_ATTRIBUTE)


class Phase(IntEnum):
    """Where the game is: choosing surprise cards, fighting, or over."""

    SETUP = 0
    COMBAT = 1
    OVER = 2


# plain names for hot paths: an enum member lookup is slow on Python 3.11
SETUP: Final = Phase.SETUP
COMBAT: Final = Phase.COMBAT
OVER: Final = Phase.OVER


@dataclass(frozen=True, slots=True)
class VictoryRules:
    """How a game ends: a side out of the fight, a zone reached, survival, or the round cap."""

    round_cap: int = 20
    reach_zone: dict[int, int] = field(default_factory=dict)  # side -> zone it must reach
    survive_rounds: dict[int, int] = field(default_factory=dict)  # side -> rounds to survive


@dataclass(frozen=True, slots=True)
class Setup:
    """What never changes during a game: map, rules, catalogs, names. Shared by clones."""

    name: str
    zone_map: ZoneMap
    options: RuleOptions
    sides: tuple[str, ...]
    weapons: dict[str, Weapon]
    armors: dict[str, Armor]
    covers: dict[str, Cover]
    victory: VictoryRules
    ambush: dict[str, Any] | None = None  # AMBUSH-01/02: {"by": side, "prepared": bool}
    mounted: bool = field(default=False, kw_only=True)  # MOUNT-*: someone starts on a mount (mounts/riding.py)
    hazards: HazardSetting | None = field(default=None, kw_only=True)  # HAZ-*: water, gas, cold, poisons (hazards/)


@dataclass(slots=True)
class WeaponState:
    """A carried weapon: its current gear bonus and ammunition."""

    name: str
    bonus: int  # ATK-07: the bonus drops with pushes; at 0 the weapon is broken
    loaded: bool = True  # ACTN-RELOAD-01..03
    reloads: int = -1  # spare loads; -1 = unlimited
    supply: int = 6  # AUTO-02/GEAR-09: ammunition supply rating for full auto
    reliability: int = field(default=5, kw_only=True)  # GEAR-02: step dice; at 0 broken
    max_rating: int = field(default=-1, kw_only=True)  # GEAR-04: lowered maximum; -1 = original
    rounds: int = field(default=-1, kw_only=True)  # AUTO-03/06: rounds in the magazine; -1 = full

    def __init__(
        self, name: str, bonus: int, loaded: bool = True, reloads: int = -1, supply: int = 6, *,
        reliability: int = 5, max_rating: int = -1, rounds: int = -1,
    ) -> None:  # fmt: skip
        """The dataclass's fields, written out so that mypyc compiles the constructor too."""
        self.name = name
        self.bonus = bonus
        self.loaded = loaded
        self.reloads = reloads
        self.supply = supply
        self.reliability = reliability
        self.max_rating = max_rating
        self.rounds = rounds

    def copy(self) -> WeaponState:
        """An independent copy."""
        new = WeaponState(self.name, self.bonus, self.loaded, self.reloads, self.supply)
        new.reliability = self.reliability
        new.max_rating = self.max_rating
        new.rounds = self.rounds
        return new


@dataclass(slots=True)
class Injury:
    """A critical injury a combatant suffers, with its death-roll timer if lethal."""

    table: str  # "physical" or "mental" (a crit table: rolls.entry_of gives its entry)
    code: int  # D66 result
    timer: int = -1  # rounds until the next death roll (DEATH-01); -1 = none
    step: int = 0  # DEATH-03: 0 round, 1 stretch, 2 shift, 3 day (stabilising moves it on)
    stabilise_blocked: bool = False  # DEATH-05: no new Healing try before another death roll
    heal_left: int = field(default=-1, kw_only=True)  # HEAL-06: shifts until healed; -1 = not rolled
    text: str = field(default="s1", kw_only=True)  # CRIT-05: the source whose table row applies
    source: int = field(default=-1, kw_only=True)  # who broke the character (CRIT-MENT-42-43's phobia); -1 = none
    treated: bool = field(default=False, kw_only=True)  # CRIT-PHYS-56, HEAL-18: a Healing roll succeeded in time

    def __init__(
        self, table: str, code: int, timer: int = -1, step: int = 0, stabilise_blocked: bool = False, *,
        heal_left: int = -1, text: str = "s1", source: int = -1, treated: bool = False,
    ) -> None:  # fmt: skip
        """The dataclass's fields, written out so that mypyc compiles the constructor too."""
        self.table = table
        self.code = code
        self.timer = timer
        self.step = step
        self.stabilise_blocked = stabilise_blocked
        self.heal_left = heal_left
        self.text = text
        self.source = source
        self.treated = treated

    def copy(self) -> Injury:
        """An independent copy."""
        new = Injury(self.table, self.code, self.timer, self.step, self.stabilise_blocked)
        new.heal_left = self.heal_left
        new.text = self.text
        new.source = self.source
        new.treated = self.treated
        return new


@dataclass(slots=True)
class Combatant:
    """One character or creature in the fight, with everything that changes during it."""

    id: int
    name: str
    side: int
    group: str
    pc: bool
    attrs: list[int]
    max_attrs: list[int] = field(metadata={"copy": "shared"})  # never changes during a game
    skills: dict[str, int] = field(metadata={"copy": "shared"})  # never changes during a game
    health: int
    max_health: int
    resolve: int
    max_resolve: int
    zone: int
    prone: bool = False
    engaged: set[int] = field(default_factory=set)
    weapons: list[WeaponState] = field(default_factory=list)
    held: int = -1  # index of the drawn weapon; -1 = empty hands (unarmed)
    armor: str | None = None
    armor_rating: int = 0  # ARMOR-05: degrades with banes when damage gets through
    cover: int = -1  # index of the cover piece in the zone; -1 = not in cover
    aiming: int = 0  # ACTN-AIM-01/02: the bonus on the next shot; 0 = not aiming
    overwatch: int = -1  # ACTN-OVERWATCH-01: watched zone; -1 = not on overwatch
    peek: int = -1  # AMB-26: border peeked through
    actions_used: int = 0  # ACT-01/ACT-BUDGET-01: actions spent this round, in or out of turn
    slow_used: bool = False
    acted: bool = False  # took (or lost) its turn this round
    swapped: bool = False  # INIT-SWAP-04: cannot swap again this round
    prone_drops: int = 0  # AMB-31
    lose_turn: bool = False  # VEH-CRIT-02, PUSH-PANIC-10: lose the next turn
    injuries: list[Injury] = field(default_factory=list)
    dead: bool = False
    fled: bool = False
    surrendered: bool = False
    burning: int = 0  # FIRE-02: current fire intensity on this combatant
    grappling: int = -1  # ACTN-GRAPPLE-01: whom this combatant holds
    grappled_by: int = -1
    hidden: bool = False  # SNEAK-*: not yet spotted
    items: list[str] = field(default_factory=list)
    damage_dealt: int = 0
    damage_taken: int = 0
    last_turn: tuple[int, int] = (0, 0)  # TURN-03: (round, card) of the most recent turn
    # combat/damage.py/pushing.py state, keyword-only so positional fields can still be appended above
    conditions: tuple[str, ...] = field(default=(), kw_only=True)  # DMGM-04..08
    stress: int = field(default=0, kw_only=True)  # PUSH-16: stress level (stress dice, health-only)
    panic: tuple[str, ...] = field(default=(), kw_only=True)  # PUSH-PANIC-*: lasting effects
    lost_actions: int = field(default=0, kw_only=True)  # PUSH-PANIC-10/12: lost from next round
    willpower: int = field(default=0, kw_only=True)  # PUSH-15
    incapacitated: bool = field(default=False, kw_only=True)  # CRIT-PHYS-56 paralysed, CRIT-MENT-64-65 catatonic
    # combat/attacks.py state (keyword-only, like the block above)
    size: str = field(default="normal", kw_only=True)  # RMOD-11/12: small, normal or large target
    creature: bool = field(default=False, kw_only=True)  # ACTN-BLOCK-02: a beast's attacks need a sturdy block
    armor_max: int = field(default=-1, kw_only=True)  # ARMOR-06/GEAR-04: lowered armor maximum; -1 = the table's
    # vehicles/actions.py / mounts/riding.py state (keyword-only)
    vehicle: int = field(default=-1, kw_only=True)  # index in GameState.vehicles of the one aboard; -1 = on foot
    mount: Mount | None = field(default=None, kw_only=True)  # MOUNT-*: the animal ridden (dead ones stay)
    # timed conditions on the game clock (core/conditions.py): FIRE-05 burns
    timed: list[TimedCondition] = field(default_factory=list, kw_only=True)
    # DICE-13: a Pride (its text; "" = none) and whether this session's one use is spent (resolution/pride.py)
    pride: str = field(default="", kw_only=True)
    pride_used: bool = field(default=False, kw_only=True)
    specialties: tuple[str, ...] = field(default=(), kw_only=True)  # HEAL-19: combat/specialties.py's names

    def __init__(
        self, id: int, name: str, side: int, group: str, pc: bool, attrs: list[int], max_attrs: list[int],
        skills: dict[str, int], health: int, max_health: int, resolve: int, max_resolve: int, zone: int,
        prone: bool = False, engaged: set[int] | None = None, weapons: list[WeaponState] | None = None,
        held: int = -1, armor: str | None = None, armor_rating: int = 0, cover: int = -1, aiming: int = 0,
        overwatch: int = -1, peek: int = -1, actions_used: int = 0, slow_used: bool = False,
        acted: bool = False, swapped: bool = False, prone_drops: int = 0, lose_turn: bool = False,
        injuries: list[Injury] | None = None, dead: bool = False, fled: bool = False,
        surrendered: bool = False, burning: int = 0, grappling: int = -1, grappled_by: int = -1,
        hidden: bool = False, items: list[str] | None = None, damage_dealt: int = 0, damage_taken: int = 0,
        last_turn: tuple[int, int] = (0, 0), *, conditions: tuple[str, ...] = (), stress: int = 0,
        panic: tuple[str, ...] = (), lost_actions: int = 0, willpower: int = 0, incapacitated: bool = False,
        size: str = "normal", creature: bool = False, armor_max: int = -1, vehicle: int = -1,
        mount: Mount | None = None, timed: list[TimedCondition] | None = None, pride: str = "",
        pride_used: bool = False, specialties: tuple[str, ...] = (),
    ) -> None:  # fmt: skip
        """The dataclass's fields, written out so that mypyc compiles the constructor too."""
        self.id = id
        self.name = name
        self.side = side
        self.group = group
        self.pc = pc
        self.attrs = attrs
        self.max_attrs = max_attrs
        self.skills = skills
        self.health = health
        self.max_health = max_health
        self.resolve = resolve
        self.max_resolve = max_resolve
        self.zone = zone
        self.prone = prone
        self.engaged = set() if engaged is None else engaged
        self.weapons = [] if weapons is None else weapons
        self.held = held
        self.armor = armor
        self.armor_rating = armor_rating
        self.cover = cover
        self.aiming = aiming
        self.overwatch = overwatch
        self.peek = peek
        self.actions_used = actions_used
        self.slow_used = slow_used
        self.acted = acted
        self.swapped = swapped
        self.prone_drops = prone_drops
        self.lose_turn = lose_turn
        self.injuries = [] if injuries is None else injuries
        self.dead = dead
        self.fled = fled
        self.surrendered = surrendered
        self.burning = burning
        self.grappling = grappling
        self.grappled_by = grappled_by
        self.hidden = hidden
        self.items = [] if items is None else items
        self.damage_dealt = damage_dealt
        self.damage_taken = damage_taken
        self.last_turn = last_turn
        self.conditions = conditions
        self.stress = stress
        self.panic = panic
        self.lost_actions = lost_actions
        self.willpower = willpower
        self.incapacitated = incapacitated
        self.size = size
        self.creature = creature
        self.armor_max = armor_max
        self.vehicle = vehicle
        self.mount = mount
        self.timed = [] if timed is None else timed
        self.pride = pride
        self.pride_used = pride_used
        self.specialties = specialties

    def copy(self) -> Combatant:
        """An independent copy, cheap enough for thousands of advisor rollouts."""
        new = Combatant(
            self.id, self.name, self.side, self.group, self.pc, self.attrs.copy(), self.max_attrs,
            self.skills, self.health, self.max_health, self.resolve, self.max_resolve, self.zone, self.prone,
            set(self.engaged), [v.copy() for v in self.weapons], self.held, self.armor, self.armor_rating,
            self.cover, self.aiming, self.overwatch, self.peek, self.actions_used, self.slow_used, self.acted,
            self.swapped, self.prone_drops, self.lose_turn, [v.copy() for v in self.injuries], self.dead,
            self.fled, self.surrendered, self.burning, self.grappling, self.grappled_by, self.hidden,
            self.items.copy(), self.damage_dealt, self.damage_taken, self.last_turn,
        )  # fmt: skip
        new.conditions = self.conditions
        new.stress = self.stress
        new.panic = self.panic
        new.lost_actions = self.lost_actions
        new.willpower = self.willpower
        new.incapacitated = self.incapacitated
        new.size = self.size
        new.creature = self.creature
        new.armor_max = self.armor_max
        new.vehicle = self.vehicle
        if self.mount is not None:
            new.mount = self.mount.copy()
        if self.timed:
            new.timed = [v.copy() for v in self.timed]
        new.pride = self.pride
        new.pride_used = self.pride_used
        new.specialties = self.specialties
        return new

    @property
    def broken(self) -> bool:
        """BROKEN-01: an attribute at 0 (attribute damage; never below, BROKEN-03) or Health/Resolve at 0."""
        return self.health <= 0 or self.resolve <= 0 or 0 in self.attrs

    @property
    def out(self) -> bool:
        """Out of the fight: dead, fled, surrendered or Broken (BROKEN-02)."""
        return (
            self.dead or self.fled or self.surrendered
            or self.health <= 0 or self.resolve <= 0 or 0 in self.attrs  # broken, inlined: hot
            or self.incapacitated or "catatonic" in self.panic  # CRIT-PHYS-56, CRIT-MENT-64-65, PUSH-PANIC-15
        )  # fmt: skip

    @property
    def can_act(self) -> bool:
        """Able to take actions: in the fight, and not kept from acting by an injury."""
        return not self.out

    def skill(self, name: str) -> int:
        """The skill level (0 if untrained)."""
        return self.skills.get(name, 0)

    def can_take(self, slow: bool) -> bool:
        """ACT-01/AMB-30: two actions a round, at most one of them slow."""
        if self.actions_used >= 2:
            return False
        return not (slow and self.slow_used)

    def spend(self, slow: bool) -> None:
        """Use one action of the round's budget (ACT-BUDGET-01)."""
        self.actions_used += 1
        if slow:
            self.slow_used = True


@dataclass(slots=True)
class Frame:
    """An action being resolved: who acts, on whom, and how far its resolution has got."""

    kind: Kind
    actor: int
    target: int = -1
    zone: int = -1
    option: int = -1
    stage: int = 0
    asking: list[int] = field(default_factory=list)  # who is still to be asked at this stage
    helpers: list[int] = field(default_factory=list)
    blocker: int = -1
    roll: Roll | None = None
    block_roll: Roll | None = None
    modifier: Modifiers = NO_MODIFIERS  # the roll's modifiers, one cause each (MOD-10)
    slow: bool = False
    flags: int = 0  # FrameFlag bits
    shots: int = 0  # AUTO-01: shots fired so far in a full-auto burst
    ammo: Roll | None = field(default=None, kw_only=True)  # AUTO-03/04: the ammo dice, rolled apart
    hits: list[list[int]] = field(default_factory=list, kw_only=True)  # AUTO-05: [target, damage] per hit
    sixes: int = field(default=0, kw_only=True)  # AUTO-05: ammo sixes still to spend

    def __init__(
        self, kind: Kind, actor: int, target: int = -1, zone: int = -1, option: int = -1, stage: int = 0,
        asking: list[int] | None = None, helpers: list[int] | None = None, blocker: int = -1,
        roll: Roll | None = None, block_roll: Roll | None = None, modifier: Modifiers = NO_MODIFIERS,
        slow: bool = False, flags: int = 0, shots: int = 0, *, ammo: Roll | None = None,
        hits: list[list[int]] | None = None, sixes: int = 0,
    ) -> None:  # fmt: skip
        """The dataclass's fields, written out so that mypyc compiles the constructor too."""
        self.kind = kind
        self.actor = actor
        self.target = target
        self.zone = zone
        self.option = option
        self.stage = stage
        self.asking = [] if asking is None else asking
        self.helpers = [] if helpers is None else helpers
        self.blocker = blocker
        self.roll = roll
        self.block_roll = block_roll
        self.modifier = modifier
        self.slow = slow
        self.flags = flags
        self.shots = shots
        self.ammo = ammo
        self.hits = [] if hits is None else hits
        self.sixes = sixes

    def copy(self) -> Frame:
        """An independent copy."""
        new = Frame(
            self.kind, self.actor, self.target, self.zone, self.option, self.stage, self.asking.copy(),
            self.helpers.copy(), self.blocker, self.roll, self.block_roll, self.modifier, self.slow,
            self.flags, self.shots,
        )  # fmt: skip
        new.ammo = self.ammo
        if self.hits:
            new.hits = [v.copy() for v in self.hits]
        new.sixes = self.sixes
        return new


@dataclass(slots=True)
class GameState:
    """Everything about a game in progress. `clone()` gives an independent copy."""

    setup: Setup
    combatants: list[Combatant]
    doors: tuple[int, ...]
    cover_ratings: tuple[tuple[int, ...], ...]
    cramped: dict[int, list[int]]
    cards: list[int]
    order: list[int] = field(default_factory=list)
    turn_pos: int = 0
    round: int = 1
    phase: Phase = Phase.SETUP
    stack: list[Frame] = field(default_factory=list)
    choosing: list[int] = field(default_factory=list)  # INIT-SURPRISE-01: still to pick a card
    winner: int = -1  # winning side, -1 = none (draw or not over)
    end_reason: str = ""  # the narrated reason; `termination` is the typed one
    decisions: int = 0
    turn_begun: bool = False
    door_damage: tuple[int, ...] = ()
    opening: tuple[Any, ...] = ()  # events of the set-up (ambush and sneak rolls, cards)
    turn_acts: int = 0  # INIT-SWAP-02: actions (free ones too) taken so far in the current turn
    doom: int = field(default=0, kw_only=True)  # PUSH-20: doom points the pushes gave the GM
    smoke: dict[int, int] = field(default_factory=dict, kw_only=True)  # RMOD-15: zone -> last smoky round
    # INIT-03/INIT-NPC-01: each combatant's drawer group; fixed for the game (initiative.drawers)
    drawer_group: tuple[tuple[int, ...], ...] = field(default=(), kw_only=True)
    vehicles: list[VehicleState] = field(default_factory=list, kw_only=True)  # VEH-*: vehicles/actions.py
    termination: Termination = field(default=Termination.NONE, kw_only=True)  # why the game ended
    doses: dict[int, int] = field(default_factory=dict, kw_only=True)  # HAZ-POISON-02: poisoned weapon's doses left
    # shortcuts to the setup's rule switches and map, read all the time
    options: RuleOptions = field(init=False, repr=False, compare=False, metadata={"init": "setup.options"})
    zone_map: ZoneMap = field(init=False, repr=False, compare=False, metadata={"init": "setup.zone_map"})

    def __init__(
        self, setup: Setup, combatants: list[Combatant], doors: tuple[int, ...],
        cover_ratings: tuple[tuple[int, ...], ...], cramped: dict[int, list[int]], cards: list[int],
        order: list[int] | None = None, turn_pos: int = 0, round: int = 1, phase: Phase = Phase.SETUP,
        stack: list[Frame] | None = None, choosing: list[int] | None = None, winner: int = -1,
        end_reason: str = "", decisions: int = 0, turn_begun: bool = False, door_damage: tuple[int, ...] = (),
        opening: tuple[Any, ...] = (), turn_acts: int = 0, *, doom: int = 0,
        smoke: dict[int, int] | None = None, drawer_group: tuple[tuple[int, ...], ...] = (),
        vehicles: list[VehicleState] | None = None, termination: Termination = Termination.NONE,
        doses: dict[int, int] | None = None,
    ) -> None:  # fmt: skip
        """The dataclass's fields, written out so that mypyc compiles the constructor too."""
        self.setup = setup
        self.combatants = combatants
        self.doors = doors
        self.cover_ratings = cover_ratings
        self.cramped = cramped
        self.cards = cards
        self.order = [] if order is None else order
        self.turn_pos = turn_pos
        self.round = round
        self.phase = phase
        self.stack = [] if stack is None else stack
        self.choosing = [] if choosing is None else choosing
        self.winner = winner
        self.end_reason = end_reason
        self.decisions = decisions
        self.turn_begun = turn_begun
        self.door_damage = door_damage
        self.opening = opening
        self.turn_acts = turn_acts
        self.doom = doom
        self.smoke = {} if smoke is None else smoke
        self.drawer_group = drawer_group
        self.vehicles = [] if vehicles is None else vehicles
        self.termination = termination
        self.doses = {} if doses is None else doses
        self.options = setup.options
        self.zone_map = setup.zone_map

    def clone(self) -> GameState:
        """An independent copy sharing only the immutable setup."""
        new = GameState(
            self.setup, [v.copy() for v in self.combatants], self.doors, self.cover_ratings,
            {k: v.copy() for k, v in self.cramped.items()}, self.cards.copy(), self.order.copy(),
            self.turn_pos, self.round, self.phase, [v.copy() for v in self.stack], self.choosing.copy(),
            self.winner, self.end_reason, self.decisions, self.turn_begun, self.door_damage, self.opening,
            self.turn_acts,
        )  # fmt: skip
        new.doom = self.doom
        new.smoke = dict(self.smoke)
        new.drawer_group = self.drawer_group
        if self.vehicles:
            new.vehicles = [v.copy() for v in self.vehicles]
        new.termination = self.termination
        new.doses = dict(self.doses)
        return new

    def enemies(self, c: Combatant) -> list[Combatant]:
        """Combatants of other sides still in the fight."""
        return [o for o in self.combatants if o.side != c.side and not o.out]

    def allies(self, c: Combatant) -> list[Combatant]:
        """Other combatants of the same side still in the fight."""
        return [o for o in self.combatants if o.side == c.side and o.id != c.id and not o.out]


@dataclass(frozen=True, slots=True)
class Sneak:
    """SNEAK-01..05: one attacker sneaking up on one target before the fight."""

    attacker: int
    target: int
    to_engaged: bool  # SNEAK-01: -2 if approaching to Engaged


@dataclass(frozen=True, slots=True)
class Scenario:
    """A ready-to-play encounter: the setup and the starting combatants, map state and surprises."""

    setup: Setup
    combatants: tuple[Combatant, ...]
    doors: tuple[int, ...]
    cover_ratings: tuple[tuple[int, ...], ...]
    cramped: tuple[tuple[int, tuple[int, ...]], ...] = ()
    surprise: tuple[int, ...] = ()  # INIT-SURPRISE-01: combatants who choose their card
    sneaks: tuple[Sneak, ...] = ()
    vehicles: tuple[VehicleState, ...] = ()  # VEH-*: copied into each new game (vehicles/actions.py)
    agents: tuple[str, ...] = ()  # the file's `agents:`: a scripted agent per side ("" = not named)
