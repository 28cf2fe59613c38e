"""DX3 rule variants and resolutions of ambiguous rules, as switches with documented defaults.

The switches of the DX3 checks (Dx3Options, the future `dx3_rules:` block of a DX3 scenario file)
are declared here once, with their type, default, bounds, the rules they resolve and their doc
(core/switches.py parses the block). Kept interpreted like the YZE options: the parser reads the
type hints at run time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from yz_gym.core.switches import SwitchBlock, switch

EncroachTable = Literal["r1", "effect_archive"]  # DX3-ENC-03, DX3-ENC-04
TieRule = Literal["reaction", "action"]  # DX3-DICE-13, AMB-32
BonusTiming = Literal["before_cost", "after_cost"]  # DX3-ENC-05
EnemyEncroachment = Literal["fixed", "roll"]  # DX3-ENC-11
LoisToTitus = Literal["free", "off"]  # DX3-TITUS-01
TitusClear = Literal["all", "one"]  # DX3-TITUS-03E
DazedEnds = Literal["cleanup", "scene"]  # DX3-BS-17
PoisonStack = Literal["max", "add", "replace"]  # DX3-BS-18
FearDamage = Literal["minus10_attack", "minus2_dice", "none"]  # DX3-BS-21
MindCheck = Literal["ability", "will"]  # HR-STATUS-01, HR-STEALTH-07, AMB-36
SlipPastAgainst = Literal["keenest", "each"]  # HR-STEALTH-04, AMB-36
SearchRoll = Literal["perception", "none"]  # DX3-HID-06
Blockade = Literal["effects_only", "outnumbered"]  # DX3-ENG-04
BlockadeSides = Literal["all", "enemies"]  # DX3-ENG-10
FullMoveStreak = Literal["house", "core"]  # HR-MOVE-01/02, AMB-34
HitMods = Literal["all_equipped", "same_kind"]  # DX3-ATK-04
ArmorSlots = Literal["one_each", "any"]  # DX3-ARM-03
GimmickReacts = Literal["everyone", "pcs"]  # HR-GIMMICK-01, AMB-38
GuardWeapons = Literal["one", "all_equipped"]  # DX3-REACT-10
CoupDeGrace = Literal["off", "major_action"]  # DX3-DMG-10
VehicleCombatMove = Literal["init_plus5", "max_fullmove_div5"]  # DX3-VEH-09
AutoEffects = Literal["when_usable", "off"]  # DX3-EFF-05
CountTargets = Literal["nearest", "weakest", "named_only"]  # DX3-ATK-06 (N体)
TitusResultAt = Literal["own_roll", "both_rolls"]  # DX3-TITUS-03C in an opposed check acted first


@dataclass(frozen=True, slots=True)
class Dx3Options:
    """Every rule switch of a DX3 game; a scenario file's `dx3_rules:` block sets them."""

    crit_floor: int = switch(
        7, "DX3-DICE-07, DX3-DICE-15",
        "The lowest critical value (C値) that reductions may reach when no effect on the check names its "
        "own floor: 7, the floor of 《コンセントレイト》 that most tables quote, or 2, the strict rule "
        "floor. An effect that names a floor overrides it (the lowest named floor counts, DX3-DICE-14).",
        low=2, high=10,
    )
    unfloored_crit_min: int = switch(
        2, "AMB-35, HR-VEH-DODGE-04",
        "A C値 change that ignores the lower limit (the house-rule vehicle dodge's -1) is still clamped "
        "here: a C値 of 1 would make every die a critical and the re-rolls endless.",
        low=2, high=10,
    )
    encroach_table: EncroachTable = switch(
        "r1", "DX3-DICE-12, DX3-ENC-03, DX3-ENC-04",
        "The encroachment (侵蝕率) table of dice and effect-level bonuses: the rulebook's (`r1`: +1 die at "
        "60%, +2 at 80, +3 at 100, +4 at 130, +5 at 160, +6 at 200, +7 at 240, +8 at 300) or the Effect "
        "Archive's (`effect_archive`: +4 at 130, +5 at 190, +6 at 260, +7 at 300).",
    )
    tie: TieRule = switch(
        "reaction", "DX3-DICE-13, AMB-32",
        "Who wins a tie in an opposed check (対決): the reacting side (the DX3 rule: a tie is a failure "
        "for the acting side, so a dodge that equals the hit succeeds) or the acting side.",
    )
    no_reaction_value: int = switch(
        0, "DX3-REACT-12",
        "The 達成値 a target that does not or cannot react counts as having in the opposed check.",
        low=0, high=30,
    )
    resurrect: bool = switch(
        True, "DX3-DMG-04, DX3-ENC-09",
        "Self-revival 《リザレクト》 is allowed at 侵蝕率 99% or less: it ends 戦闘不能 and heals (Lv)D10 HP, "
        "raising 侵蝕率 by the HP healed; `false` leaves a fallen character down.",
    )
    enc_bonus_timing: BonusTiming = switch(
        "before_cost", "DX3-ENC-05",
        "When a combo's encroachment dice bonus is read: from the 侵蝕率 before its 侵蝕値 is paid "
        "(`before_cost`, as the effect level always is) or after (`after_cost`).",
    )
    impulse_at_combat_start: bool = switch(
        True, "DX3-ENC-06",
        "Every PC makes the impulse check (衝動判定: 〈意志〉 at difficulty 9, failure is 暴走, 侵蝕率 +2D10 "
        "either way) when the fight starts; `false` leaves it to scripted events.",
    )
    enemy_enc: EnemyEncroachment = switch(
        "fixed", "DX3-ENC-11",
        "Enemies keep the 侵蝕率 of their data (`fixed`) or roll scene entry +1D10 like PCs (`roll`).",
    )
    lois_to_titus: LoisToTitus = switch(
        "free", "DX3-TITUS-01",
        "The PC side may turn a Lois into a Titus at any time, for nothing (`free`), or only the "
        "scenario's Titus can be sublimated (`off`).",
    )
    titus_clear: TitusClear = switch(
        "all", "DX3-TITUS-03E",
        "A Titus sublimated to remove adverse effects clears every bad status (`all`) or the one chosen (`one`).",
    )
    titus_per_check: int = switch(
        0,
        "DX3-TITUS-04",
        'The most Titus one character may sublimate on one check; 0: no limit (the rule, the "Lois bomb").',
        low=0,
        high=7,
    )
    titus_result_at: TitusResultAt = switch(
        "own_roll", "DX3-TITUS-03C",
        "When a PC acting first in an opposed check (the lone leaver, the sneaker slipping past, the "
        "searcher) is offered +1D10 on its 達成値 (「判定の直後」): right after its own roll, before the other "
        "side rolls (`own_roll`), or once the other side has rolled too, only while the PC loses "
        "(`both_rolls`; a PC answering, which may sublimate itself, still rolls after the offer).",
    )
    dazed_ends: DazedEnds = switch(
        "cleanup", "DX3-BS-17",
        "放心 (dazed) ends in the cleanup process of its round (`cleanup`) or only at the end of the scene (`scene`).",
    )
    poison_stack: PoisonStack = switch(
        "max", "DX3-BS-18",
        "A new 邪毒 on a poisoned character keeps the higher rank (`max`), adds the ranks (`add`) or "
        "replaces the old rank (`replace`).",
    )
    fear_damage: FearDamage = switch(
        "minus10_attack", "DX3-BS-21",
        "The damage penalty of 恐怖 (fear) on an attack that includes its target, besides −2 dice on the "
        "hit: −10 攻撃力 (`minus10_attack`), −2 damage dice (`minus2_dice`) or none.",
    )
    extra_statuses: bool = switch(
        False, "DX3-BS-08, DX3-BS-09, DX3-BS-14",
        "Allow the non-core statuses 狂乱 (as 暴走, and must attack the nearest character) and 転倒 (prone: "
        "no movement until a minor action stands up); the core has seven statuses only.",
    )
    minor_clears_status: bool = switch(
        True, "DX3-BS-10, DX3-BS-11, DX3-BS-22",
        "A minor action may clear one bad status other than 邪毒 and 暴走 (a ruling many groups use; no "
        "public source says which statuses an action recovers).",
    )
    status_recovery_check: bool = switch(
        True, "HR-STATUS-01, AMB-37",
        "Seed 001: recovering a status by an action needs a 【精神】 check at difficulty 9; a failure "
        "spends the action and the status stays (AMB-37). `false`: the action clears it.",
    )
    hidden_untargetable: bool = switch(
        True, "DX3-BS-12, DX3-HID-03",
        "A hidden (隠密状態) character cannot be chosen as the target of any action; `false` lets it be chosen.",
    )
    hidden_cover_ends: bool = switch(
        True, "DX3-HID-05",
        "Covering (カバーリング) ends the hidden state, like every other action.",
    )
    hidden_ends_on_damage: bool = switch(
        False, "DX3-HID-09",
        "Damage ends the hidden state (the core does not say so; the default keeps it). HR-STEALTH-06..08 "
        "replace this for area attacks when `stealth_area_check` is on.",
    )
    hidden_attack_dice: int = switch(
        0, "DX3-HID-07, DX3-BS-13",
        "Dice added to an attack made from the hidden state: 0, the DX3 rule (no penalty to the target's "
        "reaction); DX3-BS-13 proposes a YZE-style sneak-attack bonus.",
        low=0, high=10,
    )
    stealth_check: bool = switch(
        True, "HR-STEALTH-01, DX3-HID-01",
        "Seed 001: entering the hidden state as a major action needs a 〈知覚〉 check at the spot's "
        "difficulty; `false`: the core rule, no check.",
    )
    stealth_minor_when_easy: bool = switch(
        True, "HR-STEALTH-02",
        "Seed 001: where hiding is very easy (darkness), a character not engaged may enter the hidden "
        "state with a minor action, without a check.",
    )
    stealth_area_check: bool = switch(
        True, "HR-STEALTH-06, HR-STEALTH-07, HR-STEALTH-08, AMB-36",
        "Seed 001: a hidden character damaged by an area attack stays hidden unless the attacker wins "
        "an opposed check, the damaged side's 【精神】 (dice only) acting against the attacker's 〈知覚〉, "
        "ties to the attacker.",
    )
    mind_check: MindCheck = switch(
        "ability", "HR-STATUS-01, HR-STEALTH-07, AMB-36",
        "What seed 001's 【精神】 checks roll: the ability's dice only (`ability`, AMB-36) or 〈意志〉, the "
        "ability's dice with the skill's level added (`will`).",
    )
    slip_past_against: SlipPastAgainst = switch(
        "keenest", "HR-STEALTH-04, AMB-36",
        "Whom a character slipping past enemies, or staying hidden while engaged, is opposed by: one roll "
        "against the enemy with the highest 〈知覚〉 (`keenest`, AMB-36) or a roll against each enemy, all "
        "of which it must beat (`each`).",
    )
    hidden_search_roll: SearchRoll = switch(
        "perception", "DX3-HID-06",
        "What the hidden side rolls against a search (the rule gives the searcher's 〈知覚〉 only): 〈知覚〉 as "
        "the reacting side, winning ties (`perception`), or nothing, counting as `no_reaction_value` (`none`).",
    )
    titus_despite_pressure: bool = switch(
        True, "DX3-TITUS-05, DX3-BS-16",
        "A Titus may be sublimated under 重圧 and 暴走 (it is no effect, so 重圧's ban on auto effects does not "
        "reach it); `false`: 重圧 stops it like an auto effect.",
    )
    enc_cap: int = switch(
        0, "DX3-ENC-10",
        "The highest 侵蝕率 a character can reach; 0: no limit (no source gives one; from 300% on the last "
        "row of the table applies).",
        low=0, high=1000,
    )
    # --- the fight: engagements, movement, attacks (rulesets/dx3/engagement.py, attack.py) ---
    ranged_in_engagement: bool = switch(
        True, "DX3-ENG-09",
        "A weapon with a range in metres may target characters in the attacker's own engagement (at 0 m); "
        "`false` lets only 至近 reach them.",
    )
    blockade: Blockade = switch(
        "effects_only", "DX3-ENG-04, DX3-ENG-10",
        "What blockades (封鎖) an engagement, stopping every 離脱 from it (for every side in it): only the "
        "scenario's `blockades:` and blockade effects (DX3-EFF-M13), or also being outnumbered by the "
        "enemies in it (`outnumbered`, the old proposal).",
    )
    blockade_sides: BlockadeSides = switch(
        "all", "DX3-ENG-10, DX3-EFF-M13",
        "Whom a blockade effect's 封鎖 stops from leaving its user's engagement: everyone in it, the user and "
        "its allies too (`all`, the reading of an effect that names no side), or the user's enemies only "
        "(`enemies`).",
    )
    lone_leaver_check: bool = switch(
        True, "HR-ENGAGE-01, AMB-33",
        "A character alone of its side in an engagement with enemies must win an opposed 【肉体】 check to "
        "leave (離脱), against the enemy there with the highest 【肉体】; a failure spends the major action "
        "and the character stays. `false`: the core rule (leaving is free unless blockaded).",
    )
    full_move_streak: FullMoveStreak = switch(
        "house", "HR-MOVE-01, HR-MOVE-02, AMB-34",
        "`house`: a 全力移動 in the second of two rounds in a row goes at most 1x the 戦闘移動 distance, and a "
        "third round in a row is not allowed (a round without a full move resets the count); `core`: no limit.",
    )
    weapon_hit_mods: HitMods = switch(
        "all_equipped", "DX3-ATK-04",
        "Which weapons' 命中 a hit check adds: every equipped weapon's (the official FAQ) or only the equipped "
        "weapons of the attack's kind (melee or ranged).",
    )
    cover_requires_unacted: bool = switch(
        True, "DX3-REACT-05, DX3-REACT-14",
        "Covering (カバーリング) needs a coverer that has not acted this round, and makes it 行動済み; `false` "
        "lets anyone in the engagement cover (still once per attack).",
    )
    reactions_per_round: int = switch(
        0, "DX3-REACT-07",
        "How many reactions (dodge or guard) a character may take per round; 0, the default, is no limit "
        "(one per attack received, also after it has acted). Past the limit it can only not react.",
        low=0, high=10,
    )
    guard_weapons: GuardWeapons = switch(
        "one", "DX3-REACT-10",
        "Whose ガード値 a guard uses: the one equipped weapon chosen (`one`), or the sum of every equipped "
        "weapon's (`all_equipped`).",
    )
    target_downed: bool = switch(
        False, "DX3-DMG-11",
        "Whether a 戦闘不能 character may be chosen as an attack target (the default: no).",
    )
    gimmick_reacts: GimmickReacts = switch(
        "everyone", "HR-GIMMICK-01, AMB-38",
        "Who may react to a stage gimmick's damage (a dodge against its difficulty, else a guard): every "
        "character (`everyone`, AMB-38) or only the PCs, as the seed's wording says (`pcs`).",
    )
    gimmick_armor: bool = switch(
        True, "DX3-DMG-07, HR-GIMMICK-01",
        "Whether 装甲値 lowers the damage of a stage gimmick or the surroundings (2D10 + n); `false`: it does not.",
    )
    coup_de_grace: CoupDeGrace = switch(
        "off", "DX3-DMG-10",
        "Finishing blows (とどめ), which no public source prices: `off` (a 戦闘不能 character stays out until it "
        "rises or the scene ends) or `major_action` (a major action kills a 戦闘不能 enemy in the actor's "
        "engagement; the dead never rise).",
    )
    armor_slots: ArmorSlots = switch(
        "one_each", "DX3-ARM-03",
        "Protective gear worn at once: one 防具 and one 防具(補助) (`one_each`), or any number (`any`).",
    )
    vehicle_combat_move: VehicleCombatMove = switch(
        "init_plus5", "DX3-VEH-09",
        "戦闘移動 while driving: 行動値 (with the vehicle's 行動値 added) + 5 m (`init_plus5`, the rulebook "
        "reading), or the larger of that and the vehicle's 全力移動 / 5 (`max_fullmove_div5`, as two "
        "character-sheet systems compute it).",
    )
    car_exposed_to_ranged: bool = switch(
        False, "HR-VEH-06, HR-VEH-04",
        "The scene's ruling whether riders inside a closed vehicle (a car) are exposed to ranged (射撃) "
        "attacks: `false` sends every attack on them to the vehicle; `true` lets ranged attacks hit them.",
    )
    count_targets: CountTargets = switch(
        "nearest",
        "DX3-ATK-06",
        "How an N体 attack (up to N targets) chooses, since the env names one target per action: the "
        "attacker names the first, and the other N-1 are the enemies it may choose that the attack "
        "reaches, `nearest` to the named one first (its engagement first), or those with the fewest HP "
        "left first (`weakest`), fight order on ties; `named_only` strikes the named target alone.",
    )
    area_includes_self: bool = switch(
        False,
        "DX3-ATK-08",
        "Whether the user of a 範囲 or シーン attack is inside its own area, hit and reacting like the "
        "others there (the sources do not say; the default: never). The (選択) forms never include it.",
    )
    auto_effects: AutoEffects = switch(
        "when_usable",
        "DX3-EFF-05, DX3-EFF-M09, DX3-EFF-M10",
        "Whether a character's オート effects that guard (a higher ガード値) or reduce HP damage fire by "
        "themselves at their trigger whenever they may be used, paying their 侵蝕値 (`when_usable`), or "
        "never (`off`). The simulator takes this choice for the player: it has no decision for it.",
    )
    vehicle_reaction_effects: bool = switch(
        True,
        "HR-VEH-REACT-01, HR-VEH-AUTO-01",
        "Seed 001: reaction and auto effects of the riders also work when their vehicle is attacked. "
        "This reading lets a dodge combo's dice, C値 and 達成値 go on the driver's 〈運転〉 check of the "
        "vehicle dodge, and guard and damage-reducing auto effects guard and shield the vehicle. "
        "`false`: the vehicle dodge and guard take no effects.",
    )
    titus_supplement: bool = switch(
        False,
        "DX3-TITUS-06",
        "A supplement's sublimation for special Lois (not core): with `true` a Titus sublimated to stand "
        "up from 戦闘不能 restores full HP instead of 【肉体】+10. (The supplement's other options, +5 "
        "damage dice, restored effect uses and +2 magic dice, are not played.)",
    )


def _unfloored_min_within_floor(options: Dx3Options) -> tuple[str, str] | None:
    """A change that ignores the C値 floor cannot be stopped above that floor."""
    if options.unfloored_crit_min > options.crit_floor:
        return "unfloored_crit_min", (
            f"{options.unfloored_crit_min} is above crit_floor {options.crit_floor}; a change that ignores "
            "the floor cannot stop above it: give at most crit_floor"
        )
    return None


DX3_RULES: Final = SwitchBlock(
    "dx3_rules", Dx3Options, "DX3 rule option", checks=(_unfloored_min_within_floor,)
)
