"""The travel rules' switches (the expedition file's `travel_rules:` block): every PROPOSED, [L] or
ambiguous reading of the SRD's travel chapter (section 5 of the digest) that the code makes.

The lengths of a stretch and a shift (TIME-06) are the `rules:` block's `rounds_per_stretch` and
`stretches_per_shift`; the cold intervals and blanket bonus are the `hazard_rules:` block's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from yz_gym.core.switches import SwitchBlock, switch

Season = Literal["spring", "summer", "autumn", "winter"]
Band = Literal["warm", "chilly", "cold", "extreme_cold"]


@dataclass(frozen=True, slots=True)
class TravelOptions:
    """Rule switches of travel: shifts, marching, weather, encounters, food, camp and driving."""

    # --- time and weather ---
    dark_shifts: Literal["evening_night", "night"] = switch(
        "evening_night",
        "TIME-07",
        "The dark shifts (night marching, night driving, dark visibility): evening and night, or the night"
        " shift only.",
    )
    heavy_rain_ends_without_roll: bool = switch(
        True,
        "WEATHER-07, WEATHER-08",
        "After a shift of heavy rain or snow the next shift is overcast and no weather roll is made; "
        "`false`: the ladder is simply rolled again (S2).",
    )
    weather_start: Literal["heavy", "overcast", "clear"] = switch(
        "overcast",
        "WEATHER-09",
        "The weather of the first shift when the scenario gives none.",
    )
    storms: Literal["scenario_only", "never"] = switch(
        "scenario_only",
        "WEATHER-17 (PROPOSED)",
        "A storm or blizzard comes only where the scenario sends one (its `storms:` and `weather: storm`): heavy"
        " rain's effects, visibility Medium by day and Short in the dark, navigation -2, a failed march roll"
        " stops the group, the cold rolls one interval sooner, no aircraft flies; a shift later it is heavy"
        " rain. `never`: a storm the scenario sends is plain heavy rain or snow.",
    )
    # --- marching ---
    carry_broken: Literal["half_pace", "full_pace"] = switch(
        "half_pace",
        "TRAVEL-04 (PROPOSED)",
        "A group on foot carrying a Broken traveller moves at half its pace (the SRD is silent), or at full pace.",
    )
    veer_off_map: Literal["stay", "lost_shift"] = switch(
        "stay",
        "TRAVEL-09, TRAVEL-28",
        "A veer that would leave the map: the group stays in its hex (the movement is spent), or "
        "`lost_shift`: the rest of the shift is lost too.",
    )
    veer_costs_movement: bool = switch(
        True,
        "TRAVEL-28",
        "After veering, the movement spent on the wrong hex is gone and the next hex needs a new roll.",
    )
    # --- rivers, boats and ice ---
    river_crossing: Literal["on_entry", "never"] = switch(
        "on_entry",
        "TRAVEL-30 (PROPOSED)",
        "A party on foot swims across a river when it enters a river hex from a hex without one, unless"
        " the hex has a bridge (a road) or a ford, it has boats for all, or the river is frozen; `never`:"
        " rivers are crossed without swimming.",
    )
    river_swim_stretches: int = switch(
        1,
        "TRAVEL-31 (PROPOSED)",
        "Stretches swimming across a river takes; each swimmer rolls to stay afloat at the end of each"
        " (HAZ-DROWN-02).",
        low=1,
        high=6,
    )
    boat_speed_raft: int = switch(1, "TRAVEL-33 (PROPOSED)", "Hexes a shift a raft covers.", low=1, high=20)
    boat_speed_rowboat: int = switch(2, "TRAVEL-33 (PROPOSED)", "Hexes a shift a rowing boat covers.",
                                     low=1, high=20)  # fmt: skip
    boat_speed_motorboat: int = switch(8, "TRAVEL-33 (PROPOSED)", "Hexes a shift a motorboat covers.",
                                       low=1, high=40)  # fmt: skip
    downstream_bonus: int = switch(
        1,
        "TRAVEL-33 (PROPOSED)",
        "Hexes a shift added on a journey downstream (the scenario's `waters.downstream`).",
        low=0,
        high=10,
    )
    boat_mishap: Literal["capsize", "none"] = switch(
        "capsize",
        "TRAVEL-32, DRIVE-03 (PROPOSED)",
        "The boatman rolls Mobility (+2 on the water, -2 in heavy rain) at the start of each shift on the"
        " water; a failure is a mishap (D6, `capsize_on`): the boat capsizes, everyone aboard is in the water"
        " for a stretch (HAZ-DROWN-*) and soaked; or it runs aground; either way the shift's movement is"
        " halved (DRIVE-04). `none`: boats have no mishaps.",
    )
    capsize_on: int = switch(
        2,
        "TRAVEL-32 (PROPOSED)",
        "A boat's mishap (D6) capsizes it on this or less; above, it runs aground or snags.",
        low=0,
        high=6,
    )
    boat_navigation: Literal["follow_water", "roll"] = switch(
        "follow_water",
        "TRAVEL-28, TRAVEL-32 (PROPOSED)",
        "A boat going from a lake or river hex into another follows the water and needs no navigation roll;"
        " `roll`: it navigates off-road hexes as any party (TRAVEL-09).",
    )
    thin_ice: Literal["chilly_only", "never"] = switch(
        "chilly_only",
        "ENV-11 (PROPOSED)",
        "Frozen lakes and rivers (the scenario's `waters.ice`) in the chilly band are thin: the navigator"
        " rolls Survival for each frozen hex entered, and on a failure a random traveller breaks through."
        " `never`: the ice always holds. In the cold bands ice is always safe.",
    )
    ice_cold_roll_mod: int = switch(
        -2,
        "ENV-11 (PROPOSED)",
        "The modifier of the cold roll made at once by one pulled out of icy water.",
        low=-6,
        high=0,
    )
    # --- encounters and watch ---
    encounter_on_offroad: int = switch(
        6,
        "ENCOUNTER-02",
        "Off-road, an encounter comes on a D6 at least this.",
        low=1,
        high=7,
    )
    encounter_on_road: int = switch(
        5,
        "ENCOUNTER-02, TRAVEL-29",
        "On a road, an encounter comes on a D6 at least this.",
        low=1,
        high=7,
    )
    encounter_on_camp_fire: int = switch(
        5,
        "ENCOUNTER-02, CAMP-04",
        "In a camp shift with a fire, an encounter comes on a D6 at least this (the smoke is seen).",
        low=1,
        high=7,
    )
    visibility_blocks_attacks: bool = switch(
        True,
        "WEATHER-13",
        "In an encounter's fight nothing beyond the shift's visibility (WEATHER-10..12, by day or in the dark"
        " shifts) can be targeted (S2); `false`: the weather limits only the encounter distance. Heavy rain's -1"
        " on ranged attacks (WEATHER-07) applies either way.",
    )
    encounter_distance_capped_by_visibility: bool = switch(
        True,
        "WATCH-08",
        "The encounter distance is the nearer of the terrain's and the visibility.",
    )
    ambush_prepared_from: Literal["long", "extreme", "never"] = switch(
        "long",
        "ENCOUNTER-05",
        "A party ambush set from this distance or farther is well prepared (the victims roll at -2).",
    )
    ambush_prepared_if_no_watch: bool = switch(
        True,
        "ENCOUNTER-05, WATCH-01",
        "A hostile encounter that meets a group without a lookout lays a well-prepared ambush.",
    )
    # --- food, water, camp ---
    consumables: Literal["count", "supply"] = switch(
        "count",
        "RATION-02, RATION-03 (PROPOSED intervals)",
        "Food and water are counted rations (`count`), or supply ratings (`supply`): the party's `food` and"
        " `water` are ratings, and each traveller who eats or drinks from one makes a supply roll for it once a"
        " day (GEAR-09: a D6 per point, at most 6; each 1 lowers it by 1).",
    )
    meal_shift: Literal["evening", "night"] = switch(
        "evening",
        "TRAVEL-38",
        "The shift at whose end the daily food and water rations are eaten.",
    )
    water_per_day: int = switch(
        1,
        "RATION-04",
        "Water rations each traveller drinks a day.",
        low=0,
        high=4,
    )
    water_per_day_hot: int = switch(
        2,
        "RATION-04, ENV-07 (PROPOSED)",
        "Water rations each traveller drinks a day in a heat wave (the scenario's `heat`).",
        low=0,
        high=6,
    )
    water_free_at_river: bool = switch(
        True,
        "FORAGE-03",
        "In a hex with a river or lake, water is found without a roll: every bottle is refilled.",
    )
    forage_water_per_success: int = switch(
        1,
        "FORAGE-03",
        "Water rations each success of a water forage gives.",
        low=0,
        high=6,
    )
    forage_on_water: Literal["shore", "zero"] = switch(
        "shore",
        "FORAGE-06",
        "Foraging for food in a lake or river hex uses the terrain of the hex (its shore), or `zero`: +0 (S2).",
    )
    hunt_shot_range: Literal["short", "medium", "long"] = switch(
        "medium",
        "HUNT-07",
        "The range band of the hunting shot (its range modifier applies).",
    )
    trap_needs_gear: bool = switch(True, "HUNT-08", "A trap needs a snare in the party's gear.")
    fishing_gear_bonus: int = switch(
        1,
        "FISH-01 (PROPOSED)",
        "The gear bonus fishing gear gives the fishing roll.",
        low=0,
        high=3,
    )
    cook_batch: int = switch(12, "COOK-01, COOK-03", "Rations one cook's roll makes safe.", low=1, high=48)
    lice_no_sleep: Literal["today", "until_healed"] = switch(
        "today",
        "CAMP-MISHAP-6",
        "Lice keep the victim from sleeping today (S1), or `until_healed`: until a Healing roll succeeds "
        "(S2; the party's best healer tries each evening).",
    )
    sleep_counts_as_rest: bool = switch(
        True,
        "REST-05",
        "A shift of sleep is also a shift of rest for natural recovery (HEAL-14).",
    )
    # --- mounts ---
    mount_speed_open: int = switch(
        3,
        "RIDE-04, TRAVEL-22",
        "Hexes a shift a mounted group covers on roads and open ground.",
        low=1,
        high=10,
    )
    mount_speed_other: int = switch(
        1,
        "RIDE-04, TRAVEL-22",
        "Hexes a shift a mounted group covers in other off-road terrain.",
        low=1,
        high=10,
    )
    animals_eat: bool = switch(
        True,
        "RATION-05 (PROPOSED)",
        "Mounts need food and water: they graze (`animal_grazes`) or eat fodder from the party's food, drink"
        " from its water, and going without costs their Strength (hunger and thirst rules); `false`: they"
        " need nothing.",
    )
    animal_grazes: bool = switch(
        True,
        "RATION-05 (PROPOSED)",
        "A mount grazes in its rest shift where the hex's forage modifier is -1 or better and it is not winter.",
    )
    animal_food_per_day: int = switch(2, "RATION-05 (PROPOSED)", "Rations of fodder a mount eats a day when it"
                                      " cannot graze.", low=0, high=6)  # fmt: skip
    animal_water_per_day: int = switch(2, "RATION-05 (PROPOSED)", "Water rations a mount drinks a day (none by a"
                                       " river or lake).", low=0, high=6)  # fmt: skip
    mount_loads: Literal["stores", "none"] = switch(
        "stores",
        "RIDE-03, TRAVEL-22, GEAR-07, RATION-02/04 (PROPOSED)",
        "A party with mounts carries its counted stores (a food ration weighs 1/4 of an item, a water ration 1/2)"
        " on its travellers (2 x Strength items each, their own gear not counted) and its animals (each its carry"
        " limit, twice that when led on foot, none while lame); after each shift on the move what is more is"
        " left behind, the riskiest food first, water last. `none`: loads are not counted.",
    )
    lame_recovery_days: int = switch(
        1,
        "RIDE-05",
        "Full days a lame mount must rest, neither ridden nor loaded, before it can be ridden.",
        low=1,
        high=14,
    )
    # --- driving ---
    mishap_roll_adds_maneuverability: bool = switch(
        True,
        "DRIVE-03",
        "The driving roll adds the vehicle's Maneuverability (S2).",
    )
    mishap_progress: Literal["half_round_up", "none"] = switch(
        "half_round_up",
        "DRIVE-04",
        "A mishap that stops the vehicle leaves it after half the shift's movement (rounded up), or none.",
    )
    roadkill_damage: Literal["animal_health_half", "vehicle_hull_half"] = switch(
        "animal_health_half",
        "DRIVE-05",
        "Roadkill damage: half the animal's Health, or half the vehicle's Hull.",
    )
    crash_speed: Literal["current", "max"] = switch(
        "current",
        "DRIVE-06",
        "A crash deals the travel speed of that shift, or the higher of road and off-road.",
    )
    engine_blown: Literal["destroyed", "wrecked"] = switch(
        "destroyed",
        "DRIVE-MISHAP-12",
        "An engine blown: the vehicle is destroyed (S1), or wrecked and repairable as a broken axle (S2).",
    )
    fuel_whole_hex: bool = switch(True, "FUEL-04", "A vehicle enters a hex only with the fuel for all of it.")
    fuel_mode: Literal["litres", "supply"] = switch(
        "litres",
        "FUEL-07 (PROPOSED)",
        "Fuel counted in litres (FUEL-01/03/04: each vehicle's tank, burnt hex by hex, topped up from the"
        " party's spare `fuel`), or `supply`: the party's `fuel` is one supply rating for all its vehicles"
        " (RATION-02, GEAR-09), rolled once at the start of each shift the convoy drives, twice when it"
        " starts it off the road; at 0 the vehicles are out of fuel and left behind. Gathering adds 1 to the"
        " rating per success (S2's one fuel unit), not litres.",
    )
    gather_litres_per_success: int = switch(
        5,
        "FUEL-06",
        "Litres of alcohol fuel each success of a gather-fuel roll gives.",
        low=0,
        high=50,
    )

    def boat_speeds(self) -> dict[str, int]:
        """TRAVEL-33: the boats' speeds by kind."""
        return {"raft": self.boat_speed_raft, "rowboat": self.boat_speed_rowboat,
                "motorboat": self.boat_speed_motorboat}  # fmt: skip

    def dark(self, shift: int) -> bool:
        """TIME-07: is this shift of the day (0 morning .. 3 night) dark?"""
        return shift == 3 or (shift == 2 and self.dark_shifts == "evening_night")


DEFAULT_TRAVEL: Final = TravelOptions()
TRAVEL_BLOCK: Final = SwitchBlock("travel_rules", TravelOptions, "travel rule option")
