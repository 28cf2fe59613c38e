"""Rule variants and resolutions of ambiguous rules, as switches with documented defaults.

The switches of zone fights (RuleOptions, the `rules:` block), vehicles (VehicleOptions,
`vehicle_rules:`) and chases (ChaseOptions, `chase_rules:`) are declared here once each, with
their type, default, bounds, the rules they resolve and their doc (core/switches.py parses every
block, and the docs' switch tables are generated from these declarations). The module is kept
interpreted in the compiled build: the parser reads the type hints at run time (setup.py)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Final, Literal

from yz_gym.core.clock import Clock
from yz_gym.core.switches import SwitchBlock, switch

DiceMode = Literal["pool", "step"]
DamageModel = Literal["attribute", "health_resolve", "health_only", "conditions"]  # DMGM-01
PushCost = Literal["attribute", "damage_stress", "stress_dice", "conditions", "doom", "none"]  # PUSH-10


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Every rule switch of a game; the scenario file's `rules:` block sets them."""

    dice_mode: DiceMode = switch(
        "pool", "VARIANT-09, DICE-05, STEP-01",
        "Base D6 pool (attribute + skill + gear dice, 6s succeed) or step dice (two dice A-D = D12-D6; "
        "6-9 one success, 10+ two). Step dice need grades for attributes and skills and a damage model "
        "other than `attribute`.",
    )
    step_modifiers: Literal["numeric", "advantage"] = switch(
        "numeric", "MOD-04..10",
        "Step dice: modifiers move dice up and down a step by their sum, or each cause of a modifier "
        "(prone, range band, aim, a gear bonus, an injury, a condition...) counts as one advantage (> 0) "
        "or one disadvantage (< 0) whatever its size; they cancel one for one and at most one is left "
        "(MOD-10): an advantage adds a third die the size of the lower base die, a disadvantage drops the"
        " lower base die (MOD-09). So a prone attacker (-2) against a defenceless target (+3), or an "
        "Engaged shot (-3) with aim (+2), rolls the plain two dice.",
    )
    damage_model: DamageModel = switch(
        "attribute", "DMGM-01, AMB-07",
        "Where damage and stress go: Strength/Wits (the seeds' default), Health and Resolve tracks, "
        "Health only, or conditions.",
    )
    push_cost: PushCost = switch(
        "attribute", "PUSH-10..20",
        "What a pushed roll costs: attribute damage per bane (PUSH-14), damage/stress per bane (PUSH-11),"
        " stress dice (PUSH-16), a condition (PUSH-19; needs `damage_model: conditions`), a doom point "
        "(PUSH-20), or nothing.",
    )
    push_reroll: Literal["all_nonsuccess", "agent_choice"] = switch(
        "all_nonsuccess", "PUSH-06",
        "Which dice a push re-rolls. `all_nonsuccess`: every die that is neither a success nor a bane "
        "(MYZ, FBL, Alien, T2K). `agent_choice`: the roller may re-roll any die that is not a bane, "
        "successes too (the SRD wording, S2). A push is one decision in the action space (push or not), "
        "so the engine makes the choice for the roller: every non-bane die whose fresh roll expects more "
        "successes than the die shows. No die's fresh roll averages a success (D6 1/6, D8 3/8, D10 6/10, "
        "D12 10/12), so it keeps every success and re-rolls every failed die and an artifact die's 1: in "
        "play the two readings re-roll the same dice. Code that calls `dice.push` directly may pass any "
        "other choice (`chosen=`).",
    )
    ask_push: bool = switch(
        True, "PUSH-04",
        "Whether a roller is asked to push a failed roll; `false` never pushes.",
    )
    pride_timing: Literal["after_roll", "before_roll"] = switch(
        "after_roll", "DICE-13",
        "When a combatant with a `pride` is asked to claim it; the source says only \"once per session, "
        "one automatic success on a roll\". `after_roll`: once the roll is final (after the push decision,"
        " pushed or not), so the roller sees the dice; the success is added to the final roll. "
        "`before_roll`: when the action's roll is about to be made (not for a free attack or an Insight "
        "roll against stress, which open at the roll); the success is added to the final roll, after any "
        "push. Opposing rolls (a block, a Persuade's Insight) are never asked: they are no decision of"
        " their own in the engine. A failed death roll (DEATH-01/02) is asked after the roll, whatever the"
        " timing: PRIDE, one success, and the dying one lives; DECLINE, and they die. Chase rolls are asked"
        " once final too.",
    )
    opposed_tie: Literal["active_fails", "reroll"] = switch(
        "active_fails", "OPP-02, AMB-03",
        "A tie in an opposed roll fails the active side, or is rolled again.",
    )
    hidden_initiative: bool = switch(
        False, "INIT-HIDDEN-01/02",
        "Initiative cards are secret and redrawn every round.",
    )
    group_npc_initiative: bool = switch(
        True, "INIT-NPC-01",
        "NPCs of one `group` share a card; `false` gives every NPC its own.",
    )
    ambush_group_roll: bool = switch(
        False, "AMBUSH-01, INIT-NPC-01",
        "`false`: each ambush victim rolls Observation, a member of an NPC group too (AMBUSH-01 \"each "
        "victim\"). `true`: an NPC group that shares a card rolls once, by its first member.",
    )
    initiative_overflow: Literal["error", "extend_deck"] | None = switch(
        None, "AMB-27, INIT-02",
        "More drawers than the ten cards: refuse the scenario (`error` or `null`), or extend the deck to "
        "one card per drawer.",
    )
    free_prone_per_turn: int = switch(
        1, "AMB-31, ACT-FREE-01",
        "How often a combatant may drop prone (a free action) per turn.", low=0, high=10,
    )
    take_cover_roll: bool = switch(
        False, "ACTN-COVER-02",
        "Whether Seek cover needs a Mobility roll.",
    )
    dim_zone_mod: int = switch(
        -2, "RMOD-16, ZONE-FEAT-DARK-02",
        "Modifier on ranged attacks into a dimly lit zone.", low=-5, high=0,
    )
    dim_light_mod: int = switch(
        -1, "RMOD-13/16, AMB-24",
        "Modifier on ranged attacks made within a dim zone.", low=-5, high=0,
    )
    crit_trigger: Literal["broken", "threshold", "two_successes"] = switch(
        "broken", "BROKEN-04",
        "What causes a critical injury: being Broken, damage at or over `crit_threshold`, or an attack "
        "with two or more successes.",
    )
    offer_help: bool = switch(
        True, "ACT-HELP-01..03, HELP-01",
        "Allies in the zone are asked whether to help a roll out of turn.",
    )
    stress_from_events: bool = switch(
        True, "STRESS-04/06",
        "A friend's lethal critical injury (1 stress) or death (2) causes stress. Friends are the "
        "victim's own side: every other combatant of that side still in the fight (not Broken, dead, fled"
        " or surrendered) whose zone has sight of the victim's zone; each rolls Insight and every success"
        " cancels 1. Under the default `damage_model: attribute` stress lowers Wits (Wits 0 is Broken, "
        "BROKEN-01), so a witness also rolls worse Observation and Insight afterwards; under "
        "`health_resolve` it lowers Resolve, and with `push_cost: stress_dice` it raises the stress level"
        " instead (PUSH-16).",
    )
    persuade_effect: Literal["stress", "surrender"] = switch(
        "stress", "G-19 (PROPOSED)",
        "What a successful Persuade does in combat: stress on the target, or the target surrenders.",
    )
    peek_lasts: Literal["round", "until_move"] = switch(
        "until_move", "AMB-26, BORDER-04",
        "How long peeking through a door gives sight through it.",
    )
    extreme_max_hops: int = switch(
        40, "AMB-23, RANGE-EXTREME",
        "The most borders between zones that still count as Extreme range (~1 km).", low=1, high=1000,
    )
    rounds_per_stretch: int = switch(
        60, "AMB-01",
        "Rounds in a stretch, for effects timed in stretches.", low=1, high=10000,
    )
    stretches_per_shift: int = switch(
        60, "AMB-01, TRAVEL-23",
        "Stretches in a shift (TRAVEL-23 would say 48).", low=1, high=10000,
    )
    npc_broken_dies: bool = switch(
        False, "HEAL-05",
        "Minor NPCs Broken by damage simply die.",
    )
    wooden_door_toughness: int = switch(
        5, "ACTN-DOOR-02",
        "Damage that breaks down a door or hatch without its own `toughness`.", low=1, high=50,
    )
    blast_engaged_min1_on_zero: bool = switch(
        True, "EXPL-05",
        "A blast does at least 1 damage at Engaged even with zero successes.",
    )
    overwatch_slow: Literal["kept", "next_round"] = switch(
        "kept", "ACTN-OVERWATCH-02, TURN-09/11/12",
        "`kept`: going on overwatch (a fast action) needs the turn's slow action unused and keeps it for "
        "the shot (\"you must keep your slow action unused\"), so it is offered only as the turn's first "
        "action; a shot not fired this round takes next round's slow action before your turn (actions "
        "refresh, TURN-12). `next_round`: overwatch may also follow a spent slow action (a shot, aim plus"
        " overwatch as two fast actions); the shot then waits for next round's slow action, before your "
        "turn.",
    )
    # --- damage, stress, pushing, gear (damage.py, pushing.py, gear.py, recovery.py) ---
    crit_threshold: int = switch(
        4, "BROKEN-04 (PROPOSED)",
        "Damage that triggers a critical injury when `crit_trigger: threshold`.", low=1, high=50,
    )
    push_tool_absorbs: bool = switch(
        False, "PUSH-12, GEAR-06",
        "With `push_cost: damage_stress`, the weapon or tool used takes the banes instead of you.",
    )
    willpower: bool = switch(
        False, "PUSH-15",
        "Attribute push costs grant 1 Willpower point per point lost.",
    )
    fire_rise: int = switch(
        1, "FIRE-02",
        "Dice the fire intensity rises each round in the dice pool (step dice always rise one grade).", low=0, high=6,
    )
    death_roll_grace: bool = switch(
        True, "DEATH-01 (conv.)",
        "The round of a lethal injury does not count towards its time limit (limits counted in rounds: a "
        "stretch or longer, or a round with `death_roll_timing: round_end`).",
    )
    crit_table_text: Literal["s1", "s2"] = switch(
        "s1", "CRIT-05 [M]",
        "The critical-injury rows where the two sources differ: the first source's values (CRIT-PHYS-16 "
        "Observation −2, 21 no effect, 22 Mobility −2; mental heal times as the digest's table), or the "
        "second's (16 Mobility −2, 21 Observation −2, 22 moving is slow; heal times 44–45 3D6, 46–51 2D6,"
        " 52 2D6, 53–54 2D6, 55 3D6, 56 3D6, 63 D6, 64–65 D6).",
    )
    death_roll_penalty: Literal["once", "double"] = switch(
        "once", "DEATH-02, CRIT-PHYS-61/62",
        "A crit's death-roll modifier (−1/−2) and its Stamina −1/−2 effect are one penalty, taken once "
        "(so Stamina 4, Strength 3 rolls 5 dice for a ruptured aorta); `double` takes both (3 dice).",
    )
    death_roll_timing: Literal["next_turn", "round_end"] = switch(
        "next_turn", "DEATH-01, TURN-02",
        "A crit with a one-round limit makes its death roll at the start of the victim's next turn (later"
        " this round if the victim has not acted yet), and again on each turn after that until stabilised"
        " (S1); `round_end` rolls at the end of the round after the injury (with `death_roll_grace`). "
        "Longer limits always count rounds.",
    )
    spine_treatment_deadline: Literal["heal_time", "none"] = switch(
        "heal_time", "HEAL-18 [M], CRIT-PHYS-56",
        "A cracked spine (paralysed: out of the fight) heals when its 3D6 days are up only if a Healing "
        "roll succeeded before then: a successful first aid on the victim in the fight, or a carer's "
        "successful roll in `recover()` (HEAL-07); otherwise it becomes permanent (S2's deadline, the end "
        "of the heal time; the SRD gives none). `none`: it heals in its time, treated or not.",
    )
    crit_heal_roll_at: Literal["healing", "injury"] = switch(
        "injury", "HEAL-17 [M], HEAL-06, HEAL-19",
        "When a critical injury's heal time (D6, 2D6 or 3D6 days) is rolled; the SRD does not say. "
        "`injury` (S2's reading, the digest's suggested default): when it is suffered, with the crit's own "
        "roll, so its length is known at once; a lethal one still waits for treatment before counting down. "
        "`healing`: when it starts to heal, at the first shift of recovery (`recover()`, a journey's daily "
        "checks) after any death-roll limit is treated. A Healer's halving applies either way.",
    )
    phobia_of: Literal["breaker", "none"] = switch(
        "breaker", "CRIT-MENT-42-43 (PROPOSED)",
        "What a phobia fears in a fight: the one whose attack or stress broke the character (the GM's "
        "choice in the source, \"something tied to what broke the character\"). At the end of each round, "
        "a character with the phobia who is in the fight (not Broken) and in the same zone as that one "
        "(within Short), while it is alive and present, takes 1 stress (Wits damage with attribute "
        "damage); at most 1 a round. `none`: the phobia is table text only.",
    )
    first_aid_hands: int = switch(
        2, "HEAL-01, CRIT-PHYS-23/26/36/43/52/54 (PROPOSED)",
        "Usable hands a combatant needs to give first aid (treat a Broken ally or stabilise a dying one). "
        "Each crit that makes a hand or an arm unusable takes one hand (two leave none). The sources say "
        "only \"arm unusable\"; bandaging and splinting take both hands, so by default one unusable arm "
        "rules first aid out; `1` lets a one-armed healer work, `0` never limits it.", low=0, high=2,
    )
    # --- attacks (attacks.py, resolution.py) ---
    full_auto: Literal["basic", "ammo_dice"] = switch(
        "basic", "AUTO-01..06",
        "Basic full-auto bursts (up to three shots, then a supply roll), or the ammo-dice variant.",
    )
    # --- mounts (mounts.py) ---
    rider_penalty_ranged: bool = switch(
        True, "AMB-13, MOUNT-09/11",
        "The -1 on attacks against a rider applies to ranged attacks too (not only close ones).",
    )
    mount_action: Literal["fast", "slow"] = switch(
        "fast", "VEH-05 (by analogy; PROPOSED)",
        "Getting off a riding animal (DISMOUNT) or back on (REMOUNT) is a fast action, as for a "
        "motorcycle; `slow` as for a car (VEH-04). The seeds say nothing of animals.",
    )
    remount_by: Literal["rider", "side"] = switch(
        "rider", "G-19 (PROPOSED)",
        "Who may get on a riderless mount: only its own rider, or also an ally without a living mount of "
        "its own once the animal's rider is out of the fight (the mount is then the ally's).",
    )

    def __post_init__(self) -> None:
        """PUSH-19/DMGM-05: the conditions push cost needs the conditions damage model."""
        if (self.push_cost == "conditions") != (self.damage_model == "conditions"):
            raise ValueError(
                "push_cost: conditions and damage_model: conditions go together (DMGM-05, PUSH-19); set both"
            )

    def with_overrides(self, **overrides: Any) -> RuleOptions:
        """A copy with some switches changed; unknown names raise ValueError."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ValueError(f"unknown rule option(s) {unknown}; known: {sorted(known)}")
        return replace(self, **overrides)

    @property
    def clock(self) -> Clock:
        """The lengths of the time units (TIME-06): lethal-injury limits, timed conditions, recovery."""
        return Clock(self.rounds_per_stretch, self.stretches_per_shift)


@dataclass(frozen=True, slots=True)
class VehicleOptions:
    """Rule switches for vehicles; the chase file's `vehicle_rules:` block sets them."""

    vehicle_skill: Literal["Mobility", "Driving"] = switch(
        "Mobility", "VEH-03, AMB-11, AMB-15, CHASE-14",
        "The skill of driving rolls (maneuvers, rams, skids): Mobility, or Agility + the `driving` skill."
        " Maneuverability and crit penalties apply either way.",
    )
    enter_exit_action: Literal["auto", "slow", "fast"] = switch(
        "auto", "VEH-04/05, AMB-10, ACTN-VEHICLE-01",
        "Getting in or out: slow, fast on bikes (`auto`), or always one of them. This is the catalog's "
        "`enter_exit_vehicle_action`.",
    )
    component_check: Literal["after_armor", "before_armor"] = switch(
        "after_armor", "VEH-DMG-05, AMB-17",
        "The half-Hull test for component damage counts the damage after or before armor.",
    )
    crit_die: Literal["auto", "d12", "d66"] = switch(
        "auto", "AMB-18",
        "Component damage die for non-close hits; close hits and rams always roll a D6 (VEH-DMG-06).",
    )
    ricochet_cancels_vehicle_damage: bool = switch(
        True, "VEH-CRIT-01, AMB-20",
        "A ricochet takes the damage away from the vehicle.",
    )
    crash_armor: Literal["roll", "flat"] = switch(
        "roll", "VEH-AIR-04, FALL-04",
        "Vehicle armor against crash damage: rolled like body armor, or subtracted.",
    )
    crash_brace: bool = switch(
        True, "VEH-AIR-05",
        "Occupants brace with Mobility: -1 crash damage per success.",
    )
    engine_fail_air: Literal["controlled", "crash"] = switch(
        "controlled", "VEH-CRIT-11, AMB-42",
        "An aircraft whose engine fails descends one zone a round and lands safely, or crashes.",
    )
    ram_crit_die: bool = switch(
        False, "VZC-01",
        "Blade Runner variant: a ram always rolls component damage on a die sized by the rammer's Hull.",
    )
    armor_vs_falls: bool = switch(
        False, "FALL-03",
        "Body armor against falls.",
    )
    occupant_cover_wears: bool = switch(
        True, "VEH-DMG-04/09, COVER-01/08, ARMOR-05",
        "An exposed occupant's cover is the vehicle's armor (VEH-DMG-09), and cover wears like armor "
        "(COVER-01): when a shot gets through, each bane of the cover roll takes a point (a grade with "
        "step dice) off the vehicle's armor. `false`: the cover roll never wears it (only hits on the "
        "vehicle do).",
    )

    def with_overrides(self, **overrides: Any) -> VehicleOptions:
        """A copy with some switches changed; unknown names raise ValueError."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ValueError(f"unknown vehicle option(s) {unknown}; known: {sorted(known)}")
        return replace(self, **overrides)


@dataclass(frozen=True, slots=True)
class ChaseOptions:
    """Chase rule switches (the chase file's `chase_rules:` block). Every PROPOSED item of
    SRD_DIGEST 3 is one of them, with the digest's default."""

    chase_multi: Literal["grouped", "individual"] = switch(
        "grouped", "CHASE-MULTI-01",
        "Two sides acting with their slowest member, or everyone on a strip of bands.",
    )
    chase_start_range: Literal["auto", "engaged", "short", "medium", "long"] = switch(
        "auto", "CHASE-03, CHASE-06",
        "Starting band; `auto` = the range of the fight the chase comes out of (capped at Long), else "
        "Medium.",
    )
    obstacles: bool = switch(
        True, "CHASE-09",
        "Draw one obstacle each round; `false` draws none.",
    )
    vehicle_obstacle_adv: Literal["pm2", "adv_disadv"] = switch(
        "pm2", "CHASE-OBST-01",
        "Vehicle-table advantage/disadvantage as +2/-2, or +1/-1 (a MOD-09 advantage with step dice).",
    )
    chase_after_catch: Literal["continue", "end", "fight"] = switch(
        "continue", "CHASE-END-04",
        "After the catch attack the chase goes on at Engaged (either side may switch to combat), ends "
        "with the pursuer winning, or (`fight`) turns into combat at once unless the attack left the prey"
        " Broken or wrecked (then the prey is caught, as with `continue`).",
    )
    chase_max_rounds: int = switch(
        10, "CHASE-END-05",
        "The chase limit; then the prey escape.", low=1, high=100,
    )
    collateral_heat: int = switch(
        1, "CHASE-COLLATERAL-01",
        "Heat for the failing driver's side.", low=0, high=10,
    )
    collateral_bystander_die: int = switch(
        3, "CHASE-COLLATERAL-01",
        "A bystander takes this die of damage (an event).", low=1, high=12,
    )
    obstacle_npcs: bool = switch(
        True, "CHASE-NPC-01..03",
        "Thugs, guards and police attack.",
    )
    chase_speed_gap: bool = switch(
        False, "CHASE-SPEED-01",
        "+1 per full 50% travel-speed advantage over the nearest enemy vehicle, at most +2.",
    )
    ask_cancel: bool = switch(
        True, "CHASE-12",
        "Ask each participant whether to go on with the revealed action or cancel it.",
    )
    overtake: bool = switch(
        True, "CHASE-FLEE-04",
        "A pursuer with successes to spare may overtake.",
    )
    hide_ambush: bool = switch(
        True, "CHASE-HIDE-04",
        "A prey that hides may spring a sneak attack instead of leaving (the chase ends in combat).",
    )
    vehicle_vs_foot_bonus: int = switch(
        2, "CHASE-17",
        "Chase/Flee bonus of a vehicle against runners where speed counts.", low=0, high=5,
    )
    passenger_penalty: int = switch(
        -2, "CHASE-VSHOOT-02",
        "Passengers' shots unless the driver stands and shoots.", low=-5, high=0,
    )
    passenger_shots_as_stand_and_shoot: bool = switch(
        False, "OBST-FOOT-4/6, OBST-VEH-4..8, CHASE-VSHOOT-01/02",
        "The obstacle table names the Stand and Shoot action: its modifier (e.g. -2 under a patrol car, "
        "OBST-VEH-5), the guards' or police's fire at whoever stands and shoots, and the collateral "
        "damage of a failed one meet the pilot's own Stand and Shoot only. A passenger's (or "
        "auto-targeting weapon's) shot on the move takes the passenger penalty instead (CHASE-VSHOOT-02) "
        "and draws no obstacle fire. `true`: every shot counts as Stand and Shoot for the obstacle too.",
    )
    obstacle_damage_armor: bool = switch(
        False, "OBST-VEH-3/7/9",
        "Whether vehicle armor rolls against collision damage.",
    )

    def with_overrides(self, **overrides: Any) -> ChaseOptions:
        """A copy with some switches changed; unknown names raise ValueError."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ValueError(f"unknown chase option(s) {unknown}; known: {sorted(known)}")
        return replace(self, **overrides)


def _step_dice_need_tracks(options: RuleOptions) -> tuple[str, str] | None:
    """DMGM-01/03: step dice have no attribute damage."""
    if options.dice_mode == "step" and options.damage_model == "attribute":
        return "damage_model", "step dice cannot use attribute damage (DMGM-01/03); set damage_model: health_resolve"
    return None


RULES: Final = SwitchBlock("rules", RuleOptions, "rule option", checks=(_step_dice_need_tracks,))
VEHICLE_RULES: Final = SwitchBlock("vehicle_rules", VehicleOptions, "vehicle option")
CHASE_RULES: Final = SwitchBlock("chase_rules", ChaseOptions, "chase option")
SWITCH_BLOCKS: Final = (RULES, VEHICLE_RULES, CHASE_RULES)
