"""The versioned tasks (yz_gym/tasks.py): one per bundled scenario, registered with their kwargs, their
spaces pinned by version (tests/golden/task_spaces.json), each in CHANGELOG.md, each passing check_env."""

from __future__ import annotations

import json
import os
import re
import warnings
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import yz_gym  # noqa: F401  registers the ids
from yz_gym.core import registry
from yz_gym.scenario.loading import bundled, load
from yz_gym.tasks import DX3_VERSION, GENERIC, NAMESPACE, TASKS, task_ids, task_name
from yz_gym.tasks import space_signature as signature

ROOT = Path(__file__).resolve().parents[2]
SIGNATURES = ROOT / "tests" / "golden" / "task_spaces.json"
CHANGELOG = ROOT / "CHANGELOG.md"
UPDATE = "YZ_GYM_UPDATE_TASK_SPACES"  # =1 adds the signature of a new id (never changes a stored one)
WRAPPED = "is different from the unwrapped version"  # check_env's note on any gym.make env


def test_task_names_follow_the_scenario_and_mode() -> None:
    assert task_name("yze", "skirmish", "warehouse_ambush") == "YZE-WarehouseAmbush"
    assert task_name("yze", "chase", "chase_car_vs_motorcycle") == "YZE-Chase-CarVsMotorcycle"
    assert task_name("dx3", "fight", "rooftop") == "DX3-Fight-Rooftop"
    assert task_name("dx3", "skirmish", "dx3_boss_party") == "DX3-BossParty"
    assert "yz_gym/YZE-Duel-v1" in task_ids()
    assert len(set(task_ids())) == len(TASKS)


def test_every_bundled_scenario_of_a_mode_with_an_env_has_a_task() -> None:
    for mode in (m for m in registry.modes() if m.gym_env):
        tasked = {t.scenario for t in TASKS if (t.ruleset, t.mode) == mode.key}
        assert tasked == set(bundled(mode)), mode.label


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_a_task_is_registered_with_everything_it_fixes(task: Any) -> None:
    spec = gym.spec(task.id)
    assert spec.namespace == NAMESPACE and spec.version == task.version
    assert spec.entry_point == GENERIC[(task.ruleset, task.mode)].entry_point
    kwargs = spec.kwargs
    assert kwargs["scenario"] == task.scenario and kwargs["side"] == task.side
    assert kwargs["obs_mode"] == "flat" and kwargs["illegal_action"] == "penalty"
    loaded = load(task.scenario)
    assert loaded.mode.key == (task.ruleset, task.mode)
    others = [s for s in loaded.sides if s != task.side]
    assert task.side in loaded.sides and sorted(kwargs["opponents"]) == sorted(others)
    agents = loaded.mode.agents
    assert all(agent in agents for agent in kwargs["opponents"].values())


def test_pprint_registry_lists_every_id() -> None:
    shown = gym.pprint_registry(disable_print=True)
    assert all(tid in shown for tid in [*task_ids(), *(g.id for g in GENERIC.values())])


LEARNER = {"self", "render_mode", "combatant", "participant"}  # not part of a task: how to show it, whom of the side


@pytest.mark.parametrize("task", TASKS, ids=lambda t: t.name)
def test_a_tasks_kwargs_fix_every_argument_of_its_env(task: Any) -> None:
    """Every constructor argument but the render mode and the one-combatant choice is in the registered
    kwargs, at the env's default where the task keeps it (a new argument cannot slip past the tasks)."""
    import importlib
    import inspect

    module, name = task.generic.entry_point.split(":")
    parameters = inspect.signature(getattr(importlib.import_module(module), name).__init__).parameters
    kwargs = gym.spec(task.id).kwargs
    assert set(kwargs) == set(parameters) - LEARNER
    assert kwargs["illegal_penalty"] == parameters["illegal_penalty"].default
    if task.mode == "expedition":
        assert kwargs["fight_agent"] == load(task.scenario).scenario.fight_agent  # the scenario's, made explicit


def test_yz_gym_tasks_lists_every_id_with_its_kwargs() -> None:
    from typer.testing import CliRunner

    from yz_gym.cli import app

    done = CliRunner().invoke(app, ["tasks"], env={"COLUMNS": "400"})
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [*(g.id for g in GENERIC.values()), *task_ids()]
    for task, line in zip(TASKS, lines[len(GENERIC) :], strict=True):
        shown = " ".join(f"{k}={v!r}" for k, v in gym.spec(task.id).kwargs.items())
        assert line == f"{task.id}  {shown}" and f"opponents={task.opponents!r}" in line


def test_the_generic_envs_stay_registered_without_kwargs() -> None:
    for generic in GENERIC.values():
        assert gym.spec(generic.id).kwargs == {}


def test_the_space_signatures_change_only_with_a_version_bump() -> None:
    stored: dict[str, Any] = json.loads(SIGNATURES.read_text()) if SIGNATURES.is_file() else {}
    missing, changed = {}, []
    for tid in task_ids():
        env = gym.make(tid)
        now = signature(env)
        env.close()
        if tid not in stored:
            missing[tid] = now
        elif stored[tid] != now:
            changed.append(tid)
    assert not changed, (
        f"the spaces of {changed} changed under the same id: raise the task's version in yz_gym/tasks.py, "
        "say why in CHANGELOG.md, and run with YZ_GYM_UPDATE_TASK_SPACES=1 to store the new id"
    )
    if missing and os.environ.get(UPDATE) == "1":
        stored.update(missing)
        rows = (f" {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(stored.items()))
        SIGNATURES.write_text("{\n" + ",\n".join(rows) + "\n}\n")  # one line per id: diffs read well
        missing = {}
    assert not missing, f"no stored space signature for {sorted(missing)}; run with {UPDATE}=1"


def test_the_changelog_says_what_every_version_is() -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    for tid in task_ids():
        assert re.search(rf"`{re.escape(tid)}`", text), f"CHANGELOG.md does not name {tid}"


@pytest.mark.parametrize("tid", [*task_ids(), *(g.id for g in GENERIC.values())])
def test_check_env_passes_on_every_registered_id_as_made(tid: str) -> None:
    """Every task, and every generic env with no kwargs (its default scenario)."""
    env = gym.make(tid)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    problems = [str(w.message) for w in caught if WRAPPED not in str(w.message)]
    assert not problems
    env.close()


@pytest.mark.parametrize(
    "tid",
    [
        "yz_gym/YZE-WarehouseAmbush-v1",
        "yz_gym/YZE-Chase-HighwayPileup-v1",
        f"yz_gym/DX3-Duel-v{DX3_VERSION}",
        "yz_gym/YZE-Expedition-RiverJourney-v1",
    ],
)
def test_masks_are_never_all_zero_and_reach_through_wrappers(tid: str) -> None:
    env = gym.wrappers.RecordEpisodeStatistics(gym.make(tid))
    rng = np.random.default_rng(0)
    ends = 0
    for episode in range(6):
        _obs, info = env.reset(seed=episode)
        while True:
            mask = info["action_mask"]
            assert mask.any()
            assert np.array_equal(env.get_wrapper_attr("action_masks")(), mask.astype(bool))
            _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            if terminated or truncated:
                ends += 1
                assert info["action_mask"].sum() == 1 and info["action_mask"][0] == 1
                assert info["legal_actions"] == ()
                break
    assert ends == 6


def test_vector_autoreset_never_hands_a_sampler_an_empty_mask() -> None:
    envs = gym.vector.SyncVectorEnv([lambda: gym.make("yz_gym/YZE-Duel-v1") for _ in range(2)])
    _obs, info = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    done = 0
    for _ in range(60):
        masks = info["action_mask"]
        assert masks.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, _, terminated, truncated, info = envs.step(actions)
        done += int((terminated | truncated).sum())
    assert done >= 2  # episodes ended and the next step's autoreset took a masked action
    envs.close()


def test_a_masked_out_action_costs_the_penalty_by_default_and_raises_on_request() -> None:
    from yz_gym.envs.core import IllegalActionError

    env = gym.make("yz_gym/Skirmish-v0", scenario="duel")
    obs, info = env.reset(seed=0)
    masked = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(masked)
    assert reward == -0.1 and info2["illegal_action"] and not (terminated or truncated)
    assert np.array_equal(obs, obs2)
    strict = gym.make("yz_gym/YZE-Duel-v1", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match="not legal"):
        strict.step(masked)


@pytest.mark.parametrize(
    ("tid", "structure"),
    [("yz_gym/YZE-HelicopterExtraction-v1", "skirmish"), ("yz_gym/YZE-Chase-HelicopterPickup-v1", "chase")],
)
def test_the_dict_observation_holds_the_flat_values(tid: str, structure: str) -> None:
    from yz_gym.envs import structured

    shape = {"skirmish": structured.skirmish_structure, "chase": structured.chase_structure}[structure]()
    flat_env, dict_env = gym.make(tid), gym.make(tid, obs_mode="dict")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(dict_env)
    assert not [w for w in caught if WRAPPED not in str(w.message)]
    flat, info = flat_env.reset(seed=5)
    seen, _ = dict_env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(40):
        assert dict_env.observation_space.contains(seen)
        assert np.array_equal(shape.flatten(seen), flat)
        assert np.array_equal(seen["action_mask"], info["action_mask"])
        assert np.array_equal(shape.flatten(shape.structure(flat, info["action_mask"])), flat)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        flat, _, terminated, truncated, info = flat_env.step(action)
        seen, *_ = dict_env.step(action)
        if terminated or truncated:
            flat, info = flat_env.reset()
            seen, _dict_info = dict_env.reset()
    assert seen["combatants" if structure == "skirmish" else "units"].ndim == 2
