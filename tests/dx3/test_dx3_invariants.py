"""Random legal play over every bundled DX3 fight keeps the rules' invariants: HP within 0..max
HP and 戦闘不能 exactly at 0 HP, the dead 戦闘不能, 侵蝕率 never falling in a fight (nothing in combat
lowers it; the back-track comes after), Lois and Titus never negative and never more in all,
positions on the line (one engagement each: an engagement is a position), at most two weapons in
hand, a vehicle's riders at its position and aboard it once, its mounted weapons held aboard, an
action offered while the fight runs and IllegalAction (the state untouched) for one that is not; a fight pickled in the middle plays on
with the same events. 100,000 actions in the `slow` run, a few thousand in the default suite."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from yz_gym.core import registry
from yz_gym.core.errors import IllegalAction
from yz_gym.envs.dx3_encoding import encode
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.character import MAX_LOIS
from yz_gym.rulesets.dx3.gear import MAX_EQUIPPED
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3Scenario, Dx3State, Kind
from yz_gym.scenario.loading import bundled, load

DX3 = registry.get("dx3", "skirmish")
PICKLE_EVERY = 97  # decisions between mid-game pickling checks
REPLAY_STEPS = 12  # decisions played on from a pickled copy and compared


def snapshot(state: Dx3State) -> list[tuple[int, int, int, int, bool, bool]]:
    """Every fighter's HP, 侵蝕率, Lois + Titus, position, 戦闘不能 and death."""
    return [
        (f.char.hp, f.char.encroachment, f.char.lois + f.char.titus, f.pos, f.down, f.dead) for f in state.fighters
    ]


def check_state(state: Dx3State, before: list[tuple[int, int, int, int, bool, bool]]) -> None:
    """The invariants of one state, and of the step from `before` to it."""
    length = state.scenario.length
    for f, (_, rate, held, _, _, _) in zip(state.fighters, before, strict=True):
        c = f.char
        assert 0 <= c.hp <= c.stats.max_hp, (f.name, c.hp)
        assert c.incapacitated == (c.hp == 0), (f.name, c.hp, c.incapacitated)
        assert not f.dead or f.down, f.name
        assert c.encroachment >= rate, (f.name, rate, c.encroachment)
        assert c.lois >= 0 and c.titus >= 0 and c.lois <= MAX_LOIS and c.lois + c.titus <= held, f.name
        assert 0 <= f.pos <= length, (f.name, f.pos)
        assert len(f.equipped) <= MAX_EQUIPPED and len(set(f.equipped)) == len(f.equipped), f.name
        assert all(0 <= w < len(f.weapons) for w in f.equipped), f.name
        if f.vehicle >= 0:  # a vehicle's riders move with it
            v = state.vehicles[f.vehicle]
            assert f.pos == v.pos and f.id in v.aboard and not v.destroyed, (f.name, f.pos, v.pos)
    for v in state.vehicles:
        assert len(set(v.aboard)) == len(v.aboard) <= v.seats, v.name
        assert all(state.fighters[i].vehicle == v.id for i in v.aboard), v.name
        assert all(h < 0 or h in v.aboard for h in v.holders), v.name  # a mounted weapon stays aboard


def illegal(state: Dx3State, legal: list[Dx3Action]) -> Dx3Action:
    """An action not legal now: a kind no list of this decision offers, or an absurd target."""
    for candidate in (Dx3Action(Kind.FINISH, 99), Dx3Action(Kind.ATTACK, 99), Dx3Action(Kind.COVER, 99)):
        if candidate not in legal:
            return candidate
    raise AssertionError("every candidate is legal")


def play_randomly(actions: int, seed: int) -> int:
    """Random legal actions over every bundled DX3 fight in turn until `actions` were taken; returns
    the fights played."""
    names = bundled(DX3)
    assert names
    rng = np.random.default_rng(seed)
    taken = fights = 0
    while taken < actions:
        scenario = load(names[fights % len(names)]).scenario
        fights += 1
        state = engine.new_game(scenario, rng)
        before = snapshot(state)
        check_state(state, before)
        while not engine.is_over(state) and taken < actions:
            legal = engine.legal_actions(state)
            assert legal, "a running fight offers an action"
            wrong = illegal(state, legal)
            kept = pickle.dumps(state)
            with pytest.raises(IllegalAction):
                engine.apply(state, wrong, rng, legal)
            assert pickle.dumps(state) == kept, "a refused action changed the fight"
            if taken % PICKLE_EVERY == 0:
                same_as_pickled(state, rng)
            action = legal[int(rng.integers(len(legal)))]
            engine.apply(state, action, rng, legal)
            taken += 1
            check_state(state, before)
            before = snapshot(state)
        if engine.is_over(state):
            assert engine.outcome(state) is not None and engine.legal_actions(state) == []
    return fights


def events_of_random_play(scenario: Dx3Scenario, actions: int, seed: int, pickle_every: int = 97) -> set[str]:
    """Random legal actions over fights of `scenario` until `actions` were taken, each step keeping the
    invariants, refusing an illegal action and giving each legal one an env index of its own, and a
    pickled fight now and then playing on alike; returns the event kinds seen."""
    rng = np.random.default_rng(seed)
    taken, seen = 0, set[str]()
    while taken < actions:
        state = engine.new_game(scenario, rng)
        before = snapshot(state)
        while not engine.is_over(state) and taken < actions:
            legal = engine.legal_actions(state)
            me = engine.current_actor(state)
            assert len({encode(me, a) for a in legal}) == len(legal), legal  # the env tells them apart
            with pytest.raises(IllegalAction):
                engine.apply(state, illegal(state, legal), rng, legal)
            if taken % pickle_every == 0:
                same_as_pickled(state, rng)
            for event in engine.apply(state, legal[int(rng.integers(len(legal)))], rng, legal):
                seen.add(event.kind)
            taken += 1
            check_state(state, before)
            before = snapshot(state)
    return seen


def same_as_pickled(state: Dx3State, rng: np.random.Generator) -> None:
    """A pickled copy of the fight, with a copy of the dice, plays on with the same events."""
    copy: Dx3State = pickle.loads(pickle.dumps(state))
    seed = int(rng.integers(2**31))
    streams = []
    for game in (state.clone(), copy):
        dice, choice = np.random.default_rng(seed), np.random.default_rng(seed + 1)
        events = []
        for _ in range(REPLAY_STEPS):
            if engine.is_over(game):
                break
            legal = engine.legal_actions(game)
            events += engine.apply(game, legal[int(choice.integers(len(legal)))], dice, legal)
        streams.append([(e.kind, e.actor, e.target, sorted((e.data or {}).items())) for e in events])
    assert streams[0] == streams[1]


def test_random_play_keeps_the_invariants_briefly():
    assert play_randomly(2_000, seed=1) >= len(bundled(DX3))


@pytest.mark.slow
def test_random_play_keeps_the_invariants_over_100000_actions():
    assert play_randomly(100_000, seed=2) > 100
