"""The chase obstacle tables (SRD_DIGEST 3.7: OBST-FOOT-1..10, OBST-VEH-1..10) as data.

Readings (documented choices):
- "Prey" and "pursuer" are roles (CHASE-MULTI-07): a unit with an enemy chasing it from behind
  is prey, one with an enemy ahead is a pursuer; a unit in the middle of a strip is both.
- A listed modifier applies to that action whoever takes it. On the vehicle table, advantage and
  disadvantage are +2 / -2 (`vehicle_obstacle_adv: pm2`) or +1 / -1 (`adv_disadv`, which with
  `step_modifiers: advantage` becomes one MOD-09 advantage or disadvantage) (CHASE-OBST-01).
- Modifiers for Stand and Shoot apply to every shot of the round, passengers' included; guards
  and police (OBST-FOOT-6, OBST-VEH-5) fire at everyone who shoots.
- A check "no action" is rolled by the unit's roller before its action and may be pushed.
  Checks that fail an action are skipped when there is no action to fail (Other).
- OBST-VEH-10: a vehicle unit whose action is Other, or cancelled, creeps through with no roll.
- Vehicle-table damage and collateral only concern vehicles; runners on the vehicle table
  ignore them. OBST-FOOT-4: a failed shot hits a bystander (an event, and heat as collateral).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from yz_gym.rulesets.yze.chase.state import CK

ADV: Final = 1
DIS: Final = -1


@dataclass(frozen=True, slots=True)
class Obstacle:
    """One row of an obstacle table."""

    row: int
    table: str  # "foot" or "vehicle"
    name: str
    effect: str
    mods: tuple[tuple[CK, int], ...] = ()  # foot: the number; vehicle: ADV / DIS
    prey_fails: frozenset[CK] = frozenset()  # dead end: these prey actions fail at once
    check: str = ""  # the no-action roll: "stall", "crowd", "monks", "old_man", "thugs", "alley"
    fail_damage: int = 0  # die sides of vehicle damage after a failed Chase/Flee
    collateral: frozenset[CK] = frozenset()  # failing these causes collateral damage
    npc: str = ""  # "guards", "police": they fire at anyone who shoots
    rule_id: str = ""

    def modifier(self, kind: CK) -> int:
        """The listed modifier for an action (before CHASE-OBST-01 scaling)."""
        return sum(m for k, m in self.mods if k == kind)


_FLEE_HIDE_BLOCK: Final = frozenset({CK.CHASE, CK.HIDE, CK.BLOCK})
C, H, B, X, S = CK.CHASE, CK.HIDE, CK.BLOCK, CK.CUT_OFF, CK.SHOOT

FOOT_OBSTACLES: Final[dict[int, Obstacle]] = {
    o.row: o
    for o in (
        Obstacle(1, "foot", "Dead end", "The prey's Chase/Flee, Hide or Block fails.",
                 prey_fails=_FLEE_HIDE_BLOCK, rule_id="OBST-FOOT-1"),
        Obstacle(2, "foot", "Food stall", "Fleeing, hiding or blocking prey rolls Force or is "
                 "stopped and takes D3.", check="stall", rule_id="OBST-FOOT-2"),
        Obstacle(3, "foot", "Vehicle or cart", "Chase/Flee and Stand and Shoot +2; Cut Off -2.",
                 mods=((C, 2), (S, 2), (X, -2)), rule_id="OBST-FOOT-3"),
        Obstacle(4, "foot", "Crowd", "Hide +2; the pursuer rolls Observation or its action fails; "
                 "a failed shot hits a bystander.", mods=((H, 2),), check="crowd",
                 rule_id="OBST-FOOT-4"),
        Obstacle(5, "foot", "Monks", "The prey rolls Persuasion: Hide +2, or its action fails.",
                 check="monks", rule_id="OBST-FOOT-5"),
        Obstacle(6, "foot", "Guards", "Chase/Flee, Hide and Stand and Shoot -2; the guards fire "
                 "at shooters.", mods=((C, -2), (H, -2), (S, -2)), npc="guards",
                 rule_id="OBST-FOOT-6"),
        Obstacle(7, "foot", "Old man", "The pursuer pushes him away with Force or its action "
                 "fails.", check="old_man", rule_id="OBST-FOOT-7"),
        Obstacle(8, "foot", "Garbage", "Chase/Flee -2; Block +2.", mods=((C, -2), (B, 2)),
                 rule_id="OBST-FOOT-8"),
        Obstacle(9, "foot", "Open ground", "Stand and Shoot +2; Hide -2.",
                 mods=((S, 2), (H, -2)), rule_id="OBST-FOOT-9"),
        Obstacle(10, "foot", "Thugs", "The prey rolls Persuasion: the thugs attack it and its "
                 "action fails, or they go for the pursuer.", check="thugs",
                 rule_id="OBST-FOOT-10"),
    )
}  # fmt: skip

VEHICLE_OBSTACLES: Final[dict[int, Obstacle]] = {
    o.row: o
    for o in (
        Obstacle(1, "vehicle", "Dead end", "The prey's Chase/Flee, Hide or Block fails.",
                 prey_fails=_FLEE_HIDE_BLOCK, rule_id="OBST-VEH-1"),
        Obstacle(2, "vehicle", "Downpour", "Chase/Flee dis; Hide adv.",
                 mods=((C, DIS), (H, ADV)), rule_id="OBST-VEH-2"),
        Obstacle(3, "vehicle", "Vehicle or cart", "Block adv; Chase/Flee dis; a failed Chase/Flee "
                 "does D3 to the vehicle.", mods=((B, ADV), (C, DIS)), fail_damage=3,
                 rule_id="OBST-VEH-3"),
        Obstacle(4, "vehicle", "Red lights", "Cut Off adv; Chase/Flee and Stand and Shoot dis; "
                 "failing one causes collateral damage.", mods=((X, ADV), (C, DIS), (S, DIS)),
                 collateral=frozenset({X, C, S}), rule_id="OBST-VEH-4"),
        Obstacle(5, "vehicle", "Patrol car", "Chase/Flee, Hide and Stand and Shoot dis; the police "
                 "fire at shooters.", mods=((C, DIS), (H, DIS), (S, DIS)), npc="police",
                 rule_id="OBST-VEH-5"),
        Obstacle(6, "vehicle", "Highway", "Chase/Flee and Stand and Shoot adv; Hide and Block dis.",
                 mods=((C, ADV), (S, ADV), (H, DIS), (B, DIS)), rule_id="OBST-VEH-6"),
        Obstacle(7, "vehicle", "Road works", "Hide, Block and Cut Off adv; Chase/Flee and Stand and "
                 "Shoot dis; a failed Chase/Flee does D3 to the vehicle.",
                 mods=((H, ADV), (B, ADV), (X, ADV), (C, DIS), (S, DIS)), fail_damage=3,
                 rule_id="OBST-VEH-7"),
        Obstacle(8, "vehicle", "Cyclists", "Block adv; Chase/Flee and Stand and Shoot dis; failing "
                 "one causes collateral damage.", mods=((B, ADV), (C, DIS), (S, DIS)),
                 collateral=frozenset({B, C, S}), rule_id="OBST-VEH-8"),
        Obstacle(9, "vehicle", "Truck", "Cut Off adv; Chase/Flee dis; a failed Chase/Flee does D6 "
                 "to the vehicle.", mods=((X, ADV), (C, DIS)), fail_damage=6,
                 rule_id="OBST-VEH-9"),
        Obstacle(10, "vehicle", "Alley", "Each vehicle makes a driving roll or is wrecked; a driver "
                 "may cancel the action and creep through.", check="alley",
                 rule_id="OBST-VEH-10"),
    )
}  # fmt: skip

TABLES: Final = {"foot": FOOT_OBSTACLES, "vehicle": VEHICLE_OBSTACLES}

# CHASE-NPC-01/02 (PROPOSED): (attribute, skill, weapon bonus, weapon damage) of obstacle NPCs.
THUG: Final = (3, 2, 2, 1)  # STR 3, Melee 2, club (+2, damage 1)
GUARD: Final = (3, 2, 2, 2)  # AGI 3, Marksmanship 2, pistol (+2, damage 2)


def obstacle(table: str, row: int) -> Obstacle | None:
    """The obstacle drawn this round, or None."""
    if row <= 0 or table not in TABLES:
        return None
    return TABLES[table][row]


def scaled(o: Obstacle, kind: CK, adv_mode: str) -> int:
    """CHASE-OBST-01: vehicle-table advantage/disadvantage as +2/-2 (pm2) or +1/-1."""
    mod = o.modifier(kind)
    if o.table == "vehicle" and adv_mode == "pm2":
        return 2 * mod
    return mod
