"""The YZE expedition mode in the registry (yz_gym.core.registry): a party crossing a hex map day by
day (rulesets/yze/travel/), its file builder, rules, planners and what the command line shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import yz_gym.rulesets.yze.event_kinds  # noqa: F401  the yze catalogue holds the journey's events
from yz_gym.agents import MODE_AGENTS, make_agent
from yz_gym.core.protocol import GameRules
from yz_gym.core.registry import Mode, NarratedGame, register
from yz_gym.evaluation.journeys import EXPEDITION_EVALUATION
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.rulesets.yze.travel.expedition import Expedition, ExpeditionScenario
from yz_gym.rulesets.yze.travel.fights import use_agents
from yz_gym.rulesets.yze.travel.hexmap import LETTERS
from yz_gym.rulesets.yze.travel.weather import weather_word
from yz_gym.scenario.expedition_loader import build_expedition
from yz_gym.scenario.expedition_models import ExpeditionFile
from yz_gym.scenario.yze_modes import character_problems

if TYPE_CHECKING:
    from yz_gym.scenario.loading import LoadedScenario

DEFAULT_PLANNER: Final = "cautious"


def _planner(scenario: ExpeditionScenario, side: int) -> str:
    return (scenario.agents[side] if scenario.agents else "") or DEFAULT_PLANNER


def _summary(scenario: ExpeditionScenario) -> str:
    hexmap = scenario.hexmap
    return (
        f"expedition {scenario.name}: {len(scenario.members)} travellers, {hexmap.width} x {hexmap.height} hexes, "
        f"{scenario.season} ({scenario.band.replace('_', ' ')}), {len(scenario.vehicles)} vehicles, "
        f"{len(scenario.table)} table encounters, {len(scenario.placed)} placed, at most {scenario.max_days} days"
    )


def _characters(scenario: ExpeditionScenario) -> list[tuple[str, str]]:
    names = {scenario.party.combatants[i].name for i in scenario.members}
    return [(name, problem) for name, problem in character_problems(scenario.party) if name in names]


def expedition_game(loaded: LoadedScenario, policies: dict[str, str], seed: int) -> NarratedGame:
    """A seeded expedition planned by the named planner (else the file's, else cautious), told day
    by day with its fights folded in, and its replay (evaluation/journey_replay.py)."""
    from yz_gym.evaluation.journey_replay import journey_log, record_journey

    scenario: ExpeditionScenario = loaded.scenario
    name = policies.get(scenario.side) or _planner(scenario, 0)
    replay = record_journey(loaded, name, seed)
    return NarratedGame({scenario.side: name}, journey_log(replay), replay)


def expedition_board(state: Expedition, mine: set[int], seen: object) -> tuple[list[str], None]:
    """The map with the party (@) and goal (*), the stores and every traveller's state."""
    s = state.scenario
    hexmap = s.hexmap
    letter = {v: k for k, v in LETTERS.items()}
    lines = [f"Day {state.day}, {weather_word(state.weather, s.band)}, {s.band.replace('_', ' ')}"]
    for row in range(hexmap.height):
        cells = []
        for col in range(hexmap.width):
            h = hexmap.index(col, row)
            mark = "@" if h == state.hex else "*" if h == s.goal else letter[hexmap.terrain[h]]
            cells.append(mark + ("=" if hexmap.road[h] else "~" if hexmap.river[h] else " "))
        lines.append((" " if row % 2 else "") + " ".join(cells))
    st = state.stores
    lines.append(f"Stores: food {st.food}, raw {st.raw_plants + st.raw_meat}, risky {st.risky_plants + st.risky_meat}, "
                 f"water {st.water}, fuel {st.fuel:g} L")  # fmt: skip
    from yz_gym.agents.common import health, max_health

    for c, needs in zip(state.people, state.needs, strict=True):
        status = (
            "dead"
            if c.dead
            else "Broken"
            if c.out
            else f"health {health(state.party, c)}/{max_health(state.party, c)}"
        )
        lines.append(f"  {c.name}: {status}, stress {c.stress}, hungry {needs.hungry_days} days")
    return lines, None


EXPEDITION_RULES: Final = GameRules(
    new_game=journey.new_expedition, current_actor=journey.current_actor, legal_actions=journey.legal_actions,
    apply=journey.apply, is_over=journey.is_over, outcome=journey.outcome, describe=journey.describe,
    decision_kind=journey.decision_kind, narrate=journey.narrate, people=journey.people,
)  # fmt: skip
use_agents(make_agent)  # encounter fights are played by the scripted agents
EXPEDITION = register(
    Mode(
        ruleset="yze",
        name="expedition",
        description="an expedition: a party crosses a hex map day by day, with weather, food, camp and fights",
        doc="docs/expeditions.md",
        scenario_type=ExpeditionScenario,
        file_keys=frozenset(ExpeditionFile.model_fields),
        build=build_expedition,
        rules=EXPEDITION_RULES,
        sides=lambda scenario: (scenario.side,),
        title=lambda scenario: scenario.name,
        people=lambda scenario: scenario.people,
        agents=MODE_AGENTS[("yze", "expedition")],
        default_agent=_planner,
        summary=_summary,
        characters=_characters,
        narrated_game=expedition_game,
        board=expedition_board,
        shown=lambda state, action: True,
        evaluation=EXPEDITION_EVALUATION,
        design="yz_gym.design.expedition_space:EXPEDITION_SPACE",
        supports=frozenset({"play", "advise", "replay"}),  # advise and play: evaluation/trip_commands.py
        gym_env="yz_gym/Expedition-v0",
        aec_env="yz_gym.envs.expedition_env:expedition_aec_env",
    )
)

__all__ = ["EXPEDITION", "EXPEDITION_RULES", "expedition_board", "expedition_game"]
