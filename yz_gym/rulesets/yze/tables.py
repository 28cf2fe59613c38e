"""Static rule tables: critical injuries, panic, weapons, armor, cover (the vehicles' are vehicles/tables.py).

Values come from ../shared/rules/SRD_DIGEST.md (YZE SRD v1.0 restatement) and
../shared/rules/CATALOG.md (seed rules). Every entry cites its rule ID. Entries marked
``rule_id="EXTRA"`` are project data for modern scenarios, not SRD values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal, TypeVar

from yz_gym.core.clock import TimeUnit
from yz_gym.core.errors import UnknownEntry

Grade = Literal["A", "B", "C", "D"]
Grip = Literal["1H", "2H", "-"]
RangeBand = Literal["engaged", "short", "medium", "long", "extreme"]

SKILLS: Final[tuple[str, ...]] = (  # DICE-03
    "Force", "Melee", "Stamina",
    "Marksmanship", "Mobility", "Stealth",
    "Crafting", "Observation", "Survival",
    "Healing", "Insight", "Persuasion",
)  # fmt: skip
ATTRIBUTES: Final[tuple[str, ...]] = ("Strength", "Agility", "Wits", "Empathy")  # DICE-01
RANGE_BANDS: Final[tuple[RangeBand, ...]] = ("engaged", "short", "medium", "long", "extreme")  # CHASE-18
D66_VALUES: Final[tuple[int, ...]] = tuple(10 * t + o for t in range(1, 7) for o in range(1, 7))


def is_d66(value: int) -> bool:
    """True if value is a D66 result (two digits, each 1-6)."""
    return value in D66_VALUES


# ---------------------------------------------------------------------------------------
# 1. Critical injuries (SRD_DIGEST 2.9: CRIT-01..03, DEATH-01/02, HEAL-06)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CriticalInjury:
    """One row of a D66 critical injury table (CRIT-PHYS-* or CRIT-MENT-*)."""

    code: int  # the D66 value rolled
    name: str
    lethal: bool = False  # DEATH-01: has a time limit and a death roll (or kills at once)
    time_limit: TimeUnit | None = None  # DEATH-01
    death_roll_mod: int = 0  # DEATH-02: 0, -1 or -2 on the Stamina death roll
    instant_death: bool = False  # CRIT-02: dead at once, no death roll
    skill_mods: tuple[tuple[str, int], ...] = ()  # CRIT-03: stack, apply even at skill 0
    moving_is_slow: bool = False
    damage_on_rolls: tuple[str, ...] = ()  # take 1 damage on each roll of these skills
    hand_unusable: bool = False
    arm_unusable: bool = False
    paralysed: bool = False
    needs_treatment: bool = False  # CRIT-PHYS-56, HEAL-18: permanent unless a Healing roll succeeds in time
    ends_by_treatment: bool = False  # CRIT-PHYS-14/15, HEAL-18: no heal time; a successful Healing roll ends it
    blocks_actions: bool = False  # CRIT-MENT-64-65: catatonic, cannot act
    phobia: bool = False  # CRIT-MENT-42-43: 1 stress a round within Short of what broke the character
    disease_virulence: int = 0  # CRIT-PHYS-46: a disease (HAZ-DISEASE-*) of this virulence
    heal_days: str | None = None  # HEAL-06: "D6", "2D6", "3D6", "permanent" or None
    attribute_mods: tuple[tuple[str, int], ...] = ()  # mental crits: mod on that attribute
    effect: str = ""  # the effect text of the table, for display
    rule_id: str

    @property
    def incapacitates(self) -> bool:
        """Keeps the character from acting: paralysed (CRIT-PHYS-56) or catatonic (CRIT-MENT-64-65)."""
        return self.paralysed or self.blocks_actions

    def skill_mod(self, skill: str) -> int:
        """Total modifier this injury gives to rolls of one skill (CRIT-03)."""
        return sum(mod for name, mod in self.skill_mods if name == skill)

    def attribute_mod(self, attribute: str) -> int:
        """Total modifier this injury gives to rolls using one attribute."""
        return sum(mod for name, mod in self.attribute_mods if name == attribute)


def _phys(
    code: int,
    name: str,
    heal: str | None = None,
    *,
    limit: TimeUnit | None = None,
    death: int = 0,
    skills: tuple[tuple[str, int], ...] = (),
    slow: bool = False,
    dmg_rolls: tuple[str, ...] = (),
    hand: bool = False,
    arm: bool = False,
    paralysed: bool = False,
    disease: int = 0,
    effect: str = "",
    treatment: bool = False,
    ends_by_treatment: bool = False,
) -> CriticalInjury:
    """Build a physical crit row; lethal iff it has a time limit (DEATH-01)."""
    return CriticalInjury(
        code=code, name=name, lethal=limit is not None, time_limit=limit,
        death_roll_mod=death, skill_mods=skills, moving_is_slow=slow,
        damage_on_rolls=dmg_rolls, hand_unusable=hand, arm_unusable=arm,
        paralysed=paralysed, needs_treatment=treatment, ends_by_treatment=ends_by_treatment,
        disease_virulence=disease, heal_days=heal,
        effect=effect, rule_id=f"CRIT-PHYS-{code}",
    )  # fmt: skip


_MOB_MELEE_DMG: Final = ("Mobility", "Melee")
_PHYSICAL_ROWS: Final[tuple[CriticalInjury, ...]] = (
    _phys(11, "Winded"),  # CRIT-PHYS-11
    _phys(12, "Stunned"),  # CRIT-PHYS-12
    _phys(13, "Crippling pain", effect="no effect"),  # CRIT-PHYS-13
    _phys(14, "Sprained ankle", skills=(("Mobility", -2),), slow=True, ends_by_treatment=True,  # CRIT-PHYS-14
          effect="Mobility -2. Moving is a slow action until a Healing roll succeeds."),
    _phys(15, "Blood in eye", ends_by_treatment=True,  # CRIT-PHYS-15
          skills=(("Observation", -2), ("Marksmanship", -2)),
          effect="Observation and Marksmanship -2 until healed"),
    _phys(16, "Concussion", "D6", skills=(("Observation", -2),)),  # CRIT-PHYS-16 (CRIT-05: S1)
    _phys(21, "Severed ear", "D6"),  # CRIT-PHYS-21 (CRIT-05: S1)
    _phys(22, "Broken toes", "D6", skills=(("Mobility", -2),)),  # CRIT-PHYS-22 (CRIT-05: S1)
    _phys(23, "Broken hand", "D6", hand=True),  # CRIT-PHYS-23
    _phys(24, "Knocked-out teeth", "D6", skills=(("Persuasion", -2),)),  # CRIT-PHYS-24
    _phys(25, "Impaled thigh", "2D6", slow=True),  # CRIT-PHYS-25
    _phys(26, "Slashed shoulder", "D6", arm=True),  # CRIT-PHYS-26
    _phys(31, "Broken nose", "D6",  # CRIT-PHYS-31
          skills=(("Persuasion", -1), ("Observation", -1))),
    _phys(32, "Crotch hit", "D6", dmg_rolls=_MOB_MELEE_DMG),  # CRIT-PHYS-32
    _phys(33, "Broken ribs", "2D6",  # CRIT-PHYS-33
          skills=(("Mobility", -2), ("Observation", -2))),
    _phys(34, "Gouged eye", "2D6",  # CRIT-PHYS-34
          skills=(("Marksmanship", -2), ("Observation", -2))),
    _phys(35, "Busted kneecap", "2D6", slow=True),  # CRIT-PHYS-35
    _phys(36, "Broken arm", "2D6", arm=True),  # CRIT-PHYS-36
    _phys(41, "Broken leg", "2D6", slow=True),  # CRIT-PHYS-41
    _phys(42, "Crushed foot", "3D6", slow=True),  # CRIT-PHYS-42
    _phys(43, "Crushed elbow", "3D6", arm=True),  # CRIT-PHYS-43
    _phys(44, "Punctured lung", "D6", limit=TimeUnit.SHIFT,  # CRIT-PHYS-44
          skills=(("Stamina", -2), ("Mobility", -2))),
    _phys(45, "Bleeding gut", "D6", limit=TimeUnit.SHIFT, dmg_rolls=_MOB_MELEE_DMG),  # CRIT-PHYS-45
    _phys(46, "Ruptured intestines", "2D6", limit=TimeUnit.SHIFT, disease=6,  # CRIT-PHYS-46
          effect="Disease with virulence 6"),
    _phys(51, "Busted kidney", "2D6", limit=TimeUnit.DAY, skills=(("Mobility", -2),),  # CRIT-PHYS-51
          slow=True),
    _phys(52, "Severed arm artery", "D6", limit=TimeUnit.STRETCH, death=-1, arm=True),  # CRIT-PHYS-52
    _phys(53, "Severed leg artery", "D6", limit=TimeUnit.STRETCH, death=-1, slow=True),  # CRIT-PHYS-53
    _phys(54, "Severed arm", "permanent", limit=TimeUnit.SHIFT, death=-1, arm=True),  # CRIT-PHYS-54
    _phys(55, "Severed leg", "permanent", limit=TimeUnit.SHIFT, death=-1, slow=True),  # CRIT-PHYS-55
    _phys(56, "Cracked spine", "3D6", paralysed=True, treatment=True,  # CRIT-PHYS-56
          effect="Paralysed below the neck; permanent unless treated in time"),
    _phys(61, "Ruptured jugular", "2D6", limit=TimeUnit.ROUND, death=-1,  # CRIT-PHYS-61
          skills=(("Stamina", -1),)),
    _phys(62, "Ruptured aorta", "3D6", limit=TimeUnit.ROUND, death=-2,  # CRIT-PHYS-62
          skills=(("Stamina", -2),)),
    *(  # CRIT-PHYS-63..66, CRIT-02: dead at once, no death roll
        CriticalInjury(code=c, name="Dead", lethal=True, instant_death=True, effect="Dead",
                       rule_id=f"CRIT-PHYS-{c}")
        for c in (63, 64, 65, 66)
    ),
)  # fmt: skip
# CRIT-05 [M]: the rows where the second source (S2) reads otherwise; `crit_table_text: s2`.
_PHYSICAL_ROWS_S2: Final[tuple[CriticalInjury, ...]] = (
    _phys(16, "Concussion", "D6", skills=(("Mobility", -2),)),  # CRIT-PHYS-16
    _phys(21, "Severed ear", "D6", skills=(("Observation", -2),)),  # CRIT-PHYS-21
    _phys(22, "Broken toes", "D6", slow=True),  # CRIT-PHYS-22
)  # fmt: skip

PHYSICAL_CRITS: Final[dict[int, CriticalInjury]] = {c.code: c for c in _PHYSICAL_ROWS}
PHYSICAL_CRITS_S2: Final[dict[int, CriticalInjury]] = {
    **PHYSICAL_CRITS, **{c.code: c for c in _PHYSICAL_ROWS_S2}
}


@dataclass(frozen=True, slots=True)
class _MentalRange:
    """A mental crit row before it is expanded to each D66 value."""

    low: int
    high: int
    name: str
    effect: str
    heal_days: str | None
    attribute_mods: tuple[tuple[str, int], ...] = ()
    blocks_actions: bool = False
    instant_death: bool = False
    phobia: bool = False


_MENTAL_RANGES: Final[tuple[_MentalRange, ...]] = (
    _MentalRange(11, 16, "Tremor", "Agility rolls −1", "D6",  # CRIT-MENT-11-16
                 (("Agility", -1),)),
    _MentalRange(21, 21, "White hair", "no effect", "permanent"),  # CRIT-MENT-21
    _MentalRange(22, 24, "Anxious", "Wits rolls −1", "D6", (("Wits", -1),)),  # CRIT-MENT-22-24
    _MentalRange(25, 31, "Depressed", "Empathy rolls −1", "D6",  # CRIT-MENT-25-31
                 (("Empathy", -1),)),
    _MentalRange(32, 35, "Nightmares",  # CRIT-MENT-32-35
                 "Insight roll for each sleep shift, or that sleep does not count", "D6"),
    _MentalRange(36, 41, "Nocturnal",  # CRIT-MENT-36-41
                 "Can sleep only in the light part of the day", "2D6"),
    _MentalRange(42, 43, "Phobia",  # CRIT-MENT-42-43
                 "Fears something tied to what broke the character; 1 stress per round while "
                 "within Short of it", "2D6", phobia=True),
    _MentalRange(44, 45, "Alcoholic",  # CRIT-MENT-44-45
                 "Must drink alcohol every day, or take 1 stress", "2D6"),
    _MentalRange(46, 51, "Claustrophobic",  # CRIT-MENT-46-51
                 "1 stress per stretch in an enclosed space", "3D6"),
    _MentalRange(52, 52, "Compulsive lying",  # CRIT-MENT-52
                 "Lies about everything; played out in roleplay", "permanent"),
    _MentalRange(53, 54, "Paranoia",  # CRIT-MENT-53-54
                 "Sure that someone is out to get them; roleplayed", "permanent"),
    _MentalRange(55, 55, "Delusion", "Firmly believes something wholly untrue", "D6"),  # CRIT-MENT-55
    _MentalRange(56, 56, "Hallucinations",  # CRIT-MENT-56
                 "Insight roll every shift; on a failure, a powerful hallucination", "D6"),
    _MentalRange(61, 62, "Altered personality",  # CRIT-MENT-61-62
                 "The personality changes at its core, agreed with the GM and roleplayed",
                 "permanent"),
    _MentalRange(63, 63, "Amnesia",  # CRIT-MENT-63
                 "Remembers nothing, not even who they or the other PCs are; roleplayed",
                 "permanent"),
    _MentalRange(64, 65, "Catatonic",  # CRIT-MENT-64-65
                 "Stares into nothing and reacts to nothing: cannot act", None,
                 blocks_actions=True),
    _MentalRange(66, 66, "Heart attack", "Dead", None, instant_death=True),  # CRIT-MENT-66
)  # fmt: skip
# CRIT-05 [M]: the second source's (S2) heal times, by the row's first D66 value.
_MENTAL_HEAL_S2: Final[dict[int, str | None]] = {
    44: "3D6", 46: "2D6", 52: "2D6", 53: "2D6", 55: "3D6", 56: "3D6", 63: "D6", 64: "D6",
}


def _mental_rule_id(row: _MentalRange) -> str:
    """The ID of a mental crit row: the D66 range as its suffix (CRIT-MENT-25-31)."""
    return f"CRIT-MENT-{row.low}" if row.low == row.high else f"CRIT-MENT-{row.low}-{row.high}"


def _mental_crits(heal_overrides: Mapping[int, str | None]) -> dict[int, CriticalInjury]:
    """The mental table by D66 value, with some rows' heal times replaced (CRIT-05)."""
    return {
        code: CriticalInjury(
            code=code,
            name=row.name,
            lethal=row.instant_death,
            instant_death=row.instant_death,
            attribute_mods=row.attribute_mods,
            blocks_actions=row.blocks_actions,
            phobia=row.phobia,
            heal_days=heal_overrides.get(row.low, row.heal_days),
            effect=row.effect,
            rule_id=_mental_rule_id(row),
        )
        for row in _MENTAL_RANGES
        for code in D66_VALUES
        if row.low <= code <= row.high
    }


MENTAL_CRITS: Final[dict[int, CriticalInjury]] = _mental_crits({})
MENTAL_CRITS_S2: Final[dict[int, CriticalInjury]] = _mental_crits(_MENTAL_HEAL_S2)


def crit_table(table: str, text: str = "s1") -> dict[int, CriticalInjury]:
    """The physical or mental crit table as the first source (s1) or the second (s2) has it (CRIT-05)."""
    if table == "physical":
        return PHYSICAL_CRITS_S2 if text == "s2" else PHYSICAL_CRITS
    return MENTAL_CRITS_S2 if text == "s2" else MENTAL_CRITS


# ---------------------------------------------------------------------------------------
# 2. Panic (PUSH-17, sample table PUSH-PANIC-06..15: D6 + stress)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PanicResult:
    """One row of the sample panic table (PUSH-PANIC-*)."""

    name: str
    keyword: str  # stable key for the engine: "none", "twitch", "tremble", ...
    low: int  # lowest D6+stress total for this row
    high: int | None  # highest total; None = open-ended (15+)
    effect: str  # the result text of the table
    stress_self: int = 0  # change to the panicking character's stress
    stress_nearby: int = 0  # stress gained by every PC within Short
    agility_mod: int = 0  # on Agility rolls while the stress lasts
    lose_next_action: bool = False
    others_roll_panic: bool = False  # those who hear/witness it roll for panic
    rule_id: str


PANIC_TABLE: Final[tuple[PanicResult, ...]] = (
    PanicResult(name="Keeps it together", keyword="none", low=1, high=6,
                effect="Keeps it together: no effect.", rule_id="PUSH-PANIC-06"),
    PanicResult(name="Twitch", keyword="twitch", low=7, high=7, stress_self=1, stress_nearby=1,
                effect="Twitch: you and every PC within Short gain 1 stress.",
                rule_id="PUSH-PANIC-07"),
    PanicResult(name="Tremble", keyword="tremble", low=8, high=8, agility_mod=-2,
                effect="Tremble: −2 on Agility rolls.", rule_id="PUSH-PANIC-08"),
    PanicResult(name="Drop item", keyword="drop_item", low=9, high=9,
                effect="Drop your weapon or an important item.", rule_id="PUSH-PANIC-09"),
    PanicResult(name="Freeze", keyword="freeze", low=10, high=10, lose_next_action=True,
                effect="Freeze: lose your next action.", rule_id="PUSH-PANIC-10"),
    PanicResult(name="Seek cover", keyword="seek_cover", low=11, high=11, stress_self=-1,
                stress_nearby=1,
                effect="Seek cover: your next action must move you away (a Retreat roll if "
                "you are Engaged). You lose 1 stress; PCs within Short gain 1 stress.",
                rule_id="PUSH-PANIC-11"),
    PanicResult(name="Scream", keyword="scream", low=12, high=12, stress_self=-1,
                lose_next_action=True, others_roll_panic=True,
                effect="Scream: lose your next action and lose 1 stress. Everyone who hears "
                "it rolls for panic.", rule_id="PUSH-PANIC-12"),
    PanicResult(name="Flee", keyword="flee", low=13, high=13, stress_self=-1,
                others_roll_panic=True,
                effect="Flee to safety and refuse to leave. Lose 1 stress. Those who hear you "
                "roll for panic.", rule_id="PUSH-PANIC-13"),
    PanicResult(name="Berserk", keyword="berserk", low=14, high=14, others_roll_panic=True,
                effect="Berserk: attack the nearest person or creature until one of you is "
                "Broken. Witnesses roll for panic.", rule_id="PUSH-PANIC-14"),
    PanicResult(name="Catatonic", keyword="catatonic", low=15, high=None,
                effect="Catatonic.", rule_id="PUSH-PANIC-15"),
)  # fmt: skip


def panic_result(total: int) -> PanicResult:
    """The panic table row for a D6 + stress total (PUSH-PANIC-06..15)."""
    if total < 1:
        raise ValueError(f"panic total must be at least 1 (D6 + stress), got {total}")
    for row in PANIC_TABLE:
        if row.low <= total and (row.high is None or total <= row.high):
            return row
    raise AssertionError(f"panic table has no row for {total}")  # pragma: no cover


# ---------------------------------------------------------------------------------------
# 3. Weapons (ATK-01..08, sample table ATK-WPN-01..12)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Weapon:
    """A weapon profile (ATK-06 damage, ATK-07 bonus, ATK-08 range)."""

    name: str
    grip: Grip  # MOUNT-07: only "1H" weapons in mounted melee
    bonus: int  # ATK-07: gear dice; "–" in the table = 0
    damage: int  # ATK-06: base damage
    range: RangeBand  # ATK-08: farthest band it can be used at
    ranged: bool  # fired or thrown at range (ATK-03), not a close attack (ATK-01)
    skill: str  # ATK-01 Melee, ATK-03 Marksmanship, thrown weapons Mobility
    thrown: bool = False  # ATK-03: thrown attacks roll Mobility
    firearm: bool = False  # ACTN-RELOAD-01
    single_shot: bool = False  # ACTN-RELOAD-01: reload after every shot
    reload_fast: bool = False  # ACTN-RELOAD-02: readying an arrow/stone is a fast action
    full_auto: bool = False  # AUTO-01
    sturdy: bool = False  # ACTN-BLOCK-02: can block weapons and beasts
    scope: bool = False  # ACTN-SHOOT-02: telescopic sight
    rule_id: str
    # AUTO-03: Rate of Fire (the most ammo dice) and magazine size, used only by the ammo-dice
    # variant (full_auto: ammo_dice); 0 = no ammo dice / magazine not counted. Project data
    # except the pistol's RoF 2, which AUTO-03 gives.
    rate_of_fire: int = 0
    magazine: int = 0
    # DICE-11/12: an artifact item's extra die (8, 10 or 12 sides; 0 = none), pool games only; it
    # is rolled while the item's gear bonus lasts and never degrades itself
    artifact: int = 0


WEAPONS: Final[dict[str, Weapon]] = {
    "unarmed": Weapon(name="Unarmed", grip="-", bonus=0, damage=1, range="engaged",
                      ranged=False, skill="Melee", rule_id="ATK-WPN-01"),
    "blunt_instrument": Weapon(name="Blunt instrument", grip="1H", bonus=1, damage=1,
                               range="engaged", ranged=False, skill="Melee", sturdy=True,
                               rule_id="ATK-WPN-02"),
    "knife": Weapon(name="Knife", grip="1H", bonus=1, damage=2, range="engaged", ranged=False,
                    skill="Melee", rule_id="ATK-WPN-03"),
    "club": Weapon(name="Club", grip="1H", bonus=2, damage=1, range="engaged", ranged=False,
                   skill="Melee", sturdy=True, rule_id="ATK-WPN-04"),
    "sword": Weapon(name="Sword", grip="1H", bonus=2, damage=2, range="engaged", ranged=False,
                    skill="Melee", sturdy=True, rule_id="ATK-WPN-05"),
    "battleaxe": Weapon(name="Battleaxe", grip="2H", bonus=2, damage=3, range="engaged",
                        ranged=False, skill="Melee", sturdy=True, rule_id="ATK-WPN-06"),
    # Spear: a Melee weapon that reaches Short only when thrown (ATK-08), with Mobility (ATK-03).
    "spear": Weapon(name="Spear", grip="1H", bonus=1, damage=2, range="short", ranged=False,
                    skill="Melee", thrown=True, sturdy=True, rule_id="ATK-WPN-07"),
    "rock": Weapon(name="Rock", grip="1H", bonus=0, damage=1, range="medium", ranged=True,
                   skill="Mobility", thrown=True, rule_id="ATK-WPN-08"),
    "sling": Weapon(name="Sling", grip="1H", bonus=1, damage=1, range="medium", ranged=True,
                    skill="Marksmanship", single_shot=True, reload_fast=True,
                    rule_id="ATK-WPN-09"),
    "bow": Weapon(name="Bow", grip="2H", bonus=1, damage=1, range="long", ranged=True,
                  skill="Marksmanship", single_shot=True, reload_fast=True,
                  rule_id="ATK-WPN-10"),
    "pistol": Weapon(name="Pistol", grip="1H", bonus=2, damage=2, range="medium", ranged=True,
                     skill="Marksmanship", firearm=True, rule_id="ATK-WPN-11",
                     rate_of_fire=2, magazine=15),  # AUTO-03: RoF 2; magazine EXTRA
    "rifle": Weapon(name="Rifle", grip="2H", bonus=2, damage=2, range="long", ranged=True,
                    skill="Marksmanship", firearm=True, rule_id="ATK-WPN-12",
                    rate_of_fire=2, magazine=10),  # RoF, magazine: EXTRA
    # EXTRA: project data for modern scenarios. NOT SRD values; tune freely.
    "shotgun": Weapon(name="Shotgun", grip="2H", bonus=2, damage=3, range="short", ranged=True,
                      skill="Marksmanship", firearm=True, rule_id="EXTRA",
                      rate_of_fire=2, magazine=6),
    "submachine_gun": Weapon(name="Submachine gun", grip="2H", bonus=2, damage=2,
                             range="medium", ranged=True, skill="Marksmanship", firearm=True,
                             full_auto=True, rule_id="EXTRA", rate_of_fire=6, magazine=30),
    "assault_rifle": Weapon(name="Assault rifle", grip="2H", bonus=2, damage=2, range="long",
                            ranged=True, skill="Marksmanship", firearm=True, full_auto=True,
                            rule_id="EXTRA", rate_of_fire=5, magazine=30),
    "sniper_rifle": Weapon(name="Sniper rifle", grip="2H", bonus=3, damage=3, range="extreme",
                           ranged=True, skill="Marksmanship", firearm=True, single_shot=True,
                           scope=True, rule_id="EXTRA"),
    # EXTRA: carried cocked; cocking (= reloading) is a slow action (ACTN-RELOAD-03).
    "crossbow": Weapon(name="Crossbow", grip="2H", bonus=1, damage=2, range="long",
                       ranged=True, skill="Marksmanship", single_shot=True, rule_id="EXTRA"),
}  # fmt: skip


# ---------------------------------------------------------------------------------------
# 4. Body armor (ARMOR-01..06). The SRD has no armor table: all rows are project data.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Armor:
    """Body armor: pool rating and step grade (ARMOR-01); metal sinks (HAZ-DROWN-03)."""

    name: str
    rating: int  # ARMOR-01 pool: roll this many D6
    grade: Grade  # ARMOR-01 step: two dice of this grade
    metal: bool  # HAZ-DROWN-03
    rule_id: str


# EXTRA: project data, NOT SRD values. Grades follow the pool/step pairs of COVER-03..07;
# D is the lowest grade, so ratings below 3 still map to D.
ARMORS: Final[dict[str, Armor]] = {
    "leather_jacket": Armor(name="Leather jacket", rating=2, grade="D", metal=False,
                            rule_id="EXTRA"),
    "chainmail": Armor(name="Chainmail", rating=3, grade="D", metal=True, rule_id="EXTRA"),
    "kevlar_vest": Armor(name="Kevlar vest", rating=4, grade="C", metal=False,
                         rule_id="EXTRA"),
    "plate_armor": Armor(name="Plate armor", rating=6, grade="B", metal=True,
                         rule_id="EXTRA"),
    "tactical_armor": Armor(name="Tactical armor (plate carrier)", rating=6, grade="B",
                            metal=False, rule_id="EXTRA"),
}  # fmt: skip


# ---------------------------------------------------------------------------------------
# 5. Cover (COVER-01..07): like armor, ranged attacks only, stacks with armor
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Cover:
    """A kind of cover: pool rating and step grade (COVER-01)."""

    name: str
    rating: int
    grade: Grade
    rule_id: str


COVERS: Final[dict[str, Cover]] = {
    "furniture": Cover(name="Furniture", rating=3, grade="D", rule_id="COVER-03"),
    "wooden_door": Cover(name="Wooden door", rating=4, grade="C", rule_id="COVER-04"),
    "tree_trunk": Cover(name="Tree trunk", rating=5, grade="C", rule_id="COVER-05"),
    "wooden_wall": Cover(name="Wooden wall", rating=6, grade="B", rule_id="COVER-06"),
    "stone_wall": Cover(name="Stone wall", rating=8, grade="A", rule_id="COVER-07"),
}


# ---------------------------------------------------------------------------------------
# 6. Lookups with clear errors
# ---------------------------------------------------------------------------------------

_T = TypeVar("_T")


def _key(name: str) -> str:
    """Normalise a display name to a table key: 'Dirt bike' -> 'dirt_bike'."""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def lookup(table: Mapping[str, _T], name: str, kind: str) -> _T:
    """Find name in table (exact key or normalised) or raise UnknownEntry."""
    if name in table:
        return table[name]
    key = _key(name)
    if key in table:
        return table[key]
    known = ", ".join(sorted(table))
    raise UnknownEntry(f"unknown {kind} {name!r}; known {kind}s: {known}")


def weapon(name: str) -> Weapon:
    """The weapon with this key, e.g. 'pistol' (raises UnknownEntry)."""
    return lookup(WEAPONS, name, "weapon")


def armor(name: str) -> Armor:
    """The body armor with this key, e.g. 'kevlar_vest' (raises UnknownEntry)."""
    return lookup(ARMORS, name, "armor")


def cover(name: str) -> Cover:
    """The cover with this key, e.g. 'stone_wall' (raises UnknownEntry)."""
    return lookup(COVERS, name, "cover")
