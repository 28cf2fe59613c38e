"""Random legal play over every bundled DX3 fight keeps the invariants; the env's encoding is one
index per legal action and its observation stays in [0, 1]; the aggressive agent beats random."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import yz_gym  # noqa: F401  registers the Gymnasium ids
from yz_gym.agents import make_agent
from yz_gym.core import registry
from yz_gym.envs.dx3_encoding import DX3_OBS_SIZE, N_DX3_ACTIONS, describe_index, encode, mask, observe
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3State, Kind, Phase
from yz_gym.scenario.loading import bundled, load

DX3 = registry.get("dx3", "skirmish")
ACTIONS = 20_000  # random legal actions over all the bundled fights


def check(state: Dx3State, before: list[int]) -> None:
    """The invariants of a running fight."""
    for f in state.fighters:
        assert 0 <= f.char.hp <= f.char.stats.max_hp and f.down == (f.char.hp == 0)
        assert 0 <= f.pos <= state.scenario.length  # one position: nobody is in two engagements
        assert f.char.encroachment >= before[f.id]  # only 《リザレクト》 raises it; nothing lowers it here
        assert len(f.equipped) <= 2 and len(set(f.equipped)) == len(f.equipped)
        assert 0 <= f.full_streak <= 2 or state.options.full_move_streak == "core"
    if state.phase in (Phase.MINOR, Phase.MAJOR):
        actor = state.fighters[state.actor]
        assert not actor.down and not actor.acted


@pytest.mark.rule("DX3-DMG-03", "DX3-DMG-09", "DX3-ENG-01", "HR-MOVE-02")
def test_random_legal_play_keeps_the_invariants_of_every_bundled_fight():
    names = bundled(DX3)
    played = 0
    seed = 0
    while played < ACTIONS:
        loaded = load(names[seed % len(names)])
        rng, chooser = np.random.default_rng(seed), np.random.default_rng([seed, 1])
        state = engine.new_game(loaded.scenario, rng)
        before = [f.char.encroachment for f in state.fighters]
        while not engine.is_over(state):
            legal = engine.legal_actions(state)
            assert len(set(legal)) == len(legal)
            action = legal[int(chooser.integers(len(legal)))]
            engine.apply(state, action, rng, legal)
            check(state, before)
            before = [f.char.encroachment for f in state.fighters]
            played += 1
        seed += 1


def test_every_legal_action_has_its_own_index_and_the_observation_is_bounded():
    for name in bundled(DX3):
        state = engine.new_game(load(name).scenario, 0)
        rng, chooser = np.random.default_rng(1), np.random.default_rng(2)
        while not engine.is_over(state):
            me = engine.current_actor(state)
            legal = engine.legal_actions(state)
            bits, by_index = mask(me, legal)
            assert int(bits.sum()) == len(legal) and list(by_index.values()) == legal
            assert all(0 <= i < N_DX3_ACTIONS and describe_index(i) for i in by_index)
            for f in range(len(state.fighters)):
                obs = observe(state, f, me)
                assert obs.shape == (DX3_OBS_SIZE,) and obs.min() >= 0.0 and obs.max() <= 1.0
            engine.apply(state, legal[int(chooser.integers(len(legal)))], rng, legal)


def test_the_env_plays_a_side_and_a_masked_index_costs_the_penalty_or_raises():
    env = gymnasium.make("yz_gym/Dx3Fight-v0", scenario="dx3_duel", side="ugn")
    obs, info = env.reset(seed=3)
    assert obs.shape == (DX3_OBS_SIZE,) and info["actor"] == "Kaito"
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    same, reward, terminated, truncated, info2 = env.step(illegal)
    assert reward == -0.1 and info2["illegal_action"] and not (terminated or truncated)
    assert np.array_equal(obs, same) and np.array_equal(info["action_mask"], info2["action_mask"])
    strict = gymnasium.make("yz_gym/Dx3Fight-v0", scenario="dx3_duel", side="ugn", illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(ValueError, match="not legal for Kaito"):
        strict.step(illegal)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(info["legal_actions"][0]))
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0) and "outcome" in info
    assert info["legal_actions"] == () and info["action_mask"].sum() == 1 and info["action_mask"][0] == 1


def test_the_dx3_task_envs_give_dict_observations_shaping_and_numeric_aec_infos():
    from yz_gym.envs.dx3_encoding import dx3_structure
    from yz_gym.envs.dx3_env import env as aec_env
    from yz_gym.envs.dx3_env import parallel_env

    flat_env = gymnasium.make("yz_gym/DX3-BossParty-v6")
    dict_env = gymnasium.make("yz_gym/DX3-BossParty-v6", obs_mode="dict")
    flat, info = flat_env.reset(seed=4)
    seen, _ = dict_env.reset(seed=4)
    assert seen["fighters"].shape == (12, 34) and np.array_equal(dx3_structure().flatten(seen), flat)
    shaped = gymnasium.make("yz_gym/Dx3Fight-v0", scenario="dx3_boss_party", reward_shaping=True)
    _, info = shaped.reset(seed=4)
    rewards = []
    for _ in range(200):
        _, reward, terminated, truncated, info = shaped.step(int(info["legal_actions"][-1]))
        rewards.append(reward)
        if terminated or truncated:
            break
    assert any(r not in (-1.0, 0.0, 1.0) for r in rewards)  # HP lost and 戦闘不能 pay in between
    aec = aec_env("dx3_duel")
    aec.reset(seed=1)
    for agent in aec.possible_agents:
        info = aec.infos[agent]
        assert set(info) == {"decision", "illegal_action", "winner"}
        assert all(isinstance(v, int) for v in info.values())
    selected = aec.agent_selection
    assert aec.infos[selected]["decision"] >= 0 and aec.unwrapped.decision_name(selected) in (
        "minor",
        "major",
    )
    par = parallel_env("dx3_duel")
    observations, _ = par.reset(seed=1)
    assert set(observations) == set(aec.possible_agents)


def test_an_attack_index_names_its_target_relative_to_the_decider():
    from yz_gym.rulesets.dx3.state import Dx3Action

    assert encode(3, Dx3Action(Kind.ATTACK, 4, -1)) == encode(0, Dx3Action(Kind.ATTACK, 1, -1))
    assert describe_index(encode(0, Dx3Action(Kind.ATTACK, 1, 0))) == "attack slot 1 with weapon 0"


def test_the_aggressive_agent_beats_random_play_in_the_duel():
    loaded = load("dx3_duel")
    wins = 0
    for seed in range(30):
        names = {"ugn": "dx3_aggressive", "fh": "random"}
        agents = [make_agent(names[s], seed) for s in loaded.sides]
        rng = np.random.default_rng(seed)
        state = engine.new_game(loaded.scenario, rng)
        while not engine.is_over(state):
            legal = engine.legal_actions(state)
            actor = state.fighters[engine.current_actor(state)]
            engine.apply(state, agents[actor.side].choose(state, legal), rng, legal)
        wins += engine.outcome(state).winner == "ugn"  # type: ignore[union-attr]
    assert wins >= 15


def test_both_envs_render_the_line_as_text():
    from yz_gym.envs.dx3_env import dx3_aec_env

    env = gymnasium.make("yz_gym/Dx3Fight-v0", scenario="dx3_boss_party", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Master Gray [master] HP" in text and "*Aoi [pcs]" in text and "10 m:" in text  # the boss came up
    aec = dx3_aec_env("dx3_duel", render_mode="ansi")
    aec.reset(seed=2)
    assert "Kaito [ugn]" in aec.render() and aec.observe("Kaito")["action_mask"].sum() > 0


def test_every_catalogued_dx3_event_kind_is_produced_or_marked_rare():
    from yz_gym.core.event_catalogue import catalogue_of

    catalogue = catalogue_of("dx3")
    produced: set[str] = set()
    for name in bundled(DX3):
        for seed in range(12):
            rng, chooser = np.random.default_rng(seed), np.random.default_rng([seed, 1])
            state = engine.new_game(load(name).scenario, rng)
            produced |= {e.kind for e in state.opening}
            while not engine.is_over(state):
                legal = engine.legal_actions(state)
                events = engine.apply(state, legal[int(chooser.integers(len(legal)))], rng, legal)
                assert all(catalogue.problem(e.kind, e.data) is None for e in events)
                produced |= {e.kind for e in events}
    assert sorted(k.name for k in catalogue if not k.rare and k.name not in produced) == []
    assert sorted(k.name for k in catalogue if k.rare and k.name in produced) == []


class _Scripted:
    """A stand-in for a trained model with the DX3 spaces: it records what it is shown and picks the
    highest legal index."""

    def __init__(self) -> None:
        from gymnasium import spaces

        from yz_gym.envs.dx3_encoding import DX3_OBS_SIZE, N_DX3_ACTIONS

        self.observation_space = spaces.Box(0, 1, (DX3_OBS_SIZE,))
        self.action_space = spaces.Discrete(N_DX3_ACTIONS)
        self.seen: list[tuple[np.ndarray, np.ndarray]] = []

    def predict(self, obs: np.ndarray, action_masks: np.ndarray, deterministic: bool) -> tuple[int, None]:
        self.seen.append((obs, action_masks))
        return int(np.flatnonzero(action_masks)[-1]), None


def test_a_policy_agent_plays_a_dx3_fight_from_what_the_env_shows_the_decider():
    from yz_gym.agents.policy import PolicyAgent
    from yz_gym.envs.dx3_encoding import mask, observe
    from yz_gym.rulesets.dx3 import engine
    from yz_gym.scenario.loading import load

    state = engine.new_game(load("dx3_boss_party").scenario, 2)
    model = _Scripted()
    agent = PolicyAgent(model, seed=0)
    rng = np.random.default_rng(2)
    for _ in range(40):
        legal = engine.legal_actions(state)
        me = engine.current_actor(state)
        expected_mask, by_index = mask(me, legal)
        chosen = agent.choose(state, legal)
        obs, shown = model.seen[-1]
        assert np.array_equal(obs, observe(state, me, me)) and np.array_equal(shown, expected_mask.astype(bool))
        assert chosen == by_index[int(np.flatnonzero(expected_mask)[-1])]
        engine.apply(state, chosen, rng, legal)
        if engine.is_over(state):
            break
