"""The DX3 fight's learner step in one compiled call: apply, the other fighters' turns, mask,
observation, reward, end and info (what `opponents.Opponents.learner_step` is for a zone fight).

`dx3_env.Dx3FightEnv.step` only finds the chosen action and dispatches here; the DX3 engine and
`dx3_encoding` are called directly (through the `GameRules` record each call would be a generic
Python call, several per decision). Compiled with the rules core (setup.py, the "# DX3" block).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from yz_gym.envs.dx3_encoding import N_DX3_ACTIONS, mask, observe
from yz_gym.envs.masks import idle_mask
from yz_gym.envs.opponents import Decision, Opponents, StepResult, refused
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import DECISIONS, Dx3Action, Dx3State, Phase


class Dx3Steps:
    """A DX3 learner env's step: `others` play every fighter outside its controlled ones (their
    agents, the log and the scorer); `names` and `side_names` are what its infos carry."""

    def __init__(self, others: Opponents, names: list[str], side_names: list[str], side: int) -> None:
        self.others = others
        self.names = names
        self.side_names = side_names
        self.side = side  # the learner's side

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its constructor's arguments (a compiled class has no argument-free __new__)."""
        return (Dx3Steps, (self.others, self.names, self.side_names, self.side))

    def _play(self, state: Dx3State, rng: np.random.Generator) -> tuple[int, list[Dx3Action]]:
        """Play until a controlled fighter must decide: (it, its legal actions); (-1, []) at the end."""
        others = self.others
        controlled = others.controlled
        agent_of = others.agent_of
        while state.phase != Phase.OVER:
            actor = engine.current_actor(state)
            legal = engine.legal_actions(state)
            if actor in controlled:
                return actor, legal
            agent = agent_of[actor]
            action = agent.choose(state, legal)
            if action not in legal:
                raise refused(agent, engine.describe(state, action), state.fighters[actor].name)
            others._record(engine.apply(state, action, rng, legal))
        return -1, []

    def advance(self, state: Dx3State, rng: np.random.Generator, viewer: int) -> Decision:
        """Played until a controlled fighter must decide, with their mask and observation; at the end
        the idle mask and the observation from `viewer` (who saw last)."""
        actor, legal = self._play(state, rng)
        if actor < 0:
            return actor, legal, idle_mask(N_DX3_ACTIONS), {}, "over", observe(state, viewer, -1)
        marks, by_index = mask(actor, legal)
        return actor, legal, marks, by_index, DECISIONS[state.phase], observe(state, actor, actor)

    def learner_step(self, env: Any, action: Dx3Action) -> StepResult:
        """The whole step of `env` (a `Dx3FightEnv`): apply its legal action, `advance`, hold the new
        decision in the env (what `LearnerEnv._decided` holds), and Gymnasium's (flat observation,
        reward, terminated, truncated, info)."""
        state: Dx3State = env.state
        rng: np.random.Generator = env._rng
        others = self.others
        others._record(engine.apply(state, action, rng, env._legal))
        decision = self.advance(state, rng, env._viewer)
        return others.conclude(env, decision, self.names, self.side_names, self.side, state, state.round)
