"""DX3 weapons and protective gear as data (DX3-WPN-*, DX3-ARM-*): their stat lines, the typical
ones bundled by name, 素手 (unarmed), and the range terms a weapon reaches with (DX3-ATK-05)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MELEE: Final = "白兵"  # 種別 and skill of a melee weapon
RANGED: Final = "射撃"  # 種別 and skill of a ranged weapon
MAX_EQUIPPED: Final = 2  # DX3-WPN-03: at most two weapons equipped
ARMOR_SLOTS: Final = ("防具", "防具(補助)")  # DX3-ARM-03: one of each


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon's stat line (DX3-WPN-01): 種別, skill, 命中, 攻撃力, ガード値 and 射程.

    `close` is 射程 至近 (the user's own engagement); `reach` a range in metres (0: none). A weapon
    with both (至近/10m) may use either (DX3-ATK-05)."""

    name: str
    kind: str  # MELEE or RANGED (種別)
    skill: str  # the skill of its hit check (技能)
    hit: int  # 命中: added to the hit 達成値
    attack: int  # 攻撃力: added to the damage roll
    guard: int  # ガード値 when guarding with it (0: none)
    close: bool  # 射程 至近
    reach: int  # 射程 in metres, 0 for none
    two_handed: bool = False  # forbids any other weapon while equipped (DX3-WPN-03)
    stock: int = 0  # 常備化: stock points to own it for good (DX3-WPN-01/02); 0: not given
    purchase: int = 0  # the 〈調達〉 difficulty of buying it (DX3-WPN-02); 0: not given, not bought
    targets: int = 1  # N of an N体 weapon (DX3-ATK-06): up to N targets, chosen as `count_targets` says

    def reaches(self, distance: int, same_engagement: bool, ranged_in_engagement: bool) -> bool:
        """Whether a target `distance` metres away (0 in the user's engagement) is in range (DX3-ATK-05,
        DX3-ENG-09: a metre range may target the user's own engagement when `ranged_in_engagement`)."""
        if same_engagement:
            return self.close or (self.reach > 0 and ranged_in_engagement)
        return self.reach > 0 and distance <= self.reach


@dataclass(frozen=True, slots=True)
class Armor:
    """Protective gear (DX3-ARM-01): its slot, ドッジ and 行動 modifiers and 装甲値."""

    name: str
    slot: str  # one of ARMOR_SLOTS
    dodge: int  # added to the dodge 達成値 (DX3-ARM-02)
    initiative: int  # added to 行動値 (and so to 戦闘移動)
    armor: int  # 装甲値


UNARMED: Final = Weapon("素手", MELEE, MELEE, 0, -5, 0, True, 0)  # DX3-WPN-05, DX3-ATK-12

# DX3-WPN-06 (ref.): the typical weapons, by the names a scenario file uses
WEAPONS: Final = {
    "sword": Weapon("sword", MELEE, MELEE, -1, 5, 3, True, 0),  # W1
    "hammer": Weapon("hammer", MELEE, MELEE, -3, 12, 2, True, 0, two_handed=True),  # W2
    "knife": Weapon("knife", MELEE, MELEE, -1, 2, 0, True, 10),  # W3: 至近/10m
    "shield": Weapon("shield", MELEE, MELEE, -3, 2, 6, True, 0),  # W4
    "handgun": Weapon("handgun", RANGED, RANGED, -1, 3, 0, False, 20),  # W5
    "assault_rifle": Weapon("assault_rifle", RANGED, RANGED, -1, 9, 0, False, 100),  # W6
    "sniper_rifle": Weapon("sniper_rifle", RANGED, RANGED, 0, 11, 0, False, 200),  # W7
    "crossbow": Weapon("crossbow", RANGED, RANGED, -2, 2, 0, False, 40, stock=4, purchase=7),  # W8
}
# DX3-ARM-05 (ref.): the typical protective gear
ARMORS: Final = {
    "reinforced_clothes": Armor("reinforced_clothes", "防具", 0, 0, 1),  # A1
    "bulletproof_jacket": Armor("bulletproof_jacket", "防具", 0, 0, 3),  # A2
    "heavy_body_armor": Armor("heavy_body_armor", "防具", -2, -1, 7),  # A3
    "chain_mail": Armor("chain_mail", "防具", -1, -1, 8),  # A4
    "full_armor": Armor("full_armor", "防具", -3, -3, 10),  # A5
}


def range_text(weapon: Weapon) -> str:
    """The 射程 as a sheet writes it: 至近, 20m, 至近/10m."""
    parts = (["至近"] if weapon.close else []) + ([f"{weapon.reach}m"] if weapon.reach else [])
    return "/".join(parts)
