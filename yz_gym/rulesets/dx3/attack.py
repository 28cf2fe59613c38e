"""The DX3 attack procedure (DX3-ATK-11): declare (with a combo, combos.py), hit check, each target's
reaction (dodge, guard or none), hit or miss, covering, one damage roll, armor
and guard, HP, 戦闘不能, and standing up with 《リザレクト》 or a Titus.

Where effects plug in: `hit_check` takes a combo's extra dice, C値 change and 達成値 modifier;
`PendingAttack` carries the attack's 攻撃力 and the tags `no_dodge`/`no_reaction` of the declared
combo; reaction effects add to `dodge_check`; HP-damage reductions come from `Fighter.mods`
("reduction")."""

from __future__ import annotations

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import afflictions, areas, hiding, riding
from yz_gym.rulesets.dx3.character import can_resurrect, hp_damage, resurrect, take_damage
from yz_gym.rulesets.dx3.checks import titus_ready
from yz_gym.rulesets.dx3.combos import aims, declare_attack, pay, plain_tags, tags_of, usable_combos
from yz_gym.rulesets.dx3.dice import Check, CheckResult, action_wins, roll, roll_damage
from yz_gym.rulesets.dx3.effects import COUNT, SINGLE, Aim, Combo
from yz_gym.rulesets.dx3.gear import Weapon
from yz_gym.rulesets.dx3.reaction_effects import (
    dodge_combo,
    fire_autos,
    revive_effects,
    stand_up,
    usable_dodge_combos,
)
from yz_gym.rulesets.dx3.state import AT_VEHICLE, Dx3Action, Dx3State, Fighter, Kind, PendingAttack, Phase
from yz_gym.rulesets.dx3.statuses import BERSERK, FRENZY
from yz_gym.rulesets.dx3.stealth import attack_dice
from yz_gym.rulesets.dx3.stealth import targetable as hidden_targetable
from yz_gym.rulesets.dx3.titus import REVIVE, boost_check, make_titus, revived_hp, spend


def faces(result: CheckResult) -> list[list[int]]:
    """Every round's faces of a check, as an event carries them."""
    return [list(r) for r in result.rounds]


def targetable(state: Dx3State, f: Fighter, t: Fighter) -> bool:
    """Whether f may choose t as an attack target: an enemy, standing unless `target_downed`
    (DX3-DMG-11), not hidden (DX3-HID-03: a single-target attack cannot choose it)."""
    return t.side != f.side and (not t.down or state.options.target_downed) and seen_by(state, t)


def seen_by(state: Dx3State, t: Fighter) -> bool:
    """Whether a single-target action may choose t (DX3-HID-03, DX3-BS-12): not while it hides."""
    return hidden_targetable(t.hidden, SINGLE, state.options)


def attacks(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """f's attacks: each weapon in hand (素手 always, DX3-ATK-12) at each target it reaches (DX3-ATK-05),
    plainly or with each attack combo f may declare with that weapon now (combos.usable_combos), an
    area combo once per engagement (once for the scene) it reaches, named by its first target there
    (areas.py); aboard a vehicle also its mounted weapons f holds and, driving, the vehicle itself
    (DX3-VEH-04); a target riding exposed may also be attacked through its vehicle (AT_VEHICLE, HR-VEH-04).
    Under 狂乱 also the nearest friends (frenzy.py keeps the attacks that include a nearest one)."""
    out = []
    weapons = [-1, *f.equipped, *riding.attack_weapons(state, f)] if state.vehicles else [-1, *f.equipped]
    in_engagement = state.options.ranged_in_engagement
    closest = afflictions.nearest(state, f) if FRENZY in f.statuses else []  # 狂乱 attacks the nearest, friend or foe (DX3-BS-08)
    here = f.pos
    targets = [  # the same for every weapon: (target, distance, in f's engagement), found once
        (t, abs(t.pos - here), t.pos == here)
        for t in state.fighters if targetable(state, f, t) or t.id in closest
    ]  # fmt: skip
    for w in weapons:
        weapon = f.weapon(w)
        usable = usable_combos(state, f, weapon) if f.effects else []
        shapes = aims(f, weapon, state.options.encroach_table) if usable else ()
        named: set[tuple[int, int]] = set()  # (combo, engagement or -1 for the scene) already offered
        for t, distance, same in targets:
            reach = weapon.reaches(distance, same, in_engagement)
            if reach:
                out.append(Dx3Action(Kind.ATTACK, t.id, w))
            for k in usable:
                aim = shapes[k]
                if not areas.reaches(aim, weapon, distance, same, in_engagement):
                    continue
                if areas.is_area(aim.target):
                    key = (k, -1 if aim.target in areas.SCENES else t.pos)
                    if key in named:
                        continue
                    named.add(key)
                out.append(Dx3Action(Kind.ATTACK, t.id, w, combo=k))
            if reach and state.vehicles and riding.at_vehicle_targets(state, f, t, weapon):
                out.append(Dx3Action(Kind.ATTACK, t.id, w, drop=AT_VEHICLE))
    if f.hatred >= 0:  # 憎悪: only attacks that include the hated one, while any does (DX3-BS-20)
        out = afflictions.forced(state, f, out, [struck_by(state, f, a) for a in out])
    return out


def struck_by(state: Dx3State, f: Fighter, action: Dx3Action) -> list[int]:
    """The characters f's attack `action` would strike (areas.struck, areas.count_struck)."""
    weapon = f.weapon(action.option)
    aim = aims(f, weapon, state.options.encroach_table)[action.combo] if action.combo >= 0 else None
    return strikes(state, f, aim, weapon, action.target)


def strikes(state: Dx3State, f: Fighter, aim: Aim | None, weapon: Weapon, named: int) -> list[int]:
    """The characters an attack with combo shape `aim` (None: no combo) declared at `named` strikes: an
    N体 combo's, an area's, or, at a single target, an N体 weapon's (`Weapon.targets`, DX3-ATK-06)."""
    target = aim.target if aim is not None else SINGLE
    if target == COUNT:
        assert aim is not None
        return areas.count_struck(state, f, aim.count, aim, weapon, state.fighters[named])
    if target == SINGLE and weapon.targets > 1 and (aim is None or not aim.effect_attack):
        return areas.count_struck(state, f, weapon.targets, aim, weapon, state.fighters[named])
    return areas.struck(state, f, target, state.fighters[named])


def hit_extras(state: Dx3State, f: Fighter, weapon: Weapon) -> tuple[int, int]:
    """The (dice, 達成値 modifier) a hit check adds to the skill's: `Fighter.mods` dice, and 命中 of
    the equipped weapons (DX3-ATK-04, `weapon_hit_mods`)."""
    dice = f.mods.get("dice", 0) + afflictions.status_dice(f)
    return dice, f.hit_bonus(weapon, state.options.weapon_hit_mods == "all_equipped")


def hit_check(
    state: Dx3State, f: Fighter, weapon: Weapon, dice: int = 0, crit_change: int = 0, modifier: int = 0
) -> Check:
    """The hit check (DX3-ATK-03/04): the weapon's skill with its ability's dice and the encroachment
    bonus, the skill level, 命中 of the equipped weapons (`weapon_hit_mods`), and a combo's numbers."""
    options = state.options
    extra_dice, bonus = hit_extras(state, f, weapon)
    extra_dice += attack_dice(f.hidden, options)  # from the hidden state (DX3-HID-07)
    return f.char.check(
        weapon.skill, floor=options.crit_floor, table=options.encroach_table,
        dice=dice + extra_dice, crit_change=crit_change, modifier=modifier + bonus,
    )  # fmt: skip


def declare(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """Steps 1-3: declare the attack (with its combo, paid in 侵蝕率) and roll the hit check; a fumble
    or 0 dice misses (DX3-ATK-11)."""
    weapon = f.weapon(action.option)
    named = state.fighters[action.target]
    aim = aims(f, weapon, state.options.encroach_table)[action.combo] if action.combo >= 0 else None
    targets = strikes(state, f, aim, weapon, named.id)
    events.append(Event("attack", f.id, action.target, {
        "weapon": "-" if aim is not None and aim.effect_attack else weapon.name, "targets": targets,
    }))  # fmt: skip
    fear = afflictions.fear_of(state, f, targets)  # 恐怖 of one of the targets (DX3-BS-21)
    if action.combo >= 0:
        dice, bonus = hit_extras(state, f, weapon)
        if aim is not None and aim.effect_attack:  # no weapon: no 命中
            bonus = 0
        combo, check = declare_attack(state, f, weapon, action.combo, (dice + fear.dice, bonus), rng, events)
        tags = tags_of(combo, weapon)
    else:
        tags = plain_tags(weapon.skill)
        check = hit_check(state, f, weapon, dice=fear.dice)
    afflictions.attacked(f, targets)
    result = roll(boosted(state, f, check), rng)
    events.append(Event("hit_check", f.id, action.target, {
        "skill": tags.skill, "dice": result.check.dice, "crit": result.check.crit,
        "modifier": check.modifier, "faces": faces(result), "achievement": result.achievement,
        "fumble": result.fumble,
    }))  # fmt: skip
    if result.automatic_failure:
        events.append(Event("missed", f.id, action.target, {"dodged": False}))
        return
    attack_power = (0 if tags.effect_attack else weapon.attack) + tags.power + f.mods.get("attack", 0)
    attack_power += fear.attack_power
    at_vehicles: dict[int, int] = {}
    if state.vehicles:  # riders not exposed give way to their vehicles, an area's too (HR-VEH-04)
        targets, at_vehicles = riding.struck_vehicles(state, targets, weapon, action.drop)
        for t, v in at_vehicles.items():
            events.append(Event("at_vehicle", f.id, t, {"vehicle": state.vehicles[v].name}))
    standing = [t for t in targets if not state.fighters[t].down]
    p = PendingAttack(f.id, action.option, targets, result, attack_power, standing, tags.ignore_armor)
    p.deals_damage, p.no_dodge, p.no_reaction = tags.deals_damage, tags.no_dodge, tags.no_reaction
    p.ignore_guard, p.penetration = tags.ignore_guard, tags.penetration
    p.damage_dice, p.inflicts, p.vehicles = fear.damage_dice, tags.inflicts, at_vehicles
    p.area = aim is not None and areas.is_area(aim.target)
    for t in targets:
        if t not in standing:  # a 戦闘不能 target takes no reaction (DX3-DMG-08) and is hit
            p.hit.append(t)
            events.append(Event("hit", f.id, t, {"achievement": result.achievement}))
    state.pending = p
    state.phase = Phase.REACT


def reactions(state: Dx3State, t: Fighter) -> list[Dx3Action]:
    """A target's reactions (DX3-REACT-06): dodge, plainly or with a dodge combo (DX3-REACT-09), a PC's
    Titus on it decided next (sublimation.py); guard with an equipped weapon that has a ガード値
    (DX3-REACT-10; one guard with them all under `guard_weapons: all_equipped`), or none; only none once it has taken
    `reactions_per_round` reactions this round (DX3-REACT-07), or against a
    「リアクション不可」 attack; no dodge against a 「ドッジ不可」 one (DX3-REACT-11); under 暴走 or 狂乱 none
    (DX3-BS-01/15, DX3-BS-08)."""
    limit = state.options.reactions_per_round
    p = state.pending
    no_reaction, no_dodge = (p.no_reaction, p.no_dodge) if p is not None else (False, False)
    if (limit and t.reactions >= limit) or BERSERK in t.statuses or FRENZY in t.statuses or no_reaction:
        return [Dx3Action(Kind.NO_REACTION)]
    if t.vehicle >= 0:  # aboard, the vehicle's reactions replace dodge and guard (HR-VEH-DEF-01)
        return riding.reactions(state, t, no_dodge)
    guards = [w for w in t.equipped if t.weapons[w].guard > 0]
    if state.options.guard_weapons == "all_equipped":
        guards = guards[:1]
    dodges: list[Dx3Action] = []
    if not no_dodge:
        dodges = [Dx3Action(Kind.DODGE), *(Dx3Action(Kind.DODGE, combo=k) for k in usable_dodge_combos(state, t))]
    return [*dodges, *(Dx3Action(Kind.GUARD, option=w) for w in guards), Dx3Action(Kind.NO_REACTION)]


def guard_value(state: Dx3State, t: Fighter, weapon: int) -> int:
    """The ガード値 of a guard with `weapon` (DX3-REACT-10): that weapon's, or every equipped weapon's."""
    if state.options.guard_weapons == "all_equipped":
        return sum(t.weapons[w].guard for w in t.equipped) + t.mods.get("guard", 0)
    return t.weapons[weapon].guard + t.mods.get("guard", 0)


def dodge_check(state: Dx3State, t: Fighter, combo: Combo | None = None) -> Check:
    """A dodge (DX3-REACT-08): 〈回避〉 with 【肉体】 dice and the encroachment bonus, the armor's ドッジ
    added, and a dodge combo's dice, C値 and 達成値 (DX3-REACT-09)."""
    options = state.options
    dice, crit, floor, bonus = (
        (combo.dice, combo.crit, combo.crit_floor, combo.achievement) if combo else (0, 0, 0, 0)
    )
    return t.char.check(
        "回避", floor=options.crit_floor, table=options.encroach_table,
        dice=dice + t.mods.get("dice", 0) + afflictions.status_dice(t),
        crit_change=crit, effect_floor=floor, modifier=t.dodge_bonus + bonus,
    )  # fmt: skip


def react(state: Dx3State, action: Dx3Action, rng: np.random.Generator, events: list[Event]) -> None:
    """Steps 4-5 for the next target: its reaction, then hit or miss (ties to the target, DX3-DICE-13)."""
    p = state.pending
    assert p is not None
    t = reacting(state, action)
    options = state.options
    if action.kind == Kind.DODGE:
        hit = action_wins(p.hit_check, roll_dodge(state, t, action, rng, events), options.tie)
    elif action.kind == Kind.VEHICLE_DODGE:
        combo = dodge_combo(state, t, action.combo) if action.combo >= 0 else None
        if combo is not None:
            pay(state, t, combo, rng, events)
        p.dodged.append(t.id)
        rode = riding.dodge(state, t, action, rng, events, combo)
        if rode is None:  # a PC sublimates on a check of it first (sublimation.py settles it)
            return
        hit = rode
    elif action.kind == Kind.VEHICLE_GUARD:
        riding.guard(state, t, action.option, p, rng, events)
        hit = True
    elif action.kind == Kind.GUARD:
        guard = 0 if p.ignore_guard else guard_value(state, t, action.option)
        p.guards[t.id] = guard + (fire_autos(state, t, "guard", rng, events) if guard > 0 else 0)
        events.append(
            Event(
                "guard", t.id, p.attacker, {"weapon": t.weapons[action.option].name, "guard": p.guards[t.id]}
            )
        )
        hit = True
    else:
        events.append(Event("no_reaction", t.id, p.attacker))
        hit = action_wins(p.hit_check, None, options.tie, options.no_reaction_value)
    settle(state, t, hit, action.kind != Kind.NO_REACTION, events)


def reacting(state: Dx3State, action: Dx3Action) -> Fighter:
    """The next target to react, taken off the waiting list; a reaction taken counts (DX3-REACT-07)."""
    p = state.pending
    assert p is not None
    t = state.fighters[p.waiting.pop(0)]
    if action.kind != Kind.NO_REACTION:
        t.reactions += 1
    return t


def roll_dodge(
    state: Dx3State, t: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> CheckResult:
    """t's dodge roll (DX3-REACT-08/09), with its dodge combo paid and the Titus it sublimated on it."""
    p = state.pending
    assert p is not None
    combo = dodge_combo(state, t, action.combo) if action.combo >= 0 else None
    check = dodge_check(state, t, combo)  # the dice bonus read before the cost (DX3-ENC-05) ...
    if combo is not None:  # paid whether the dodge works or not (DX3-REACT-09)
        pay(state, t, combo, rng, events)
        if state.options.enc_bonus_timing == "after_cost":  # ... or after it
            check = dodge_check(state, t, combo)
    result = roll(boosted(state, t, check), rng)
    events.append(Event("dodge", t.id, p.attacker, {
        "faces": faces(result), "achievement": result.achievement, "fumble": result.fumble,
    }))  # fmt: skip
    p.dodged.append(t.id)
    return result


def settle(state: Dx3State, t: Fighter, hit: bool, reacted: bool, events: list[Event]) -> None:
    """Step 5 for t: the attack hits it or misses (`reacted`: it dodged or guarded)."""
    p = state.pending
    assert p is not None
    if hit:
        p.hit.append(t.id)
        events.append(Event("hit", p.attacker, t.id, {"achievement": p.hit_check.achievement}))
    else:
        events.append(Event("missed", p.attacker, t.id, {"dodged": reacted}))


def boosted(state: Dx3State, f: Fighter, check: Check) -> Check:
    """f's check with the Titus it sublimated on it before the roll: +10 dice, C値 -1 each
    (DX3-TITUS-03A/B; Dx3State.sublimation)."""
    s = state.sublimation
    if s is None or s.roller != f.id:
        return check
    return boost_check(check, dice_titus=s.dice, crit_titus=s.crit)


def coverers(state: Dx3State, p: PendingAttack, asking: int = -1) -> list[tuple[int, int]]:
    """(coverer, covered) pairs still open (DX3-REACT-13/14): an ally in a hit target's engagement,
    standing, not asked yet (or the one `asking` now), 未行動 unless `cover_requires_unacted` is off,
    covering once per attack."""
    out = []
    covering = set(p.covers.values())
    for t in p.hit:
        if t in p.covers or t in p.vehicles:  # nobody covers for a vehicle
            continue
        target = state.fighters[t]
        for g in state.fighters:
            if (
                g.id != t and g.side == target.side and g.pos == target.pos and not g.down
                and (g.id == asking or g.id not in p.asked) and g.id not in covering and g.id not in p.covers
                and not (g.acted and state.options.cover_requires_unacted)
            ):  # fmt: skip
                out.append((g.id, t))
    return out


def cover_options(state: Dx3State, p: PendingAttack) -> list[Dx3Action]:
    """What the coverer asked now may do: cover one of the hit allies beside it, or decline."""
    me = p.asked[-1]
    return [Dx3Action(Kind.COVER, t) for g, t in coverers(state, p, me) if g == me] + [
        Dx3Action(Kind.DECLINE)
    ]


def cover(state: Dx3State, action: Dx3Action, events: list[Event]) -> None:
    """Step 6: the asked coverer takes the attack in the target's place and is 行動済み (DX3-REACT-14)."""
    p = state.pending
    assert p is not None
    me = state.fighters[p.asked[-1]]
    if action.kind == Kind.COVER:
        p.covers[action.target] = me.id
        if state.options.cover_requires_unacted:
            me.acted = True
            me.waiting = False
        events.append(Event("cover", me.id, action.target))


def best_guard(state: Dx3State, f: Fighter) -> int:
    """The best guard f can make (a coverer computing as if it guarded, a guard against a gimmick)."""
    return max((guard_value(state, f, w) for w in f.equipped), default=0)


def damage(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """Step 7 (DX3-DMG-05, DX3-REACT-15): one damage roll for the attack; each hit target (or its
    coverer) loses it minus 装甲値, minus ガード値, minus reductions; a coverer that was hit too takes
    its HP damage x2, one that was not a target computes as if it guarded."""
    p = state.pending
    assert p is not None
    if not p.deals_damage:
        events.append(Event("no_damage", p.attacker, -1))
        afflict_hit(state, p, events)
        return
    total, rolled = roll_damage(p.hit_check.achievement, p.attack_power, rng, p.damage_dice)
    events.append(
        Event(
            "damage_roll", p.attacker, -1, {"faces": list(rolled), "attack": p.attack_power, "total": total}
        )
    )
    covering = set(p.covers.values())
    for t in p.hit:
        if t in p.vehicles:  # its vehicle takes the damage (HR-VEH-04/10)
            for f in riding.damage_vehicle(state, p, t, total, rng, events):
                if f.hidden.hidden:  # thrown off its wreck hidden (HR-STEALTH-06..08, DX3-HID-09)
                    hiding.damaged(state, f, state.fighters[p.attacker], p.area, rng, events)
                if f.down:
                    events.append(Event("down", f.id, -1))
                    fell(state, f)
            continue
        if t in covering:
            continue  # a coverer hit itself takes its damage once, doubled, for the one it covers
        taker = p.covers.get(t, t)
        f = state.fighters[taker]
        guard = p.guards.get(taker, 0)
        factor = 1
        if taker != t:  # covering
            if taker in p.hit:
                factor = 2
            elif taker not in p.targets:
                guard = best_guard(state, f)
        armor = 0 if p.ignore_armor else max(f.armor_value + riding.shell(state, f) - p.penetration, 0)
        lost = hp_damage(total, armor, 0 if p.ignore_guard else guard) * factor
        lost = max(lost - f.mods.get("reduction", 0), 0)
        if lost > 0:  # auto effects taking HP damage off just before it is dealt (DX3-EFF-M10)
            lost = max(lost - fire_autos(state, f, "reduction", rng, events), 0)
        was_down = f.down
        lost = take_damage(f.char, lost)
        events.append(Event("damage", p.attacker, taker, {
            "hp_lost": lost, "hp": f.char.hp, "armor": armor, "guard": guard, "factor": factor,
            "covering": t if taker != t else -1,
        }))  # fmt: skip
        if lost > 0 and f.hidden.hidden:  # HR-STEALTH-06..08, DX3-HID-09
            hiding.damaged(state, f, state.fighters[p.attacker], p.area, rng, events)
        if f.down and not was_down:
            events.append(Event("down", taker, p.attacker))
            fell(state, f)
    if not hiding.lurk_checks(state, rng, events):  # else a PC sublimates first: sublimation.py goes on
        afflict_hit(state, p, events)


def afflict_hit(state: Dx3State, p: PendingAttack, events: list[Event]) -> None:
    """Step 8 (DX3-ATK-11): the attack's bad statuses go to each character it hit (its coverer in its
    place), still standing; not to a vehicle (HR-VEH-12), not to those that dodged it (DX3-REACT-09)."""
    if not p.inflicts:
        return
    source = state.fighters[p.attacker]
    covering = set(p.covers.values())
    for t in p.hit:
        if t in covering or t in p.vehicles:
            continue
        for name, rank in p.inflicts:
            afflictions.afflict(state, state.fighters[p.covers.get(t, t)], name, rank, source, events)


def may_resurrect(state: Dx3State, f: Fighter) -> bool:
    """f has 《リザレクト》 and may use it now (DX3-DMG-04: 侵蝕率 99% or less)."""
    return f.resurrect > 0 and not f.dead and can_resurrect(f.char, state.options.resurrect)


def sublimate(state: Dx3State, f: Fighter, use: str, events: list[Event]) -> None:
    """f sublimates a Titus for `use` (DX3-TITUS-02), turning a Lois into it first if it holds none."""
    char = f.char if f.char.titus > 0 else make_titus(f.char, state.options.lois_to_titus)
    f.char = spend(char)
    events.append(Event("titus", f.id, -1, {"use": use, "titus": f.char.titus, "lois": f.char.lois}))


def fell(state: Dx3State, f: Fighter) -> None:
    """f fell to 戦闘不能: it is asked about standing up if it may, by 《リザレクト》 (DX3-DMG-04), a
    revive effect (DX3-EFF-M15) or a Titus (DX3-TITUS-03D)."""
    if may_resurrect(state, f) or titus_ready(state, f) or revive_effects(state, f):
        state.reviving.append(f.id)


def revivals(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """The fallen fighter's choices: 《リザレクト》, each revive effect k (Kind.RESURRECT with option k), a
    Titus, or staying down."""
    out = [Dx3Action(Kind.RESURRECT)] if may_resurrect(state, f) else []
    out += [Dx3Action(Kind.RESURRECT, option=k) for k in revive_effects(state, f)]
    if titus_ready(state, f):
        out.append(Dx3Action(Kind.TITUS_REVIVE))
    return [*out, Dx3Action(Kind.DECLINE)]


def finishing_blows(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """とどめ (DX3-DMG-10, `coup_de_grace: major_action`): at each 戦闘不能 enemy in f's engagement."""
    if state.options.coup_de_grace != "major_action":
        return []
    return [
        Dx3Action(Kind.FINISH, t.id) for t in state.fighters
        if t.side != f.side and t.down and not t.dead and t.pos == f.pos
    ]  # fmt: skip


def finish_off(state: Dx3State, f: Fighter, action: Dx3Action, events: list[Event]) -> None:
    """The finishing blow kills its 戦闘不能 target (DX3-DMG-10)."""
    state.fighters[action.target].dead = True
    events.append(Event("killed", f.id, action.target))


def revive(state: Dx3State, action: Dx3Action, rng: np.random.Generator, events: list[Event]) -> None:
    """《リザレクト》 (DX3-DMG-04): the fallen fighter asked now rises with (Lv)D10 HP, 侵蝕率 up by as
    much; or with a Titus sublimated, HP 【肉体】 + 10 (DX3-TITUS-03D); or stays down."""
    f = state.fighters[state.reviving.pop(0)]
    if action.kind == Kind.RESURRECT and action.option >= 0:
        stand_up(state, f, action.option, rng, events)
    elif action.kind == Kind.RESURRECT:
        before = f.char.encroachment
        healed = resurrect(f.char, f.resurrect, rng)
        events.append(
            Event(
                "resurrect",
                f.id,
                -1,
                {"healed": healed, "hp": f.char.hp, "encroachment": f.char.encroachment, "before": before},
            )
        )
    elif action.kind == Kind.TITUS_REVIVE:
        sublimate(state, f, REVIVE, events)
        f.char.hp = revived_hp(f.char, state.options.titus_supplement)
        f.char.incapacitated = False
        events.append(Event("titus_revive", f.id, -1, {"hp": f.char.hp}))
    else:
        events.append(Event("stays_down", f.id))


def advance(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> bool:
    """Walk the pending attack on to its next decision (True) or to its end (False, no attack pending)."""
    p = state.pending
    if p is None:
        return False
    if p.waiting:
        state.phase = Phase.REACT
        return True
    if state.phase in (Phase.REACT, Phase.COVER) and p.hit:
        open_pairs = coverers(state, p)
        if open_pairs:
            p.asked.append(open_pairs[0][0])
            state.phase = Phase.COVER
            return True
        state.phase = Phase.REVIVE
        damage(state, rng, events)
        if state.sublimation is not None:  # an HR-STEALTH-07 check waits for a PC's Titus decision
            return True
    if state.reviving:
        state.phase = Phase.REVIVE
        return True
    state.pending = None
    return False
