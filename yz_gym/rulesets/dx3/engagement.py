"""Engagements and movement on a line of metres (DX3-ENG-*, DX3-ACT-02/03, HR-ENGAGE-01,
HR-MOVE-01/02).

The fight's map is a line from 0 to the scenario's length in metres. Everyone standing at the
same metre shares an engagement (エンゲージ); the distance between two engagements is the
difference of their positions. A move heads for another engagement or goes its full distance
left or right, and stops at the first engagement it touches on the way (DX3-ENG-01/07)."""

from __future__ import annotations

from typing import Final

import numpy as np

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.character import Ability
from yz_gym.rulesets.dx3.checks import pause
from yz_gym.rulesets.dx3.combos import pay, usable_specials
from yz_gym.rulesets.dx3.dice import Check, CheckResult, action_wins, roll
from yz_gym.rulesets.dx3.effects import MINOR, combine, unusable, use_level
from yz_gym.rulesets.dx3.riding import carry, driving_moves
from yz_gym.rulesets.dx3.state import LIFTED, OFF, UP, CheckFor, Dx3Action, Dx3State, Fighter, Kind
from yz_gym.rulesets.dx3.statuses import RIGID

MOVE_SPECIAL: Final = "move"  # an effect's special for a movement effect (effects.SPECIALS)
BLOCKADE_SPECIAL: Final = "blockade"  # an effect's special for a blockade effect (DX3-EFF-M13)
LEFT: Final = 0
RIGHT: Final = 1


def engaged_with_enemy(state: Dx3State, f: Fighter) -> bool:
    """f shares its engagement with a standing enemy (DX3-ENG-02)."""
    pos, side = f.pos, f.side  # the first one found answers: no list of them all (state.enemies_at)
    return any(g.pos == pos and g.side != side and not g.down for g in state.fighters)


def blockaded(state: Dx3State, f: Fighter) -> bool:
    """f's engagement is under 封鎖, so f may not leave it (DX3-ENG-03/04/10): a position the scenario
    blockades, a standing fighter there with its blockade effect up (DX3-EFF-M13; an ally's or f's own
    too under `blockade_sides: all`), or with `blockade: outnumbered` enemies outnumbering f's side there."""
    if f.pos in state.scenario.blockades:
        return True
    everyone = state.options.blockade_sides == "all"
    for g in state.fighters:
        if g.blockade == UP and g.pos == f.pos and not g.down and (everyone or g.side != f.side):
            return True
    if state.options.blockade == "outnumbered":
        here = state.at(f.pos)
        enemies = sum(1 for g in here if g.side != f.side)
        return enemies > sum(1 for g in here if g.side == f.side)
    return False


def blockade_actions(state: Dx3State, f: Fighter, minor: bool) -> list[Dx3Action]:
    """f's blockade effect (DX3-EFF-M13): in its minor decision, put 封鎖 up as the minor action with
    the first one usable now (its 侵蝕値 paid, a use counted); once up, in its minor or major decision,
    switch it off, and on again, for free until the round ends (the decision stays open)."""
    if f.blockade == OFF:
        if not minor:
            return []
        usable = usable_specials(state, f, BLOCKADE_SPECIAL, MINOR)
        return [Dx3Action(Kind.BLOCKADE, option=1, combo=usable[0])] if usable else []
    k = next(i for i, e in enumerate(f.effects) if e.special == BLOCKADE_SPECIAL)
    return [Dx3Action(Kind.BLOCKADE, option=0 if f.blockade == UP else 1, combo=k)]


def set_blockade(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> bool:
    """f puts its 封鎖 up or down (blockade_actions); True when that spent its minor action."""
    spent = f.blockade == OFF
    if spent:
        table = state.options.encroach_table
        pay(state, f, combine([f.effects[action.combo]], MINOR, f.char.encroachment, table), rng, events)
    f.blockade = UP if action.option == 1 else LIFTED
    events.append(Event("blockade", f.id, -1, {"position": f.pos, "up": f.blockade == UP}))
    return spent


def full_move_distance(state: Dx3State, f: Fighter) -> int:
    """How far f's 全力移動 goes this round: 全力移動, or 1x 戦闘移動 in the second round in a row
    (HR-MOVE-01); 0 in a third round in a row (HR-MOVE-02) or under 硬直 (DX3-BS-19). Aboard, the
    vehicle's numbers (DX3-VEH-09/10), a passenger not at all."""
    if RIGID in f.statuses:
        return 0
    aboard = driving_moves(state, f, True)
    if state.options.full_move_streak == "house":
        if f.full_streak >= 2:
            return 0
        if f.full_streak == 1:
            return driving_moves(state, f, False) if aboard >= 0 else f.combat_move
    return aboard if aboard >= 0 else f.full_move


def combat_move_distance(state: Dx3State, f: Fighter) -> int:
    """How far f's 戦闘移動 goes: 0 while engaged with an enemy (DX3-ENG-02) unless a gimmick distracted
    it (HR-GIMMICK-03), or under 硬直; aboard, the vehicle's (DX3-VEH-09), a passenger not at all."""
    if RIGID in f.statuses or (engaged_with_enemy(state, f) and not f.distracted):
        return 0
    aboard = driving_moves(state, f, False)
    return aboard if aboard >= 0 else f.combat_move


def destination(state: Dx3State, f: Fighter, goal: int, distance: int, passing: bool = False) -> int:
    """Where a move from f's position toward `goal` ends: at most `distance` metres, inside the line,
    stopping at the first engagement on the way (DX3-ENG-01/07) unless it is `passing` (DX3-ENG-08)."""
    return stop(f.pos, min(max(goal, 0), state.scenario.length), distance, passing, engagements(state, f))


def engagements(state: Dx3State, f: Fighter) -> set[int]:
    """The positions of the engagements other than f's: where someone else stands, not 戦闘不能."""
    return {g.pos for g in state.fighters if not g.down and g.id != f.id} - {f.pos}


def stop(start: int, goal: int, distance: int, passing: bool, occupied: set[int]) -> int:
    """Where a move from `start` toward `goal` (inside the line) ends: at most `distance` metres, at the
    first of the `occupied` positions on the way unless it is `passing` (`destination`)."""
    step = 1 if goal > start else -1
    gap = goal - start if step > 0 else start - goal
    end = start + step * (distance if distance < gap else gap)  # min() without the call (generic when compiled)
    if passing:
        return end
    low, high = (start, end) if step > 0 else (end, start)
    on_way = [pos for pos in occupied if low <= pos <= high]
    if not on_way:
        return end
    return min(on_way) if step > 0 else max(on_way)


def moves(
    state: Dx3State, f: Fighter, kind: Kind, distance: int, passing: bool = False, combo: int = -1
) -> list[Dx3Action]:
    """The distinct moves of `distance` metres: toward each other engagement (named by its first
    standing fighter that f can see: never a hidden enemy, DX3-HID-03), then the full distance left
    and right; one action per place reached. A `passing` move (with the movement effect `combo`)
    does not stop at engagements on the way."""
    if distance <= 0:
        return []
    reached: set[int] = {f.pos}
    out: list[Dx3Action] = []
    heads: dict[int, int] = {}
    for g in state.fighters:
        if not g.down and g.pos != f.pos and g.pos not in heads and not (g.hidden.hidden and g.side != f.side):
            heads[g.pos] = g.id
    occupied = engagements(state, f)  # the same for every move listed: found once
    length = state.scenario.length
    for pos, who in sorted(heads.items(), key=lambda item: item[1]):
        end = stop(f.pos, 0 if pos < 0 else length if pos > length else pos, distance, passing, occupied)
        if end not in reached:
            reached.add(end)
            out.append(Dx3Action(kind, target=who, combo=combo))
    for direction, goal in ((LEFT, 0), (RIGHT, length)):
        end = stop(f.pos, goal, distance, passing, occupied)
        if end not in reached:
            reached.add(end)
            out.append(Dx3Action(kind, option=direction, combo=combo))
    return out


def movement_effect(state: Dx3State, f: Fighter) -> int:
    """The index of f's first minor movement effect it may use now (DX3-ENG-08, DX3-EFF-M11: a 戦闘移動
    that may 離脱, passes engagements and ignores 封鎖, so many uses per period); -1: none. Offered
    only while engaged with an enemy, where a plain 戦闘移動 is not allowed (so the env's move indices
    stay one action each), never under 硬直."""
    if RIGID in f.statuses or not engaged_with_enemy(state, f) or f.distracted or f.vehicle >= 0:
        return -1
    rate, table = f.char.encroachment, state.options.encroach_table
    for i, e in enumerate(f.effects):
        if e.special == MOVE_SPECIAL and e.timing == MINOR:
            level = use_level(e, rate, table)
            if not unusable(e, rate, frozenset(), f.used.get(e.name, 0), level):
                return i
    return -1


def effect_move_distance(state: Dx3State, f: Fighter, k: int) -> int:
    """How far a move with movement effect k goes: 戦闘移動 + the effect's extra metres."""
    e = f.effects[k]
    return f.combat_move + e.move.at(use_level(e, f.char.encroachment, state.options.encroach_table))


def effect_moves(state: Dx3State, f: Fighter) -> list[Dx3Action]:
    """The minor moves f may make with its movement effect now (movement_effect)."""
    k = movement_effect(state, f)
    if k < 0:
        return []
    return moves(state, f, Kind.MOVE, effect_move_distance(state, f, k), passing=True, combo=k)


def effect_move(
    state: Dx3State, f: Fighter, action: Dx3Action, rng: np.random.Generator, events: list[Event]
) -> None:
    """A 戦闘移動 with movement effect `action.combo` (DX3-ENG-08): pay its 侵蝕値, count a use, and
    move out of the engagement past the others, whatever blockades them (no lone leaver's check)."""
    distance = effect_move_distance(state, f, action.combo)
    table = state.options.encroach_table
    pay(state, f, combine([f.effects[action.combo]], MINOR, f.char.encroachment, table), rng, events)
    start = f.pos
    f.pos = destination(state, f, goal_of(state, action), distance, passing=True)
    joined = [g.id for g in state.at(f.pos) if g.id != f.id]
    events.append(Event("move", f.id, -1, {"from": start, "to": f.pos, "joined": joined}))


def goal_of(state: Dx3State, action: Dx3Action) -> int:
    """The position a move heads for: its target's engagement, or an end of the line."""
    if action.target >= 0:
        return state.fighters[action.target].pos
    return 0 if action.option == LEFT else state.scenario.length


def leaving_rival(state: Dx3State, f: Fighter) -> Fighter | None:
    """HR-ENGAGE-01, AMB-33: the enemy f must beat to leave its engagement when f is the only one
    of its side there (the enemy with the highest 【肉体】, the first listed on a tie); None: no check."""
    if not state.options.lone_leaver_check or f.distracted:  # a distracted fighter is not engaged (HR-GIMMICK-03)
        return None
    here = state.at(f.pos)
    if any(g.side == f.side and g.id != f.id for g in here):
        return None
    enemies = [g for g in here if g.side != f.side]
    if not enemies:
        return None
    return max(enemies, key=lambda g: (g.char.stats.body, -g.id))


def move(
    state: Dx3State,
    f: Fighter,
    action: Dx3Action,
    distance: int,
    rng: np.random.Generator,
    events: list[Event],
) -> None:
    """Carry out a 戦闘移動 or 全力移動; a 全力移動 out of an engagement with enemies is a 離脱 and
    needs the lone leaver's opposed 【肉体】 check (HR-ENGAGE-01), on which a PC may sublimate first
    (checks.pause: `leave_check` and `travel` follow the decision); on a loss it stays (AMB-33)."""
    if action.kind == Kind.FULL_MOVE:
        f.full_this_round = True  # a failed 離脱 was still a full move declared (AMB-34)
        rival = leaving_rival(state, f)
        if rival is not None:
            check = body(state, f)
            if pause(state, f, CheckFor.LEAVE, action, check, subject=rival.id):
                return
            if not leave_check(state, f, action, rival, roll(check, rng), rng, events):
                return
    travel(state, f, action, distance, events)


def body(state: Dx3State, f: Fighter) -> Check:
    """f's 【肉体】 check of the lone leaver's contest (HR-ENGAGE-01)."""
    return f.char.check(None, Ability.BODY, floor=state.options.crit_floor, table=state.options.encroach_table)


def leave_check(
    state: Dx3State, f: Fighter, action: Dx3Action, rival: Fighter, mine: CheckResult, rng: np.random.Generator,
    events: list[Event],
) -> bool:  # fmt: skip
    """The rival's 【肉体】 answers the lone leaver's final check `mine` (HR-ENGAGE-01), a PC rival may
    sublimate on it first (checks.pause: `held_back` follows the decision); True when f gets away."""
    check = body(state, rival)
    if pause(state, rival, CheckFor.HOLD, action, check, subject=f.id, earlier=mine):
        return False
    return held_back(state, f, rival, mine, roll(check, rng), events)


def held_back(
    state: Dx3State, f: Fighter, rival: Fighter, mine: CheckResult, theirs: CheckResult, events: list[Event]
) -> bool:
    """The lone leaver's check against the rival's, ties as `tie`; True when f gets away."""
    won = action_wins(mine, theirs, state.options.tie)
    events.append(Event("leave_check", f.id, rival.id, {
        "faces": [list(r) for r in mine.rounds], "achievement": mine.achievement,
        "rival_faces": [list(r) for r in theirs.rounds], "rival": theirs.achievement, "won": won,
    }))  # fmt: skip
    return won


def travel(state: Dx3State, f: Fighter, action: Dx3Action, distance: int, events: list[Event]) -> None:
    """f goes `distance` metres as `action` heads, stopping at the first engagement on the way; a driver
    takes its vehicle and passengers along (HR-VEH-01)."""
    start = f.pos
    f.pos = destination(state, f, goal_of(state, action), distance)
    carry(state, f)
    joined = [g.id for g in state.at(f.pos) if g.id != f.id]
    kind = "full_move" if action.kind == Kind.FULL_MOVE else "move"
    events.append(Event(kind, f.id, -1, {"from": start, "to": f.pos, "joined": joined}))
