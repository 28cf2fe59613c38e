"""YZE's event catalogue: every kind of event the rules emit, once, with its data keys and meaning.

Actor and target are combatant indices (-1: none) unless a line says otherwise. A kind marked rare
is one that the seeded random games of tests/core/test_event_catalogue.py do not produce; the
reason says when it happens. A roll's data (events.roll_data) is ROLL: the dice as [source, sides,
face] triples, successes, banes, whether it was pushed, and its automatic successes (`auto`, DICE-13) when a
Pride added one.
"""

from __future__ import annotations

from typing import Final

from yz_gym.core.event_catalogue import EventCatalogue, register

ROLL: Final = ("dice", "successes", "banes", "pushed", "auto")
SHIFT_ONLY: Final = "only between fights (a repair or recovery shift, recovery.py, gear.py, vehicles.py)"

EVENTS: Final = EventCatalogue("yze")
add = EVENTS.add

# --- the flow of a zone fight ------------------------------------------------------------------
add("initiative", "initiative cards dealt at the start of the fight or a round (INIT-01/02)",
    ("cards", "round", "hidden"))
add("card_chosen", "a surprising combatant picked its initiative card (INIT-SURPRISE-01)", ("card",))
add("ambushed", "the target failed its Observation roll against an ambush (AMBUSH-01)")
add("sneak", "the actor sneaks up on the target unseen (SNEAK-03)")
add("spotted", "the target spots the sneaking actor (SNEAK-03)")
add("swap", "the actor and target swap initiative cards (INIT-SWAP-01..04)", ("cards",))
add("round", "a new round begins (INIT-06, CHASE-07)", ("round",))
add("turn", "the actor's turn begins, with its card and the round", ("card", "round"))
add("turn_lost", "the actor loses its turn to a skid (VEH-CRIT-02)")
add("action", "the actor declares an action: its kind name, option and zone", ("kind", "option", "zone"))
add("failed", "the actor's action fails (no successes), by its kind name", ("kind",))
add("interrupted", "the actor is taken out by overwatch fire before its action resolves (ACTN-OVERWATCH-02)")
add("game_over", "the zone fight is over: the winning side (or None) and the narrated reason",
    ("winner", "reason"))

# --- rolls, pushes and their costs -------------------------------------------------------------
add("roll", "a skill or attribute roll by the actor against the target, and what for",
    (*ROLL, "skill", "purpose"))
add("push", "the actor pushes its roll (PUSH-04): the new roll", (*ROLL, "skill"))
add("pride", "the actor claims its Pride (DICE-13) on a roll at the target: its text, the roll's skill and its "
    "successes now (none when claimed before the roll)", ("pride", "skill", "successes"),
    rare="only for a combatant with a `pride`, which no bundled scenario gives")
add("push_cost", "what a push cost the actor: an attribute point or stress (PUSH-10..20)",
    ("amount", "attribute"))
add("doom", "a push gave the GM a doom point (PUSH-20, `push_cost: doom`)", ("doom",),
    rare="only with the doom push cost, which no bundled scenario uses")
add("willpower", "a push earned the actor willpower (PUSH-19, `push_cost: willpower`)", ("gained", "total"),
    rare="only with `willpower: true`, which no bundled scenario uses")
add("supply", "a supply roll for the actor's consumable gear (GEAR-SUPPLY)", (*ROLL, "supply"))

# --- movement, cover and position --------------------------------------------------------------
add("moved", "the actor moved: to a zone (zone fights, `rode` zones mounted) or to a band (chases)",
    ("zone", "rode", "bands", "pos"))
add("engaged", "the actor is now Engaged with the target (ACTN-RUN-01)")
add("retreated", "the actor retreats from Engaged to a zone (ACTN-RETREAT-01/02)", ("zone",))
add("peek", "the actor looks through an open door into a zone (AMB-26)", ("zone",))
add("fell", "the actor falls prone entering a cluttered zone (ZONE-FEAT-CLUTTERED-02)")
add("prone", "the actor drops prone (ACT-FREE-01)")
add("got_up", "the actor gets up (ACT-FAST-GETUP)")
add("in_cover", "the actor takes a cover of its zone (ACT-FAST-COVER)", ("cover",))
add("drew", "the actor draws a weapon (ACT-FAST-DRAW)", ("weapon",))
add("aimed", "the actor aims: its aim bonus (ACT-FAST-AIM)", ("bonus",))
add("lost_in_dark", "the actor fails to find the target in the dark: the attack misses (RMOD)")
add("fled", "the actor leaves the fight from an exit zone, or flees in panic", ("panic",))
add("smoke", "a smoke grenade fills a zone until a round (RMOD-15)", ("zone", "until_round"),
    rare="only when a smoke grenade is used; no bundled combatant carries one")
add("used_item", "the actor uses an item on the target or a zone (ACT-FAST-USE)", ("item", "zone"),
    rare="only with items; no bundled combatant carries one")

# --- attacks -------------------------------------------------------------------------------------
add("hit", "the actor's attack hits: its kind, damage and what was hit (a person, vehicle or mount)",
    ("kind", "damage", "target", "vehicle", "mount", "weapon"))
add("miss", "the actor's attack misses: its kind and what it was aimed at",
    ("kind", "target", "vehicle", "mount", "weapon"))
add("free_attack", "the actor gets a free attack on the target leaving Engaged (ACTN-RETREAT-02)")
add("block", "the actor blocks the target's attack (ACT-FAST-BLOCK)")
add("help", "the actor helps the target's roll (ACT-HELP-01..03)")
add("disarmed", "the actor disarms the target of a weapon, kept or thrown away (ACTN-CLOSE-03)",
    ("weapon", "thrown"))
add("tripped", "the actor trips the target (ACTN-CLOSE-04)")
add("shoved", "the actor shoves the target out of Engaged (ACTN-CLOSE-05)")
add("grappled", "the actor grapples the target (ACTN-CLOSE-06)")
add("let_go", "the actor lets go of the target it grappled (ACTN-GRAPPLE-01)")
add("broke_free", "the actor breaks free of the target's grapple (ACTN-BREAKFREE-01)")
add("fires_first", "of two overwatching shooters, the actor fires first (ACTN-OVERWATCH-03)",
    rare="only when two shooters overwatch each other at once")
add("overwatch", "the actor takes overwatch over a zone (ACTN-OVERWATCH-01)", ("zone",))
add("overwatch_fire", "the actor fires from overwatch at the target (ACTN-OVERWATCH-01/02)")
add("burst", "a full-auto burst: one extra shot (AUTO-02/03)", ("shot", "vehicle", "mount"))
add("ammo_dice", "the ammo dice of a shot (AUTO-03/04)", ROLL,
    rare="only with `full_auto: ammo_dice`, which no bundled scenario uses")
add("ammo_damage", "an ammo six adds 1 damage to the latest hit (AUTO-05)", ("damage", "vehicle", "mount"),
    rare="only with `full_auto: ammo_dice`, which no bundled scenario uses")
add("extra_hit", "an ammo six buys an extra hit on the target, a vehicle or a mount (AUTO-05)",
    ("vehicle", "mount"), rare="only with `full_auto: ammo_dice`, which no bundled scenario uses")
add("ammo_used", "rounds the actor's shot used and what is left (AUTO-06)", ("rounds", "left"),
    rare="only with `full_auto: ammo_dice`, which no bundled scenario uses")
add("out_of_ammo", "the actor's weapon is out of ammunition (AUTO-06, a failed supply roll)",
    rare="only when a magazine (`full_auto: ammo_dice`) or a supply runs out")
add("reloaded", "the actor reloads (ACTN-RELOAD-01..03)")
add("unpersuaded", "the actor fails to persuade the target (ACT-SLOW-PERSUADE)")
add("surrendered", "the actor surrenders to the target (`persuade_effect: surrender`, G-19)",
    rare="only with `persuade_effect: surrender`, which no bundled scenario uses")

# --- doors ---------------------------------------------------------------------------------------
add("door_damage", "the actor damages the door to a zone: damage and the door's total (ACTN-DOOR-02)",
    ("zone", "amount", "total"))
add("door_broken", "the actor breaks the door to a zone open (ACTN-DOOR-02)", ("zone",))

# --- damage, protection and injuries -------------------------------------------------------------
add("cover", "the target's cover roll, of a cover or a vehicle (COVER-01/02)", (*ROLL, "rating", "vehicle"))
add("cover_degraded", "the target's cover loses a point (COVER-03)", ("rating",))
add("armor", "the target's armor roll, or a door's (ARMOR-01..05)", (*ROLL, "rating", "door"))
add("armor_degraded", "the target's armor loses a point (ARMOR-04)", ("rating",))
add("armor_worn", "the actor's armor wears down to a maximum (GEAR-05)", ("max",), rare=SHIFT_ONLY)
add("armor_destroyed", "the actor's armor is destroyed (GEAR-05)", ("armor",), rare=SHIFT_ONLY)
add("armor_repaired", "the actor's armor is repaired to a rating (GEAR-03..05)", ("rating",), rare=SHIFT_ONLY)
add("damage", "the target takes damage from the actor (-1: none), after protection; `push`: a push cost",
    ("amount", "dealt", "push"))
add("stress", "the target takes stress from the actor (-1: none); `push`: a push cost",
    ("amount", "dealt", "push"))
add("stress_level", "the target's stress level rises (PUSH-16/18: stress dice or health only)", ("amount", "level"),
    rare="only with `push_cost: stress_dice` or `damage_model: health_only`, which no bundled scenario uses")
add("condition", "the target gains a condition (DMGM conditions damage model)", ("condition",),
    rare="only with `damage_model: conditions`, which no bundled scenario uses")
add("broken", "the target is Broken, by damage or stress (BROKEN-01)", ("by",))
add("critical", "the target suffers a critical injury: table, D66 code and name (CRIT-01)",
    ("table", "code", "name"))
add("death_roll", "the actor's death roll, when a lethal limit runs out (DEATH-01/02)", (*ROLL, "skill"))
add("death", "the target dies, and why (DEATH-01, CRIT-02)", ("cause",))
add("stabilised", "the actor stabilises the target's lethal injury: saved, or a longer limit (DEATH-03/04)",
    ("lethal", "limit"))
add("stabilise_failed", "the actor fails to stabilise the target (DEATH-05)")
add("recovered", "the target recovers damage or stress (HEAL-01..04): amount and rule", ("amount", "rule"))
add("injury_healed", "the target's injury heals (HEAL-06/07), or a Healing roll ends it (HEAL-18, CRIT-PHYS-14/15)",
    ("injury",))
add("injury_permanent", "the target's crit was not treated in time and will never heal (HEAL-18, CRIT-PHYS-56)",
    ("injury",), rare=SHIFT_ONLY)
add("treated", "the actor's Healing roll treats the target's crit in time (HEAL-18, CRIT-PHYS-56): it can heal",
    ("injury",))
add("phobia", "the actor's phobia of the target, the one who broke it, costs 1 stress (CRIT-MENT-42-43)",
    rare="only when a mental crit rolls a phobia and its victim, back in the fight, shares a zone with its breaker")
add("panic", "the actor's panic roll: die, stress, result and rule (PUSH-17)",
    ("die", "stress", "result", "rule"), rare="only after a 1 on a stress die (stress dice)")
add("action_lost", "panic costs the actor an action (PUSH-PANIC-10/12)", rare="only after a panic roll")
add("dropped", "panic makes the actor drop its weapon (PUSH-PANIC-09)", ("weapon",), rare="only after a panic roll")

# --- fire and explosions -------------------------------------------------------------------------
add("fire", "a fire attack on the target: intensity and roll (FIRE-01..03)", (*ROLL, "intensity"))
add("caught_fire", "the target catches fire at an intensity (FIRE-02)", ("intensity",))
add("fire_out", "the fire on the target goes out, or the actor puts it out (FIRE-03, ACTN-EXTINGUISH-01)",
    rare="only once someone burns and the fire dies down or is put out")
add("blast", "a blast roll against the target: power and roll (EXPL-01..10)", (*ROLL, "power"))
add("explosion", "an explosion of a power in a zone (VEH-CRIT-12)", ("power", "zone"),
    rare="only on the VEH-CRIT-12 row of the vehicle crit table")

# --- gear ----------------------------------------------------------------------------------------
add("gear_damaged", "a push damages the actor's weapon: its bonus and rating left (GEAR-01/02)",
    ("weapon", "bonus", "rating", "broken"))
add("gear_destroyed", "the actor's weapon is destroyed by a failed repair (GEAR-05)", ("weapon",), rare=SHIFT_ONLY)
add("repaired", "the actor repairs the target's weapon to a rating (GEAR-03/04)", ("weapon", "rating"),
    rare=SHIFT_ONLY)
add("repair_failed", "a repair of a weapon or a vehicle part fails (GEAR-05, VEH-REPAIR)",
    ("weapon", "maximum", "vehicle", "part"), rare=SHIFT_ONLY)

# --- vehicles ------------------------------------------------------------------------------------
add("boarded", "the actor boards a vehicle, exposed or not (ACT-FAST-VEHENTER, VEH-04/05)",
    ("vehicle", "exposed"))
add("got_out", "the actor gets out of a vehicle (ACT-FAST-VEHENTER)", ("vehicle",))
add("engine_started", "the actor starts a vehicle's engine (ACT-FAST-ENGINE)", ("vehicle",))
add("took_wheel", "the actor takes a vehicle's wheel (ACT-FAST-WHEEL)", ("vehicle",))
add("manned", "the actor mans a mounted weapon of a vehicle", ("vehicle", "weapon"))
add("drove", "the actor drives a vehicle to a zone, so many zones on (VEH-MOVE-01/02)",
    ("vehicle", "zone", "zones"))
add("flew", "the actor flies a vehicle to an altitude (VEH-AIR-03)", ("vehicle", "altitude"))
add("altitude", "a vehicle changes altitude in a chase (CHASE-OTHER-01)", ("vehicle", "altitude"))
add("vehicle_hit", "a vehicle is hit for damage by the actor (VEH-DMG-01)", ("vehicle", "amount"))
add("vehicle_armor", "a vehicle's armor roll (VEH-DMG-02)", (*ROLL, "vehicle", "rating"))
add("vehicle_armor_degraded", "a vehicle's armor loses a point", ("vehicle", "rating"))
add("vehicle_damage", "a vehicle takes damage: amount and total (VEH-DMG-03)", ("vehicle", "amount", "total"))
add("vehicle_crit", "a vehicle critical damage row (VEH-CRIT-01..12)",
    ("vehicle", "row", "die", "name", "rule", "amount"))
add("vehicle_crit_reroll", "a vehicle crit row that cannot apply is rolled again", ("vehicle", "row"))
add("vehicle_blast", "a blast roll against a vehicle (EXPL, VEH-DMG)", (*ROLL, "vehicle", "power"),
    rare="only when an explosive hits a vehicle")
add("vehicle_fire", "a fire attack on a burning vehicle (FIRE-06)", (*ROLL, "vehicle", "intensity"))
add("vehicle_fire_out", "a vehicle's fire goes out (FIRE-06)", ("vehicle",),
    rare="only once a vehicle burns and its fire dies down")
add("vehicle_explodes", "a vehicle explodes with a blast power (VEH-CRIT)", ("vehicle", "power"))
add("weapon_disabled", "a vehicle's mounted weapon is disabled (VEH-CRIT)", ("vehicle", "weapon"),
    rare="only on the mounted-weapon row of the vehicle crit table with a mounted weapon aboard")
add("engine_failure", "a vehicle's engine fails (VEH-CRIT)", ("vehicle",))
add("skid", "a vehicle skids (VEH-CRIT-02)", ("vehicle",))
add("crash", "a vehicle crashes: its die and altitude (VEH-CRIT, VEH-AIR)", ("vehicle", "die", "altitude"))
add("crash_damage", "the target takes crash damage in a vehicle: the die and amount", ("vehicle", "roll", "amount"))
add("descent", "a damaged aircraft descends to an altitude (AMB-42)", ("vehicle", "altitude"),
    rare="only with an aircraft whose engine failed in the air")
add("ricochet", "a ram ricochets off a vehicle onto another (or none) (VEH-RAM)", ("vehicle", "to"))
add("wrecked", "a vehicle is wrecked (VEH-DMG-04)", ("vehicle",))
add("fall", "the target falls a height for an amount of damage (VEH-AIR, FALL)", ("height", "amount"),
    rare="only when someone leaves an aircraft in the air")
add("vehicle_repaired", "the actor repairs a vehicle's damage: amount and total (VEH-REPAIR)",
    ("vehicle", "amount", "total"), rare=SHIFT_ONLY)
add("component_repaired", "the actor repairs a vehicle part (VEH-REPAIR)", ("vehicle", "part"), rare=SHIFT_ONLY)
add("unwrecked", "the actor's repairs make a wrecked vehicle run again (VEH-REPAIR)", ("vehicle",),
    rare=SHIFT_ONLY)

# --- mounts ----------------------------------------------------------------------------------------
add("mount_damage", "the target's mount takes damage from the actor: amount and Strength left (MOUNT-12)",
    ("mount", "amount", "left"))
add("mount_dies", "the target's mount dies (MOUNT-12)", ("mount",))
add("dismounted", "the actor gets off its mount in a zone (MOUNT-02)", ("mount", "zone"))
add("remounted", "the actor gets on the target's riderless mount (MOUNT-02)", ("mount",))

# --- chases ----------------------------------------------------------------------------------------
add("chase_start", "a chase begins: its name, starting range and multi-unit mode (CHASE-05)",
    ("name", "range", "mode"))
add("revealed", "a unit's secret action is revealed (CHASE-10)", ("unit", "slot", "action", "vehicle"))
add("cancelled", "the actor's chase action is cancelled (CHASE-11)")
add("action_failed", "the actor's chase action fails, and why", ("action", "why"))
add("obstacle", "the round's obstacle: its table, D10 row, name and rule (CHASE-09)",
    ("table", "row", "name", "rule"))
add("obstacle_check", "the actor's check against the obstacle passes or fails", ("check", "passed"))
add("collateral", "the actor's driving hurts bystanders and raises its side's heat (CHASE-COLLATERAL-01)",
    ("bystander_damage", "heat"))
add("npc_attack", "an obstacle's NPC attacks the target (OBST)", (*ROLL, "npc"))
add("blocked", "the actor blocks the target, who falls back (CHASE-BLOCK)")
add("stopped_by_block", "the actor cannot get past a block (CHASE-BLOCK-02)")
add("cut_off", "the actor cuts the target off: Engaged (CHASE-CUTOFF)")
add("cut_off_failed", "the actor's cut-off fails: the range it leaves (CHASE-CUTOFF-03)", ("range",))
add("overtake", "the actor overtakes the target by so many bands (CHASE-FLEE-04)", ("bands",))
add("stay_engaged", "the actor stays Engaged on the target's tail")
add("hidden", "the actor hides from the target (CHASE-HIDE)")
add("not_hidden", "the target keeps the actor in sight (CHASE-HIDE)")
add("other", "the actor takes another action: no movement relative to the others (CHASE-OTHER-01)")
add("caught", "the actor catches the target (CHASE-END-02)")
add("out_of_chase", "the actor's unit leaves the chase: out or caught (CHASE-END-03)", ("status",))
add("out_of_sight", "the actor's and target's units are beyond Extreme: no longer chasing (CHASE-FLEE-02)")
add("escaped", "the actor's unit got away (CHASE-END-01)")
add("gave_up", "the actor's pursuing unit has no one left to chase (CHASE-END-01)")
add("chase_over", "the chase is over: winner (or None), reason and the last range", ("winner", "reason", "range"))

register(EVENTS)

# --- hazards (hazards/: poison, drowning, cold; in zone fights with a `hazards:` block, and on expeditions) --
HAZARD: Final = "only in a fight whose scenario has a `hazards:` block, and seldom there (cold, antidotes), or on an expedition"
add("hazard_roll", "the actor's Stamina roll against a hazard: its name, rating, the hazard's successes and "
    "whether the actor resisted (HAZ-POISON-02, HAZ-DROWN-02/04, HAZ-COLD-01); a caregiver's Healing roll "
    "for the target, its skill named (HAZ-DISEASE-07)",
    (*ROLL, "hazard", "rating", "against", "resisted", "skill"))
add("poisoned", "the target suffers a poison's effect (HAZ-POISON-03)", ("poison", "effect", "potency"))
add("poison_ended", "a poison's effect on the target ends: by time, a won second roll or the actor's antidote "
    "(HAZ-POISON-04, -LETHAL-02, -PARALYZE-01, -SLEEP-01)", ("condition", "by"))
add("in_water", "the target is in the water, swimming (HAZ-DROWN-01/02)")
add("went_under", "the target goes under water and must hold its breath (HAZ-DROWN-03/04, AMB-05)", ("cause",))
add("drowning", "the target starts drowning: 1 Strength damage a round (HAZ-DROWN-05)", ("cause",))
add("rescued", "the actor pulls the target out of the water (AMB-05)")
add("left_water", "the target swims out of the water")
add("hypothermic", "the target fails a cold roll and is hypothermic (HAZ-COLD-04)")
add("warmed", "the target warms up: hypothermia ends (HAZ-COLD-07)", rare=HAZARD)
add("struggling", "the actor, under water or drowning, struggles for air and loses its turn (AMB-05)")
add("dose", "the actor's poisoned weapon delivers a dose to the target; doses left (-1: unlimited) (HAZ-POISON-02)",
    ("poison", "left"))

# --- the long clock: disease, hunger, sleep (hazards/disease.py, hunger.py, sleep.py) ------------
add("infected", "the target fails an infection roll and is sick: 1 damage, no damage recovery (HAZ-DISEASE-03); "
    "a Ruptured intestines crit calls for one (CRIT-PHYS-46)", ("disease", "virulence"))
add("cured", "the target's disease ends: a successful infection roll, by the target or the actor caring for it "
    "(HAZ-DISEASE-06/07)", rare=HAZARD)
add("cared_for", "the actor cares for the target, sick and Broken: it will not die of the disease (HAZ-DISEASE-05, "
    "AMB-08)", rare=HAZARD)
add("heatstroke", "the target fails a heat roll and has heatstroke (ENV-07)", rare=HAZARD)
add("cooled", "the target cools down in the shade with water: heatstroke ends (ENV-07)", rare=HAZARD)
add("starving", "the target went a day without food and is starving (HAZ-HUNGER-02)", rare=HAZARD)
add("fed", "the target eats and is no longer starving (HAZ-HUNGER-06)", rare=HAZARD)
add("dehydrated", "the target went a day without a water ration and is dehydrated (ENV-06)", rare=HAZARD)
add("quenched", "the target drinks and is no longer dehydrated (ENV-06)", rare=HAZARD)
add("sleep_deprived", "the target went a day without a shift of sleep (HAZ-SLEEP-02)", rare=HAZARD)
add("slept", "the target sleeps a full shift: no longer sleep-deprived (HAZ-SLEEP-04)", rare=HAZARD)
add("sleep_lost", "the target's shift of sleep does not count: nightmares or a nocturnal sleeper in the dark "
    "(CRIT-MENT-32-35, CRIT-MENT-36-41)", ("injury",), rare=HAZARD)
add("collapsed", "the target, sleep-deprived and Broken by stress, collapses asleep and cannot be woken "
    "(HAZ-SLEEP-03)", ("shifts",), rare=HAZARD)

# --- the journey (travel/: expeditions; actor and target are travellers, -1: the party) ---------
TRAVEL: Final = "only on an expedition (travel/), which the seeded zone fights and chases never are"
add("journey", "an expedition starts: its name, start hex, terrain, season, band and weather (WEATHER-05/15)",
    ("name", "col", "row", "terrain", "season", "band", "weather"), rare=TRAVEL)
add("plan", "the actor sets the party's plan for the day (TRAVEL-24)", ("day", "plan"), rare=TRAVEL)
add("shift", "a shift of the journey begins: day, shift name and weather (TIME-02)", ("day", "shift", "weather"),
    rare=TRAVEL)
add("weather", "the weather roll of a shift and the new weather (WEATHER-05..08); die 0: no roll",
    ("die", "weather"), rare=TRAVEL)
add("entered", "the party enters a hex: its coordinates, terrain and road (TRAVEL-04, TRAVEL-10..13)",
    ("col", "row", "terrain", "road"), rare=TRAVEL)
add("river_crossing", "the party swims across a river: how, and how many swim (TRAVEL-30/31)", ("how", "swimmers"),
    rare=TRAVEL)
add("capsized", "the party's boat capsizes: everyone aboard is in the water (TRAVEL-32, `boat_mishap`)",
    ("aboard",), rare=TRAVEL)
add("through_the_ice", "the target breaks through thin ice into the water (ENV-11)", rare=TRAVEL)
add("left_behind", "stores the party cannot carry are left behind: food and water rations (RIDE-03, `mount_loads`)",
    ("food", "water"), rare=TRAVEL)
add("vehicle_through_ice", "a vehicle of the party breaks through thin ice and sinks with its occupants (ENV-11)",
    ("occupants",), rare=TRAVEL)
add("explore", "the party stops to explore a site: its name and the stretches it takes (TASK-EXPLORE, TRAVEL-34)",
    ("site", "stretches"), rare=TRAVEL)
add("site_explored", "a site is explored and the party takes what it held (TRAVEL-34)",
    ("site", "food", "water", "fuel"), rare=TRAVEL)
add("supply_roll", "the actor's supply roll for the party's food or water: the faces and the rating left "
    "(RATION-02/03, GEAR-09)", ("supply", "faces", "rating"), rare=TRAVEL)
add("mount_went_without", "the target's mount went without food or water yesterday, and the Strength it lost "
    "(RATION-05)", ("mount", "food", "water", "damage"), rare=TRAVEL)
add("mount_died", "the target's mount dies of hunger or thirst (RATION-05, MOUNT-14)", ("mount", "cause"),
    rare=TRAVEL)
add("veered", "a failed navigation roll takes the party toward the wrong hex (TRAVEL-09)", ("col", "row"),
    rare=TRAVEL)
add("no_progress", "the party makes no progress this shift, and why (TRAVEL-06/08, DRIVE-07)", ("reason",),
    rare=TRAVEL)
add("provisions", "the actor's forage, hunt, fishing, cooking, roadkill or fuel: what and how many rations "
    "(FORAGE-, HUNT-, FISH-, COOK-, DRIVE-MISHAP-3, FUEL-06)", ("task", "kind", "gained"), rare=TRAVEL)
add("camp", "the actor makes camp, with the mishap a failure brings (CAMP-01..03)", ("made", "mishap"), rare=TRAVEL)
add("stores_lost", "food rations lost from the party's stores, and why (CAMP-MISHAP-1)", ("food", "cause"),
    rare=TRAVEL)
add("item_lost", "the target loses an item: lost, burnt or broken (CAMP-MISHAP-4/9/10)", ("item", "how"), rare=TRAVEL)
add("meal", "the target eats the day's food ration, and whether it drank (RATION-01/04, TRAVEL-38)", ("drank",),
    rare=TRAVEL)
add("went_without", "the target went a day without food, water or sleep, or ate risky food: the hook of "
    "hunger, thirst, sleep and disease (HAZ-HUNGER-, ENV-06, HAZ-SLEEP-, RATION-06)",
    ("food", "water", "sleep", "days", "risky_meals"), rare=TRAVEL)
add("encounter", "the party meets an encounter: its name, attitude, distance and who saw whom first "
    "(ENCOUNTER-02..05, WATCH-01..08)", ("name", "attitude", "distance", "spotted"), rare=TRAVEL)
add("detour", "the party backs off unseen and goes around (WATCH-06): the stretches it costs", ("stretches",),
    rare=TRAVEL)
add("fight", "an encounter's zone fight played to its end: name, winner, rounds, distance, who saw first and "
    "its narrated log when kept (ENCOUNTER-05)", ("name", "winner", "rounds", "distance", "spotted", "log"),
    rare=TRAVEL)
add("mishap", "a driving mishap: the vehicle, the 2D6 and its name (DRIVE-03, DRIVE-MISHAP-2..12)",
    ("vehicle", "roll", "name"), rare=TRAVEL)
add("vehicle_damaged", "a vehicle of the party takes hull damage on the road (DRIVE-05/06)", ("vehicle", "amount"),
    rare=TRAVEL)
add("vehicle_lost", "a vehicle of the party is left behind: wrecked, engine blown or out of fuel",
    ("vehicle", "cause"), rare=TRAVEL)
add("mount_lame", "the target's mount goes lame on a third riding shift (RIDE-01)", ("mount",), rare=TRAVEL)
add("mount_sound", "the target's lame mount is sound again after its rest (RIDE-05)", ("mount",), rare=TRAVEL)
add("journey_over", "the expedition is over: the winning side (or None) and the reason", ("winner", "reason"),
    rare=TRAVEL)
