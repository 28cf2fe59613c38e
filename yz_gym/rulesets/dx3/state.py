"""The DX3 fight's state: the scenario it starts from, the fighters on the line of metres, the
round's bookkeeping, the attack being resolved and the actions a decision may take.

Effects, bad statuses and stealth attach here: `Fighter.statuses` (the bad statuses held, by name)
and `Fighter.mods` (named modifiers such as "dice", "initiative", "attack", "armor", "guard",
"reduction" that timed effects set, timed_effects.py) are read by the rules wherever those numbers
are used."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.character import Dx3Character, StatBlock
from yz_gym.rulesets.dx3.dice import Check, CheckResult
from yz_gym.rulesets.dx3.effects import Aim, Effect
from yz_gym.rulesets.dx3.gear import ARMORS, MAX_EQUIPPED, MELEE, UNARMED, WEAPONS, Armor, Weapon
from yz_gym.rulesets.dx3.options import Dx3Options
from yz_gym.rulesets.dx3.stealth import SEEN, Hidden
from yz_gym.rulesets.dx3.vehicle import DRIVER, MOUNTED_BASE, Vehicle, VehicleSpec

COMBAT_MOVE_BASE: Final = 5  # DX3-ACT-02: 戦闘移動 = 行動値 + 5 m
FULL_MOVE_FACTOR: Final = 2  # DX3-ACT-03: 全力移動 = 戦闘移動 x 2
MAX_FIGHTERS: Final = 12  # the env's slots
MAX_CARRIED: Final = 3  # weapons a fighter carries (at most MAX_EQUIPPED equipped)
MAX_FIGHTER_EFFECTS: Final = 16  # effects one fighter may have (the env names some by index)
PUT_ALL_AWAY: Final = -2  # an equip's `drop` that puts away every held weapon
OFF: Final = 0  # Fighter.blockade: no blockade effect used this round
UP: Final = 1  # ... its 封鎖 is up (DX3-EFF-M13)
LIFTED: Final = 2  # ... used this round and switched off: it may go up again for free


class Kind(IntEnum):
    """What an action does; values are in event logs and env indices: never renumber."""

    WAIT = 0  # 待機 (DX3-ACT-08, DX3-ROUND-04)
    SKIP_MINOR = 1  # 行動放棄 of the minor action
    MOVE = 2  # 戦闘移動, minor (DX3-ACT-02)
    EQUIP = 3  # equip a weapon, minor (DX3-WPN-04)
    ATTACK = 4  # major (DX3-ATK-02)
    FULL_MOVE = 5  # 全力移動 or 離脱, major (DX3-ACT-03, DX3-ENG-06)
    SKIP_MAJOR = 6  # 行動放棄 of the major action
    DODGE = 7  # reaction (DX3-REACT-01)
    GUARD = 8  # reaction (DX3-REACT-03)
    NO_REACTION = 9  # reaction declined (DX3-REACT-12)
    COVER = 10  # カバーリング (DX3-REACT-13)
    DECLINE = 11  # no covering, no revival
    RESURRECT = 12  # 《リザレクト》 (DX3-DMG-04)
    FINISH = 13  # とどめ, a finishing blow, major (DX3-DMG-10)
    TITUS_REVIVE = 14  # sublimate a Titus to stand up from 戦闘不能 (DX3-TITUS-03D)
    TITUS_DODGE = 15  # retired (a dodge's Titus is now a SUBLIMATE decision); kept so numbers stay put
    BOARD = 16  # board vehicle `target` in seat `option`, taking mounted weapon `drop`, minor (DX3-VEH-02)
    LEAVE = 17  # get off the vehicle, minor (DX3-VEH-02)
    SWAP = 18  # driver and passenger change places, minor (HR-VEH-03)
    HAND_OVER = 19  # mounted weapon `option` goes to `target` (the actor itself: it takes it), minor (HR-VEH-WPN-04)
    VEHICLE_DODGE = 20  # reaction aboard: passenger 〈知覚〉 then driver 〈運転〉 (HR-VEH-DODGE-01..07)
    VEHICLE_GUARD = 21  # reaction aboard: guard with mounted weapon `option` (HR-VEH-GUARD-01)
    HIDE = 22  # declare the hidden state: major, or minor in a dark spot (DX3-HID-01, HR-STEALTH-01/02)
    STEALTH_MOVE = 23  # major: a 戦闘移動 keeping the hidden state (HR-STEALTH-03), laid out as MOVE
    SEARCH = 24  # major: look for the hidden `target` (DX3-HID-06)
    RECOVER = 25  # minor: try to clear bad status STATUS_NAMES[`option`] (DX3-BS-11, HR-STATUS-01)
    TITUS_CLEAR = 26  # free, in the minor decision: a Titus clears STATUS_NAMES[`option`] (all: every one) (DX3-TITUS-03E)
    USE_EFFECT = 27  # in a setup, initiative or cleanup process: declare timed combo `option` (timed_effects.py)
    TITUS_DICE = 28  # sublimation, before a check is rolled: a Titus for +10 dice (DX3-TITUS-03A)
    TITUS_CRIT = 29  # sublimation, before a check is rolled: a Titus for C値 -1, down to 2 (DX3-TITUS-03B)
    TITUS_RESULT = 30  # sublimation, right after a check: a Titus for +1D10 on its 達成値 (DX3-TITUS-03C)
    MAKE_WEAPON = 31  # minor: weapon-making effect `combo` makes a weapon, equipped putting away `drop` (DX3-EFF-M05)
    BLOCKADE = 32  # blockade effect `combo` puts 封鎖 up (option 1: a minor action, free again once used this round) or down (0, free) (DX3-EFF-M13)


class Phase(IntEnum):
    """Which decision the fight waits for."""

    MINOR = 0
    MAJOR = 1
    REACT = 2
    COVER = 3
    REVIVE = 4
    OVER = 5
    TIMING = 6  # a setup, initiative or cleanup process asks for effects of its timing (DX3-ROUND-01/02/07)
    SUBLIMATE = 7  # a PC sublimates Titus on a check it makes, or rolls / keeps it (sublimation.py)


class CheckFor(IntEnum):
    """Which check a PC sublimates Titus on (Sublimation.purpose); values are in saved states: never renumber."""

    HIT = 0  # the hit check of an attack (DX3-ATK-11 step 2)
    DODGE = 1  # a dodge (DX3-REACT-08)
    LEAVE = 2  # the lone leaver's opposed 【肉体】 (HR-ENGAGE-01)
    HIDE = 3  # hiding as a major action: 〈知覚〉 against the spot's difficulty (HR-STEALTH-01)
    SLIP = 4  # staying hidden past enemies: opposed 〈知覚〉 (HR-STEALTH-04)
    SEARCH = 5  # looking for a hidden enemy: opposed 〈知覚〉 (DX3-HID-06)
    SPOT = 6  # the passenger's 〈知覚〉 of a vehicle dodge (HR-VEH-DODGE-02)
    DRIVE = 7  # the driver's 〈運転〉 of a vehicle dodge (HR-VEH-DODGE-03..07)
    GIMMICK = 8  # a dodge against a stage gimmick's difficulty (HR-GIMMICK-02)
    RECOVER = 9  # the 【精神】 check clearing a bad status, difficulty 9 (HR-STATUS-01)
    HOLD = 10  # the enemy's 【肉体】 answering a lone leaver (HR-ENGAGE-01)
    LURK = 11  # the hidden one's 〈知覚〉 answering a search (DX3-HID-06)
    WATCH = 12  # a watcher's 〈知覚〉 answering a sneaker slipping past (HR-STEALTH-04)
    MIND = 13  # a hidden one's 【精神】 after an area attack's damage (HR-STEALTH-07)
    NOTICE = 14  # the area attacker's 〈知覚〉 answering a hidden one's 【精神】 (HR-STEALTH-07/08)


DECISIONS: Final = ("minor", "major", "reaction", "cover", "revival", "over", "timing", "sublimation")  # by Phase


class Dx3Action:
    """One decision: its kind, the fighter it names (target, covered, or whom a move heads for; -1:
    none) and its option (weapon index, -1 = 素手; a move's direction 0 left, 1 right; the weapon
    dropped by an equip). A value, never changed once made: a plain class rather than a frozen
    dataclass, so that the compiled build compares and hashes it natively (the listing, the env's
    lookups and the agents do so on every decision)."""

    __slots__ = ("combo", "drop", "kind", "option", "target")

    def __init__(self, kind: int, target: int = -1, option: int = -1, drop: int = -1, combo: int = -1) -> None:
        self.kind = kind
        self.target = target
        self.option = option
        self.drop = drop  # EQUIP: the held weapon put away (-1: none, PUT_ALL_AWAY: every one)
        self.combo = combo  # ATTACK: the attack combo declared with it (combos.attack_combos; -1: none)

    def __eq__(self, other: object) -> bool:
        """Equal to a Dx3Action of the same five numbers."""
        if not isinstance(other, Dx3Action):
            return NotImplemented
        return (
            self.kind == other.kind and self.target == other.target and self.option == other.option
            and self.drop == other.drop and self.combo == other.combo
        )  # fmt: skip

    def __hash__(self) -> int:
        """The hash of the five numbers."""
        return hash((self.kind, self.target, self.option, self.drop, self.combo))

    def __repr__(self) -> str:
        """Dx3Action(kind=..., target=..., option=..., drop=..., combo=...)."""
        return (
            f"Dx3Action(kind={self.kind!r}, target={self.target!r}, option={self.option!r}, "
            f"drop={self.drop!r}, combo={self.combo!r})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its five numbers (a compiled class has no argument-free __new__)."""
        return (Dx3Action, (self.kind, self.target, self.option, self.drop, self.combo))

    def __copy__(self) -> Dx3Action:
        """Itself: a value."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Dx3Action:
        """Itself: a value (a state's clone shares it)."""
        return self


AT_VEHICLE: Final = 1  # an ATTACK's `drop` when it is declared at the target's vehicle (HR-VEH-04)


@dataclass(frozen=True, slots=True)
class FighterSpec:
    """A fighter as the scenario gives it."""

    name: str
    side: int
    pc: bool
    stats: StatBlock
    position: int  # metres along the line
    encroachment: int = 0
    hp: int = -1  # -1: max HP
    weapons: tuple[str, ...] = ()  # carried, by WEAPONS name
    equipped: tuple[int, ...] = ()  # indices into weapons
    armor: tuple[str, ...] = ()  # worn, by ARMORS name
    resurrect: int = 0  # 《リザレクト》 level (0: none)
    lois: int = 0
    titus: int = 0
    effects: tuple[Effect, ...] = ()  # its effects at their levels (DX3-EFF-01)
    vehicle: int = -1  # the vehicle it starts aboard (-1: on foot)
    seat: int = DRIVER  # DRIVER or PASSENGER
    holds: tuple[int, ...] = ()  # the vehicle's mounted weapons it starts holding
    hidden: bool = False  # starts in the hidden state (隠密状態)
    procure: tuple[str, ...] = ()  # weapons it tries to buy with 〈調達〉 before the fight (DX3-WPN-02)


@dataclass(frozen=True, slots=True)
class Gimmick:
    """A stage gimmick (HR-GIMMICK-01..03, DX3-DMG-07): in the setup process of its round it deals
    (dice)D10 + bonus to everyone standing at its positions (every position when empty), avoidable
    by a dodge against `difficulty` (-1: not avoidable), and may distract those engaged."""

    name: str
    round: int
    positions: tuple[int, ...] = ()
    dice: int = 2
    bonus: int = 0
    difficulty: int = -1
    distracts: bool = False


@dataclass(frozen=True, slots=True)
class Dx3Scenario:
    """A DX3 fight as a scenario file gives it."""

    name: str
    sides: tuple[str, ...]
    length: int  # the line runs from 0 to length metres
    fighters: tuple[FighterSpec, ...]
    options: Dx3Options
    max_rounds: int = 12
    blockades: tuple[int, ...] = ()  # positions whose engagement is blockaded (DX3-ENG-04)
    minor_only_rounds: tuple[int, ...] = ()  # HR-EVENT-01: rounds of minor actions only
    gimmicks: tuple[Gimmick, ...] = ()  # stage gimmicks (HR-GIMMICK-01..03), by round
    agents: tuple[str, ...] = ()  # per side, "" = the mode's default
    vehicles: tuple[VehicleSpec, ...] = ()  # DX3-VEH-*, HR-VEH-*
    dark: tuple[int, ...] = ()  # positions where hiding is very easy: a minor action (HR-STEALTH-02)
    stealth_difficulty: int = 9  # the 〈知覚〉 difficulty of hiding as a major action (HR-STEALTH-01)
    description: str = ""
    weapons: tuple[Weapon, ...] = ()  # the file's own weapons (`weapons:`), beside the bundled WEAPONS

    def weapon(self, name: str) -> Weapon:
        """The weapon a fighter or vehicle carries by `name`: the file's own, else the bundled one."""
        for w in self.weapons:
            if w.name == name:
                return w
        return WEAPONS[name]

    @property
    def combatants(self) -> tuple[FighterSpec, ...]:
        """The fighters (the name the tools use for a scenario's people)."""
        return self.fighters


@dataclass(slots=True)
class Fighter:
    """A fighter in play: its character, side, place, gear and this round's bookkeeping."""

    id: int
    side: int
    pc: bool
    char: Dx3Character
    pos: int
    weapons: tuple[Weapon, ...]
    equipped: list[int]
    armor: tuple[Armor, ...]
    resurrect: int
    acted: bool = False  # 行動済み this round
    waiting: bool = False  # 待機: acts after everyone else
    full_streak: int = 0  # rounds in a row that had a 全力移動 (HR-MOVE-01/02)
    full_this_round: bool = False
    distracted: bool = False  # HR-GIMMICK-03: its engagement is released until its main process ends
    reactions: int = 0  # dodges and guards taken this round (DX3-REACT-07)
    dead: bool = False  # killed by a finishing blow (DX3-DMG-10): it never rises
    statuses: set[str] = field(default_factory=set)  # bad statuses (statuses.py attaches them)
    mods: dict[str, int] = field(default_factory=dict)  # modifiers effects set, by name
    effects: tuple[Effect, ...] = ()  # its effects at their levels (DX3-EFF-01)
    used: dict[str, int] = field(default_factory=dict)  # uses of each effect this period (DX3-EFF-08)
    combo_cache: dict[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict)  # by weapon name
    aim_cache: dict[str, tuple[Aim, ...]] = field(default_factory=dict)  # each combo's Aim, by weapon name
    vehicle: int = -1  # the vehicle it is aboard (-1: none; one at a time, DX3-VEH-03)
    ride: tuple[Weapon, ...] = ()  # its vehicle's weapons by index MOUNTED_BASE + k (vehicle.ride_weapons)
    vehicle_initiative: int = 0  # the 行動値 of the vehicle it drives (DX3-VEH-08)
    hidden: Hidden = SEEN  # 隠密状態 (DX3-HID-*, stealth.py)
    poison: int = 0  # the 邪毒 rank while `statuses` holds it (afflictions.py)
    hatred: int = -1  # the fighter its 憎悪 is aimed at (-1: none)
    fear: int = -1  # the fighter its 恐怖 is aimed at (-1: none)
    round_mods: dict[str, int] = field(default_factory=dict)  # the part of `mods` that ends at cleanup
    blockade: int = 0  # its blockade effect this round (DX3-EFF-M13): OFF, UP, or LIFTED (used, switched off)

    @property
    def name(self) -> str:
        """The character's name."""
        return self.char.name

    @property
    def down(self) -> bool:
        """戦闘不能 (DX3-DMG-03)."""
        return self.char.incapacitated

    def weapon(self, index: int) -> Weapon:
        """A carried weapon by index; -1 is 素手; MOUNTED_BASE + k its vehicle's (vehicle.ride_weapons)."""
        if index >= MOUNTED_BASE:
            return self.ride[index - MOUNTED_BASE]
        return UNARMED if index < 0 else self.weapons[index]

    @property
    def initiative(self) -> int:
        """行動値 with the worn gear's 行動 (DX3-ACT-01, DX3-ARM-02) and modifiers."""
        total = self.char.stats.initiative + self.mods.get("initiative", 0) + self.vehicle_initiative
        for a in self.armor:  # a loop, not sum(): one or two pieces, read on every listing and observation
            total += a.initiative
        return total

    @property
    def combat_move(self) -> int:
        """戦闘移動 in metres (DX3-ACT-02); never below 0."""
        return max(self.initiative + COMBAT_MOVE_BASE, 0)

    @property
    def full_move(self) -> int:
        """全力移動 in metres (DX3-ACT-03)."""
        return self.combat_move * FULL_MOVE_FACTOR

    @property
    def armor_value(self) -> int:
        """装甲値 of the worn gear and modifiers (DX3-ARM-02)."""
        total = self.mods.get("armor", 0)
        for a in self.armor:
            total += a.armor
        return total

    @property
    def dodge_bonus(self) -> int:
        """The worn gear's ドッジ, added to a dodge 達成値 (DX3-REACT-08)."""
        return sum(a.dodge for a in self.armor) + self.mods.get("dodge", 0)

    def hit_bonus(self, weapon: Weapon, all_equipped: bool) -> int:
        """The 命中 a hit check adds (DX3-ATK-04): every equipped weapon's, or those of the attack's
        kind; the weapon used counts even when it is 素手, not equipped or mounted (HR-VEH-WPN-02)."""
        used = [self.weapons[i] for i in self.equipped]
        if weapon not in used:
            used.append(weapon)
        return sum(w.hit for w in used if all_equipped or (w.kind == MELEE) == (weapon.kind == MELEE))


@dataclass(slots=True)
class PendingAttack:
    """An attack between its hit check and its damage (DX3-ATK-11 steps 3-8)."""

    attacker: int
    weapon: int  # index into the attacker's weapons, -1 素手
    targets: list[int]
    hit_check: CheckResult  # the rolled hit check; its 達成値 decides hits and damage dice
    attack_power: int
    waiting: list[int]  # targets still to react, in order
    ignore_armor: bool = False  # the declared combo ignores 装甲値 (DX3-EFF-M12)
    deals_damage: bool = True  # an effect attack without a stated 攻撃力 deals none (DX3-DMG-06)
    no_dodge: bool = False  # 「ドッジ不可」 (DX3-REACT-11)
    no_reaction: bool = False  # 「リアクション不可」 (DX3-REACT-11)
    ignore_guard: bool = False  # ガード無視: a guard subtracts nothing (DX3-REACT-11)
    penetration: int = 0  # 装甲値 the attack takes off each target's armor, down to 0 (DX3-ENG-05)
    damage_dice: int = 0  # D10s more or fewer on the damage roll (恐怖, DX3-BS-21)
    inflicts: tuple[tuple[str, int], ...] = ()  # bad statuses (name, rank) it gives those it hits
    area: bool = False  # an area attack (範囲, シーン...): the hidden it damages check (HR-STEALTH-06..08)
    vehicles: dict[int, int] = field(default_factory=dict)  # target -> the vehicle struck in its place (HR-VEH-04)
    hit: list[int] = field(default_factory=list)  # targets the attack hits
    dodged: list[int] = field(default_factory=list)  # targets that rolled a dodge (hit or not)
    guards: dict[int, int] = field(default_factory=dict)  # target -> its ガード値
    covers: dict[int, int] = field(default_factory=dict)  # covered target -> its coverer
    asked: list[int] = field(default_factory=list)  # coverers already asked
    lurking: list[int] = field(default_factory=list)  # hidden ones whose HR-STEALTH-07 check waits for a Titus decision


@dataclass(slots=True)
class Sublimation:
    """A PC's check on which it may sublimate Titus, several per check (DX3-TITUS-03A..C, DX3-TITUS-04):
    before the check of `action` for `purpose` is rolled, +10 dice or C値 -1 each; right after it, +1D10
    each on `result`. A hit check and a dodge build their check when rolled; the others carry it."""

    roller: int
    action: Dx3Action  # the action whose check it is (a vehicle dodge's, a RECOVER, a move, ...)
    purpose: int = 0  # CheckFor
    check: Check | None = None  # the check to roll (None for a hit check or a dodge)
    difficulty: int = -1  # the 達成値 the check must reach, when it is fixed (-1: against a roll)
    subject: int = -1  # the other fighter concerned: the rider of a vehicle dodge, the one searched for
    earlier: CheckResult | None = None  # the passenger's 〈知覚〉 before a vehicle dodge's 〈運転〉; the acting check answered
    later: Check | None = None  # the driver's 〈運転〉 a vehicle dodge rolls after the passenger's 〈知覚〉
    dice: int = 0  # Titus sublimated for +10 dice
    crit: int = 0  # Titus sublimated for C値 -1
    raised: int = 0  # Titus sublimated for +1D10
    result: CheckResult | None = None  # the rolled check (None before the roll)
    rival: CheckResult | None = None  # the other side's roll, made before +1D10 (`titus_result_at: both_rolls`);
    # for a watcher (WATCH), the best watcher's roll the sneaker has beaten so far

    @property
    def spent(self) -> int:
        """Titus sublimated on this check."""
        return self.dice + self.crit + self.raised


@dataclass(slots=True)
class Strike:
    """A stage gimmick going off (gimmicks.py): those it caught still to react and take its damage."""

    gimmick: int  # index into the scenario's gimmicks
    caught: list[int]  # fighters still to react and take the damage, in order
    rolled: list[int] = field(default_factory=list)  # its one damage roll, once made (DX3-ATK-10)


@dataclass(slots=True)
class Dx3State:
    """A DX3 fight in play."""

    scenario: Dx3Scenario
    options: Dx3Options
    fighters: list[Fighter]
    round: int = 1
    phase: Phase = Phase.MINOR
    actor: int = -1  # whose main process runs
    pending: PendingAttack | None = None
    reviving: list[int] = field(default_factory=list)  # fell to 戦闘不能 and may revive, in order
    winner: int = -1
    termination: Termination = Termination.NONE
    end_reason: str = ""
    decisions: int = 0
    opening: list[Event] = field(default_factory=list)
    vehicles: list[Vehicle] = field(default_factory=list)
    timing: str = ""  # the timing a Phase.TIMING decision asks for (effects.SETUP, INITIATIVE or CLEANUP)
    asking: list[int] = field(default_factory=list)  # fighters still to be asked at that timing, in order
    initiative_asked: bool = False  # this initiative process's effects are resolved: its main process starts
    cleanup_asked: bool = False  # this cleanup process's effects are resolved
    sublimation: Sublimation | None = None  # the check a PC sublimates Titus on (Phase.SUBLIMATE)
    strike: Strike | None = None  # the stage gimmick going off, while a PC sublimates on its dodge

    @property
    def combatants(self) -> list[Fighter]:
        """The fighters, as the tools name a state's people."""
        return self.fighters

    @property
    def minor_only(self) -> bool:
        """This round allows minor actions only (HR-EVENT-01)."""
        return self.round in self.scenario.minor_only_rounds

    def clone(self) -> Dx3State:
        """A deep copy that plays on independently (the scenario is shared)."""
        memo: dict[int, object] = {id(self.scenario): self.scenario, id(self.options): self.options}
        return copy.deepcopy(self, memo)

    def at(self, pos: int) -> list[Fighter]:
        """The fighters standing (not 戦闘不能) at a position: one engagement."""
        return [f for f in self.fighters if f.pos == pos and not f.down]

    def enemies_at(self, f: Fighter) -> list[Fighter]:
        """The enemies standing in f's engagement."""
        return [g for g in self.fighters if g.pos == f.pos and g.side != f.side and not g.down]

    def standing_sides(self) -> list[int]:
        """The sides with someone not 戦闘不能, in order."""
        return sorted({f.side for f in self.fighters if not f.down})


def hand_drops(f: Fighter, two_handed: bool) -> list[int]:
    """What f may put away to equip one more weapon (`two_handed` or not): nothing (-1), one held weapon,
    or every one (PUT_ALL_AWAY, only with both hands full); at most two weapons equipped, and a
    two-handed weapon only alone (DX3-WPN-03/04)."""
    out = []
    for drop in [-1, *f.equipped, PUT_ALL_AWAY]:
        if drop == PUT_ALL_AWAY and len(f.equipped) < MAX_EQUIPPED:
            continue  # putting one away already covers it
        kept = [] if drop == PUT_ALL_AWAY else [e for e in f.equipped if e != drop]
        if not kept or (len(kept) < MAX_EQUIPPED and not two_handed and not any(f.weapons[e].two_handed for e in kept)):
            out.append(drop)
    return out


def make_fighter(index: int, spec: FighterSpec, scenario: Dx3Scenario) -> Fighter:
    """A fighter at the start of a fight, from its spec and the scenario's weapons by name."""
    char = Dx3Character(spec.name, spec.stats, spec.encroachment, spec.hp, spec.lois, spec.titus)
    return Fighter(
        index, spec.side, spec.pc, char, spec.position,
        tuple(scenario.weapon(w) for w in spec.weapons), list(spec.equipped),
        tuple(ARMORS[a] for a in spec.armor), spec.resurrect, effects=spec.effects,
        hidden=Hidden(True) if spec.hidden else SEEN,
    )  # fmt: skip
