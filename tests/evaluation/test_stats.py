"""Encounter statistics: Wilson intervals, streaming merges, the JSON report."""

from __future__ import annotations

import math

import pytest

from yz_gym.evaluation.runner import GameSummary
from yz_gym.evaluation.stats import EncounterStats, wilson_interval


def test_wilson_interval_matches_the_textbook_formula():
    low, high = wilson_interval(45, 100)
    # Wilson (1927) for p=0.45, n=100, z=1.96: 0.3561 - 0.5475
    assert low == pytest.approx(0.3561, abs=1e-4)
    assert high == pytest.approx(0.5475, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_covers_the_truth_about_95_percent_of_the_time():
    import numpy as np

    rng = np.random.default_rng(1)
    p, n, trials = 0.3, 200, 4000
    wins = rng.binomial(n, p, size=trials)
    covered = sum(1 for w in wins if wilson_interval(int(w), n)[0] <= p <= wilson_interval(int(w), n)[1])
    rate = covered / trials
    tol = 4 * math.sqrt(0.05 * 0.95 / trials)
    assert abs(rate - 0.95) < tol


def _summary(winner, rounds, reason="the other side is out of the fight"):
    return GameSummary(winner, reason, rounds, 10, ((1, 0, 0, 2, 3), (0, 1, 1, 3, 2)))


def test_streamed_statistics_do_not_depend_on_how_games_are_batched():
    games = [
        _summary("a", 3),
        _summary("b", 5),
        _summary(None, 20, "round cap"),
        _summary(None, 4, "no one is left standing"),
    ]
    whole = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    for g in games:
        whole.add(g)
    left = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    right = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    for g in games[:2]:
        left.add(g)
    for g in games[2:]:
        right.add(g)
    left.merge(right)
    assert left.to_json() == whole.to_json()
    report = whole.to_json()
    assert report["schema_version"] == 1
    assert report["games"] == 4 and report["timeouts"] == 1 and report["draws"] == 1
    assert report["sides"]["a"]["win_probability"] == 0.25
    assert report["rounds"]["median"] == 4.0
    assert report["combatants"][1]["p_dead"] == 1.0
