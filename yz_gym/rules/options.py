"""Rule variants and resolutions of ambiguous rules, as switches with documented defaults."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

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
    push_reroll: Literal["all_nonsuccess"] = "all_nonsuccess"  # PUSH-06 simulator default
    ask_push: bool = True  # pushing is the roller's decision; False never pushes
    opposed_tie: Literal["active_fails", "reroll"] = "active_fails"  # OPP-02, AMB-03
    hidden_initiative: bool = False  # INIT-HIDDEN-01/02
    group_npc_initiative: bool = True  # INIT-NPC-01: one card per NPC group
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
    # --- damage, stress, pushing, gear (damage.py, pushing.py, gear.py, recovery.py) ---
    crit_threshold: int = 4  # BROKEN-04 crit_trigger=threshold: damage landed >= this (PROPOSED: one value for all weapons)
    push_tool_absorbs: bool = False  # PUSH-12/GEAR-06: the weapon used takes a damage_stress push's banes
    willpower: bool = False  # PUSH-15: attribute push costs grant 1 Willpower per point lost
    fire_rise: int = 1  # FIRE-02 "one step" in pool dice (S2: +1 die); step dice always rise one grade
    death_roll_grace: bool = True  # DEATH-01 (conv.): the round of the injury does not count towards its limit
    # --- attacks (attacks.py, resolution.py) ---
    full_auto: Literal["basic", "ammo_dice"] = "basic"  # AUTO-01/02 basic burst, or AUTO-03..06 ammo dice
    # --- mounts (mounts.py) ---
    rider_penalty_ranged: bool = True  # AMB-13: the -1 against a rider (MOUNT-09) applies to shots too

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
    def rounds_per_shift(self) -> int:
        """Rounds in one shift (AMB-01), used for lethal-injury time limits."""
        return self.rounds_per_stretch * self.stretches_per_shift
