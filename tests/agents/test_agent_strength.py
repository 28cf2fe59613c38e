"""The strength ladder: tactical beats aggressive, aggressive beats random, on every scenario.

Each matchup is played with sides swapped (half the games each way), so an asymmetric
scenario favours neither agent. The claim is on the stronger agent's share of the decisive
games: the lower end of its 95% Wilson interval must be above one half. The default suite
plays 100 games per matchup and scenario; `pytest -m slow` plays 500 (the README's table:
`python -m agents.arena --games 500`). Run with -s to see the win rates.
"""

from __future__ import annotations

import pytest

from agents.arena import LADDER, MatchResult, markdown, match
from yz_gym.scenario.loader import bundled_scenarios

QUICK_GAMES = 100
FULL_GAMES = 500
RESULTS: list[MatchResult] = []


@pytest.fixture(scope="module", autouse=True)
def summary():
    """After the module: print every result as one table and a one-line summary."""
    yield
    if RESULTS:
        print("\n" + markdown(RESULTS))
        worst = min(RESULTS, key=lambda r: r.interval[0])
        print(
            f"LADDER SUMMARY: {len(RESULTS)} matchups, all stronger agents ahead; "
            f"closest: {worst.scenario} {worst.x} vs {worst.y} {worst.win_rate:.1%} "
            f"(95% lower bound {worst.interval[0]:.1%})"
        )
        RESULTS.clear()


def check(name: str, stronger: str, weaker: str, games: int) -> None:
    result = match(name, stronger, weaker, games, seed=2024)
    RESULTS.append(result)
    print("\n" + result.line())
    low, _ = result.interval
    assert result.decisive >= games // 2, f"too many draws to judge: {result.line()}"
    assert low > 0.5, f"{stronger} is not clearly stronger than {weaker}: {result.line()}"


@pytest.mark.parametrize("name", bundled_scenarios())
@pytest.mark.parametrize("pair", LADDER, ids=lambda p: f"{p[0]}>{p[1]}")
def test_ladder_quick(name, pair):
    check(name, *pair, QUICK_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_scenarios())
@pytest.mark.parametrize("pair", LADDER, ids=lambda p: f"{p[0]}>{p[1]}")
def test_ladder_full(name, pair):
    check(name, *pair, FULL_GAMES)
