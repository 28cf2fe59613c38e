"""A corpus of hostile files and arguments through every command that reads files: each one gets
exit code 2 and a single `error:` line, no traceback, quickly (issue 10).

The files are generated here (tmp_path): scenarios, chases, replays, saved states and training
configs that are empty, binary, huge, nested, alias bombs, of the wrong shape or edited."""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from yz_gym.cli import app
from yz_gym.evaluation import replay as replay_module
from yz_gym.evaluation.replay import SCHEMA_VERSION, record_game
from yz_gym.scenario import ScenarioError, load
from yz_gym.scenario.files import SCENARIO_DIR
from yz_gym.scenario.reading import MAX_DEPTH, MAX_NODES, MAX_YAML_BYTES

runner = CliRunner()
SECONDS = 10  # per case, generous for a loaded CI machine; the bombs have their own tighter test

DUEL = (SCENARIO_DIR / "duel.yaml").read_text(encoding="utf-8")
CHASE = (SCENARIO_DIR / "chase_car_vs_motorcycle.yaml").read_text(encoding="utf-8")


def alias_bomb(levels: int = 9, width: int = 9) -> str:
    """Nested aliases: `width ** levels` values once expanded, a few hundred bytes on disk."""
    lines = ["name: &a0 [" + ", ".join(["lol"] * width) + "]"]
    for level in range(1, levels):
        lines.append(f"l{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * width) + "]")
    lines.append(f"sides: *a{levels - 1}")
    return "\n".join(lines) + "\n"


def duel_with(**changes: object) -> str:
    data = yaml.safe_load(DUEL)
    data.update(changes)
    return yaml.safe_dump(data)


# --- scenario files: name -> bytes --------------------------------------------------------------

SCENARIOS: dict[str, bytes] = {
    "empty": b"",
    "null": b"null\n",
    "list": b"- a\n- b\n",
    "scalar": b"just words\n",
    "not_utf8": b"name: \xff\xfe\xfa\n",
    "binary_zeros": b"\x00" * 64,
    "too_big": b"name: x\n" + b"#" * (MAX_YAML_BYTES + 10) + b"\n",
    "alias_bomb": alias_bomb().encode(),
    "merge_bomb": (alias_bomb(3, 40).replace("sides: *a2", "map: {<<: *a2}")).encode(),
    "recursive_alias": b"name: &a [*a]\n",
    "deep_flow": b"name: " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "deep_block": "".join(f"{'  ' * i}k{i}:\n" for i in range(MAX_DEPTH + 5)).encode(),
    "duplicate_key": DUEL.replace("name:", "name: First\nname:", 1).encode(),
    "two_documents": (DUEL + "\n---\nname: again\n").encode(),
    "python_tag": b"name: !!python/object/apply:os.system ['echo pwned']\n",
    "syntax_error": b"name: x\nsides: [a, b\nmap: {}\n",
    "huge_integer": ("name: " + "9" * 5000 + "\n").encode(),
    "bad_timestamp": b"name: !!timestamp 2001-99-99\n",
    "long_attribute": DUEL.replace("strength: 3", "strength: " + "S" * 500_000, 1).encode(),
    "too_many_values": ("name: x\nsides: [" + ", ".join(["a"] * (MAX_NODES + 1)) + "]\n").encode(),
    "bracket_unknown_key": duel_with(**{"[bold]evil[/bold]": 1}).encode(),
    "bad_side_type": duel_with(sides=[[1, 2], "b"]).encode(),
    "chase_bad_pursuer": yaml.safe_dump({**yaml.safe_load(CHASE), "pursuer": "[bold]nobody"}).encode(),
    "chase_duplicate_key": CHASE.replace("name:", "name: x\nname:", 1).encode(),
}

REPLAY_CASES = [
    "empty", "header_list", "header_null", "header_string", "wrong_kind", "wrong_version", "no_scenario",
    "scenario_list", "seed_float", "seed_huge", "seed_negative", "seed_string", "seed_bool",
    "step_not_object", "step_number_wrong", "actor_999", "actor_string", "action_short",
    "action_kind_unknown", "action_floats", "action_illegal", "events_not_list", "event_not_object", "event_kind_number",
    "not_utf8", "deep_json", "another_scenario", "extra_step", "missing_step", "policies_list",
    "opening_changed", "scenario_broken", "scenario_huge", "too_many_lines",
]  # fmt: skip


@pytest.fixture(scope="module")
def recorded() -> list[str]:
    replay = record_game("duel", {}, seed=3)
    lines: list[str] = []
    header = {
        "schema_version": SCHEMA_VERSION, "kind": "yz_gym.replay", "scenario": replay.scenario, "seed": replay.seed,
        "policies": replay.policies, "opening": [e.to_json() for e in replay.opening],
    }  # fmt: skip
    lines.append(json.dumps(header))
    for k, s in enumerate(replay.steps):
        step = {"step": k, "actor": s.actor, "action": [int(s.action.kind), *s.action[1:]], "text": s.text}
        lines.append(json.dumps({**step, "events": [e.to_json() for e in s.events]}))
    assert len(lines) > 6
    return lines


def hostile_replay(case: str, lines: list[str], tmp_path: Path) -> Path:
    """A replay file edited the way `case` says."""
    header = json.loads(lines[0])
    steps = [json.loads(line) for line in lines[1:]]
    out: list[str] | bytes

    def with_header(**changes: object) -> list[str]:
        return [json.dumps({**header, **changes}), *lines[1:]]

    def with_step(k: int, **changes: object) -> list[str]:
        edited = list(lines)
        edited[k + 1] = json.dumps({**steps[k], **changes})
        return edited

    street = yaml.safe_load((SCENARIO_DIR / "street_firefight.yaml").read_text(encoding="utf-8"))
    out = {
        "empty": [],
        "header_list": ["[]", *lines[1:]],
        "header_null": ["null", *lines[1:]],
        "header_string": ['"yz_gym.replay"', *lines[1:]],
        "wrong_kind": with_header(kind="[red]other[/red]"),
        "wrong_version": with_header(schema_version=99),
        "no_scenario": [json.dumps({k: v for k, v in header.items() if k != "scenario"}), *lines[1:]],
        "scenario_list": with_header(scenario=[1, 2]),
        "seed_float": with_header(seed=1.5),
        "seed_huge": with_header(seed=10**40),
        "seed_negative": with_header(seed=-1),
        "seed_string": with_header(seed="3"),
        "seed_bool": with_header(seed=True),
        "step_not_object": [lines[0], "5", *lines[2:]],
        "step_number_wrong": with_step(1, step=7),
        "actor_999": with_step(0, actor=999),
        "actor_string": with_step(0, actor="Ilsa"),
        "action_short": with_step(0, action=[0, -1]),
        "action_kind_unknown": with_step(0, action=[9999, -1, -1, -1]),
        "action_floats": with_step(0, action=[0.5, -1, -1, -1]),
        "action_illegal": with_step(0, action=[steps[0]["action"][0], 99, 99, 99]),
        "events_not_list": with_step(0, events={"kind": "x"}),
        "event_not_object": with_step(0, events=[5]),
        "event_kind_number": with_step(0, events=[{"kind": 5}]),
        "not_utf8": lines[0].encode() + b"\n\xff\xfe\n",
        "deep_json": [lines[0], "[" * 100_000 + "]" * 100_000],
        "another_scenario": with_header(scenario=street, opening=opening_of(street, header["seed"])),
        "extra_step": [*lines, json.dumps({**steps[-1], "step": len(steps)})],
        "missing_step": [lines[0], *lines[1:3], *lines[4:]],
        "policies_list": with_header(policies=["a"]),
        "opening_changed": with_header(opening=[{"kind": "note", "actor": 0, "target": -1}]),
        "scenario_broken": with_header(scenario={"name": "x [y]"}),
        "scenario_huge": with_header(scenario={"name": "x", "sides": [[[0]] * 40_000] * 3}),
        "too_many_lines": [lines[0], *(["{}"] * 50)],
    }[case]
    path = tmp_path / f"{case}.jsonl"
    path.write_bytes(out if isinstance(out, bytes) else ("\n".join(out) + "\n").encode())
    return path


def opening_of(scenario: dict[str, object], seed: int) -> list[dict[str, object]]:
    """The opening events a scenario's game starts with, as a replay stores them."""
    from yz_gym.evaluation.replay import Replay

    state, _ = Replay(scenario, seed, {}, [], []).start()
    return [e.to_json() for e in state.opening]


def assert_one_error_line(result, what: str, started: float) -> None:  # type: ignore[no-untyped-def]
    elapsed = time.perf_counter() - started
    assert result.exit_code == 2, f"{what}: exit {result.exit_code}\n{result.output}"
    assert "Traceback" not in result.output, f"{what}:\n{result.output}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{what}: {result.exception!r}"
    )
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), (
        f"{what}: stderr is not one error line:\n{result.stderr}"
    )
    assert elapsed < SECONDS, f"{what}: {elapsed:.1f} s"


def run(args: list[str], what: str, stdin: str = "q\n") -> None:
    started = time.perf_counter()
    result = runner.invoke(app, args, input=stdin)
    assert_one_error_line(result, what, started)


# Every command that reads a scenario file, with the arguments that make it read one.
SCENARIO_COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "validate": lambda p: ["validate", p],
    "evaluate": lambda p: ["evaluate", p, "-n", "2"],
    "evaluate --compare": lambda p: ["evaluate", "duel", "-n", "2", "--compare", p],
    "log": lambda p: ["log", p],
    "play": lambda p: ["play", p],
    "advise": lambda p: ["advise", p, "--rollouts", "4"],
}


@pytest.mark.parametrize("case", sorted(SCENARIOS))
def test_hostile_scenario_files_get_one_error_line_from_every_command(case, tmp_path):
    path = tmp_path / f"{case}.yaml"
    path.write_bytes(SCENARIOS[case])
    for command, args in SCENARIO_COMMANDS.items():
        run(args(str(path)), f"{command} {case}")


@pytest.mark.parametrize("case", REPLAY_CASES)
def test_hostile_replays_and_states_get_one_error_line(case, recorded, tmp_path, monkeypatch):
    if case == "too_many_lines":
        monkeypatch.setattr(replay_module, "MAX_REPLAY_LINES", 20)
    path = str(hostile_replay(case, recorded, tmp_path))
    run(["replay", path], f"replay {case}")
    run(["advise", "--replay", path, "--rollouts", "4"], f"advise --replay {case}")
    run(["advise", "--state", path, "--rollouts", "4"], f"advise --state {case}")


def test_a_replay_over_the_size_limit_is_refused(recorded, tmp_path, monkeypatch):
    monkeypatch.setattr(replay_module, "MAX_REPLAY_BYTES", 1000)
    path = tmp_path / "big.jsonl"
    path.write_text("\n".join(recorded) + "\n")
    run(["replay", str(path)], "replay over the size limit")


def test_edited_text_and_actor_names_are_re_derived_not_trusted(recorded, tmp_path):
    """A replay's `text` is not shown as written: the log comes from the re-simulation."""
    step = json.loads(recorded[1])
    step["text"] = "</script><script>alert(1)</script> [bold]pwned"
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([recorded[0], json.dumps(step), *recorded[2:]]) + "\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "pwned" not in result.output and "alert" not in result.output
    loaded = replay_module.Replay.load(path)
    assert loaded.steps[0].text != step["text"] and loaded.steps[0].text


HOSTILE_ARGUMENTS = {
    "roll huge pool": ["roll", "999999999 base"],
    "roll huge number": ["roll", "9" * 10_000 + " base"],
    "roll long text": ["roll", "1 base " * 5_000],
    "roll empty": ["roll", ""],
    "roll negative seed": ["roll", "2 skill 1 gear", "--seed", "-1"],
    "roll float seed": ["roll", "2 base", "--seed", "1.5"],
    "play negative seed": ["play", "--seed", "-1"],
    "play huge seed": ["play", "--seed", str(10**40)],
    "repair negative seed": ["repair", "car", "--seed", "-1"],
    "log float seed": ["log", "--seed", "1.5"],
    "evaluate zero games": ["evaluate", "-n", "0"],
    "evaluate bad backend": ["evaluate", "-n", "2", "--backend", "[bold]x"],
    "evaluate bracket side": ["evaluate", "-n", "2", "--policy", "[red]x[/red]=random"],
    "play bracket side": ["play", "--as", "nobody [x]"],
    "scenario is a folder": ["validate", "."],
    "missing scenario": ["validate", "no/such/file.yaml"],
    "unknown bundled name": ["validate", "[bold]nope"],
    "advise top zero": ["advise", "--top", "0"],
    "advise at past the end": ["advise", "--replay", "{replay}", "--at", "99999"],
    "unknown option": ["evaluate", "--nope"],
    "unknown command": ["frobnicate"],
}


@pytest.mark.parametrize("case", sorted(HOSTILE_ARGUMENTS))
def test_hostile_arguments_get_one_error_line(case, recorded, tmp_path):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(recorded) + "\n")
    run([a.replace("{replay}", str(path)) for a in HOSTILE_ARGUMENTS[case]], case)


@pytest.mark.parametrize("option", ["--policy ilsa={}", "--compare-policy ilsa={}", "--fight-policy ilsa={}"])
def test_a_file_named_as_an_agent_is_never_unpickled(option, tmp_path):
    """Only `model:PATH` loads a model; any other existing file is an unknown agent."""
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.zip"
    evil.write_bytes(_pickle_that_touches(marker))
    flag, value = option.split()
    for args in (
        ["evaluate", "duel", "-n", "2", flag, value.format(evil)],
        ["advise", "duel", "--agent", str(evil)],
        ["play", "duel", "--opponent", str(evil)],
        ["log", "duel", "--policy", f"ilsa={evil}"],
    ):
        run(args, " ".join(args))
    assert not marker.exists()


def _pickle_that_touches(marker: Path) -> bytes:
    import pickle

    class Touch:
        def __reduce__(self):  # type: ignore[no-untyped-def]
            return (marker.touch, ())

    return pickle.dumps(Touch())


def test_a_broken_model_file_named_as_a_model_is_one_error_line(tmp_path):
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"PK\x03\x04 not really a zip")
    run(["evaluate", "duel", "-n", "2", "--policy", f"ilsa=model:{junk}"], "junk model")
    run(["play", "duel", "--opponent", f"model:{junk}"], "junk model in play")


TRAINING_CONFIGS = {
    "missing": None,
    "empty_list": b"- 1\n",
    "not_utf8": b"name: \xff\n",
    "alias_bomb": alias_bomb().encode(),
    "too_big": b"name: x\n#" + b"x" * (MAX_YAML_BYTES + 1),
    "unknown_key": b"name: x\nscenario: duel\nppo: {learning_rat: 0.1}\n",
    "negative_rate": b"name: x\nscenario: duel\nppo: {learning_rate: -1}\n",
    "too_many_envs": b"name: x\nscenario: duel\nn_envs: 100000\n",
    "bad_output": b"name: x\nscenario: duel\noutput: '{nope}'\n",
    "missing_scenario": b"name: x\nscenario: nope.yaml\n",
    "bad_side": b"name: x\nscenario: duel\nside: '[red]x'\n",
    "file_as_opponent": b"name: x\nscenario: duel\neval: {against: [configs/training/tiny.yaml]}\n",
    "seed_float": b"name: x\nscenario: duel\nseed: 1.5\n",
    "duplicate_key": b"name: x\nname: y\nscenario: duel\n",
}


@pytest.mark.parametrize("case", sorted(TRAINING_CONFIGS))
def test_hostile_training_configs_get_one_error_line(case, tmp_path, capsys):
    from yz_gym.training.train_ppo import main

    path = tmp_path / f"{case}.yaml"
    if TRAINING_CONFIGS[case] is not None:
        path.write_bytes(TRAINING_CONFIGS[case])
    started = time.perf_counter()
    with pytest.raises(SystemExit) as caught:
        main(["--config", str(path)])
    assert caught.value.code == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert time.perf_counter() - started < SECONDS


@pytest.mark.parametrize("case", ["alias_bomb", "merge_bomb", "too_big", "deep_flow", "too_many_values"])
def test_bombs_are_refused_in_under_two_seconds_and_200_mb(case, tmp_path):
    path = tmp_path / f"{case}.yaml"
    path.write_bytes(SCENARIOS[case])
    started = time.process_time()  # CPU time: the machine running the tests may be shared
    with pytest.raises(ScenarioError):
        load(str(path))
    assert time.process_time() - started < 2
    tracemalloc.start()  # measured apart: tracing makes the parsing several times slower
    try:
        with pytest.raises(ScenarioError):
            load(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 200 * 2**20, peak


def test_a_twenty_megabyte_scenario_is_refused_at_once(tmp_path):
    path = tmp_path / "big.yaml"
    with path.open("wb") as handle:
        handle.write(b"name: x\ncombatants:\n")
        handle.write(b"  - {name: a, side: b, zone: c}\n" * 650_000)  # about 20 MB
    assert path.stat().st_size > 20_000_000
    started = time.process_time()
    with pytest.raises(ScenarioError, match="larger than the 1,048,576 bytes"):
        load(str(path))
    assert time.process_time() - started < 2


def test_the_corpus_has_at_least_fifty_hostile_inputs():
    count = len(SCENARIOS) * len(SCENARIO_COMMANDS) + 3 * len(REPLAY_CASES) + len(HOSTILE_ARGUMENTS)
    assert count + len(TRAINING_CONFIGS) >= 50
    assert len(SCENARIOS) + len(REPLAY_CASES) + len(HOSTILE_ARGUMENTS) + len(TRAINING_CONFIGS) >= 50
