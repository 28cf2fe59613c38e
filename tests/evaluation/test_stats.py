"""Encounter statistics: Wilson intervals, streaming merges, the JSON report."""

from __future__ import annotations

import math

import pytest

from yz_gym.core.ending import Termination
from yz_gym.evaluation.stats import EncounterStats, Moment, mean_interval, wilson_interval
from yz_gym.evaluation.watch import Fate, GameSummary


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


ENDINGS = {
    "the other side is out of the fight": Termination.SIDE_OUT,
    "round cap": Termination.ROUND_CAP,
    "no one is left standing": Termination.NO_ONE_STANDING,
}


def _summary(winner, rounds, reason="the other side is out of the fight", episode=-1):
    return GameSummary(
        winner, reason, rounds, 10,
        (Fate(1, 0, 0, 1, (0, 3), 1, 0, (0, 2), 0), Fate(1, 1, 1, 1, (2, 0), 0, 2, (3, 0), 1)),
        ENDINGS[reason], episode=episode,
    )  # fmt: skip


def test_streamed_statistics_do_not_depend_on_how_games_are_batched():
    games = [
        _summary("a", 3),
        _summary("b", 5),
        _summary(None, 20, "round cap"),
        _summary(None, 4, "no one is left standing"),
    ]
    games = [_summary(g.winner, g.rounds, g.reason, i) for i, g in enumerate(games)]
    whole = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    for g in games:
        whole.add(g)
    left = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    right = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    for g in games[:2]:
        left.add(g)
    for g in games[2:]:
        right.add(g)
    right.merge(left)  # batches arrive in any order
    assert right.to_json() == whole.to_json() and right.game_records() == whole.game_records()
    report = whole.to_json()
    assert report["schema_version"] == 2
    assert report["games"] == 4 and report["timeouts"] == 1 and report["draws"] == 1
    assert report["sides"]["a"]["win_probability"] == 0.25
    assert report["rounds"]["median"] == 4.0
    assert report["combatants"][1]["dead"]["probability"] == 1.0
    assert whole.game_records()[2] == ("timeout", 20, 0, 0)
    damage = report["damage"]["sides"]
    assert damage["a"]["dealt_to_enemies"]["mean"] == damage["b"]["taken_from_enemies"]["mean"] == 2.0
    assert damage["a"]["push_costs"]["mean"] == 1.0 and damage["b"]["no_attacker"]["mean"] == 2.0


def test_mean_interval_is_the_student_t_interval():
    from yz_gym.evaluation.stats import mean_interval, t_quantile

    mean, low, high = mean_interval(6.0, 14.0, 3)  # values 1, 2, 3: sd 1, t(2) = 4.303
    assert mean == 2.0 and high - mean == pytest.approx(4.302653 / math.sqrt(3), abs=1e-5)
    assert low == pytest.approx(2 * mean - high)
    assert t_quantile(3) == pytest.approx(3.182, abs=4e-3) and t_quantile(30) == pytest.approx(2.042, abs=1e-3)
    assert t_quantile(1000) == pytest.approx(1.962, abs=1e-3)


def test_what_if_changes_are_paired_by_game_index():
    from yz_gym.evaluation.stats import paired_difference

    a = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    b = EncounterStats.empty("s", ["a", "b"], [("x", "a"), ("y", "b")])
    for i, (first, second) in enumerate([("a", "a"), ("b", "a"), ("a", "a"), ("b", "b")]):
        a.add(_summary(first, 3, episode=i))
        b.add(_summary(second, 3, episode=i))
    pairs, rows = paired_difference(a, b)
    label, mean_a, mean_b, change, low, high = rows[0]
    assert pairs == 4 and label == "a wins" and (mean_a, mean_b, change) == (0.5, 0.75, 0.25)
    # differences 0, 1, 0, 0: sd 0.5, t(3) = 3.182
    assert high - change == pytest.approx(3.182 * 0.5 / 2, abs=2e-3) and low < 0 < high


def test_an_amount_that_is_never_negative_gets_no_interval_below_zero() -> None:
    moment = Moment()
    for value in [0] * 99 + [5]:  # e.g. rations left after 100 trips: one trip kept 5
        moment.add(value)
    mean, low, high = mean_interval(moment.total, moment.total_sq, 100)
    assert mean == 0.05 and low < 0  # the t interval alone reaches below 0
    assert moment.interval(100) == (0.05, 0.0, high) and moment.json(100) == {"mean": 0.05, "ci95": [0.0, high]}
