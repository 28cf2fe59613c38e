"""The tactical advisor: ranks the acting combatant's legal actions by Monte Carlo rollouts.

Each candidate action is applied to clones of the state and the game is played out by a
rollout agent on every side; the share of rollouts the actor's side wins estimates the
action's win probability, with a 95% Wilson interval. Promising actions get more rollouts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rules import engine
from yz_gym.rules.actions import Action
from yz_gym.rules.state import GameState


@dataclass(slots=True)
class Advice:
    """One candidate action and what the rollouts say about it."""

    action: Action
    text: str
    wins: int = 0
    games: int = 0
    effects: Counter[str] = field(default_factory=Counter)

    @property
    def p(self) -> float:
        """Estimated win probability."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win probability."""
        return wilson_interval(self.wins, self.games)


def rollout(
    state: GameState, action: Action, rollout_agent: str, seed: int, record: Counter[str] | None = None
) -> bool:
    """Apply `action` to a clone, play the game out, and say whether the actor's side won."""
    from agents import make_agent

    game = state.clone()
    side = game.combatants[engine.current_actor(game)].side
    actor = engine.current_actor(game)
    sequence = np.random.SeedSequence(seed)
    rng = np.random.default_rng(sequence)
    agent_seeds = sequence.spawn(len(game.setup.sides))
    agents = [make_agent(rollout_agent, int(s.generate_state(1)[0])) for s in agent_seeds]
    events = engine.apply(game, action, rng)
    if record is not None:
        _tally(events, actor, record)
    while not engine.is_over(game):
        mover = game.combatants[engine.current_actor(game)]
        engine.apply(game, agents[mover.side].choose(game, engine.legal_actions(game)), rng)
    return game.winner == side


def _tally(events: list, actor: int, record: Counter[str]) -> None:  # type: ignore[type-arg]
    """What the action did at once: hits, damage, targets broken, moves (for the explanation)."""
    record["tries"] += 1
    for e in events:
        if e.kind == "hit" and e.actor == actor:
            record["hit"] += 1
        elif e.kind == "damage" and e.actor == actor:
            record["damage"] += e.get("amount", 0)
        elif e.kind == "broken" and e.actor == actor and e.target != actor:
            record["broke"] += 1
        elif e.kind in ("damage", "stress") and e.target == actor:
            record["hurt"] += e.get("amount", 0)


def advise(
    state: GameState,
    rollouts: int = 200,
    rollout_agent: str = "aggressive",
    seed: int = 0,
    screen: int = 24,
    finalists: int = 4,
) -> list[Advice]:
    """Every legal action ranked by estimated win probability (best first).

    Each action gets `screen` rollouts; the `finalists` best are topped up to `rollouts`.
    """
    if engine.is_over(state):
        raise ValueError("the game is over: there is nothing to advise")
    candidates = [Advice(a, engine.describe(state, a)) for a in engine.legal_actions(state)]
    for index, advice in enumerate(candidates):
        _run(state, advice, index, min(screen, rollouts), rollout_agent, seed)
    ranked = sorted(candidates, key=lambda a: -a.p)
    for advice in ranked[:finalists]:
        index = candidates.index(advice)
        _run(state, advice, index, rollouts, rollout_agent, seed)
    return sorted(candidates, key=lambda a: (-a.p, -a.games))


def _run(state: GameState, advice: Advice, index: int, until: int, agent: str, seed: int) -> None:
    while advice.games < until:
        won = rollout(state, advice.action, agent, _seed(seed, index, advice.games), advice.effects)
        advice.wins += int(won)
        advice.games += 1


def _seed(seed: int, index: int, k: int) -> int:
    return int(np.random.SeedSequence([seed, index, k]).generate_state(1)[0])


def explain(state: GameState, ranked: list[Advice]) -> str:
    """One sentence on the top pick, built from what its rollouts' first events showed."""
    best = ranked[0]
    low, high = best.interval
    actor = state.combatants[engine.current_actor(state)]
    side = state.setup.sides[actor.side]
    tries = max(1, best.effects["tries"])
    parts = []
    if best.effects["hit"]:
        parts.append(f"it hits {100 * best.effects['hit'] / tries:.0f}% of the time")
    if best.effects["damage"]:
        parts.append(f"deals {best.effects['damage'] / tries:.1f} damage on average")
    if best.effects["broke"]:
        parts.append(f"breaks its target in {100 * best.effects['broke'] / tries:.0f}% of tries")
    if best.effects["hurt"]:
        parts.append(f"costs {actor.name} {best.effects['hurt'] / tries:.1f} damage or stress")
    detail = (", ".join(parts) + "; ") if parts else ""
    sentence = (
        f"{actor.name} should {best.text}: {detail}the {side} then win {100 * best.p:.0f}% "
        f"({100 * low:.0f}-{100 * high:.0f}%) of {best.games} rollouts"
    )
    if len(ranked) > 1:
        runner = ranked[1]
        sentence += f", against {100 * runner.p:.0f}% for the next best, {runner.text}"
    return sentence + "."
