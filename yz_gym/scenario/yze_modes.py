"""The YZE ruleset's modes in the registry (yz_gym.core.registry): `skirmish`, the zone fight, and
`chase`, the SRD chase; each with its builder, rules, default agents, and what the command line
shows of it (validate's summary, the creation check, the narrated game of `yz-gym log`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

import yz_gym.rulesets.yze.event_kinds  # noqa: F401  registering YZE's modes registers its event catalogue
from yz_gym import CHASE_ID, SKIRMISH_ID
from yz_gym.agents import MODE_AGENTS
from yz_gym.core.protocol import GameRules
from yz_gym.core.registry import Mode, NarratedGame, register
from yz_gym.evaluation.yze_games import CHASE_EVALUATION, ZONE_EVALUATION
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase.narrate import narrate_chase
from yz_gym.rulesets.yze.chase.state import ChaseScenario, ChaseState, Phase
from yz_gym.rulesets.yze.scenario.chase_builder import build_chase
from yz_gym.rulesets.yze.scenario.chase_models import ChaseFile
from yz_gym.rulesets.yze.scenario.models import ScenarioFile
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.state import ATTRIBUTES, Combatant, GameState, Scenario
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Kind
from yz_gym.rulesets.yze.zone.narrate import narrate

if TYPE_CHECKING:
    from yz_gym.scenario.loading import LoadedScenario

DEFAULT_AGENT: Final = "tactical"  # plays a zone-fight side that neither a policy nor the file names
QUIET: Final = (Kind.END_TURN, Kind.DECLINE)  # decisions a zone-fight log does not print


def character_problems(scenario: Scenario) -> list[tuple[str, str]]:
    """(PC name, problem) for every player character that breaks the creation rules."""
    from yz_gym.rulesets.yze.combat.creation import check_pool_character, check_step_character

    letters = {v: k for k, v in dice.STEP_SIDES.items()}
    found = []
    for c in scenario.combatants:
        if not c.pc:
            continue
        attributes = {a.lower(): v for a, v in zip(ATTRIBUTES, c.max_attrs, strict=True)}
        skills = {k.lower(): v for k, v in c.skills.items() if v}
        if scenario.setup.options.dice_mode == "step":
            problems = check_step_character(
                {k: letters[v] for k, v in attributes.items()}, {k: letters[v] for k, v in skills.items()}
            )
        else:
            problems = check_pool_character(attributes, skills)
        found += [(c.name, p) for p in problems]
    return found


# --- skirmish: the zone fight --------------------------------------------------------------------

MOVES: Final = ("place", "zone", "altitude")  # aspects of a glance that redraw the map


def zone_board(
    state: GameState, mine: set[int], seen: dict[tuple[str, str], str] | None
) -> tuple[list[str], dict[tuple[str, str], str]]:
    """What the player is shown before a decision: the text map first and whenever something
    moved, the turn order, and what changed since the player's last decision (`seen`)."""
    from yz_gym.envs.render import changes, glance, text_map, turn_order

    now = glance(state)
    moved = seen is None or any(seen.get(key) != value for key, value in now.items() if key[1] in MOVES)
    lines = text_map(state, mine) if moved else []
    lines.append(turn_order(state))
    if seen is not None:
        changed = changes(seen, now)
        lines += (
            ["Since your last decision:", *(f"  {line}" for line in changed)]
            if changed
            else ["Nothing changed since your last decision."]
        )
    return lines, now


def _zone_agent(scenario: Scenario, side: int) -> str:
    return (scenario.agents[side] if scenario.agents else "") or DEFAULT_AGENT


def _zone_summary(scenario: Scenario) -> str:
    setup = scenario.setup
    return (
        f"{setup.name}: {len(setup.zone_map.zones)} zones, {len(scenario.combatants)} combatants, "
        f"sides {', '.join(setup.sides)}"
    )


def _zone_game(loaded: LoadedScenario, policies: dict[str, str], seed: int) -> NarratedGame:
    """A seeded zone fight, recorded as a replay (so `log --save` can write it) and narrated."""
    from yz_gym.evaluation.replay import record_game, replay_log

    replay = record_game(loaded, policies, seed)
    return NarratedGame(replay.policies, replay_log(replay), replay)


ZONE_RULES: Final = GameRules(
    new_game=engine.new_game, current_actor=engine.current_actor, legal_actions=engine.legal_actions,
    apply=engine.apply, is_over=engine.is_over, outcome=engine.outcome, describe=engine.describe,
    decision_kind=engine.decision_kind, narrate=narrate, people=lambda state: state.combatants,
)  # fmt: skip
SKIRMISH = register(
    Mode(
        ruleset="yze",
        name="skirmish",
        description="a zone fight: zones, initiative cards, close and ranged combat, vehicles, mounts",
        doc="docs/scenarios.md",
        scenario_type=Scenario,
        file_keys=frozenset(ScenarioFile.model_fields),
        build=build,
        rules=ZONE_RULES,
        sides=lambda scenario: tuple(scenario.setup.sides),
        title=lambda scenario: scenario.setup.name,
        people=lambda scenario: scenario.combatants,
        agents=MODE_AGENTS[("yze", "skirmish")],
        default_agent=_zone_agent,
        summary=_zone_summary,
        characters=character_problems,
        narrated_game=_zone_game,
        board=zone_board,
        shown=lambda state, action: action.kind not in QUIET,
        supports=frozenset({"play", "advise", "replay"}),
        gym_env=SKIRMISH_ID,
        aec_env="yz_gym.envs.multiagent:aec_env",
        evaluation=ZONE_EVALUATION,
        design="yz_gym.design.yze_space:YZE_SPACE",
    )
)


# --- chase: the SRD chase ------------------------------------------------------------------------


def _chase_agent(scenario: ChaseScenario, side: int) -> str:
    """The file's agent for the side, else its role's: `cutoff` for the pursuer, `flee` for the prey."""
    from yz_gym.agents.chase_agents import natural_agent

    return (scenario.agents[side] if scenario.agents else "") or natural_agent(scenario, side)


def _chase_summary(scenario: ChaseScenario) -> str:
    sides = scenario.base.setup.sides
    prey = ", ".join(s for i, s in enumerate(sides) if i != scenario.pursuer)
    return (
        f"chase {scenario.name}: {len(scenario.units)} units, {len(scenario.base.combatants)} people, "
        f"{len(scenario.vehicles)} vehicles, pursuer {sides[scenario.pursuer]}, prey {prey}"
    )


def chase_game(loaded: LoadedScenario, policies: dict[str, str], seed: int) -> NarratedGame:
    """A seeded chase played by the named agents (a side not named plays its default agent),
    recorded as a replay and told as `yz-gym replay` tells it: decision by decision as
    `[n] who (decision kind): action.`. A chase that hands over to a zone fight
    (rulesets/yze/scenario/handover.py) goes on with that fight, from the same dice stream, played by each side's
    fight agent seeded as the evaluation seeds it (evaluation/yze_games.py) and told as a zone
    fight's log is."""
    from yz_gym.agents import make_agent
    from yz_gym.evaluation.replay import record_game, told_play, told_replay
    from yz_gym.evaluation.runner import fight_agents
    from yz_gym.rulesets.yze.scenario.handover import fight_scenario

    replay = record_game(loaded, policies, seed)
    lines, state, rng = told_replay(replay)
    fight = fight_scenario(state)
    if fight is None:
        return NarratedGame(replay.policies, lines, replay)
    sides = state.scenario.base.setup.sides
    fighters = fight_agents(state.scenario, None, CHASE)
    played = ", ".join(f"{side} {fighters[side]}" for side in fight.setup.sides)
    lines.append(f"=== The chase goes on as a zone fight: {fight.setup.name} ({played}) ===")
    agent_seeds = np.random.SeedSequence([seed, 1]).generate_state(len(sides))  # record_game's
    agents = [make_agent(fighters[side], int(agent_seeds[sides.index(side)])) for side in fight.setup.sides]
    game = engine.new_game(fight, rng)  # the same dice stream goes on (CHASE-END-04: draw initiative)
    lines += narrate(game, game.opening)
    lines += told_play(SKIRMISH, game, rng, agents, state.decisions)
    return NarratedGame(replay.policies, lines, replay)  # the replay holds the chase; `log` shows the fight too


def _chase_people(state: ChaseState) -> list[Combatant]:
    return state.world.combatants


def chase_board(state: ChaseState, mine: set[int], seen: object) -> tuple[list[str], None]:
    """What the player is shown before a decision: the round, the obstacle and the strip of range
    bands with every participant (the player's starred); the events are narrated as they happen."""
    from yz_gym.envs.chase_env import render_chase_text

    return render_chase_text(state, (), frozenset(mine)).rstrip("\n").splitlines(), None


def _chase_shown(state: ChaseState, action: object) -> bool:
    """An opponent's choice is secret until the reveal (CHASE-08/10); the rest is seen as taken."""
    return state.phase != Phase.CHOOSE


CHASE_RULES: Final = GameRules(
    new_game=chase.new_chase, current_actor=chase.current_actor, legal_actions=chase.legal_actions,
    apply=chase.apply, is_over=chase.is_over, outcome=chase.outcome, describe=chase.describe,
    decision_kind=chase.decision_kind, narrate=narrate_chase, people=_chase_people,
)  # fmt: skip
CHASE = register(
    Mode(
        ruleset="yze",
        name="chase",
        description="a chase: range bands, secret choices, obstacles, vehicles and runners (SRD)",
        doc="docs/chase_scenarios.md",
        scenario_type=ChaseScenario,
        file_keys=frozenset(ChaseFile.model_fields),
        build=build_chase,
        rules=CHASE_RULES,
        sides=lambda scenario: tuple(scenario.base.setup.sides),
        title=lambda scenario: scenario.name,
        people=lambda scenario: scenario.base.combatants,
        agents=MODE_AGENTS[("yze", "chase")],
        default_agent=_chase_agent,
        summary=_chase_summary,
        characters=lambda scenario: character_problems(scenario.base),
        narrated_game=chase_game,
        board=chase_board,
        shown=_chase_shown,
        supports=frozenset({"play", "advise", "replay"}),
        gym_env=CHASE_ID,
        aec_env="yz_gym.envs.chase_multiagent:chase_aec_env",
        evaluation=CHASE_EVALUATION,
        design="yz_gym.design.yze_space:YZE_SPACE",
    )
)

__all__ = [
    "CHASE",
    "CHASE_RULES",
    "DEFAULT_AGENT",
    "SKIRMISH",
    "ZONE_RULES",
    "character_problems",
    "chase_board",
    "chase_game",
    "zone_board",
]
