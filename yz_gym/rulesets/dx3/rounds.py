"""The DX3 round (DX3-ACT-04..08, DX3-ROUND-*): setup process, an initiative process before each
main process (highest current 行動値 first, PCs first on ties, 待機 at the end lowest first),
the main process (minor, then major), the cleanup process, and the end of the fight.

Each of the setup, initiative and cleanup processes first asks for effects of its timing
(`ask`, timed_effects.py): a Phase.TIMING decision of each fighter that may declare some, highest
行動値 first (DX3-EFF-07); `timed` resolves one answer and `resume` carries the process on. The
initiative process then picks the actor again (DX3-ROUND-02)."""

from __future__ import annotations

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import afflictions, attack, gimmicks, hiding, timed_effects
from yz_gym.rulesets.dx3.combos import new_round_uses
from yz_gym.rulesets.dx3.effects import CLEANUP, INITIATIVE, SETUP
from yz_gym.rulesets.dx3.state import OFF, Dx3Action, Dx3State, Fighter, Kind, Phase


def order_key(f: Fighter) -> tuple[int, int, int, int, str]:
    """Who goes first among the un-acted: higher 行動値, a PC before an enemy (DX3-ACT-05), then
    higher 【感覚】, higher 【精神】 and the name (DX3-ROUND-05). Smaller keys go first."""
    stats = f.char.stats
    return (-f.initiative, 0 if f.pc else 1, -stats.sense, -stats.mind, f.name)


def next_in_line(state: Dx3State) -> Fighter | None:
    """The initiative process (DX3-ROUND-02): the un-acted fighter with the highest current 行動値;
    once only waiting ones are left, the waiting one with the lowest 行動値 (DX3-ROUND-04)."""
    ready = [f for f in state.fighters if not f.acted and not f.down]
    if not ready:
        return None
    first: Fighter | None = None  # min(key=order_key) over the fresh ones, as a loop (a generic call when compiled)
    best: tuple[int, int, int, int, str] | None = None
    for f in ready:
        if not f.waiting:
            key = order_key(f)
            if best is None or key < best:
                first, best = f, key
    if first is not None:
        return first
    return min(ready, key=lambda f: (f.initiative, 0 if f.pc else 1, f.name))


def ask(state: Dx3State, timing: str) -> bool:
    """Open a Phase.TIMING decision at `timing` for every standing fighter that may declare a combo
    of it, in declaration order (DX3-EFF-07: highest 行動値 first, ties as `order_key`); False when
    nobody may."""
    asked = [f for f in state.fighters if timed_effects.usable_timed(state, f, timing)]
    if not asked:
        return False
    state.timing = timing
    state.asking = [f.id for f in sorted(asked, key=order_key)]
    state.actor = -1
    state.phase = Phase.TIMING
    return True


def timed(state: Dx3State, action: Dx3Action, rng: np.random.Generator, events: list[Event]) -> None:
    """The fighter asked at the timing answers: a combo declared, or none; once everyone has
    answered, the process goes on."""
    f = state.fighters[state.asking.pop(0)]
    if action.kind == Kind.USE_EFFECT:
        timed_effects.use(state, f, action.option, rng, events)
    state.asking = [i for i in state.asking if timed_effects.usable_timed(state, state.fighters[i], state.timing)]
    if not state.asking:
        resume(state, rng, events)


def resume(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """The process whose effects were asked for goes on."""
    timing, state.timing = state.timing, ""
    if timing == SETUP:
        if setup_rest(state, rng, events):
            start_main(state, rng, events)
        return
    if timing == INITIATIVE:
        state.initiative_asked = True
    else:
        state.cleanup_asked = True
    start_main(state, rng, events)


def setup_process(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> bool:
    """The setup process opens a round (DX3-ROUND-01): HR-EVENT-01's minor-only rounds are announced,
    setup effects are asked for, and then `setup_rest`. False when a decision (a setup effect, a
    revival) or the end of the fight comes before the first main process."""
    state.actor = -1
    events.append(Event("round", -1, -1, {"round": state.round, "minor_only": state.minor_only}))
    return not ask(state, SETUP) and setup_rest(state, rng, events)


def setup_rest(state: Dx3State, rng: np.random.Generator, events: list[Event], first: int = 0) -> bool:
    """The rest of the setup process: the round's stage gimmicks strike (HR-GIMMICK-01..03), from the
    scenario's gimmick `first` on. False when a PC sublimates on its dodge against one, or a revival or
    the end of the fight comes before the first main process."""
    for index in range(first, len(state.scenario.gimmicks)):
        if state.scenario.gimmicks[index].round == state.round:
            gimmicks.strike(state, index, rng, events)
            if state.sublimation is not None:
                return False
    if state.reviving:
        state.phase = Phase.REVIVE
        return False
    return not check_end(state, events)


def strike_on(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """After a PC's dodge against a stage gimmick: the gimmick goes on with the others it caught, then
    the setup process with the round's next gimmicks, then the first main process."""
    assert state.strike is not None
    index = state.strike.gimmick
    gimmicks.go_on(state, rng, events)
    if state.sublimation is None and setup_rest(state, rng, events, index + 1):
        start_main(state, rng, events)


def open_round(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """Round 1: its setup process, then the first main process."""
    if setup_process(state, rng, events):
        start_main(state, rng, events)


def cleanup_process(state: Dx3State, events: list[Event]) -> None:
    """The cleanup process (DX3-ROUND-07), after its effects: count the rounds in a row with a 全力移動
    (AMB-34), then everyone is 未行動 again for the next round, effects limited per round may be used
    again and the bonuses that last the round end."""
    timed_effects.round_ends(state, events)
    for f in state.fighters:
        new_round_uses(f)
        f.full_streak = f.full_streak + 1 if f.full_this_round else 0
        f.full_this_round = False
        f.acted = False
        f.waiting = False
        f.distracted = False
        f.reactions = 0
        f.blockade = OFF  # a blockade effect lasts the round (DX3-EFF-M13)
    events.append(Event("cleanup", -1, -1, {"round": state.round}))
    afflictions.cleanup(state, events)


def check_end(state: Dx3State, events: list[Event]) -> bool:
    """End the fight when at most one side has anyone standing; True if it is over."""
    if state.phase == Phase.OVER:
        return True
    standing = state.standing_sides()
    if len(standing) > 1:
        return False
    if standing:
        finish(
            state,
            standing[0],
            Termination.SIDE_OUT,
            f"{state.scenario.sides[standing[0]]} is the last side standing",
            events,
        )
    else:
        finish(state, -1, Termination.NO_ONE_STANDING, "everyone is 戦闘不能", events)
    return True


def finish(state: Dx3State, winner: int, why: Termination, reason: str, events: list[Event]) -> None:
    """The fight is over."""
    state.phase = Phase.OVER
    state.actor = -1
    state.pending = None
    state.winner = winner
    state.termination = why
    state.end_reason = reason
    side = state.scenario.sides[winner] if winner >= 0 else ""
    events.append(Event("end", -1, -1, {"winner": side, "reason": reason, "rounds": state.round}))


def start_main(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """Run initiative processes until a fighter's main process starts; between rounds the cleanup
    and setup processes, and the round cap."""
    while state.phase != Phase.OVER:
        f = next_in_line(state)
        if f is not None:
            if not state.initiative_asked and ask(state, INITIATIVE):
                return  # its effects may change who is next (DX3-ROUND-02)
            state.initiative_asked = False
            state.actor = f.id
            state.phase = Phase.MINOR
            events.append(Event("initiative", f.id, -1, {"initiative": f.initiative, "waited": f.waiting}))
            return
        if not state.cleanup_asked and ask(state, CLEANUP):
            return
        state.cleanup_asked = False
        cleanup_process(state, events)
        if check_end(state, events):  # 邪毒 may have felled a side's last one
            return
        if state.round >= state.scenario.max_rounds:
            finish(
                state,
                -1,
                Termination.ROUND_CAP,
                f"the fight is not decided after {state.round} rounds",
                events,
            )
            return
        state.round += 1
        if not setup_process(state, rng, events):
            return


def carry_on(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """After a decision in a main process: the pending attack's next step, or the main process's end."""
    if not attack.advance(state, rng, events):
        end_main(state, rng, events)


def minor_done(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """The minor action is over: the major one comes, or the main process ends in a round of minor
    actions only (HR-EVENT-01)."""
    if state.minor_only:
        end_main(state, rng, events)
    else:
        state.phase = Phase.MAJOR


def end_main(state: Dx3State, rng: np.random.Generator, events: list[Event]) -> None:
    """The acting fighter's main process is over: it is 行動済み (DX3-ROUND-03); the next one starts."""
    f = state.fighters[state.actor]
    f.acted = True
    f.waiting = False
    f.distracted = False
    hiding.lapse(f, events)
    if not check_end(state, events):
        start_main(state, rng, events)
