"""`yz-gym advise` and `yz-gym play` on an expedition (issues 13 and 15): the day's plans ranked by
the chance to arrive or to lose a PC with the planners playing the rest of the trip, within a time
limit; the player's numbered plans with the day's situation; saved journeys advised at a day;
`evaluate` counting trips; bad input refused in one line."""

from __future__ import annotations

import re
import time

import pytest
from typer.testing import CliRunner

from tests.cli.test_every_mode import refused
from yz_gym.agents.trip_advisor import _seed, advise_trip, rollout
from yz_gym.cli import app
from yz_gym.evaluation.journey_replay import JourneyReplay, record_journey
from yz_gym.evaluation.trip_commands import plan_menu, trip_at
from yz_gym.rulesets.yze.travel import expedition as journey
from yz_gym.scenario.loading import load

runner = CliRunner()
WIDE = {"COLUMNS": "250"}
TRIP = "expedition_river_journey"  # the quickest bundled trip (3 travellers, about 3 days)


def invoke(args: list[str], text: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, args, input=text, env=WIDE)
    assert "Traceback" not in result.output, result.output
    return result


def table_rows(out: str) -> list[list[str]]:
    """The advice table's rows as cells."""
    return [[cell.strip() for cell in line.strip("│").split("│")] for line in out.splitlines() if line.startswith("│")]


def test_advise_ranks_the_days_plans_by_arrival_with_the_situation_and_intervals():
    result = invoke([
        "advise", TRIP, "--agent", "cautious", "--rollouts", "4", "--workers", "1", "--top", "4",
        "--time-limit", "600",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Day 1, overcast, chilly\nPosition: hex (0, 1), open; the goal at (9, 2), 9 hexes away")
    assert "Stores: food 8, raw 0, risky 0, water 4, fuel 0 L" in out and "  Sir Aldo: health 4/4" in out
    assert "The party plans day 1 (224 plans):" in out
    rows = table_rows(out)
    assert len(rows) == 4
    state = journey.new_expedition(load(TRIP).scenario)
    legal = journey.legal_actions(state)
    arrivals = []
    for number, plan, then, arrive_cell, lost_cell, games, _ in rows:
        assert plan == journey.describe(state, legal[int(number) - 1])  # the menu number is the plan's
        assert then == "cautious" and games == "4"  # the finalists raced to --rollouts
        arrive, arrive_ci = arrive_cell.removesuffix(")").split(" (")
        lost = lost_cell.split(" (")[0]
        assert float(arrive) in (0.0, 25.0, 50.0, 75.0, 100.0) and float(lost) in (0.0, 25.0, 50.0, 75.0, 100.0)
        low, high = map(int, arrive_ci.split("-"))
        assert low <= float(arrive) <= high
        arrivals.append(float(arrive))
    assert arrivals == sorted(arrivals, reverse=True)  # best first
    assert re.search(r"^\d+ rollouts of 96 plan-and-planner pairs in [\d.]+ s\. 128 plans with another lookout "
                     r"than Sir Aldo \(the best observer\) were not raced", out, re.M)  # fmt: skip
    assert "then the rest of the trip planned by cautious" in out and "the fights played by aggressive" in out
    assert "stopped at the time limit" not in out


def test_advise_stops_at_its_time_limit_and_says_so():
    start = time.perf_counter()
    result = invoke(["advise", TRIP, "--time-limit", "1", "--workers", "1", "--rank-by", "pc-loss"])
    assert result.exit_code == 0, result.output
    assert time.perf_counter() - start < 60  # every pair's first rollout (192, ~4 CPU s), then 1 s at most
    assert "(stopped at the time limit: a rough ranking; give --time-limit more seconds)" in result.stdout
    assert "keeps every PC" in result.stdout or "has one choice" in result.stdout


def test_the_race_answers_the_same_with_one_or_two_workers_and_reads_its_rollouts():
    """From the last morning of a logged trip: the answer depends on the seed, not on the workers;
    each candidate's figures are its rollouts' (played again here one by one)."""
    replay = record_journey(load(TRIP), "cautious", 3)
    state, rng = replay.start()
    for day in replay.days[:-1]:
        journey.apply(state, day.plan, rng, None)
    state.detailed = False
    one = advise_trip(state, ("cautious", "hasty"), rollouts=8, seed=5, workers=1, time_limit=600)
    two = advise_trip(state, ("cautious", "hasty"), rollouts=8, seed=5, workers=2, time_limit=600)
    assert [(c.number, c.planner, c.arrived, c.lost) for c in one.candidates] == \
        [(c.number, c.planner, c.arrived, c.lost) for c in two.candidates]  # fmt: skip
    assert not one.stopped and one.plans[0].games == 8
    best = one.plans[0]
    again = [rollout(state, best.plan, best.planner, _seed(5, k))[:2] for k in range(best.games)]
    assert again == list(zip(best.arrived, best.lost, strict=True))


def test_play_an_expedition_day_by_day_then_advise_its_saved_state(tmp_path):
    saved = tmp_path / "trip.jsonl"
    result = invoke(["play", TRIP, "--seed", "2", "--save-state", str(saved)], "x\n218\n141\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Down the Grey river by rowing boat: setting out from hex (0, 1)")
    assert "  stay put, make camp: 1 no lookout | 2 Sir Aldo avoids | 3 Sir Aldo ambushes | 4 Wren avoids" in out
    assert "  move all four shifts: 218 no lookout | 219 Sir Aldo avoids" in out
    assert "'x' is not a plan: type 1-224, ? or q" in out
    assert "=== Day 1: Sir Aldo decides: move all four shifts, no lookout ===" in out
    assert "Day 2, " in out and "The party plans day 3:" in out and f"state saved to {saved}" in out
    trip = JourneyReplay.load(saved)
    assert trip.planner == "human" and len(trip.days) == 2 and trip.days[1].plan.moves == 2
    advised = invoke(["advise", "--state", str(saved), "--agent", "hasty", "--time-limit", "2", "--top", "2"])
    assert advised.exit_code == 0, advised.output
    assert "The party plans day 3 (" in advised.stdout and len(table_rows(advised.stdout)) == 2


def test_a_logged_trip_is_advised_at_a_day_of_its_replay(tmp_path):
    saved = tmp_path / "log.jsonl"
    logged = invoke(["log", TRIP, "--seed", "4", "--save", str(saved)])
    assert logged.exit_code == 0, logged.output
    days = len(JourneyReplay.load(saved).days)
    at = trip_at(saved, 2)
    assert at.state.day == 2 and at.replay is not None
    advised = invoke(["advise", "--replay", str(saved), "--at", "2", "--agent", "cautious", "--time-limit", "2"])
    assert advised.exit_code == 0, advised.output
    assert "The party plans day 2 (" in advised.stdout
    assert refused(["advise", "--replay", str(saved), "--at", str(days + 2)]) == (
        f"--at: day {days + 2} is outside {saved} (its mornings are days 1-{days + 1})"
    )
    assert refused(["advise", "--replay", str(saved), "--at", str(days + 1)]) == (
        f"{saved}: the journey is over by day {days + 1}; give --at an earlier day (1-{days})"
    )


def test_the_plan_menu_numbers_every_legal_plan_once():
    state = journey.new_expedition(load("expedition_winter_crossing").scenario)
    legal = journey.legal_actions(state)
    numbers = [int(n) for line in plan_menu(state, legal) for n in re.findall(r"(?:: | \| )(\d+) ", line)]
    assert numbers == list(range(1, len(legal) + 1))


def test_play_to_the_end_saves_a_replay_that_replays(tmp_path):
    saved = tmp_path / "whole.jsonl"
    result = invoke(["play", TRIP, "--seed", "1", "--save", str(saved)], "218\n" * 12)
    assert result.exit_code == 0, result.output
    assert f"replay written to {saved}" in result.stdout
    told = invoke(["replay", str(saved)])
    assert told.exit_code == 0 and told.stdout.startswith("Down the Grey river by rowing boat (seed 1)")


def test_evaluate_counts_an_expeditions_runs_as_trips():
    result = invoke(["evaluate", TRIP, "-n", "3"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^3 trips in [\d.]+ s \(\d+ trips/s, 1 worker\(s\)\)$", result.stderr, re.M), result.stderr
    assert "games" not in result.stderr.split("\n")[-2]


def test_an_interrupted_expedition_evaluation_counts_trips(monkeypatch):
    from yz_gym import cli
    from yz_gym.evaluation.runner import Interruption

    real = cli._run_with_progress

    def stopped(*args, **kwargs):  # type: ignore[no-untyped-def]
        stats, _ = real(*args, **kwargs)
        return stats, Interruption("SIGINT")  # as if Ctrl-C came after the trips played

    monkeypatch.setattr(cli, "_run_with_progress", stopped)
    result = invoke(["evaluate", TRIP, "-n", "2", "-w", "1"])
    assert result.exit_code == 130, result.output
    assert "interrupted by SIGINT: 2 of 2 trips" in result.stderr and " games" not in result.stderr
    lost = Interruption("", ((0, 100),)).describe(1, 9, "trips")
    assert lost == "interrupted trips 0-99 lost (their worker died twice): 1 of 9 trips"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["advise", TRIP, "--agent", "tactical"],
         "--agent: 'tactical' does not plan yze expedition games; give one of random, cautious, hasty"),
        (["advise", TRIP, "-p", "escort=flee"],
         "--policy: 'flee' does not plan yze expedition games; give one of random, cautious, hasty"),
        (["advise", TRIP, "-p", "crew=cautious"],
         "--policy: no side named 'crew' in Down the Grey river by rowing boat; sides: escort"),
        (["advise", TRIP, "--rank-by", "speed"], "--rank-by: 'speed' is no ranking; use arrival or pc-loss"),
        (["advise", "duel", "--rank-by", "arrival"],
         "--rank-by, --time-limit and --every-lookout are for expeditions; leave them out"),
        (["play", TRIP, "--opponent", "cautious"],
         "--opponent: an expedition has no other side (its fights are played by the file's fight_agent); leave it out"),
        (["play", TRIP, "--as", "bandits"], "no side named 'bandits'; sides: escort"),
    ],
)  # fmt: skip
def test_bad_trip_options_are_one_error_line(args, message):
    assert refused(args) == message
