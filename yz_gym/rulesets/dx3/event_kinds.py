"""DX3's event catalogue: every kind of event the DX3 fight emits, once, with its data keys and
meaning. Actor and target are fighter indices (-1: none). A check's `faces` are its rounds of
D10 faces, the first roll first (DX3-DICE-04)."""

from __future__ import annotations

from typing import Final

from yz_gym.core.event_catalogue import EventCatalogue, register

CHECK: Final = ("faces", "achievement", "fumble")

EVENTS: Final = EventCatalogue("dx3")
add = EVENTS.add

# --- the round (rounds.py) ----------------------------------------------------------------------
add("fight", "the fight begins on a line of `length` metres", ("name", "length"))
add(
    "impulse",
    "a PC's impulse check (衝動判定) at the fight's start: 〈意志〉 at 9, 侵蝕率 +2D10, 暴走 on a failure (DX3-ENC-06)",
    ("faces", "achievement", "fumble", "berserk", "rise", "before", "encroachment"),
)
add(
    "titus",
    "the actor sublimates a Titus (a Lois turned into one first if it held none) for `use` (DX3-TITUS-02/03)",
    ("use", "titus", "lois"),
)
add(
    "effect_revive",
    "the actor, fallen, stands up with an auto revive `effect` at `hp` HP, paying its 侵蝕値 (DX3-EFF-M15)",
    ("effect", "hp", "before", "after"),
    rare="only with a revive effect (second_wind) usable at the fall, 侵蝕率 120% for the bundled one",
)
add(
    "titus_raise",
    "a Titus sublimated right after the actor's check adds 1D10 (`faces`): its 達成値 is now `achievement` (DX3-TITUS-03C)",
    ("faces", "achievement"),
)
add("titus_revive", "the actor stands up from 戦闘不能 with HP 【肉体】 + 10 (DX3-TITUS-03D)", ("hp",))
add(
    "procure",
    "before the fight the actor tries to buy a weapon with 〈調達〉 against its purchase difficulty (DX3-WPN-02)",
    ("weapon", "difficulty", "faces", "achievement", "fumble", "bought"),
    rare="only when a fighter's file lists weapons to procure",
)
add(
    "round", "a round's setup process begins (DX3-ROUND-01); minor_only: HR-EVENT-01", ("round", "minor_only")
)
add(
    "initiative",
    "the initiative process picks the actor for its main process (DX3-ROUND-02/04)",
    ("initiative", "waited"),
)
add("wait", "the actor waits (待機) and acts after everyone else (DX3-ROUND-04)")
add("skip", "the actor gives up its minor or major action (行動放棄, DX3-ROUND-03)", ("action",))
add("cleanup", "the round's cleanup process (DX3-ROUND-07)", ("round",))
add(
    "timed_effect",
    "the actor declares a combo at a setup, initiative or cleanup `timing` (its cost in a `combo` event): "
    "`bonuses` on its numbers, those `until_cleanup` ending this round, HP `healed` (DX3-ROUND-01/02/07)",
    ("timing", "effects", "bonuses", "until_cleanup", "healed", "hp"),
    rare="only when a fighter has effects timed setup, initiative or cleanup",
)
add(
    "effect_ends",
    "the cleanup process ends the actor's `bonuses` that lasted the round (DX3-ROUND-07)",
    ("bonuses",),
    rare="only after a timed effect that lasts the round",
)
add(
    "end",
    "the fight is over: the winning side ('' for none), why, after how many rounds",
    ("winner", "reason", "rounds"),
)
# --- moving (engagement.py) ---------------------------------------------------------------------
add(
    "move",
    "a 戦闘移動 (minor) from one position in metres to another; `joined`: whom it engaged",
    ("from", "to", "joined"),
)
add("full_move", "a 全力移動 or 離脱 (major) from one position to another", ("from", "to", "joined"))
add(
    "leave_check",
    "the lone leaver's opposed 【肉体】 check against the target (HR-ENGAGE-01)",
    ("faces", "achievement", "rival_faces", "rival", "won"),
)
add(
    "equip",
    "the actor equips a weapon, putting another away (DX3-WPN-04)",
    ("weapon", "put_away"),
    rare="only in a fight where someone carries more weapons than it holds and chooses to change them",
)
add(
    "made_weapon",
    "the actor's weapon-making effect makes a weapon for the scene, equipped at once (DX3-EFF-M05)",
    ("weapon", "hit", "attack", "guard", "put_away"),
    rare="only with a weapon-making effect (summon_weapon), which no bundled fight gives",
)
add(
    "blockade",
    "the actor's blockade effect puts 封鎖 on its engagement at `position` up or down (DX3-EFF-M13)",
    ("position", "up"),
    rare="only with a blockade effect, which no bundled fight gives",
)
# --- attacking (attack.py) ----------------------------------------------------------------------
add(
    "combo",
    "the actor declares a combo of effects with its attack and pays its 侵蝕値 (DX3-EFF-06, DX3-ENC-07)",
    ("effects", "cost", "before", "after"),
)
add(
    "attack",
    "the actor declares an attack named at the target with a weapon ('-': its effects make it), "
    "striking `targets`: the target, or everyone its area takes in (DX3-ATK-02, DX3-ATK-07)",
    ("weapon", "targets"),
)
add("hit_check", "the attack's hit check (DX3-ATK-03/04)", ("skill", "dice", "crit", "modifier", *CHECK))
add("dodge", "the actor (a target) dodges the target's attack with 〈回避〉 (DX3-REACT-08)", CHECK)
add("guard", "the actor (a target) guards with a weapon's ガード値 (DX3-REACT-10)", ("weapon", "guard"))
add("no_reaction", "the actor (a target) does not react (DX3-REACT-12)")
add("hit", "the actor's attack hits the target", ("achievement",))
add("missed", "the actor's attack misses the target (a fumble, 0 dice or a dodge)", ("dodged",))
add("cover", "the actor covers the target, taking the attack in its place (DX3-REACT-13..15)")
add("damage_roll", "the attack's one damage roll (DX3-DMG-02/05)", ("faces", "attack", "total"))
add(
    "status",
    "the actor's attack gives the target the bad status `status` (rank: 邪毒's) (DX3-BS-*, DX3-ATK-11 step 8)",
    ("status", "rank"),
    rare="only with an attack effect that inflicts a bad status",
)
add(
    "recover",
    "the actor spends its minor action to clear a bad status, with a 【精神】 check at 9 unless the check is "
    "off (achievement -1) (DX3-BS-11, HR-STATUS-01, AMB-37)",
    ("status", "faces", "achievement", "fumble", "recovered"),
    rare="only when a fighter holds a bad status an action may clear",
)
add(
    "titus_clear",
    "the actor's sublimated Titus clears bad statuses (DX3-TITUS-03E, `titus_clear`)",
    ("statuses",),
)
add(
    "poison",
    "in the cleanup process the target loses 3 x rank HP to 邪毒 (DX3-BS-18)",
    ("rank", "hp_lost", "hp"),
    rare="only with an attack effect that inflicts 邪毒",
)
add(
    "no_damage",
    "the actor's effect attack states no 攻撃力, so it rolls no damage (DX3-DMG-06)",
    rare="only with an attack effect that states no 攻撃力",
)
add(
    "auto_effect",
    "the actor's オート effect fires at its trigger and pays its 侵蝕値: `use` guard adds `amount` to the "
    "ガード値, reduction takes `amount` off the HP damage (DX3-EFF-05, HR-VEH-AUTO-01)",
    ("effect", "use", "amount", "before", "after"),
    rare="only with a guard or damage-reducing オート effect",
)
add(
    "damage",
    "the target loses HP to the actor's attack after armor and guard (DX3-DMG-05)",
    ("hp_lost", "hp", "armor", "guard", "factor", "covering"),
)
add("down", "the actor falls to 戦闘不能 (DX3-DMG-03); target: the attacker")
add(
    "resurrect",
    "the actor rises with 《リザレクト》, 侵蝕率 up by the HP healed (DX3-DMG-04)",
    ("healed", "hp", "encroachment", "before"),
)
add(
    "killed",
    "the actor's finishing blow kills the 戦闘不能 target (DX3-DMG-10)",
    rare="only with coup_de_grace: major_action, which no bundled fight sets",
)
add("stays_down", "the actor declines 《リザレクト》 and stays 戦闘不能")

# --- stage gimmicks (gimmicks.py) ----------------------------------------------------------------
add(
    "gimmick",
    "a stage gimmick goes off in the setup process, catching fighters (HR-GIMMICK-01)",
    ("name", "caught"),
)
add(
    "gimmick_dodge",
    "the actor dodges a stage gimmick against its difficulty (HR-GIMMICK-02)",
    (*CHECK, "difficulty", "avoided"),
)
add(
    "gimmick_damage",
    "the target takes a gimmick's damage roll (DX3-DMG-07)",
    ("faces", "total", "armor", "guard", "hp_lost", "hp"),
)
add("distracted", "the gimmick distracts the actor: its engagement is released (HR-GIMMICK-03)")

# --- vehicles (riding.py, vehicle.py) -------------------------------------------------------------
add("board", "the actor boards `vehicle` in `seat`, taking up a mounted `weapon` (DX3-VEH-02, HR-VEH-WPN-01)",
    ("vehicle", "seat", "weapon"))  # fmt: skip
add("leave_vehicle", "the actor gets off `vehicle` (DX3-VEH-02)", ("vehicle",))
add(
    "swap_driver",
    "driver and passenger change places; `driver` drives now (HR-VEH-03)",
    ("vehicle", "driver"),
)
add(
    "hand_over",
    "a mounted `weapon` goes from the actor (-1: nobody) to the target (HR-VEH-WPN-04)",
    ("weapon",),
)
add("at_vehicle", "the actor's attack on the target strikes its `vehicle` instead (HR-VEH-04)", ("vehicle",))
add(
    "vehicle_dodge",
    "the vehicle dodge: the spotter's 〈知覚〉 (-1: no passenger), then the driver's 〈運転〉 with its dice and "
    "C値 changed by it (HR-VEH-DODGE-01..07)",
    ("vehicle", "spotter", "perception", "perception_faces", "dice", "crit", *CHECK, "dodged"),
)
add(
    "vehicle_damage",
    "the vehicle loses HP: the damage less its own 装甲値 and the guard (HR-VEH-10/11, AMB-40)",
    ("vehicle", "hp_lost", "hp", "armor", "guard"),
)
add(
    "vehicle_destroyed",
    "the vehicle at 0 HP is destroyed and throws its riders off, each taking `damage` (HR-VEH-08/09)",
    ("vehicle", "riders", "damage"),
)

# --- the hidden state (hiding.py, stealth.py) --------------------------------------------------------
add(
    "hide",
    "the actor declares the hidden state; a major action's 〈知覚〉 check at `difficulty` (-1: no check) "
    "decides (HR-STEALTH-01/02)",
    ("faces", "achievement", "difficulty", "hidden"),
)
add("stealth_move", "the hidden actor makes a stealth move (HR-STEALTH-03)", ("from", "to"))
add(
    "slip_past",
    "the hidden actor's 〈知覚〉 against the keenest enemy's `rival` to stay hidden among enemies (HR-STEALTH-04)",
    ("faces", "achievement", "rival", "hidden"),
    rare="only when a hidden fighter's stealth move ends among enemies, which random play reaches now and then",
)
add(
    "search",
    "the actor searches for the hidden target with 〈知覚〉 (DX3-HID-06)",
    ("faces", "achievement", "found"),
)
add(
    "hidden_hit",
    "the hidden actor, damaged by the target's area attack, rolls 【精神】 against the attacker's 〈知覚〉 "
    "`rival` to stay hidden, ties to the attacker (HR-STEALTH-06..08)",
    ("faces", "achievement", "rival", "hidden"),
    rare="only when an area attack damages a hidden fighter",
)
add("revealed", "the actor's action (or damage, `hidden_ends_on_damage`) ends its hidden state (DX3-HID-05/09)")

register(EVENTS)
