"""Between two decisions of the learner: the other combatants decide, each through its agent.

Skirmish-v0's inner loop, kept in its own module so that the compiled build (setup.py) compiles
it with the rules core.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from yz_gym.core.ending import Termination
from yz_gym.core.events import Event
from yz_gym.envs.core import IllegalActionError
from yz_gym.envs.masks import MaskCache, idle_mask
from yz_gym.envs.observation import ObservationEncoder
from yz_gym.envs.rewards import RewardShaping, shaping_reward, terminal_reward
from yz_gym.rulesets.yze.state import OVER, GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action


class Opponents:
    """Plays every combatant outside `controlled` with its agent, logging and scoring the events."""

    def __init__(
        self, agent_of: list[Any], controlled: frozenset[int], log: deque[Event],
        shaping: RewardShaping | None, sides: list[int], side: int,
    ) -> None:  # fmt: skip
        self.agent_of = agent_of  # the agent of each combatant (ignored for the controlled ones)
        self.controlled = controlled
        self.log = log
        self.shaping = shaping  # None: no shaping reward
        self.sides = sides
        self.side = side
        self.pending = 0.0  # shaping reward gathered since the learner last collected it

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its parts (the shaping reward gathered is 0 between two env steps)."""
        return (Opponents, (self.agent_of, self.controlled, self.log, self.shaping, self.sides, self.side))

    def learner_step(
        self, state: GameState, action: Action, rng: np.random.Generator, legal: list[Action],
        masks: MaskCache, observer: ObservationEncoder, viewer: int,
    ) -> tuple[int, list[Action], np.ndarray, dict[int, Action], str, tuple[Any, float, bool, bool, dict[str, Any]]]:  # fmt: skip
        """Apply the learner's action and let the others play up to its next decision:
        (actor, its legal actions, their mask and index map, the decision, and Gymnasium's
        (observation, reward, terminated, truncated, info)). Actor -1: the game is over, seen
        from `viewer`; its mask is `masks.idle_mask`."""
        self.pending = 0.0
        self.apply(state, action, rng, legal)
        actor, legal, mask, by_index, decision, obs = self.next_decision(state, rng, masks, observer, viewer)
        reward = self.pending
        self.pending = 0.0
        terminated = truncated = False
        if actor < 0:
            reward += terminal_reward(state.winner, self.side)
            truncated = state.termination == Termination.ROUND_CAP
            terminated = not truncated
        info = decision_info(state, actor, mask, by_index, decision)
        return actor, legal, mask, by_index, decision, (obs, reward, terminated, truncated, info)

    def next_decision(
        self, state: GameState, rng: np.random.Generator, masks: MaskCache, observer: ObservationEncoder,
        viewer: int,
    ) -> tuple[int, list[Action], np.ndarray, dict[int, Action], str, np.ndarray]:  # fmt: skip
        """Play until a learner combatant must decide, and observe it: (actor, its legal actions,
        their mask and index map, the decision, the observation). Actor -1: the game is over, seen
        from `viewer`; its mask is `masks.idle_mask`."""
        actor, legal = self.play(state, rng)
        if actor < 0:
            idle = idle_mask(masks.n_actions)
            return -1, legal, idle, {}, "over", observer.encode(state, viewer, "over", -1)
        mask, by_index = masks.mask(actor, legal)
        decision = engine.decision_kind(state)
        return actor, legal, mask, by_index, decision, observer.encode(state, actor, decision, actor)

    def apply(self, state: GameState, action: Action, rng: np.random.Generator, legal: list[Action]) -> None:
        """Apply one legal action, log its events and add up their shaping reward."""
        events = engine.apply(state, action, rng, legal)
        self.log.extend(events)
        if self.shaping is not None:
            self.pending += shaping_reward(self.shaping, events, self.sides, self.side)

    def play(self, state: GameState, rng: np.random.Generator) -> tuple[int, list[Action]]:
        """Play until a controlled combatant must decide: (it, its legal actions); (-1, []) at the end."""
        controlled = self.controlled
        agent_of = self.agent_of
        while state.phase != OVER:
            actor = engine.current_actor(state)
            legal = engine.legal_actions(state)
            if actor in controlled:
                return actor, legal
            agent = agent_of[actor]
            action = agent.choose(state, legal)
            if action not in legal:
                raise IllegalActionError(
                    f"agent {agent.name!r} chose '{engine.describe(state, action)}', "
                    f"which is not legal for {state.combatants[actor].name}"
                )
            self.apply(state, action, rng, legal)
        return -1, []


def decision_info(
    state: GameState, actor: int, mask: np.ndarray, by_index: dict[int, Action], decision: str
) -> dict[str, Any]:  # fmt: skip
    """Skirmish-v0's info: the mask (a copy), the legal indices, who decides what, the round, the outcome."""
    info: dict[str, Any] = {
        "action_mask": mask.copy(),
        "legal_actions": tuple(by_index),  # the legal indices, in the rules' order
        "actor": state.combatants[actor].name if actor >= 0 else None,
        "decision": decision,
        "round": state.round,
    }
    if state.phase == OVER:
        winner = state.setup.sides[state.winner] if state.winner >= 0 else None
        info["outcome"] = {"winner": winner, "reason": state.end_reason, "rounds": state.round}
    return info
