"""The strength ladder: tactical beats aggressive, aggressive beats random, on every scenario.

Each matchup is 500 games with sides swapped (250 each way), so an asymmetric scenario favours
neither agent. The claim is on the stronger agent's share of the decisive games: the lower end
of its 95% Wilson interval must be above one half. The whole ladder takes about 45 s of CPU on
the bundled scenarios (a few minutes on a busy machine); YZ_LADDER_GAMES=100 runs a quicker
version while iterating. Run with -s to see the win rates; `python -m yz_gym.agents.arena --games 500`
prints the same table (agents/README.md).
"""

from __future__ import annotations

import os

import pytest

from yz_gym.agents.arena import LADDER, MatchResult, markdown, match
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios

GAMES = int(os.environ.get("YZ_LADDER_GAMES", "500"))
RESULTS: list[MatchResult] = []


@pytest.fixture(scope="module", autouse=True)
def summary():
    """After the module: print every result as one table and a one-line summary."""
    yield
    if RESULTS:
        print("\n" + markdown(RESULTS))
        worst = min(RESULTS, key=lambda r: r.interval[0])
        clear = sum(r.interval[0] > 0.5 for r in RESULTS)
        print(
            f"LADDER SUMMARY: stronger agent clearly ahead in {clear}/{len(RESULTS)} matchups "
            f"({RESULTS[0].games} games each); "
            f"closest: {worst.scenario} {worst.x} vs {worst.y} {worst.win_rate:.1%} "
            f"(95% lower bound {worst.interval[0]:.1%})"
        )
        RESULTS.clear()


def check(name: str, stronger: str, weaker: str, games: int) -> None:
    result = match(name, stronger, weaker, games, seed=0)  # the seed of the README's table
    RESULTS.append(result)
    print("\n" + result.line())
    low, _ = result.interval
    assert result.decisive >= games // 2, f"too many draws to judge: {result.line()}"
    assert low > 0.5, f"{stronger} is not clearly stronger than {weaker}: {result.line()}"


@pytest.mark.parametrize("name", bundled_scenarios())
@pytest.mark.parametrize("pair", LADDER, ids=lambda p: f"{p[0]}>{p[1]}")
def test_stronger_agent_wins_clearly(name, pair):
    check(name, *pair, GAMES)
