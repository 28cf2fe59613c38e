"""Rule variants and resolutions of ambiguous rules, as switches with documented defaults.

The switches of zone fights (RuleOptions), vehicles (VehicleOptions) and chases (ChaseOptions)
live here, in a module kept interpreted in the compiled build: scenario loaders read their type
hints at run time (setup.py)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from yz_gym.core.clock import Clock

DiceMode = Literal["pool", "step"]
DamageModel = Literal["attribute", "health_resolve", "health_only", "conditions"]  # DMGM-01
PushCost = Literal["attribute", "damage_stress", "stress_dice", "conditions", "doom", "none"]  # PUSH-10


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Every rule switch of a game; the scenario file's `rules:` block sets them."""

    dice_mode: DiceMode = "pool"  # VARIANT-09: base D6 pool or step dice A-D
    step_modifiers: Literal["numeric", "advantage"] = "numeric"  # MOD-09/10
    damage_model: DamageModel = "attribute"  # DMGM-01, AMB-07: seeds put damage on Strength
    push_cost: PushCost = "attribute"  # PUSH-10: PUSH-14 attribute damage, PUSH-11 damage/stress
    push_reroll: Literal["all_nonsuccess", "agent_choice"] = "all_nonsuccess"  # PUSH-06 simulator default
    ask_push: bool = True  # pushing is the roller's decision; False never pushes
    opposed_tie: Literal["active_fails", "reroll"] = "active_fails"  # OPP-02, AMB-03
    hidden_initiative: bool = False  # INIT-HIDDEN-01/02
    group_npc_initiative: bool = True  # INIT-NPC-01: one card per NPC group
    ambush_group_roll: bool = False  # AMBUSH-01: true = an NPC group rolls Observation once, by its first member
    initiative_overflow: Literal["error", "extend_deck"] | None = None  # AMB-27
    free_prone_per_turn: int = 1  # AMB-31: dropping prone at most once per turn
    take_cover_roll: bool = False  # ACTN-COVER-02: Seek cover needs no roll by default
    dim_zone_mod: int = -2  # RMOD-16: ranged attacks into a Dimly Lit zone
    dim_light_mod: int = -1  # RMOD-13/16: ranged attacks within a dim zone (AMB-24: not -2)
    crit_trigger: Literal["broken", "threshold", "two_successes"] = "broken"  # BROKEN-04
    offer_help: bool = True  # ACT-HELP-01..03: allies may help a roll out of turn
    stress_from_events: bool = True  # STRESS-04/06: a friend's lethal injury or death
    persuade_effect: Literal["stress", "surrender"] = "stress"  # PROPOSED (G-19)
    peek_lasts: Literal["round", "until_move"] = "until_move"  # AMB-26
    extreme_max_hops: int = 40  # AMB-23: Extreme range reaches about 1 km
    rounds_per_stretch: int = 60  # AMB-01
    stretches_per_shift: int = 60  # AMB-01 (TRAVEL-23 would give 48)
    npc_broken_dies: bool = False  # HEAL-05: minor NPCs Broken by damage may simply die
    wooden_door_toughness: int = 5  # ACTN-DOOR-02
    blast_engaged_min1_on_zero: bool = True  # EXPL-05
    overwatch_slow: Literal["kept", "next_round"] = "kept"  # ACTN-OVERWATCH-02: keep the slow action unused
    # --- damage, stress, pushing, gear (damage.py, pushing.py, gear.py, recovery.py) ---
    crit_threshold: int = 4  # BROKEN-04 crit_trigger=threshold: damage landed >= this (PROPOSED: one value for all weapons)
    push_tool_absorbs: bool = False  # PUSH-12/GEAR-06: the weapon used takes a damage_stress push's banes
    willpower: bool = False  # PUSH-15: attribute push costs grant 1 Willpower per point lost
    fire_rise: int = 1  # FIRE-02 "one step" in pool dice (S2: +1 die); step dice always rise one grade
    death_roll_grace: bool = True  # DEATH-01 (conv.): the round of the injury does not count towards its limit
    crit_table_text: Literal["s1", "s2"] = "s1"  # CRIT-05 [M]: the crit table rows where the two sources differ
    death_roll_penalty: Literal["once", "double"] = "once"  # DEATH-02: a crit's -1/-2 is its Stamina effect, once
    death_roll_timing: Literal["next_turn", "round_end"] = "next_turn"  # DEATH-01: a round limit's roll (S1)
    # --- attacks (attacks.py, resolution.py) ---
    full_auto: Literal["basic", "ammo_dice"] = "basic"  # AUTO-01/02 basic burst, or AUTO-03..06 ammo dice
    # --- mounts (mounts.py) ---
    rider_penalty_ranged: bool = True  # AMB-13: the -1 against a rider (MOUNT-09) applies to shots too
    mount_action: Literal["fast", "slow"] = "fast"  # VEH-05 by analogy (seeds silent): getting on or off an animal
    remount_by: Literal["rider", "side"] = "rider"  # PROPOSED (G-19): who may get on a riderless mount

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

    vehicle_skill: Literal["Mobility", "Driving"] = "Mobility"  # VEH-03, AMB-11, AMB-15, CHASE-14
    enter_exit_action: Literal["auto", "slow", "fast"] = "auto"  # VEH-04/05, AMB-10: auto = slow, bikes fast
    component_check: Literal["after_armor", "before_armor"] = "after_armor"  # VEH-DMG-05, AMB-17
    crit_die: Literal["auto", "d12", "d66"] = "auto"  # AMB-18: auto = D12 with step dice, D66 with the pool
    ricochet_cancels_vehicle_damage: bool = True  # VEH-CRIT-01, AMB-20
    crash_armor: Literal["roll", "flat"] = "roll"  # VEH-AIR-04, FALL-04: armor vs crashes
    crash_brace: bool = True  # VEH-AIR-05: occupants brace with Mobility
    engine_fail_air: Literal["controlled", "crash"] = "controlled"  # VEH-CRIT-11, AMB-42
    ram_crit_die: bool = False  # VZC-01 (Blade Runner): a ram always rolls a crit die sized by the Hull
    armor_vs_falls: bool = False  # FALL-03 (PROPOSED): body armor does not help against falls
    occupant_cover_wears: bool = True  # VEH-DMG-09, COVER-01, ARMOR-05: an occupant's cover roll wears the vehicle's armor

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

    chase_multi: Literal["grouped", "individual"] = "grouped"  # CHASE-MULTI-01
    chase_start_range: Literal["auto", "engaged", "short", "medium", "long"] = "auto"  # CHASE-06
    obstacles: bool = True  # CHASE-09: one obstacle a round; false = none (for variants and tests)
    vehicle_obstacle_adv: Literal["pm2", "adv_disadv"] = "pm2"  # CHASE-OBST-01
    chase_after_catch: Literal["continue", "end", "fight"] = "continue"  # CHASE-END-04
    chase_max_rounds: int = 10  # CHASE-END-05: then the prey escape
    collateral_heat: int = 1  # CHASE-COLLATERAL-01: heat for the failing driver's side
    collateral_bystander_die: int = 3  # CHASE-COLLATERAL-01: a bystander takes D3
    obstacle_npcs: bool = True  # CHASE-NPC-01..03: thugs, guards and police attack
    chase_speed_gap: bool = False  # CHASE-SPEED-01 (off by default)
    ask_cancel: bool = True  # CHASE-12: each participant may cancel its revealed action
    overtake: bool = True  # CHASE-FLEE-04: a pursuer with successes to spare may overtake
    hide_ambush: bool = True  # CHASE-HIDE-04: the hidden prey may spring a sneak attack instead
    vehicle_vs_foot_bonus: int = 2  # CHASE-17
    passenger_penalty: int = -2  # CHASE-VSHOOT-02
    passenger_shots_as_stand_and_shoot: bool = False  # OBST-FOOT-6, OBST-VEH-4..8: obstacles name the driver's action
    obstacle_damage_armor: bool = False  # OBST-VEH-3/7/9: vehicle armor against collision damage

    def with_overrides(self, **overrides: Any) -> ChaseOptions:
        """A copy with some switches changed; unknown names raise ValueError."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise ValueError(f"unknown chase option(s) {unknown}; known: {sorted(known)}")
        return replace(self, **overrides)
