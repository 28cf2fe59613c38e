"""Between two decisions of the learner: the other people decide, each through its agent.

The learner adapter's inner loop (`learner_base.LearnerEnv`) for every mode, kept in its own module
so that the compiled build (setup.py) compiles it with the rules core. A zone fight, whose mask cache
and observation encoder are compiled too, hands them over as a `Codec`: then the learner's whole
step is one compiled call (`Opponents.learner_step`: apply, the others' turns, mask, observation,
reward, end and info), asking the zone fight's engine directly (through the `GameRules` record each
call would be a generic Python call, several per decision).
"""

from __future__ import annotations

from collections import deque
from typing import Any, TypeAlias

import numpy as np

from yz_gym.agents.base import RandomAgent
from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.core.protocol import GameRules
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.masks import MaskCache, idle_mask
from yz_gym.envs.observation import ObservationEncoder
from yz_gym.envs.rewards import terminal_reward
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action

# What the fast path hands the learner adapter: the deciding person (-1: the game is over), their
# legal actions, the mask and index -> action of them, the decision kind, and the observation.
Decision: TypeAlias = tuple[int, list[Any], np.ndarray, dict[int, Any], str, np.ndarray]
# Gymnasium's step: observation, reward, terminated, truncated, info.
StepResult: TypeAlias = tuple[np.ndarray, float, bool, bool, dict[str, Any]]


class Codec:
    """A zone fight's compiled mask cache and observation encoder (the `core.Encoding` parts), and the
    names its infos carry: every combatant's and every side's."""

    def __init__(self, masks: MaskCache, observer: ObservationEncoder, names: list[str], side_names: list[str]) -> None:
        self.masks = masks
        self.observer = observer
        self.names = names
        self.side_names = side_names

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its constructor's arguments (a compiled class has no argument-free __new__)."""
        return (Codec, (self.masks, self.observer, self.names, self.side_names))


class Opponents:
    """Plays every person outside `controlled` with its agent, logging and scoring the events."""

    def __init__(self, agent_of: list[Any], controlled: frozenset[int], log: deque[Event], scorer: Any) -> None:
        self.agent_of = agent_of  # the agent of each person (None or ignored for the controlled ones)
        self.controlled = controlled
        self.log = log
        self.scorer = scorer  # a binding.Scorer, or None: no reward beside the terminal one

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its constructor's arguments (a compiled class has no argument-free __new__)."""
        return (Opponents, (self.agent_of, self.controlled, self.log, self.scorer))

    def apply(self, rules: GameRules, state: Any, action: Any, rng: np.random.Generator, legal: list[Any]) -> None:
        """Apply one legal action, log its events and score them."""
        self._record(rules.apply(state, action, rng, legal))

    def _record(self, events: list[Event]) -> None:
        """Log the events and score them."""
        self.log.extend(events)
        if self.scorer is not None:
            self.scorer.add(events)

    def play(self, rules: GameRules, state: Any, rng: np.random.Generator) -> tuple[int, list[Any]]:
        """Play until a controlled person must decide: (it, its legal actions); (-1, []) at the end."""
        controlled = self.controlled
        agent_of = self.agent_of
        while not rules.is_over(state):
            actor = rules.current_actor(state)
            legal = rules.legal_actions(state)
            if actor in controlled:
                return actor, legal
            agent = agent_of[actor]
            action = agent.choose(state, legal)
            if action not in legal:
                raise refused(agent, rules.describe(state, action), rules.people(state)[actor].name)
            self._record(rules.apply(state, action, rng, legal))
        return -1, []

    def _play_zone(self, state: GameState, rng: np.random.Generator, legal: list[Action]) -> tuple[int, list[Action]]:
        """`play` for a zone fight, its engine called directly; `legal` is `engine.legal_actions(state)`."""
        controlled = self.controlled
        agent_of = self.agent_of
        while not engine.is_over(state):
            actor = engine.current_actor(state)
            if actor in controlled:
                return actor, legal
            agent = agent_of[actor]
            if type(agent) is RandomAgent:  # its draw (`RandomAgent.choose`) without an interpreted call
                action = legal[int(agent.rng.random() * len(legal))]
            else:
                action = agent.choose(state, legal)
                if action not in legal:
                    raise refused(agent, engine.describe(state, action), state.combatants[actor].name)
            events, legal = engine.apply_listed(state, action, rng, legal)
            self._record(events)
        return -1, []

    def advance(
        self, state: GameState, rng: np.random.Generator, codec: Codec, viewer: int, legal: list[Action] | None = None
    ) -> Decision:
        """A zone fight played until a controlled combatant must decide, and their mask and
        observation; at the end the idle mask and the observation from `viewer` (who saw last).
        `legal`: `engine.legal_actions(state)` if the caller has it."""
        actor, legal = self._play_zone(state, rng, engine.legal_actions(state) if legal is None else legal)
        if actor < 0:
            obs = codec.observer.encode(state, viewer, "over", -1)
            return actor, legal, idle_mask(codec.masks.n_actions), {}, "over", obs
        mask, by_index = codec.masks.mask(actor, legal)
        decision = engine.decision_kind(state)
        return actor, legal, mask, by_index, decision, codec.observer.encode(state, actor, decision, actor)

    def learner_step(self, env: Any, action: Action, codec: Codec, side: int) -> StepResult:
        """A zone fight's whole step for `env` (a `LearnerEnv`, learner of `side`): apply its legal
        action, `advance`, hold the new decision in the env (what `LearnerEnv._decided` holds), and
        Gymnasium's (flat observation, reward, terminated, truncated, info)."""
        state: GameState = env.state
        rng: np.random.Generator = env._rng
        events, listed = engine.apply_listed(state, action, rng, env._legal)
        self._record(events)
        decision = self.advance(state, rng, codec, env._viewer, listed)
        return self.conclude(env, decision, codec.names, codec.side_names, side, state, state.round)

    def conclude(
        self, env: Any, decision: Decision, names: list[str], side_names: list[str], side: int, state: Any, rounds: int
    ) -> StepResult:  # fmt: skip
        """The end of any mode's compiled learner step: hold `decision` in `env` (what
        `LearnerEnv._decided` holds; `names` and `side_names` for the infos) and Gymnasium's (flat
        observation, reward, terminated, truncated, info) for the learner of `side` after `rounds` rounds."""
        actor, legal, mask, by_index, kind, obs = decision
        if actor >= 0:
            if not by_index:
                raise RuntimeError(f"no encodable legal action for {names[actor]}")
            env._viewer = actor
        env._actor = actor
        env._legal = legal
        env._mask = mask
        env._by_index = by_index
        env._decision = kind
        env._obs = obs
        scorer = self.scorer
        reward = 0.0 if scorer is None else float(scorer.take(state))
        info: dict[str, Any] = {
            "action_mask": mask.copy(),
            "legal_actions": tuple(by_index),  # the legal indices, in the rules' order
            "actor": names[actor] if actor >= 0 else None,
            "decision": kind,
            "round": rounds,
        }
        if actor >= 0:
            return obs, reward, False, False, info
        winner: int = state.winner
        info["outcome"] = {
            "winner": side_names[winner] if winner >= 0 else None,
            "reason": state.end_reason,
            "rounds": rounds,
        }
        truncated = state.termination == Termination.ROUND_CAP
        return obs, reward + terminal_reward(winner, side), not truncated, truncated, info


def refused(agent: Any, described: str, name: str) -> IllegalActionError:
    """The error of an agent that chose an action that is not legal."""
    return IllegalActionError(f"agent {agent.name!r} chose '{described}', which is not legal for {name}")
