"""The DX3 fight's verbs of the game protocol (yz_gym/core/protocol.py): new_game, current_actor,
legal_actions, apply, is_over, outcome, describe, decision_kind, people."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.errors import IllegalAction
from yz_gym.core.events import Event
from yz_gym.core.game import Outcome
from yz_gym.core.rng import as_rng
from yz_gym.rulesets.dx3 import (
    afflictions,
    attack,
    engagement,
    frenzy,
    hiding,
    riding,
    rounds,
    sublimation,
    summoning,
    timed_effects,
)
from yz_gym.rulesets.dx3.checks import titus_ready
from yz_gym.rulesets.dx3.combos import attack_combos
from yz_gym.rulesets.dx3.dice import roll
from yz_gym.rulesets.dx3.encroachment import impulse_check
from yz_gym.rulesets.dx3.gear import Weapon, range_text
from yz_gym.rulesets.dx3.state import (
    AT_VEHICLE,
    DECISIONS,
    OFF,
    PUT_ALL_AWAY,
    Dx3Action,
    Dx3Scenario,
    Dx3State,
    Fighter,
    Kind,
    Phase,
    hand_drops,
    make_fighter,
)
from yz_gym.rulesets.dx3.statuses import BERSERK, FRENZY, STATUS_NAMES
from yz_gym.rulesets.dx3.titus import CLEAR as TITUS_CLEARS
from yz_gym.rulesets.dx3.vehicle import make_vehicle

PROCURE: Final = "調達"  # the skill that buys items (DX3-WPN-02)
RIDING_MINORS: Final[tuple[int, ...]] = (Kind.BOARD, Kind.LEAVE, Kind.SWAP, Kind.HAND_OVER)


def new_game(scenario: Dx3Scenario, rng: np.random.Generator | int | None = None) -> Dx3State:
    """A fight at its start: round 1's setup process, then the first initiative process."""
    dice = as_rng(rng)
    fighters = [make_fighter(i, spec, scenario) for i, spec in enumerate(scenario.fighters)]
    state = Dx3State(scenario, scenario.options, fighters)
    state.vehicles = [
        make_vehicle(i, v, tuple(scenario.weapon(w) for w in v.mounted)) for i, v in enumerate(scenario.vehicles)
    ]
    riding.seat_riders(state)
    events: list[Event] = [Event("fight", -1, -1, {"name": scenario.name, "length": scenario.length})]
    for f, spec in zip(fighters, scenario.fighters, strict=True):
        for name in spec.procure:
            procure(state, f, scenario.weapon(name), dice, events)
    if state.options.impulse_at_combat_start:
        for f in fighters:
            if f.pc:
                impulse(state, f, dice, events)
    rounds.open_round(state, dice, events)
    state.opening = events
    return state


def procure(state: Dx3State, f: Fighter, weapon: Weapon, rng: np.random.Generator, events: list[Event]) -> None:
    """f tries to buy `weapon` before the fight (DX3-WPN-02): a 〈調達〉 check (【社会】 dice) against its
    purchase difficulty; bought, it is carried (not yet equipped)."""
    options = state.options
    result = roll(f.char.check(PROCURE, floor=options.crit_floor, table=options.encroach_table), rng)
    bought = result.succeeds(weapon.purchase)
    if bought:
        f.weapons = (*f.weapons, weapon)
    events.append(Event("procure", f.id, -1, {
        "weapon": weapon.name, "difficulty": weapon.purchase, "faces": attack.faces(result),
        "achievement": result.achievement, "fumble": result.fumble, "bought": bought,
    }))  # fmt: skip


def impulse(state: Dx3State, f: Fighter, rng: np.random.Generator, events: list[Event]) -> None:
    """The impulse check (衝動判定, DX3-ENC-06) of a PC at the fight's start: 侵蝕率 +2D10, 暴走 on a
    failure (DX3-BS-15)."""
    before = f.char.encroachment
    result = impulse_check(f.char, rng, state.options)
    f.char.encroachment = result.rate
    if result.berserk:
        f.statuses.add(BERSERK)
    events.append(Event("impulse", f.id, -1, {
        "faces": attack.faces(result.check), "achievement": result.check.achievement,
        "fumble": result.check.fumble, "berserk": result.berserk, "rise": result.rise,
        "before": before, "encroachment": result.rate,
    }))  # fmt: skip


def current_actor(state: Dx3State) -> int:
    """Whose decision the fight waits for (-1 once it is over)."""
    p = state.pending
    if state.phase == Phase.REACT and p is not None:
        return p.waiting[0]
    if state.phase == Phase.COVER and p is not None:
        return p.asked[-1]
    if state.phase == Phase.REVIVE:
        return state.reviving[0]
    if state.phase == Phase.TIMING:
        return state.asking[0]
    if state.phase == Phase.SUBLIMATE and state.sublimation is not None:
        return state.sublimation.roller
    return state.actor


def equips(f: Fighter) -> list[Dx3Action]:
    """Minor actions that equip a carried weapon (DX3-WPN-03/04): at most two in hand, a two-handed
    weapon alone; one held weapon (`drop`) or all of them (PUT_ALL_AWAY) may be put away for it."""
    return [
        Dx3Action(Kind.EQUIP, option=w, drop=drop)
        for w in range(len(f.weapons)) if w not in f.equipped
        for drop in hand_drops(f, f.weapons[w].two_handed)
    ]  # fmt: skip


def legal_actions(state: Dx3State) -> list[Dx3Action]:
    """Every action the deciding fighter may take now ([] once the fight is over)."""
    phase = state.phase
    if phase == Phase.OVER:
        return []
    p = state.pending
    if phase == Phase.REACT and p is not None:
        return attack.reactions(state, state.fighters[p.waiting[0]])
    if phase == Phase.COVER and p is not None:
        return attack.cover_options(state, p)
    if phase == Phase.REVIVE:
        return attack.revivals(state, state.fighters[state.reviving[0]])
    if phase == Phase.TIMING:
        return timed_effects.choices(state, state.fighters[state.asking[0]])
    if phase == Phase.SUBLIMATE:
        return sublimation.choices(state)
    f = state.fighters[state.actor]
    if phase == Phase.MINOR:
        out = [] if f.waiting else [Dx3Action(Kind.WAIT)]
        out.append(Dx3Action(Kind.SKIP_MINOR))
        out += engagement.moves(state, f, Kind.MOVE, engagement.combat_move_distance(state, f))
        out += engagement.effect_moves(state, f) if f.effects else []
        out += equips(f) + (riding.minor_actions(state, f) if state.vehicles else [])
        out += afflictions.recoveries(state, f, titus_ready(state, f)) if f.statuses else []
        out += hiding.hide_actions(state, f, True)
        if f.effects:
            out += summoning.making(state, f) + engagement.blockade_actions(state, f, True)
        return frenzy.minors(state, f, out) if FRENZY in f.statuses else out
    out = attack.attacks(state, f) + attack.finishing_blows(state, f) + hiding.major_actions(state, f)
    out += engagement.blockade_actions(state, f, False) if f.blockade else []
    if f.distracted or not (engagement.engaged_with_enemy(state, f) and engagement.blockaded(state, f)):
        out += engagement.moves(state, f, Kind.FULL_MOVE, engagement.full_move_distance(state, f))
    out.append(Dx3Action(Kind.SKIP_MAJOR))
    return frenzy.majors(state, f, out) if FRENZY in f.statuses else out


def apply(
    state: Dx3State, action: Dx3Action, rng: np.random.Generator | int | None = None,
    legal: list[Dx3Action] | None = None,
) -> list[Event]:  # fmt: skip
    """Carry out a legal action; IllegalAction (nothing changed, no dice rolled) for any other."""
    allowed = legal_actions(state) if legal is None else legal
    if not _listed(action, allowed):
        shown = "; ".join(describe(state, a) for a in allowed[:12]) or "nothing: the fight is over"
        raise IllegalAction(f"{action} is not legal now ({decision_kind(state)} decision); legal: {shown}")
    dice = as_rng(rng)
    events: list[Event] = []
    state.decisions += 1
    phase = state.phase
    if phase == Phase.TIMING:
        rounds.timed(state, action, dice, events)
        return events
    if phase == Phase.SUBLIMATE:
        sublimation.decide(state, action, dice, events)
        return events
    if phase == Phase.REACT:
        if sublimation.opens(state, state.fighters[current_actor(state)], action):
            return events
        attack.react(state, action, dice, events)
    elif phase == Phase.COVER:
        if action.kind == Kind.COVER and state.options.hidden_cover_ends:
            hiding.acted(state.fighters[current_actor(state)], action, events)
        attack.cover(state, action, events)
    elif phase == Phase.REVIVE:
        attack.revive(state, action, dice, events)
        if state.pending is None and state.actor < 0:  # a stage gimmick's fallen, before any main process
            if not state.reviving and not rounds.check_end(state, events):
                rounds.start_main(state, dice, events)
            return events
    elif phase == Phase.MINOR:
        f = state.fighters[state.actor]
        if not _minor(state, f, action, dice, events):  # after it: an attack from the hidden state counts as one
            hiding.acted(f, action, events)
        return events
    else:
        f = state.fighters[state.actor]
        if action.kind == Kind.BLOCKADE:  # switched off or on again for free: the decision stays open
            engagement.set_blockade(state, f, action, dice, events)
            return events
        if sublimation.opens(state, f, action):
            return events
        _major(state, f, action, dice, events)
        if state.sublimation is None:
            hiding.acted(f, action, events)
    if state.sublimation is None:  # else a PC sublimates on a check first (sublimation.py goes on)
        rounds.carry_on(state, dice, events)
    return events


def _listed(action: Dx3Action, allowed: list[Dx3Action]) -> bool:
    """`action in allowed`, trying identity first: the env and the agents pass an action of the list
    itself, found without a dataclass __eq__ call per action before it."""
    for a in allowed:
        if a is action:
            return True
    return action in allowed


def _minor(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> bool:
    """A minor action (DX3-ACT-09), then the major one (DX3-ACT-06) unless the round allows minor
    actions only (HR-EVENT-01); True when a PC sublimates on its check first (sublimation.py goes on)."""
    kind = action.kind
    if kind == Kind.TITUS_CLEAR:  # free: the minor decision stays open (DX3-TITUS-05)
        attack.sublimate(state, f, TITUS_CLEARS, events)
        afflictions.titus_clear(state, f, action, events)
        return False
    if kind == Kind.BLOCKADE and not engagement.set_blockade(state, f, action, rng, events):
        return False  # switched off or on again for free: the minor decision stays open (DX3-EFF-M13)
    if kind == Kind.WAIT:
        f.waiting = True
        events.append(Event("wait", f.id))
        rounds.start_main(state, rng, events)
        return False
    if kind == Kind.MOVE and action.combo >= 0:
        engagement.effect_move(state, f, action, rng, events)
    elif kind == Kind.MOVE:
        engagement.move(state, f, action, engagement.combat_move_distance(state, f), rng, events)
    elif kind in RIDING_MINORS:
        riding.act(state, f, action, events)
    elif kind == Kind.HIDE:
        hiding.hide(state, f, action, True, rng, events)
    elif kind == Kind.MAKE_WEAPON:
        summoning.make(state, f, action, rng, events)
    elif kind == Kind.RECOVER:
        afflictions.recover(state, f, action, rng, events)
        if state.sublimation is not None:
            return True
    elif kind == Kind.EQUIP:
        away = (
            list(f.equipped) if action.drop == PUT_ALL_AWAY else [e for e in f.equipped if e == action.drop]
        )
        f.equipped = [e for e in f.equipped if e not in away] + [action.option]
        put_away = ", ".join(f.weapons[e].name for e in away)
        events.append(
            Event("equip", f.id, -1, {"weapon": f.weapons[action.option].name, "put_away": put_away})
        )
    elif kind != Kind.BLOCKADE:
        events.append(Event("skip", f.id, -1, {"action": "minor"}))
    rounds.minor_done(state, rng, events)
    return False


def _major(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """A major action (DX3-ACT-10): an attack, a 全力移動 or 離脱, or nothing."""
    if action.kind == Kind.ATTACK:
        attack.declare(state, f, action, rng, events)
    elif action.kind == Kind.FULL_MOVE:
        engagement.move(state, f, action, engagement.full_move_distance(state, f), rng, events)
    elif action.kind == Kind.FINISH:
        attack.finish_off(state, f, action, events)
    elif action.kind == Kind.HIDE:
        hiding.hide(state, f, action, False, rng, events)
    elif action.kind == Kind.STEALTH_MOVE:
        hiding.stealth_move(state, f, action, rng, events)
    elif action.kind == Kind.SEARCH:
        hiding.search_for(state, f, action, rng, events)
    else:
        events.append(Event("skip", f.id, -1, {"action": "major"}))


def is_over(state: Dx3State) -> bool:
    """The fight has ended."""
    return state.phase == Phase.OVER


def outcome(state: Dx3State) -> Outcome | None:
    """How the fight ended, once over."""
    if state.phase != Phase.OVER:
        return None
    winner = state.scenario.sides[state.winner] if state.winner >= 0 else None
    return Outcome(winner, state.end_reason, state.round, state.termination)


def decision_kind(state: Dx3State) -> str:
    """minor, major, reaction, cover, revival, timing (a setup, initiative or cleanup effect),
    sublimation or over."""
    return DECISIONS[state.phase]


def people(state: Dx3State) -> list[Fighter]:
    """Everyone in the fight."""
    return state.fighters


def describe(state: Dx3State, action: Dx3Action) -> str:
    """An action in words, as a menu shows it."""
    fighters = state.fighters
    kind = action.kind
    actor = fighters[current_actor(state)] if state.phase != Phase.OVER else None
    if kind in (Kind.MOVE, Kind.FULL_MOVE, Kind.STEALTH_MOVE):
        what = {Kind.MOVE: "戦闘移動", Kind.FULL_MOVE: "全力移動", Kind.STEALTH_MOVE: "隠密移動 (stealth move)"}[Kind(kind)]
        leaving = actor is not None and engagement.engaged_with_enemy(state, actor) and not actor.distracted
        if kind == Kind.FULL_MOVE and leaving:
            what = "離脱 (全力移動)"
        where = (
            f"toward {fighters[action.target].name}"
            if action.target >= 0
            else ("left", "right")[action.option]
        )
        if actor is not None:
            reach = (
                engagement.combat_move_distance(state, actor)
                if kind != Kind.FULL_MOVE
                else engagement.full_move_distance(state, actor)
            )
            end = engagement.destination(state, actor, engagement.goal_of(state, action), reach)
            where += f" to {end} m"
        return f"{what} {where}"
    if kind == Kind.ATTACK:
        weapon = actor.weapon(action.option) if actor is not None else None
        name = f" with {weapon.name} ({range_text(weapon)})" if weapon is not None else ""
        if action.combo >= 0 and actor is not None and weapon is not None:
            chosen = attack_combos(actor, weapon, state.options.encroach_table)[action.combo]
            name += " + " + "+".join(f"《{actor.effects[i].name}》" for i in chosen)
        at = "the vehicle of " if action.drop == AT_VEHICLE else ""
        return f"attack {at}{fighters[action.target].name}{name}"
    if kind == Kind.EQUIP and actor is not None:
        return f"equip {actor.weapons[action.option].name}{_putting_away(actor, action.drop)}"
    if kind == Kind.GUARD and actor is not None:
        weapon = actor.weapons[action.option]
        return f"guard with {weapon.name} (ガード値 {weapon.guard})"
    if kind == Kind.BOARD:
        v = state.vehicles[action.target]
        taking = f", taking the {v.mounted[action.drop].name}" if action.drop >= 0 else ""
        return f"board the {v.name} as {('driver', 'passenger')[action.option]}{taking}"
    if kind == Kind.SWAP:
        return f"swap the driver's seat with {fighters[action.target].name}"
    if kind == Kind.HAND_OVER and actor is not None and actor.vehicle >= 0:
        gun = state.vehicles[actor.vehicle].mounted[action.option].name
        if action.target == actor.id:
            return f"take the mounted {gun}"
        return f"hand the mounted {gun} to {fighters[action.target].name}"
    if kind == Kind.VEHICLE_GUARD and actor is not None and actor.vehicle >= 0:
        mounted = state.vehicles[actor.vehicle].mounted[action.option]
        return f"guard with the mounted {mounted.name} (ガード値 {mounted.guard})"
    if kind == Kind.RECOVER:
        check = " (【精神】 9)" if state.options.status_recovery_check else ""
        return f"recover from {STATUS_NAMES[action.option]}{check}"
    if kind in sublimation.USES and state.sublimation is not None:
        check = sublimation.CHECK_NAMES[state.sublimation.purpose]
        gain = {Kind.TITUS_DICE: "+10 dice", Kind.TITUS_CRIT: "C値 -1", Kind.TITUS_RESULT: "+1D10"}[Kind(kind)]
        return f"sublimate a Titus for {gain} on the {check}"
    if kind == Kind.DECLINE and state.sublimation is not None:
        return "keep the 達成値" if state.sublimation.result is not None else "roll the check"
    if kind == Kind.TITUS_CLEAR:
        what = "every bad status" if state.options.titus_clear == "all" else STATUS_NAMES[action.option]
        return f"sublimate a Titus to clear {what}"
    if kind == Kind.SEARCH:
        return f"search for {fighters[action.target].name} (〈知覚〉)"
    if kind == Kind.MAKE_WEAPON and actor is not None:
        made = summoning.made_weapon(state, actor, action.combo)
        stats = f"命中 {made.hit}, 攻撃力 {made.attack}, ガード値 {made.guard}"
        return f"make and equip 《{made.name}》 ({stats}){_putting_away(actor, action.drop)}"
    if kind == Kind.BLOCKADE and actor is not None:
        free = "" if actor.blockade == OFF else ", free"
        return f"《{actor.effects[action.combo].name}》: 封鎖 {'up' if action.option else 'down'}{free}"
    if kind == Kind.COVER:
        return f"cover {fighters[action.target].name}"
    if kind == Kind.FINISH:
        return f"finish off {fighters[action.target].name} (とどめ)"
    if kind == Kind.USE_EFFECT and actor is not None:
        table = state.options.encroach_table
        chosen = timed_effects.timed_combos(actor, state.timing, table)[action.option]
        return f"use {'+'.join(f'《{actor.effects[i].name}》' for i in chosen)} ({state.timing})"
    if kind == Kind.RESURRECT and actor is not None and action.option >= 0:
        return f"stand up with 《{actor.effects[action.option].name}》 (侵蝕率 {actor.char.encroachment}%)"
    if kind == Kind.RESURRECT and actor is not None:
        return f"《リザレクト》 ({actor.resurrect}D10 HP, 侵蝕率 {actor.char.encroachment}%)"
    words = {
        Kind.WAIT: "待機 (wait)", Kind.SKIP_MINOR: "no minor action", Kind.SKIP_MAJOR: "no major action",
        Kind.DODGE: "dodge (〈回避〉)", Kind.NO_REACTION: "no reaction", Kind.DECLINE: "decline",
        Kind.RESURRECT: "《リザレクト》", Kind.TITUS_REVIVE: "sublimate a Titus to stand up (HP 【肉体】+10)",
        Kind.LEAVE: "get off the vehicle",
        Kind.VEHICLE_DODGE: "vehicle dodge (passenger 〈知覚〉, driver 〈運転〉)", Kind.HIDE: "hide (隠密状態)",
    }  # fmt: skip
    return words.get(Kind(kind), Kind(kind).name.lower())


def _putting_away(f: Fighter, drop: int) -> str:
    """", putting away ..." for an equip's `drop` (none, one held weapon, PUT_ALL_AWAY)."""
    dropped = f.equipped if drop == PUT_ALL_AWAY else [drop] if drop >= 0 else []
    return f", putting away {', '.join(f.weapons[e].name for e in dropped)}" if dropped else ""
