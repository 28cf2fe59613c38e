"""The DX3 ruleset's mode in the registry (yz_gym.core.registry): `skirmish`, the DX3 fight on a line
of metres, with its builder, rules, agents and what the command line shows of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import yz_gym.rulesets.dx3.event_kinds  # noqa: F401  registering DX3's mode registers its event catalogue
from yz_gym import DX3_FIGHT_ID
from yz_gym.core.protocol import GameRules
from yz_gym.core.registry import Mode, NarratedGame, register
from yz_gym.evaluation.dx3_games import DX3_EVALUATION
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.character import RESURRECT_LIMIT
from yz_gym.rulesets.dx3.gear import range_text
from yz_gym.rulesets.dx3.narrate import narrate
from yz_gym.rulesets.dx3.state import Dx3Scenario, Dx3State, Kind
from yz_gym.scenario.dx3_loader import DX3_AGENTS, build_dx3
from yz_gym.scenario.dx3_models import Dx3File

if TYPE_CHECKING:
    from yz_gym.scenario.loading import LoadedScenario

DEFAULT_AGENT: Final = "dx3_tactical"  # plays a side that neither a policy nor the file names
QUIET: Final = (Kind.DECLINE,)  # decisions a log does not print
START_ENCROACHMENT: Final = 28  # DX3-ENC-01: the lowest starting 侵蝕率 (覚醒 14 + 衝動 14)


def character_problems(scenario: Dx3Scenario) -> list[tuple[str, str]]:
    """(PC name, problem) for every PC a DX3 character sheet could not have: an ability below 1,
    a 侵蝕率 below the lowest start (DX3-ENC-01) or at 100%+ before the fight, no 《リザレクト》 (DX3-EFF-09)."""
    found = []
    for f in scenario.fighters:
        if not f.pc:
            continue
        if min(f.stats.abilities) < 1:
            found.append((f.name, "every ability of a PC is at least 1"))
        if f.encroachment < START_ENCROACHMENT:
            found.append(
                (
                    f.name,
                    f"侵蝕率 {f.encroachment}% is below the lowest start, {START_ENCROACHMENT}% (DX3-ENC-01)",
                )
            )
        if f.encroachment > RESURRECT_LIMIT:
            found.append((f.name, f"侵蝕率 {f.encroachment}% starts at 100% or more"))
        if f.resurrect < 1:
            found.append((f.name, "every PC has 《リザレクト》 (DX3-EFF-09): give resurrect: 1 or more"))
    return found


def _summary(scenario: Dx3Scenario) -> str:
    return (
        f"{scenario.name}: a {scenario.length} m line, {len(scenario.fighters)} fighters, "
        f"sides {', '.join(scenario.sides)}"
    )


def _agent(scenario: Dx3Scenario, side: int) -> str:
    return (scenario.agents[side] if scenario.agents else "") or DEFAULT_AGENT


def dx3_game(loaded: LoadedScenario, policies: dict[str, str], seed: int) -> NarratedGame:
    """A seeded DX3 fight played by the named agents (others their side's default), recorded as a
    replay (so `log --save` writes it) and narrated decision by decision as `[n] who (decision):
    action.`; agents are seeded from (seed, 1)."""
    from yz_gym.evaluation.replay import record_game, replay_log

    replay = record_game(loaded, policies, seed)
    return NarratedGame(replay.policies, replay_log(replay), replay)


def board(state: Dx3State, mine: set[int], seen: object) -> tuple[list[str], None]:
    """What the player sees before a decision: the round, every engagement on the line with its
    fighters (the player's starred) and their HP, 侵蝕率 and weapons."""
    lines = [
        f"Round {state.round} of {state.scenario.max_rounds}; the line runs 0-{state.scenario.length} m."
    ]
    for pos in sorted({f.pos for f in state.fighters}):
        lines.append(f"  {pos:>4} m:")
        for f in state.fighters:
            if f.pos != pos:
                continue
            star = "*" if f.id in mine else " "
            held = ", ".join(f"{f.weapons[w].name} {range_text(f.weapons[w])}" for w in f.equipped) or "素手"
            status = "戦闘不能" if f.down else f"HP {f.char.hp}/{f.char.stats.max_hp}"
            done = " (行動済み)" if f.acted else ""
            lines.append(
                f"   {star}{f.name} [{state.scenario.sides[f.side]}] {status}, 侵蝕率 {f.char.encroachment}%, "
                f"行動値 {f.initiative}, {held}{done}"
            )
    return lines, None


DX3_RULES_GAME: Final = GameRules(
    new_game=engine.new_game, current_actor=engine.current_actor, legal_actions=engine.legal_actions,
    apply=engine.apply, is_over=engine.is_over, outcome=engine.outcome, describe=engine.describe,
    decision_kind=engine.decision_kind, narrate=narrate, people=engine.people,
)  # fmt: skip
DX3_SKIRMISH = register(
    Mode(
        ruleset="dx3",
        name="skirmish",
        description="a Double Cross 3rd Edition fight: engagements on a line of metres, dodge and guard, リザレクト",
        doc="docs/dx3_scenarios.md",
        scenario_type=Dx3Scenario,
        file_keys=frozenset(Dx3File.model_fields),
        build=build_dx3,
        rules=DX3_RULES_GAME,
        sides=lambda scenario: tuple(scenario.sides),
        title=lambda scenario: scenario.name,
        people=lambda scenario: scenario.fighters,
        agents=DX3_AGENTS,
        default_agent=_agent,
        summary=_summary,
        characters=character_problems,
        narrated_game=dx3_game,
        board=board,
        shown=lambda state, action: action.kind not in QUIET,
        supports=frozenset({"play", "advise", "replay"}),
        gym_env=DX3_FIGHT_ID,
        aec_env="yz_gym.envs.dx3_env:dx3_aec_env",
        evaluation=DX3_EVALUATION,
        design="yz_gym.design.dx3_space:DX3_SPACE",
    )
)

__all__ = ["DX3_FIGHT_ID", "DX3_RULES_GAME", "DX3_SKIRMISH", "board", "character_problems", "dx3_game"]
