"""Recorded chases: a seeded chase saved, read back within the replay limits, re-simulated and
checked (a tampered file is refused with one error line), and `yz-gym replay` on it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.rules.test_golden_log import GOLDEN_DIR, header
from yz_gym.cli import app
from yz_gym.evaluation.replay import Replay, ReplayError, mode_of, record_game, replay_log
from yz_gym.rulesets.yze.chase.state import CK, ChaseAction
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.yze_modes import CHASE

runner = CliRunner()
GOLDEN = "chase_car_vs_motorcycle_seed7.txt"  # the golden chase log: the same game, natural agents


@pytest.fixture(scope="module")
def recorded() -> Replay:
    return record_game("chase_car_vs_motorcycle", {}, seed=7)


@pytest.fixture()
def saved(recorded: Replay, tmp_path: Path) -> Path:
    return recorded.save(tmp_path / "chase.jsonl")


def test_a_recorded_chase_is_the_golden_chase(recorded: Replay):
    assert recorded.mode is CHASE and recorded.policies == {"police": "cutoff", "courier": "flee"}
    assert all(isinstance(step.action, ChaseAction) for step in recorded.steps)
    kept = (GOLDEN_DIR / GOLDEN).read_text(encoding="utf-8")
    assert "\n".join(replay_log(recorded)) + "\n" == kept[len(header(kept)) :]


def test_a_chase_replay_reads_back_as_it_was_written(recorded: Replay, saved: Path):
    rows = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len(recorded.steps) + 1 and all(len(row["action"]) == 5 for row in rows[1:])
    back = Replay.load(saved)
    assert back.mode is CHASE and (back.seed, back.policies) == (7, recorded.policies)
    assert [(s.actor, s.action, s.text) for s in back.steps] == [
        (s.actor, s.action, s.text) for s in recorded.steps
    ]
    same = [[e.to_json() for e in s.events] for s in back.steps]
    assert same == [[e.to_json() for e in s.events] for s in recorded.steps]
    assert replay_log(back) == replay_log(recorded)


def test_the_mode_is_the_one_the_scenario_names(recorded: Replay):
    assert mode_of(recorded.scenario) is CHASE
    with pytest.raises(ScenarioError, match="add mode: chase"):
        mode_of({k: v for k, v in recorded.scenario.items() if k != "mode"})


def _edited(saved: Path, edit) -> Path:  # type: ignore[no-untyped-def]
    rows = [json.loads(line) for line in saved.read_text(encoding="utf-8").splitlines()]
    edit(rows)
    saved.write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    return saved


def _first_roll(rows: list[dict]) -> tuple[int, int]:  # type: ignore[type-arg]
    """(line, event) of the first recorded die roll."""
    for k, row in enumerate(rows[1:], start=1):
        for i, e in enumerate(row["events"]):
            if "dice" in e.get("data", {}):
                return k, i
    raise AssertionError("no roll in the chase")


def _lucky(rows: list[dict]) -> None:  # type: ignore[type-arg]
    k, i = _first_roll(rows)
    rows[k]["events"][i]["data"]["successes"] += 1


def _swap(rows: list[dict], key: str, value: object, step: int = 0) -> None:  # type: ignore[type-arg]
    rows[step + 1][key] = value


TAMPERED = {
    "a roll made luckier": (_lucky, "re-simulated events differ"),
    "a zone fight's action": (
        lambda rows: _swap(rows, "action", [0, -1, -1, -1]),
        "give [kind, unit, target, vehicle, option] as 5 whole numbers (a chase action)",
    ),
    "an unknown chase action": (lambda rows: _swap(rows, "action", [99, -1, -1, -1, -1]), "5 whole numbers"),
    "an action not on the menu": (
        lambda rows: _swap(rows, "action", [int(CK.HIDE), 7, -1, -1, -1]),
        "is not legal for Officer Reyes",
    ),
    "another actor": (lambda rows: _swap(rows, "actor", 2), "the rules ask Officer Reyes (combatant 0)"),
    "another seed": (lambda rows: rows[0].update(seed=8), "differ"),
    "a step after the end": (lambda rows: rows.append({**rows[-1], "step": len(rows) - 1}), "already over"),
    "a chase without its pursuer": (
        lambda rows: rows[0]["scenario"].update(pursuer="nobody"),
        "pursuer: no side named 'nobody'",
    ),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_chase_replay_is_refused(case: str, saved: Path):
    edit, message = TAMPERED[case]
    path = _edited(saved, edit)
    with pytest.raises(ReplayError) as refused:
        Replay.load(path)
    assert message in str(refused.value) and str(path) in str(refused.value)
    result = runner.invoke(app, ["replay", str(path), "--html", str(path.with_suffix(".html"))])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert [line for line in result.stderr.splitlines() if line.strip()] == [f"error: {refused.value}"]
    assert not path.with_suffix(".html").exists(), "nothing half-written"


def test_yz_gym_replay_prints_a_chase_and_writes_its_page(recorded: Replay, saved: Path):
    page = saved.with_suffix(".html")
    result = runner.invoke(app, ["replay", str(saved), "--html", str(page)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[: len(replay_log(recorded))] == replay_log(recorded)
    assert lines[-1] == f"page written to {page}"
    text = page.read_text(encoding="utf-8")
    assert '"mode":"chase"' in text and "Car chases motorcycle - yz_gym replay" in text


def test_advise_on_a_chase_replay_ranks_the_choices_at_its_step(recorded: Replay, saved: Path):
    """A chase replay re-simulated to a step is advised there (issue 13: advise on every mode)."""
    step = len(recorded.steps) // 2
    state, _ = recorded.state_at(step)
    result = runner.invoke(app, ["advise", "--replay", str(saved), "--at", str(step), "--rollouts", "4", "--workers", "1"],
                           env={"COLUMNS": "250"})  # fmt: skip
    assert result.exit_code == 0, result.output
    actor = recorded.mode.rules.people(state)[recorded.mode.rules.current_actor(state)]
    assert result.stdout.startswith(f"{actor.name} (") and "Rollouts: " in result.stdout
