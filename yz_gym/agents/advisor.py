"""The tactical advisor: ranks the acting combatant's legal actions by Monte Carlo rollouts.

Each candidate action is applied to a copy of the state and the game is played out by the
agents that play each side (named per side; by default those `yz-gym evaluate` uses); the share
of rollouts the actor's side wins estimates the action's win probability, with a 95% Wilson
interval.

Rollouts race (successive halving): every action gets `first` rollouts, then the actions whose
interval lies wholly below the leader's are dropped, the better half of the rest doubles its
rollouts, and so on until `rollouts` or one action is left. Rollout k of every action uses the
same dice, agent seeds and sampled world (common random numbers), so differences between
actions are not rollout noise; the answer depends only on `seed`, not on `workers`.

By default (`visible_only=True`) a rollout never reads what the actor's side cannot know: each
one starts from a world re-drawn where it is hidden from that side (`sample_world`).

Zone fights, chases and DX3 fights are advised alike (`rules_of` picks the verbs); a chase's
rollouts are played by each side's chase agent (as `yz-gym evaluate` plays them) and, when the
chase hands over to a zone fight (rulesets/yze/scenario/handover.py), on through that fight with the tactical
agent; a DX3 fight's by each side's DX3 agent (the file's `agents:`, else dx3_tactical). In a DX3
fight 行動値, HP and gear are open; what the advised side cannot know is where a hidden enemy
(隠密状態, DX3-HID-*) on foot is, so each rollout draws it anew (`sample_world`).

Speed: rollout (action, k) is a pure function of the position, the seed, the action and k, so the
race hands the rollouts to the workers one by one and takes them back in any order; the answer
stays the same. With common random numbers the race also drops an action as soon as the
rollouts it shares with the leader show it worse (a one-sided sign test at level RACE_DROP on the
rollouts where only one of the two won: at least 3 such rollouts, all the leader's), a test
stricter than the halving that follows it. It only trims a field of more than two: the last two
always race on to `rollouts`, so the verdict keeps its 95% footing. On six positions (the
README's and three scenario starts) this kept the top choice, its wins and its rollouts, and
saved 0-16% of the rollouts (9% at the start of warehouse_ambush: 177 instead of 195)."""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_all_start_methods, get_context
from types import ModuleType
from typing import Any, Final

import numpy as np

from yz_gym.agents.base import Agent
from yz_gym.core.events import Event
from yz_gym.evaluation.stats import wilson_interval
from yz_gym.rulesets.dx3 import engine as dx3
from yz_gym.rulesets.dx3.state import Dx3State
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.legal import choose_actions
from yz_gym.rulesets.yze.chase.state import ChaseState
from yz_gym.rulesets.yze.chase.state import Phase as ChasePhase
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.zone import engine, initiative

DEFAULT_AGENT: Final = "tactical"  # plays a zone-fight side (and the fight after a chase) no one names
RACE_DROP: Final = 0.15  # the race drops an action that a sign test finds worse than the leader at this level
UNSEEN_DRAWS: Final = 50  # draws of a DX3 hidden enemy's place consistent with the actor's legal actions
AnyState = GameState | ChaseState | Dx3State


@dataclass(slots=True)
class Advice:
    """One candidate action and what the rollouts say about it."""

    number: int  # the action's menu number: its 1-based place in the legal actions, as `play` lists it
    action: Any  # an Action of a zone fight, a ChaseAction of a chase
    text: str
    wins: int = 0
    games: int = 0
    effects: Counter[str] = field(default_factory=Counter)
    outcomes: list[bool] = field(default_factory=list)  # rollout k won (k < games): the race's paired test

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


# --- the game being advised: a zone fight or a chase ----------------------------------------------


def rules_of(state: AnyState) -> ModuleType:
    """The module whose verbs (engine.py's set: current_actor, legal_actions, apply, is_over,
    describe, decision_kind) play `state`: the chase's for a chase, DX3's for a DX3 fight, else the
    zone fight's."""
    if isinstance(state, Dx3State):
        return dx3
    return chase if isinstance(state, ChaseState) else engine


def people(state: AnyState) -> list[Combatant]:
    """Everyone in the game (a chase keeps its people in `world`)."""
    return state.world.combatants if isinstance(state, ChaseState) else state.combatants  # type: ignore[return-value]


def side_names(state: AnyState) -> tuple[str, ...]:
    """The game's side names, in side order."""
    if isinstance(state, Dx3State):
        return state.scenario.sides
    return tuple((state.world if isinstance(state, ChaseState) else state).setup.sides)


def acting(state: AnyState) -> Combatant:
    """The combatant who decides now."""
    return people(state)[rules_of(state).current_actor(state)]


def side_agents(state: AnyState, agents: dict[str, str] | None = None) -> list[str]:
    """The agent name playing each side in rollouts: `agents[side]`, else the side's default, as
    `yz-gym evaluate` picks it: tactical in a zone fight; in a chase the file's `agents:`, else
    cutoff for the pursuer and flee for the prey; in a DX3 fight the file's, else dx3_tactical."""
    agents = agents or {}
    sides = side_names(state)
    unknown = set(agents) - set(sides)
    if unknown:
        raise ValueError(f"no side named {', '.join(sorted(unknown))}; sides: {', '.join(sides)}")
    if isinstance(state, ChaseState | Dx3State):
        from yz_gym.evaluation.runner import default_agent

        return [agents.get(side) or default_agent(state.scenario, i) for i, side in enumerate(sides)]
    return [agents.get(side) or DEFAULT_AGENT for side in sides]


def check_fit(state: AnyState, agents: dict[str, str]) -> None:
    """Refuse an agent that cannot play this game (a ValueError naming the side and the fix): a
    chase is played by the chase agents or random, a DX3 fight by the DX3 agents or random, a zone
    fight by any agent but those."""
    from yz_gym.agents import MODE_AGENTS, MODEL_PREFIX, WEIGHTS_PREFIX

    if isinstance(state, Dx3State):
        fits = MODE_AGENTS[("dx3", "skirmish")]
        for side, name in agents.items():
            if name not in fits and not name.startswith((MODEL_PREFIX, WEIGHTS_PREFIX)):
                raise ValueError(f"{side}: '{name}' does not play DX3 fights; a DX3 side plays one of {', '.join(fits)}")
        return

    is_chase = isinstance(state, ChaseState)
    chase, zone = MODE_AGENTS[("yze", "chase")], MODE_AGENTS[("yze", "skirmish")]
    for side, name in agents.items():
        if is_chase and name not in chase:
            raise ValueError(
                f"{side}: '{name}' plays zone fights, not chases; a chase side plays one of {', '.join(chase)}"
            )
        if not is_chase and name in chase and name not in zone:
            raise ValueError(
                f"{side}: '{name}' plays chases only; a zone-fight side plays {', '.join(zone)} or a trained policy"
            )


def hands_over(state: AnyState) -> bool:
    """A chase whose file plays a zone fight after it when it ends in combat."""
    return isinstance(state, ChaseState) and state.scenario.handover is not None


# --- what the acting side may know --------------------------------------------------------------


def sample_world(state: AnyState, side: int, rng: np.random.Generator) -> AnyState:
    """A copy of `state` with what `side` cannot know re-drawn, consistent with what it has seen.

    Hidden initiative (INIT-HIDDEN-01): the cards of `side` and every card already called stay;
    the others' holders get cards drawn again from those not seen and above the card being
    played (an NPC group shares one).
    Unseen enemies (SNEAK-02): an enemy still hidden, on foot and engaged with no one, may be in
    any zone of the map; one engaged with somebody shows where it is by that and stays.
    A chase's secret choices (CHASE-08): what the other sides have already chosen this round is
    taken back, and they choose again after the actor (their rollout agents decide).
    A DX3 fight's hidden enemies (DX3-HID-03): one on foot may stand at any metre of the line (one
    aboard a vehicle shows where it is by the vehicle)."""
    if isinstance(state, ChaseState):
        return _untold_choices(state, side)
    if isinstance(state, Dx3State):
        return _unseen_dx3(state, side, rng)
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


def _unseen_dx3(state: Dx3State, side: int, rng: np.random.Generator) -> Dx3State:
    """The DX3 fight with every hidden enemy of `side` on foot put at a metre drawn from the line,
    drawn again while the actor's legal actions (what the side sees) would differ (at most
    UNSEEN_DRAWS times, then where they are)."""
    unseen = [f.id for f in state.fighters if f.side != side and f.hidden.hidden and not f.down and f.vehicle < 0]
    if not unseen:
        return state.clone()
    seen = dx3.legal_actions(state)
    for _ in range(UNSEEN_DRAWS):
        world = state.clone()
        for i in unseen:
            world.fighters[i].pos = int(rng.integers(world.scenario.length + 1))
        if dx3.legal_actions(world) == seen:
            return world
    return state.clone()


def _untold_choices(state: ChaseState, side: int) -> ChaseState:
    """The chase with the other sides' secret choices of this round not yet made (a choice with
    one option is no secret and stays)."""
    world = state.clone()
    if world.phase != ChasePhase.CHOOSE:  # revealed (CHASE-10): nothing is secret any more
        return world
    crowd = world.world.combatants
    for key in [k for k in world.choices if crowd[k[0]].side != side]:
        if len(choose_actions(world, *key)) > 1:
            del world.choices[key]
            world.choosers.append(key)
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
    state: AnyState,
    action: Any,
    agents: Sequence[str | Agent],
    seed: int,
    record: Counter[str] | None = None,
    visible_only: bool = True,
) -> bool:
    """Apply `action` to a copy of `state` (a sampled world if `visible_only`), play the game out
    with `agents[side]` moving for each side, and say whether the actor's side won."""
    from yz_gym.agents import make_agent

    rules = rules_of(state)
    actor = rules.current_actor(state)
    side = people(state)[actor].side
    world_seq, dice_seq, *agent_seqs = np.random.SeedSequence(seed).spawn(2 + len(agents))
    game = sample_world(state, side, np.random.default_rng(world_seq)) if visible_only else state.clone()
    if visible_only and action not in rules.legal_actions(game):
        game = state.clone()  # what the side sees decides what it may do, so this is rare
    rng = np.random.default_rng(dice_seq)
    seeds = [int(s.generate_state(1)[0]) for s in agent_seqs]
    players = [make_agent(a, s) for a, s in zip(agents, seeds, strict=True)]
    events = rules.apply(game, action, rng)
    if record is not None:
        _tally(events, actor, record)
    _play_out(game, players, rng)
    if isinstance(game, ChaseState):
        return _chase_winner(game, seeds, rng) == side
    return game.winner == side


def _play_out(game: AnyState, players: Sequence[Agent], rng: np.random.Generator) -> None:
    """Play `game` to its end, `players[side]` choosing for each side."""
    rules = rules_of(game)
    crowd = people(game)
    while not rules.is_over(game):
        legal = rules.legal_actions(game)
        mover = crowd[rules.current_actor(game)]
        rules.apply(game, players[mover.side].choose(game, legal), rng, legal)


def _chase_winner(game: ChaseState, seeds: list[int], rng: np.random.Generator) -> int:
    """The side that won the chase, or, when it handed over to a zone fight, the fight's winner
    (the fight played by the tactical agent with the side's agent seed, as the evaluation does)."""
    from yz_gym.agents import make_agent
    from yz_gym.rulesets.yze.scenario.handover import fight_scenario

    fight = fight_scenario(game)
    if fight is None:
        return game.winner
    sides = side_names(game)
    battle = engine.new_game(fight, rng)  # the same dice stream goes on (CHASE-END-04)
    fighters = [make_agent(DEFAULT_AGENT, seeds[sides.index(side)]) for side in fight.setup.sides]
    _play_out(battle, fighters, rng)
    return sides.index(fight.setup.sides[battle.winner]) if battle.winner >= 0 else -1


def _tally(events: list[Event], actor: int, record: Counter[str]) -> None:
    """What the action did at once: hits, damage, targets broken, moves (for the explanation)."""
    record["tries"] += 1
    for e in events:
        if e.kind == "hit" and e.actor == actor:
            record["hit"] += 1
        elif e.kind == "damage" and e.actor == actor:
            record["damage"] += e.get("amount", e.get("hp_lost", 0))  # DX3 counts HP lost
        elif (e.kind == "broken" and e.actor == actor and e.target != actor) or (
            e.kind == "down" and e.target == actor and e.actor != actor  # DX3: the fallen acts, the attacker is its target
        ):
            record["broke"] += 1
        elif e.kind in ("damage", "stress") and e.target == actor:
            record["hurt"] += e.get("amount", e.get("hp_lost", 0))


# The position the rollouts start from; set before the worker processes fork, so they inherit it.
_JOB: dict[str, Any] = {}


def _batch(units: list[tuple[int, int]]) -> list[tuple[int, int, bool, Counter[str]]]:
    """Rollouts (action number, k): each one's result and first-step effects (here or in a worker)."""
    state: AnyState = _JOB["state"]
    actions: list[Any] = _JOB["actions"]
    players: list[Agent] = _JOB["players"]  # built once, reseeded per rollout
    done = []
    for number, k in units:
        effects: Counter[str] = Counter()
        seed = _seed(_JOB["seed"], k)
        won = rollout(state, actions[number - 1], players, seed, effects, _JOB["visible_only"])
        done.append((number, k, won, effects))
    return done


def _seed(seed: int, k: int) -> int:
    """Rollout k's seed: the same for every action (common random numbers)."""
    return int(np.random.SeedSequence([seed, k]).generate_state(1)[0])


def advise(
    state: AnyState,
    agents: dict[str, str] | None = None,
    rollouts: int = 48,
    seed: int = 0,
    first: int = 3,
    visible_only: bool = True,
    workers: int | None = None,
    race: bool = True,
) -> list[Advice]:
    """Every legal action with its menu number, best first: the actions that went furthest in the
    race first, each stage by estimated win probability.

    `agents` names the agent of each side in the rollouts (default: `side_agents`); `rollouts` is
    the most any action gets (the racing finalists), `first` what every action gets; `workers`
    processes share the rollouts (default: up to 2 CPUs, where processes can fork). `race=False`
    gives every action all `rollouts` (the slow reference the race is checked against)."""
    from yz_gym.agents import make_agent

    rules = rules_of(state)
    if rules.is_over(state):
        raise ValueError("the game is over: there is nothing to advise")
    actions = rules.legal_actions(state)
    candidates = [Advice(k, a, rules.describe(state, a)) for k, a in enumerate(actions, start=1)]
    players = [make_agent(name, 0) for name in side_agents(state, agents)]
    _JOB.update(state=state, actions=actions, players=players, seed=seed, visible_only=visible_only)
    alive = list(candidates) if len(candidates) > 1 else []
    target = rollouts if not race else min(first, rollouts)
    workers = min(2, os.cpu_count() or 1) if workers is None else workers
    try:
        with _pool(workers) as pool:
            while alive:
                _run_stage(pool, workers, alive, target)
                if target >= rollouts or len(alive) == 1:
                    break
                alive = _survivors(alive)
                if len(alive) == 1:
                    break
                target = min(2 * target, rollouts)
    finally:
        _JOB.clear()
    return sorted(candidates, key=lambda a: (-a.games, -a.p, a.number))  # the race's finalists first


def _survivors(alive: list[Advice]) -> list[Advice]:
    """The actions that race on: not worse than the leader (by their 95% intervals, or, while more
    than two race, by a sign test on the rollouts they share with it), and of those the better
    half (at least 2)."""
    floor = max(a.interval[0] for a in alive)
    alive = sorted((a for a in alive if a.interval[1] >= floor), key=lambda a: (-a.p, a.number))
    if len(alive) > 2:  # the sign test trims the field; the last two race on to a verdict at 95%
        leader, rest = alive[0], alive[1:]
        alive = [leader, *([a for a in rest if not worse(a, leader)] or rest[:1])]
    return alive[: max(2, (len(alive) + 1) // 2)]


def worse(a: Advice, leader: Advice) -> bool:
    """With common random numbers rollout k of both actions plays the same dice and world: among
    the rollouts only one of the two won, `a` won so few that a fair coin would do that well for
    the leader at most RACE_DROP of the time (one-sided sign test)."""
    shared = min(len(a.outcomes), len(leader.outcomes))
    only_leader = sum(w and not v for w, v in zip(leader.outcomes[:shared], a.outcomes[:shared], strict=True))
    only_a = sum(v and not w for w, v in zip(leader.outcomes[:shared], a.outcomes[:shared], strict=True))
    split = only_leader + only_a
    tail = sum(math.comb(split, i) for i in range(only_leader, split + 1)) / 2**split
    return tail <= RACE_DROP


def _run_stage(pool: ProcessPoolExecutor | _Serial, workers: int, alive: list[Advice], target: int) -> None:
    """Bring every action in `alive` up to `target` rollouts."""
    units = [(a.number, k) for a in alive for k in range(a.games, target)]
    if isinstance(pool, _Serial):
        done = _batch(units)
    else:  # one rollout per task: a worker that is done takes the next, none waits at the stage's end
        done = [unit for part in pool.map(_batch, [[u] for u in units]) for unit in part]
    by_number = {a.number: a for a in alive}
    for number, k, won, effects in sorted(done, key=lambda d: (d[0], d[1])):
        a = by_number[number]
        assert k == len(a.outcomes)
        a.outcomes.append(won)
        a.wins += won
        a.effects.update(effects)
    for a in alive:
        a.games = target


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


# --- the answer in words -------------------------------------------------------------------------


def ties(ranked: list[Advice]) -> list[Advice]:
    """The race's finalists whose 95% interval overlaps the top action's (the top one first)."""
    best = ranked[0]
    low = best.interval[0]
    return [best] + [a for a in ranked[1:] if a.games == best.games and a.interval[1] >= low]


def who_played(state: AnyState, agents: dict[str, str] | None = None, visible_only: bool = True) -> str:
    """Which agent played each side in the rollouts, and what the rollouts could see."""
    names = side_agents(state, agents)
    sides = side_names(state)
    played = ", ".join(f"{side} {name}" for side, name in zip(sides, names, strict=True))
    if hands_over(state):
        played += f" (the fight after a hand-over: {DEFAULT_AGENT} for every side)"
    mine = sides[acting(state).side]
    if not visible_only:
        seen = "the whole state, " + (
            "the other sides' secret choices included" if isinstance(state, ChaseState)
            else "where hidden enemies stand included" if isinstance(state, Dx3State)
            else "hidden cards and unseen enemies included"
        )  # fmt: skip
    elif isinstance(state, ChaseState):
        seen = f"only what the {mine} can see (the other sides' secret choices this round re-drawn)"
    elif isinstance(state, Dx3State):
        seen = f"only what the {mine} can see (where hidden enemies on foot stand re-drawn)"
    else:
        seen = f"only what the {mine} can see (hidden cards and unseen enemies re-drawn)"
    return f"Rollouts: {played}; reading {seen}."


def explain(state: AnyState, ranked: list[Advice]) -> str:
    """One or two sentences on the top pick: clear best or no clear difference, with numbers."""
    best = ranked[0]
    actor = acting(state)
    side = side_names(state)[actor.side]
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
