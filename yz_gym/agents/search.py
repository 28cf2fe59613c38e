"""SearchAgent: picks each action by Monte Carlo rollouts of cloned states (one-step lookahead).

At every decision with more than one legal action, each candidate is applied to clones of the
state and the game is played out: the agent's own side by `rollout_agent`, every other side by
`opponent_model` (the agent it expects to face). Candidates are compared on the share of
rollouts its side wins, by successive halving: all get `rollouts` rollouts, the better half
twice as many, and so on down to two (or `max_rollouts`). Every candidate's k-th rollout uses
the same seed (common random numbers).

The rollout agent's own pick is the anchor: it always survives the halving, and the agent
plays the best challenger only if the challenger's paired win-rate lead is more than `margin`
standard errors, so rollout noise does not make it worse than the rollout agent. It is a
policy improvement over `rollout_agent` against `opponent_model`: slow (hundreds of rollouts
a decision), but a reference for what a trained policy could reach
(`python -m yz_gym.training.search_ceiling`). A seeded SearchAgent is reproducible."""

from __future__ import annotations

import numpy as np

from yz_gym.agents.base import Agent
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action


class SearchAgent(Agent):
    """Successive-halving Monte Carlo search over the legal actions (see the module docstring).

    A decision with n candidates costs about `rollouts * n * log2(n)` rollouts at most."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        rollouts: int = 16,
        rollout_agent: str = "tactical",
        opponent_model: str = "tactical",
        max_rollouts: int = 512,
        margin: float = 2.0,
    ) -> None:
        super().__init__(seed)
        self.rollouts = rollouts
        self.rollout_agent = rollout_agent
        self.opponent_model = opponent_model
        self.max_rollouts = max_rollouts
        self.margin = margin

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        """The rollout agent's own pick, unless a candidate beats it clearly in the rollouts."""
        if len(actions) == 1:
            return actions[0]
        from yz_gym.agents import make_agent

        default = make_agent(self.rollout_agent, int(self.rng.integers(2**63))).choose(state, actions)
        anchor = actions.index(default)
        seeds = self.rng.integers(2**63, size=self.max_rollouts)
        results: list[list[float]] = [[] for _ in actions]
        alive = list(range(len(actions)))
        target = self.rollouts
        while True:
            target = min(target, self.max_rollouts)
            for i in alive:
                results[i].extend(
                    self.rollout(state, actions[i], int(seeds[k])) for k in range(len(results[i]), target)
                )
            if len(alive) <= 2 or target >= self.max_rollouts:
                break
            alive.sort(key=lambda i: -np.mean(results[i]))
            kept = alive[: max(2, (len(alive) + 1) // 2)]
            if anchor not in kept:
                kept[-1] = anchor
            alive = kept
            target *= 2
        challenger = max((i for i in alive if i != anchor), key=lambda i: np.mean(results[i]), default=anchor)
        if challenger == anchor:
            return default
        n = min(len(results[challenger]), len(results[anchor]))
        diff = np.asarray(results[challenger][:n]) - np.asarray(results[anchor][:n])
        spread = diff.std(ddof=1) / np.sqrt(n) if n > 1 else 1.0
        if diff.mean() > self.margin * max(spread, 1e-9):
            return actions[challenger]
        return default

    def rollout(self, state: GameState, action: Action, seed: int) -> float:
        """1 if the actor's side wins after `action` and a played-out game, else 0."""
        from yz_gym.agents import make_agent

        game = state.clone()
        side = game.combatants[engine.current_actor(game)].side
        sequence = np.random.SeedSequence(seed)
        dice, mine, theirs = sequence.spawn(3)
        rng = np.random.default_rng(dice)
        own = make_agent(self.rollout_agent, int(mine.generate_state(1)[0]))
        other = make_agent(self.opponent_model, int(theirs.generate_state(1)[0]))
        engine.apply(game, action, rng)
        while not engine.is_over(game):
            mover = game.combatants[engine.current_actor(game)]
            agent = own if mover.side == side else other
            engine.apply(game, agent.choose(game, engine.legal_actions(game)), rng)
        return float(game.winner == side)
