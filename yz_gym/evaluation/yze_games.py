"""How `yz-gym evaluate` plays YZE's modes (their `Evaluation` records, registered with the modes in
yz_gym/scenario/yze_modes.py): a zone fight, and a chase that may hand over to a zone fight played
on with the same dice stream (CHASE-END-04); the layout of their statistics; their rule switches."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from yz_gym.core.ending import Termination
from yz_gym.core.registry import Evaluation, get
from yz_gym.evaluation.report import ENCOUNTERS
from yz_gym.evaluation.runner import game_seeds, play_out
from yz_gym.evaluation.stats import EncounterStats
from yz_gym.evaluation.watch import GameSummary, GameWatch
from yz_gym.rulesets.yze.chase.state import ChaseScenario
from yz_gym.rulesets.yze.state import Scenario
from yz_gym.rulesets.yze.zone import engine

ZONE_FIGHT: Final = ("yze", "skirmish")  # the mode a chase's hand-over goes on as
FIGHT_AGENT: Final = "tactical"  # plays a side of the fight after a chase unless a --fight-policy names one


def play_zone(
    scenario: Scenario, names: dict[str, str], seed: int, episode: int, fight_names: dict[str, str]
) -> GameSummary:
    """One zone fight, each side played by its named agent."""
    from yz_gym.agents import make_agent

    sides = scenario.setup.sides
    rng, agent_seeds = game_seeds(seed, episode, len(sides))
    agents = [make_agent(names[side], agent_seeds[i]) for i, side in enumerate(sides)]
    state = engine.new_game(scenario, rng)
    watch = GameWatch(state.combatants, sides)
    play_out(get(*ZONE_FIGHT).rules, state, agents, rng, watch)
    result = engine.outcome(state)
    assert result is not None
    return GameSummary(
        result.winner, result.reason, result.rounds, state.decisions, watch.fates(state.combatants),
        result.termination, episode=episode,
    )  # fmt: skip


def play_chase(
    scenario: ChaseScenario, names: dict[str, str], seed: int, episode: int, fight_names: dict[str, str]
) -> GameSummary:
    """One chase, each side played by its named agent; a chase that hands over to a zone fight
    (rulesets/yze/scenario/handover.py) is played on to its end by `fight_names`, seeded as the side's chase agent."""
    from yz_gym.agents import make_agent
    from yz_gym.envs.chase_env import ending
    from yz_gym.rulesets.yze.chase import engine as chase
    from yz_gym.rulesets.yze.scenario.handover import fight_scenario

    sides = scenario.base.setup.sides
    rng, agent_seeds = game_seeds(seed, episode, len(sides))
    agents = [make_agent(names[side], agent_seeds[i]) for i, side in enumerate(sides)]
    state = chase.new_chase(scenario, rng)
    people = state.world.combatants
    watch = GameWatch(people, sides)
    play_out(get("yze", "chase").rules, state, agents, rng, watch)
    result = chase.outcome(state)
    assert result is not None
    wrecked = tuple(int(v.wrecked) for v in state.vehicles)
    fight = fight_scenario(state)
    if fight is None:
        return GameSummary(
            result.winner, result.reason, result.rounds, state.decisions, watch.fates(people),
            result.termination, ending(state), wrecked, episode=episode,
        )  # fmt: skip
    fighters = [make_agent(fight_names[side], agent_seeds[sides.index(side)]) for side in fight.setup.sides]
    game = engine.new_game(fight, rng)  # the same dice stream goes on (CHASE-END-04: draw initiative)
    play_out(get(*ZONE_FIGHT).rules, game, fighters, rng, watch)
    after = engine.outcome(game)
    assert after is not None
    final = {c.name: c for c in game.combatants}
    everyone = [final.get(c.name, c) for c in people]
    shown = after.winner or ("timeout" if after.termination == Termination.ROUND_CAP else "draw")
    return GameSummary(
        after.winner, after.reason, result.rounds, state.decisions + game.decisions, watch.fates(everyone),
        after.termination, ending(state), wrecked, shown, after.rounds, episode,
    )  # fmt: skip


def zone_stats(scenario: Scenario) -> EncounterStats:
    """No games yet, laid out for a zone fight (its combatants and round cap)."""
    sides = scenario.setup.sides
    return EncounterStats.empty(
        scenario.setup.name, list(sides), [(c.name, sides[c.side], c.pc) for c in scenario.combatants],
        round_cap=scenario.setup.victory.round_cap,
    )  # fmt: skip


def chase_stats(scenario: ChaseScenario) -> EncounterStats:
    """No games yet, laid out for a chase (its people, pursuer, endings, vehicles and hand-over)."""
    from yz_gym.envs.chase_env import ENDINGS

    base = scenario.base
    sides = base.setup.sides
    return EncounterStats.empty(
        scenario.name, list(sides), [(c.name, sides[c.side], c.pc) for c in base.combatants],
        pursuer=sides[scenario.pursuer], endings=ENDINGS, vehicles=[v.name for v in scenario.vehicles],
        handover=scenario.handover is not None,
    )  # fmt: skip


def zone_options(scenario: Scenario) -> dict[str, Any]:
    """Every rule switch of a zone fight: its rules, and the vehicle rules when there are vehicles
    (every vehicle of a file shares them)."""
    out: dict[str, Any] = asdict(scenario.setup.options)
    if scenario.vehicles:
        out["vehicle_rules"] = asdict(scenario.vehicles[0].options)
    return out


def chase_options(scenario: ChaseScenario) -> dict[str, Any]:
    """Every rule switch of a chase: the zone-fight rules, its chase rules, the vehicle rules."""
    out: dict[str, Any] = asdict(scenario.base.setup.options)
    out["chase_rules"] = asdict(scenario.options)
    if scenario.vehicles:
        out["vehicle_rules"] = asdict(scenario.vehicles[0].options)
    return out


def _fight_after(scenario: ChaseScenario) -> tuple[str, str] | None:
    return ZONE_FIGHT if scenario.handover is not None else None


ZONE_EVALUATION: Final = Evaluation(play_zone, zone_stats, zone_options, report=ENCOUNTERS)
CHASE_EVALUATION: Final = Evaluation(
    play_chase, chase_stats, chase_options, _fight_after, FIGHT_AGENT, report=ENCOUNTERS
)

__all__ = [
    "CHASE_EVALUATION",
    "FIGHT_AGENT",
    "ZONE_EVALUATION",
    "chase_options",
    "chase_stats",
    "play_chase",
    "play_zone",
    "zone_options",
    "zone_stats",
]
