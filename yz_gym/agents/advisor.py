"""The tactical advisor: ranks the acting combatant's legal actions by Monte Carlo rollouts.

Each candidate action is applied to a copy of the state and the game is played out by the
agents that play each side (named per side; tactical by default); the share of rollouts the
actor's side wins estimates the action's win probability, with a 95% Wilson interval.

Rollouts race (successive halving): every action gets `first` rollouts, then the actions whose
interval lies wholly below the leader's are dropped, the better half of the rest doubles its
rollouts, and so on until `rollouts` or one action is left. Rollout k of every action uses the
same dice, agent seeds and sampled world (common random numbers), so differences between
actions are not rollout noise; the answer depends only on `seed`, not on `workers`.

By default (`visible_only=True`) a rollout never reads what the actor's side cannot know: each
one starts from a world re-drawn where it is hidden from that side (`sample_world`)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_all_start_methods, get_context

import numpy as np

from yz_gym.agents.base import Agent
from yz_gym.core.events import Event
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.yze.state import GameState
from yz_gym.rulesets.yze.zone import engine, initiative
from yz_gym.rulesets.yze.zone.actions import Action

DEFAULT_AGENT = "tactical"


@dataclass(slots=True)
class Advice:
    """One candidate action and what the rollouts say about it."""

    number: int  # the action's menu number: its 1-based place in engine.legal_actions, as `play` lists it
    action: Action
    text: str
    wins: int = 0
    games: int = 0
    effects: Counter[str] = field(default_factory=Counter)

    @property
    def label(self) -> str:
        """The menu number and the action, e.g. "#3 run to Crate rows"."""
        return f"#{self.number} {self.text}"

    @property
    def p(self) -> float:
        """Estimated win probability."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win probability."""
        return wilson_interval(self.wins, self.games)


def side_agents(state: GameState, agents: dict[str, str] | None = None) -> list[str]:
    """The agent name playing each side in rollouts: `agents[side]`, else tactical."""
    agents = agents or {}
    unknown = set(agents) - set(state.setup.sides)
    if unknown:
        raise ValueError(f"no side named {', '.join(sorted(unknown))}; sides: {', '.join(state.setup.sides)}")
    return [agents.get(side, DEFAULT_AGENT) for side in state.setup.sides]


# --- what the acting side may know --------------------------------------------------------------


def sample_world(state: GameState, side: int, rng: np.random.Generator) -> GameState:
    """A copy of `state` with what `side` cannot know re-drawn, consistent with what it has seen.

    Hidden initiative (INIT-HIDDEN-01): the cards of `side` and every card already called stay;
    the others' holders get cards drawn again from those not seen and above the card being
    played (an NPC group shares one).
    Unseen enemies (SNEAK-02): an enemy still hidden, on foot and engaged with no one, may be in
    any zone of the map; one engaged with somebody shows where it is by that and stays."""
    world = state.clone()
    if world.options.hidden_initiative:
        _redeal_unseen_cards(world, side, rng)
    zones = len(world.zone_map.zones)
    for c in world.combatants:
        if c.hidden and c.side != side and not c.out and not c.engaged and c.vehicle < 0 and c.mount is None:
            zone = int(rng.integers(zones))
            if zone != c.zone:
                c.zone, c.cover = zone, -1
    return world


def _redeal_unseen_cards(world: GameState, side: int, rng: np.random.Generator) -> None:
    """Deal the unseen drawers cards from those the side has not seen and that are not called yet."""
    viewer = next((c.id for c in world.combatants if c.side == side), -1)
    seen = initiative.visible_cards(world, viewer)
    groups = initiative.drawers(world)
    units = [g for g in groups if all(seen[m] == 0 and world.cards[m] > 0 for m in g)]
    if not units or world.turn_pos >= len(world.order):
        return
    current = world.order[world.turn_pos]
    called = world.cards[current]  # every lower card has been called, so it is seen
    size = max(initiative.deck_size(world, len(groups)), *world.cards)
    shown = set(seen)
    free = [card for card in range(called + 1, size + 1) if card not in shown]
    if len(free) < len(units):
        free = [world.cards[g[0]] for g in units]
    for group, card in zip(units, rng.choice(free, len(units), replace=False).tolist(), strict=True):
        for m in group:
            world.cards[m] = int(card)
    initiative.rebuild_order(world)
    world.turn_pos = world.order.index(current)


# --- rollouts ------------------------------------------------------------------------------------


def rollout(
    state: GameState,
    action: Action,
    agents: Sequence[str | Agent],
    seed: int,
    record: Counter[str] | None = None,
    visible_only: bool = True,
) -> bool:
    """Apply `action` to a copy of `state` (a sampled world if `visible_only`), play the game out
    with `agents[side]` moving for each side, and say whether the actor's side won."""
    from yz_gym.agents import make_agent

    actor = engine.current_actor(state)
    side = state.combatants[actor].side
    world_seq, dice_seq, *agent_seqs = np.random.SeedSequence(seed).spawn(2 + len(agents))
    game = sample_world(state, side, np.random.default_rng(world_seq)) if visible_only else state.clone()
    if visible_only and action not in engine.legal_actions(game):
        game = state.clone()  # what the side sees decides what it may do, so this is rare
    rng = np.random.default_rng(dice_seq)
    players = [make_agent(a, int(s.generate_state(1)[0])) for a, s in zip(agents, agent_seqs, strict=True)]
    events = engine.apply(game, action, rng)
    if record is not None:
        _tally(events, actor, record)
    while not engine.is_over(game):
        mover = game.combatants[engine.current_actor(game)]
        engine.apply(game, players[mover.side].choose(game, engine.legal_actions(game)), rng)
    return game.winner == side


def _tally(events: list[Event], actor: int, record: Counter[str]) -> None:
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


# The position a batch of rollouts starts from; set before the worker processes fork.
_JOB: dict[str, object] = {}


def _batch(action: Action, ks: range) -> tuple[int, Counter[str]]:
    """Wins and first-step effects of rollouts `ks` of one action (in this process or a worker)."""
    from yz_gym.agents import make_agent

    state: GameState = _JOB["state"]  # type: ignore[assignment]
    names: list[str] = _JOB["agents"]  # type: ignore[assignment]
    seed: int = _JOB["seed"]  # type: ignore[assignment]
    visible_only: bool = _JOB["visible_only"]  # type: ignore[assignment]
    players = [make_agent(name, 0) for name in names]  # built once, reseeded per rollout
    effects: Counter[str] = Counter()
    wins = sum(rollout(state, action, players, _seed(seed, k), effects, visible_only) for k in ks)
    return wins, effects


def _seed(seed: int, k: int) -> int:
    """Rollout k's seed: the same for every action (common random numbers)."""
    return int(np.random.SeedSequence([seed, k]).generate_state(1)[0])


def advise(
    state: GameState,
    agents: dict[str, str] | None = None,
    rollouts: int = 48,
    seed: int = 0,
    first: int = 3,
    visible_only: bool = True,
    workers: int | None = None,
) -> list[Advice]:
    """Every legal action with its menu number, best first: the actions that went furthest in the
    race first, each stage by estimated win probability.

    `agents` names the agent of each side in the rollouts (default tactical); `rollouts` is the
    most any action gets (the racing finalists), `first` what every action gets; `workers`
    processes share the rollouts (default: up to 2 CPUs, where processes can fork)."""
    if engine.is_over(state):
        raise ValueError("the game is over: there is nothing to advise")
    candidates = [
        Advice(k, a, engine.describe(state, a)) for k, a in enumerate(engine.legal_actions(state), start=1)
    ]
    _JOB.update(state=state, agents=side_agents(state, agents), seed=seed, visible_only=visible_only)
    alive = list(candidates) if len(candidates) > 1 else []
    target = min(first, rollouts)
    workers = min(2, os.cpu_count() or 1) if workers is None else workers
    with _pool(workers) as pool:
        while alive:
            jobs = [(a, range(a.games, target)) for a in alive if a.games < target]
            for a, (wins, effects) in zip([j[0] for j in jobs], _run_all(pool, jobs, workers), strict=True):
                a.wins += wins
                a.games = target
                a.effects.update(effects)
            if target >= rollouts or len(alive) == 1:
                break
            floor = max(a.interval[0] for a in alive)
            alive = [a for a in alive if a.interval[1] >= floor]  # drop the clearly worse
            alive.sort(key=lambda a: (-a.p, a.number))
            alive = alive[: max(2, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
            target = min(2 * target, rollouts)
    _JOB.clear()
    return sorted(candidates, key=lambda a: (-a.games, -a.p, a.number))  # the race's finalists first


class _Serial:
    """A stand-in for a process pool that runs the batches here."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def _pool(workers: int) -> ProcessPoolExecutor | _Serial:
    """Worker processes forked from this one (they inherit `_JOB`), or none."""
    if workers <= 1 or "fork" not in get_all_start_methods():
        return _Serial()
    return ProcessPoolExecutor(workers, mp_context=get_context("fork"))


def _run_all(
    pool: ProcessPoolExecutor | _Serial, jobs: list[tuple[Advice, range]], workers: int
) -> list[tuple[int, Counter[str]]]:
    """Each job's (wins, effects); in a pool each job is cut in `workers` parts run side by side."""
    if isinstance(pool, _Serial):
        return [_batch(a.action, ks) for a, ks in jobs]
    futures = [
        [pool.submit(_batch, a.action, ks[part::workers]) for part in range(min(workers, len(ks)))]
        for a, ks in jobs
    ]
    results = []
    for parts in futures:
        wins, effects = 0, Counter[str]()
        for future in parts:
            w, e = future.result()
            wins += w
            effects.update(e)
        results.append((wins, effects))
    return results


# --- the answer in words -------------------------------------------------------------------------


def ties(ranked: list[Advice]) -> list[Advice]:
    """The race's finalists whose 95% interval overlaps the top action's (the top one first)."""
    best = ranked[0]
    low = best.interval[0]
    return [best] + [a for a in ranked[1:] if a.games == best.games and a.interval[1] >= low]


def who_played(state: GameState, agents: dict[str, str] | None = None, visible_only: bool = True) -> str:
    """Which agent played each side in the rollouts, and what the rollouts could see."""
    names = side_agents(state, agents)
    played = ", ".join(f"{side} {name}" for side, name in zip(state.setup.sides, names, strict=True))
    actor = state.combatants[engine.current_actor(state)]
    seen = (
        f"only what the {state.setup.sides[actor.side]} can see (hidden cards and unseen enemies re-drawn)"
        if visible_only
        else "the whole state, hidden cards and unseen enemies included"
    )
    return f"Rollouts: {played}; reading {seen}."


def explain(state: GameState, ranked: list[Advice]) -> str:
    """One or two sentences on the top pick: clear best or no clear difference, with numbers."""
    best = ranked[0]
    actor = state.combatants[engine.current_actor(state)]
    side = state.setup.sides[actor.side]
    if len(ranked) == 1:
        return f"{actor.name} has one choice: {best.label}."
    low, high = best.interval
    level = f"{100 * best.p:.0f}% ({100 * low:.0f}-{100 * high:.0f}%) of {best.games} rollouts"
    close = ties(ranked)
    dropped = sum(a.games < best.games for a in ranked)
    race = f" ({dropped} other action(s) fell behind earlier in the race)" if dropped else ""
    if len(close) > 1:
        others = "; ".join(f"{a.label} {100 * a.p:.0f}%" for a in close[1:4])
        more = f" and {len(close) - 4} more" if len(close) > 4 else ""
        return (
            f"No clear difference: {best.label} gives the {side} {level}, and the 95% intervals overlap "
            f"with {others}{more}{race}."
        )
    runner = ranked[1]
    return (
        f"{actor.name} should {best.text} ({best.label}): {_effects(best, actor.name)}the {side} then win "
        f"{level}, clearly above {100 * runner.p:.0f}% for the next best, {runner.label}{race}."
    )


def _effects(best: Advice, name: str) -> str:
    tries = max(1, best.effects["tries"])
    parts = []
    if best.effects["hit"]:
        parts.append(f"it hits {100 * best.effects['hit'] / tries:.0f}% of the time")
    if best.effects["damage"]:
        parts.append(f"deals {best.effects['damage'] / tries:.1f} damage on average")
    if best.effects["broke"]:
        parts.append(f"breaks its target in {100 * best.effects['broke'] / tries:.0f}% of tries")
    if best.effects["hurt"]:
        parts.append(f"costs {name} {best.effects['hurt'] / tries:.1f} damage or stress")
    return (", ".join(parts) + "; ") if parts else ""
