"""The advisor: menu numbers, honest verdicts, the agents it used, what the side may know, and a
top move that a large independent re-simulation with the same agents confirms."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from yz_gym.agents.advisor import (
    RACE_DROP,
    Advice,
    acting,
    advise,
    check_fit,
    explain,
    rollout,
    sample_world,
    side_agents,
    ties,
    who_played,
    worse,
)
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.scenario.chase_builder import load_chase
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.zone import engine, initiative


def duel(seed: int = 5):  # type: ignore[no-untyped-def]
    return engine.new_game(load_scenario("duel"), np.random.default_rng(seed))


def resimulate(
    state, advice: Advice, agents: dict[str, str], n: int, base: int = 10_000
) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The 95% interval of `advice`'s win rate from n fresh rollouts (seeds the advisor never used)."""
    names = side_agents(state, agents)
    wins = sum(rollout(state, advice.action, names, base + k) for k in range(n))
    return wilson_interval(wins, n)


def agrees(state, agents: dict[str, str], n: int, **options) -> None:  # type: ignore[no-untyped-def]
    """The advisor's top move: its interval overlaps an n-rollout re-simulation's, and the
    re-simulated runner-up is not clearly better."""
    ranked = advise(state, agents, **options)
    best, runner = ranked[0], ranked[1]
    low, high = best.interval
    again_low, again_high = resimulate(state, best, agents, n)
    assert again_low <= high and low <= again_high, (best.label, best.interval, (again_low, again_high))
    runner_low, _ = resimulate(state, runner, agents, n)
    assert runner_low <= again_high, (runner.label, "is clearly better than", best.label)


def test_the_top_move_agrees_with_an_independent_resimulation():
    agrees(duel(), {"ilsa": "aggressive", "brann": "random"}, 300, rollouts=48, seed=1, workers=1)


@pytest.mark.slow
def test_the_top_move_agrees_with_2000_rollouts_on_the_readme_positions():
    from benchmarks.advisor_speed import positions

    for state, agents in positions().values():
        agrees(state, agents, 2000, seed=3)


def test_answers_carry_the_menu_numbers_that_play_shows():
    state = duel()
    ranked = advise(state, {"ilsa": "random", "brann": "random"}, rollouts=8, first=4, workers=1)
    actions = engine.legal_actions(state)
    assert sorted(a.number for a in ranked) == list(range(1, len(actions) + 1))
    for a in ranked:
        assert actions[a.number - 1] == a.action and a.text == engine.describe(state, a.action)
        assert a.label == f"#{a.number} {a.text}"


def test_the_race_drops_actions_and_the_finalists_come_first():
    state = duel()
    ranked = advise(state, {"ilsa": "random", "brann": "random"}, rollouts=32, first=4, workers=1)
    games = [a.games for a in ranked]
    assert games == sorted(games, reverse=True)  # finalists first
    assert games[0] in (8, 16, 32) and games[-1] == 4 and sum(games) < 32 * len(ranked)


def test_the_answer_depends_on_the_seed_only_not_on_the_workers():
    state = duel()
    agents = {"ilsa": "aggressive", "brann": "random"}
    one = advise(state, agents, rollouts=16, first=4, seed=2, workers=1)
    two = advise(state, agents, rollouts=16, first=4, seed=2, workers=2)
    assert [(a.number, a.wins, a.games) for a in one] == [(a.number, a.wins, a.games) for a in two]


def test_rollouts_are_played_by_the_agents_named_for_each_side():
    state = duel()
    assert side_agents(state, {"brann": "random"}) == ["tactical", "random"]  # tactical by default
    with pytest.raises(ValueError, match="nobody"):
        side_agents(state, {"nobody": "random"})
    assert who_played(state, {"brann": "random"}).startswith("Rollouts: ilsa tactical, brann random;")
    action = engine.legal_actions(state)[0]
    mine = state.combatants[engine.current_actor(state)].side
    # the same seeds with a stronger opponent: the actor's side wins less, so the agents are used
    wins = {}
    for name in ("random", "tactical"):
        agents = ["random", "random"]
        agents[1 - mine] = name
        wins[name] = sum(rollout(state, action, agents, k) for k in range(40))
    assert wins["tactical"] < wins["random"]


def verdict(*results: tuple[int, int]) -> str:
    state = duel()
    actions = engine.legal_actions(state)
    ranked = [
        Advice(k + 1, actions[k], engine.describe(state, actions[k]), wins, games, Counter({"tries": games}))
        for k, (wins, games) in enumerate(results)
    ]
    return explain(state, ranked)


def test_overlapping_intervals_read_no_clear_difference_never_should():
    tied = verdict((12, 100), (11, 100), (2, 20))
    assert tied.startswith("No clear difference: #1 ") and "#2 " in tied and "should" not in tied
    assert "1 other action(s) fell behind" in tied
    clear = verdict((80, 100), (30, 100))
    assert "should" in clear and "(#1 " in clear and "clearly above 30% for the next best, #2 " in clear


def test_ties_are_the_finalists_whose_interval_overlaps_the_top():
    state = duel()
    a = engine.legal_actions(state)[0]
    ranked = [
        Advice(1, a, "x", 50, 100),
        Advice(2, a, "y", 40, 100),
        Advice(3, a, "z", 10, 100),
        Advice(4, a, "w", 2, 4),
    ]
    assert [t.number for t in ties(ranked)] == [1, 2]


def test_a_sampled_world_redraws_hidden_cards_the_side_has_not_seen():
    state = engine.new_game(load_scenario("saloon_brawl"), np.random.default_rng(3))
    actor = engine.current_actor(state)
    side = state.combatants[actor].side
    seen = initiative.visible_cards(state, actor)
    called = state.cards[state.order[state.turn_pos]]
    redrawn = set()
    for k in range(30):
        world = sample_world(state, side, np.random.default_rng(k))
        assert engine.current_actor(world) == actor
        assert world.order[: world.turn_pos + 1] == state.order[: state.turn_pos + 1]
        for c in world.combatants:
            if seen[c.id]:
                assert world.cards[c.id] == state.cards[c.id]  # what the side saw stays
            else:
                assert world.cards[c.id] > called  # not called yet, so above the card being played
                redrawn.add((c.id, world.cards[c.id]))
        hidden = [world.cards[c.id] for c in world.combatants if not seen[c.id]]
        assert len(set(hidden)) == len(hidden)  # one card each (no NPC groups in this brawl)
        assert sorted(world.order, key=world.cards.__getitem__) == world.order
    assert len(redrawn) > sum(not s for s in seen)  # the cards really vary


def test_a_sampled_world_moves_unseen_enemies_and_the_full_state_does_not():
    state = duel()
    actor = engine.current_actor(state)
    enemy = next(c for c in state.combatants if c.side != state.combatants[actor].side)
    enemy.hidden = True
    enemy.engaged.clear()
    state.combatants[actor].engaged.discard(enemy.id)
    zones = {
        sample_world(state, state.combatants[actor].side, np.random.default_rng(k)).combatants[enemy.id].zone
        for k in range(40)
    }
    assert zones == set(range(len(state.zone_map.zones)))
    enemy.engaged.add(actor)  # an enemy engaged with somebody shows where it is
    zones = {
        sample_world(state, state.combatants[actor].side, np.random.default_rng(k)).combatants[enemy.id].zone
        for k in range(10)
    }
    assert zones == {enemy.zone}
    ally = sample_world(state, enemy.side, np.random.default_rng(0))  # its own side knows where it is
    assert ally.combatants[enemy.id].zone == enemy.zone


def test_there_is_nothing_to_advise_on_a_finished_game(monkeypatch):
    state = duel()
    monkeypatch.setattr(engine, "is_over", lambda game: True)
    with pytest.raises(ValueError, match="over"):
        advise(state)


def test_one_choice_needs_no_rollouts(monkeypatch):
    state = duel()
    only = engine.legal_actions(state)[:1]
    monkeypatch.setattr(engine, "legal_actions", lambda game: only)
    ranked = advise(state, workers=1)
    assert [(a.number, a.games) for a in ranked] == [(1, 0)]
    assert explain(state, ranked).endswith("has one choice: #1 " + ranked[0].text + ".")


# --- the race's shortcuts keep the answer ---------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_race_picks_the_top_choice_of_the_full_run_on_fixed_seeds(seed):
    """Every action given all 32 rollouts (race=False) against the race on the same seeds: the same
    top choice, with the same rollouts behind it when the race ran it to the end."""
    state = duel(seed + 5)
    agents = {"ilsa": "aggressive", "brann": "aggressive"}
    raced = advise(state, agents, rollouts=32, first=4, seed=seed, workers=1)
    full = advise(state, agents, rollouts=32, first=4, seed=seed, workers=1, race=False)
    assert all(a.games == 32 for a in full)
    best = max(full, key=lambda a: (a.p, -a.number))
    assert raced[0].number == best.number, (raced[0].label, best.label)
    if raced[0].games == 32:
        assert (raced[0].wins, raced[0].outcomes) == (best.wins, best.outcomes)
    assert sum(a.games for a in raced) < sum(a.games for a in full)


def test_a_worse_action_is_one_the_leader_beats_on_the_shared_rollouts():
    a = engine.legal_actions(duel())[0]

    def advice(outcomes: str) -> Advice:
        won = [c == "1" for c in outcomes]
        return Advice(1, a, "x", sum(won), len(won), outcomes=won)

    leader = advice("111100")
    assert worse(advice("000100"), leader)  # 3 rollouts only the leader won: 1/8 <= RACE_DROP
    assert not worse(advice("001100"), leader)  # 2 of them: 1/4
    assert not worse(advice("000111"), leader)  # 3 against 2 the other way
    assert not worse(advice("111100"), leader)  # the same rollouts won
    assert RACE_DROP == 0.15


# --- chases -----------------------------------------------------------------------------------------


def car_chase(seed: int = 0):  # type: ignore[no-untyped-def]
    return chase.new_chase(load_chase("chase_car_vs_motorcycle"), np.random.default_rng(seed))


def test_a_chase_is_advised_with_its_menu_numbers_and_chase_agents():
    state = car_chase()
    ranked = advise(state, rollouts=8, first=4, seed=1, workers=1)
    actions = chase.legal_actions(state)
    assert sorted(a.number for a in ranked) == list(range(1, len(actions) + 1))
    for a in ranked:
        assert actions[a.number - 1] == a.action and a.text == chase.describe(state, a.action)
    assert side_agents(state) == ["cutoff", "flee"]  # as evaluate plays a chase: pursuer cutoff, prey flee
    said = who_played(state)
    assert said.startswith("Rollouts: police cutoff, courier flee; reading only what the police can see")
    assert "secret choices" in said
    assert explain(state, ranked).split(":")[0] in ("No clear difference", f"{acting(state).name} should " + ranked[0].text + f" ({ranked[0].label})")


def test_chase_advice_depends_on_the_seed_only():
    state = car_chase(3)
    one = advise(state, rollouts=8, first=4, seed=5, workers=1)
    two = advise(state, rollouts=8, first=4, seed=5, workers=2)
    assert [(a.number, a.wins, a.games) for a in one] == [(a.number, a.wins, a.games) for a in two]
    assert state.phase == car_chase(3).phase and state.choices == car_chase(3).choices  # left untouched


def test_chase_rollouts_are_played_by_the_agents_named():
    state = car_chase(2)
    action = chase.legal_actions(state)[0]
    wins = {name: sum(rollout(state, action, ["cutoff", name], k) for k in range(30)) for name in ("random", "flee")}
    assert wins["random"] > wins["flee"]  # the police catch a random courier more often


def test_a_chase_sample_takes_back_the_other_sides_secret_choices():
    state = car_chase(1)
    police = chase.current_actor(state)
    side = state.world.combatants[police].side
    while state.world.combatants[chase.current_actor(state)].side == side:  # the police choose in secret
        chase.apply(state, chase.legal_actions(state)[1], np.random.default_rng(0))
    courier = chase.current_actor(state)
    assert any(k[0] == police for k in state.choices)
    world = sample_world(state, state.world.combatants[courier].side, np.random.default_rng(0))
    assert not any(k[0] == police for k in world.choices)  # the courier does not know it
    assert chase.current_actor(world) == courier and any(k[0] == police for k in world.choosers)
    own = sample_world(state, state.world.combatants[police].side, np.random.default_rng(0))
    assert own.choices == state.choices  # the police know their own choice


def test_an_agent_that_cannot_play_the_game_is_refused():
    with pytest.raises(ValueError, match="police: 'tactical' plays zone fights, not chases"):
        check_fit(car_chase(), {"police": "tactical"})
    with pytest.raises(ValueError, match="ilsa: 'flee' plays chases only"):
        check_fit(duel(), {"ilsa": "flee"})
    check_fit(car_chase(), {"police": "shooter", "courier": "random"})


def test_a_chase_that_hands_over_is_won_by_the_winner_of_the_fight_after_it(monkeypatch):
    state = chase.new_chase(load_chase("chase_bounty_hunt"), np.random.default_rng(0))
    assert "the fight after a hand-over: tactical" in who_played(state)
    fights = []
    new_game = engine.new_game
    monkeypatch.setattr(engine, "new_game", lambda *a, **k: fights.append(new_game(*a, **k)) or fights[-1])
    mine = side_agents(state)
    side = state.world.setup.sides[acting(state).side]
    played = 0
    for k in range(12):
        fights.clear()
        won = rollout(state, chase.legal_actions(state)[0], mine, k)
        if fights:
            played += 1
            fight = fights[0]
            assert engine.is_over(fight)
            assert won == (fight.winner >= 0 and fight.setup.sides[fight.winner] == side)
    assert played  # some of these chases end in a fight, and the fight decides
