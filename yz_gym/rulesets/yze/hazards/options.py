"""The hazards' rule switches (a future `hazard_rules:` block): every reading the seed leaves open.

The opposed-roll tie (AMB-03, ENV-05: a tie means poisoned) is the `rules:` block's `opposed_tie`,
the damage model of hazard damage and stress (AMB-07) its `damage_model`, and the lengths of a
stretch and a shift (AMB-01, TIME-06) its `rounds_per_stretch` and `stretches_per_shift`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from yz_gym.core.clock import TimeUnit, unit_named
from yz_gym.core.switches import SwitchBlock, switch

Interval = Literal["stretch", "shift", "day"]
ColdBand = Literal["warm", "chilly", "cold", "extreme_cold"]  # WEATHER-15 (PROPOSED)


@dataclass(frozen=True, slots=True)
class HazardOptions:
    """Rule switches for poison, drowning, cold, disease, hunger, thirst and sleep (HAZ-*, ENV-06), and the
    recovery blocks (HEAL-12/13)."""

    # --- poison ---
    rating_to_step: Literal["nearest", "floor"] = switch(
        "nearest", "AMB-04, ENV-04, ENV-08 (PROPOSED)",
        "Step dice: a potency rolls two dice of its grade, 3 = D, 6 = C, 9 = B, 12 = A; a potency between"
        " grades takes the nearest (1-4 D, 5-7 C, 8-10 B, 11+ A), or `floor` the grade at or below it (as"
        " armor ratings do). Pool dice always roll as many D6 as the potency.",
    )
    lethal_tick: Literal["round", "stretch", "shift"] = switch(
        "stretch", "AMB-06, TIME-09",
        "Away from a fight (no turns), lethal poison deals its 1 damage once per this unit.",
    )
    lethal_resisted: Literal["ends", "rolls_again"] = switch(
        "ends", "HAZ-POISON-LETHAL-02",
        "A Broken victim who wins the second roll against lethal poison is rid of it (still Broken), or "
        "`rolls_again` at each later tick until a roll fails (death) or an antidote ends it.",
    )
    # --- drowning ---
    npc_can_swim: bool = switch(
        True, "HAZ-DROWN-01",
        "NPCs swim like player characters; `false`: an NPC in the water goes under at once.",
    )
    float_failure: Literal["underwater", "drowning"] = switch(
        "underwater", "AMB-05, HAZ-DROWN-02",
        "A failed stay-afloat roll puts the swimmer under water (breath rolls each round), or `drowning`"
        " at once.",
    )
    drowning_rolls: Literal["none", "breath"] = switch(
        "none", "AMB-05, HAZ-DROWN-05",
        "A drowning character rolls no more and takes 1 Strength damage each round until rescued, or "
        "`breath`: rolls to hold the breath each round first, and a success stops the drowning.",
    )
    rescue_stops_death: bool = switch(
        True, "AMB-05, HAZ-DROWN-06",
        "A rescue before the stretch runs out saves one Broken while drowning.",
    )
    rescue_action: Literal["slow", "fast"] = switch(
        "slow", "AMB-05, HAZ-DROWN-05",
        "RESCUE (an ally in the same deep-water zone pulls one under water or drowning out, and both reach the"
        " zone's shore) is the slow action, or a fast one.",
    )
    # --- poison in a fight ---
    antidote_action: Literal["fast", "slow"] = switch(
        "fast", "HAZ-POISON-04",
        "ANTIDOTE (a carried `antidote` given to anyone poisoned in the zone, oneself too; used up) is a fast"
        " action (as using an item), or the slow one.",
    )
    gas_rolls: Literal["every_round", "on_entry"] = switch(
        "every_round", "HAZ-POISON-02 (PROPOSED)",
        "A gas zone calls for a roll against its poison at the end of every round spent in it, by whoever is"
        " not already suffering a poison; `on_entry`: only at the end of the first round in it.",
    )
    poison_needs_damage: bool = switch(
        True, "HAZ-POISON-02 (PROPOSED)",
        "A poisoned weapon delivers its poison (one dose) with a hit that deals damage through armor; `false`:"
        " with any hit.",
    )
    # --- cold ---
    chilly_interval: Interval = switch(
        "day", "HAZ-COLD-02, WEATHER-15, AMB-09",
        "How often an exposed character makes the cold roll in the chilly band.",
    )
    cold_interval: Interval = switch(
        "shift", "HAZ-COLD-02, WEATHER-15, AMB-09",
        "How often an exposed character makes the cold roll in the cold band.",
    )
    extreme_cold_interval: Interval = switch(
        "stretch", "HAZ-COLD-02, WEATHER-15, AMB-09",
        "How often an exposed character makes the cold roll in extreme cold.",
    )
    blanket_bonus: int = switch(
        1, "HAZ-COLD-03, AMB-09, WEATHER-16",
        "The bonus each piece of extra protection (a blanket, a sleeping bag) gives the cold roll.",
        low=0, high=3,
    )
    cold_damage: int = switch(
        1, "HAZ-COLD-04/05, AMB-09",
        "Damage each failed cold roll deals.", low=0, high=3,
    )
    cold_stress: int = switch(
        1, "HAZ-COLD-04/05, AMB-09",
        "Stress each failed cold roll deals.", low=0, high=3,
    )
    # --- disease ---
    care_cures: bool = switch(
        True, "AMB-08, HAZ-DISEASE-06/07",
        "A caregiver's successful Healing roll (+2) in the patient's place counts as the patient's"
        " successful infection roll and cures them; `false`: the patient rolls Stamina as usual, and the"
        " care only keeps them from dying.",
    )
    care_saves: bool = switch(
        True, "AMB-08, ENV-03, HAZ-DISEASE-05",
        "Being cared for within a day of becoming Broken while sick is the help that prevents death;"
        " `false`: only a cure (a successful infection roll) saves them.",
    )
    journey_care: Literal["off_the_move", "none"] = switch(
        "off_the_move", "HAZ-DISEASE-07 (PROPOSED)",
        "On a journey, the party's best healer cares for each sick traveller in every shift the party is"
        " off the move (caring costs no task); `none`: nobody cares for the sick on the road.",
    )
    # --- hunger, thirst and sleep ---
    thirst: bool = switch(
        True, "ENV-06 (PROPOSED), RATION-04",
        "A day without a water ration makes a traveller dehydrated: no recovery (HEAL-12), 1 damage for each"
        " further day without water, and death when another day passes without water after being Broken while"
        " dehydrated; a drink ends it. `false`: water is not tracked.",
    )
    dehydration_damage: int = switch(
        1, "ENV-06 (PROPOSED)",
        "Damage each further day without water deals (the first dry day only dehydrates).", low=0, high=3,
    )
    dehydration_blocks: Literal["damage_stress", "damage"] = switch(
        "damage_stress", "HEAL-12 (PROPOSED), HEAL-04",
        "What dehydration stops recovering: damage and stress (as hypothermia), or `damage` only (as hunger).",
    )
    collapse_shifts: int = switch(
        1, "HAZ-SLEEP-03",
        "Shifts a sleep-deprived character Broken by stress sleeps, and cannot be woken (\"at least one\").",
        low=1, high=4,
    )
    blocks_when_broken: bool = switch(
        True, "HEAL-13 [M]",
        "The recovery blocks of starving, sickness, sleep deprivation and hypothermia (HEAL-08..11) also"
        " stop the single point a Broken character regains alone after a shift (HEAL-03), on the blocked"
        " track; `false`: a Broken character still regains that point.",
    )

    # --- heat and pushing ---
    hot_interval: Interval = switch(
        "day", "ENV-07 (PROPOSED)",
        "How often one without shade or water makes the heat roll in a heat wave (`heat: hot`).",
    )
    extreme_heat_interval: Interval = switch(
        "shift", "ENV-07 (PROPOSED)",
        "How often one without shade or water makes the heat roll in extreme heat (`heat: extreme_heat`).",
    )
    hazard_resist_pushable: bool = switch(
        False, "ENV-09 (PROPOSED; suggested default true)",
        "The character pushes a lost roll resisting a hazard (poison, disease, its caregiver's Healing too;"
        " the hazard's dice are never pushed) and pays the push as any other (PUSH-10..20). The digest"
        " suggests `true`; the engine keeps `false` until the hazard games' digests are regenerated for it.",
    )

    def heat_roll_unit(self, heat: str) -> TimeUnit | None:
        """ENV-07: how often the heat roll comes; None without a heat wave."""
        if heat == "none":
            return None
        return unit_named(self.hot_interval if heat == "hot" else self.extreme_heat_interval)

    def cold_roll_unit(self, band: ColdBand) -> TimeUnit | None:
        """How often the cold roll comes in `band`; None when it is warm (WEATHER-15)."""
        named = {"warm": None, "chilly": self.chilly_interval, "cold": self.cold_interval,
                 "extreme_cold": self.extreme_cold_interval}
        if band not in named:
            raise ValueError(f"unknown cold band {band!r}; use one of {', '.join(named)}")
        interval = named[band]
        return None if interval is None else unit_named(interval)


DEFAULT_HAZARDS: Final = HazardOptions()
HAZARD_BLOCK: Final = SwitchBlock("hazard_rules", HazardOptions, "hazard rule option")
