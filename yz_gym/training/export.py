"""Trained policies for game engines: `yz-gym export POLICY --onnx policy.onnx` (docs/export.md).

Writes the policy network of a weights file (agents/weights.py; or, with `load_model`, of an SB3
MaskablePPO .zip, a pickle) as an ONNX file with the action mask applied, and beside it a JSON
description (`policy.json` for `policy.onnx`) of what a game must feed it: the observation's
fields with their offsets, every action index's meaning, the task and its space signature.

The ONNX graph (opset `OPSET`, IR version `IR_VERSION`, old enough for Unity Sentis):
- inputs `observation` float32 [N, obs_size] and `mask` float32 [N, n_actions] (1 = legal, 0 = not);
- outputs `logits` float32 [N, n_actions], the masked-out ones -inf, and `action` int64 [N], the
  argmax: what `MaskablePPO.predict(obs, action_masks=mask, deterministic=True)` plays.

The graph is written layer by layer from the network's modules (the pruned inputs' Gather, each
Linear as a Gemm, Tanh or ReLU, the action layer), not traced, so the same weights always give the
same bytes, and a layer this module does not know is refused rather than exported wrong.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from yz_gym.io import OutputError, atomic_write_bytes, atomic_write_json, check_output

FORMAT: Final = "yz_gym.onnx_policy"
VERSION: Final = 1
OPSET: Final = 15  # Unity Sentis reads opsets 7-15; ONNX Runtime reads them all
IR_VERSION: Final = 8  # the IR of opset 15's ONNX release: older runtimes refuse newer IRs
INPUTS: Final = ("observation", "mask")
OUTPUTS: Final = ("logits", "action")
ACTIVATIONS: Final = {"Tanh": "Tanh", "ReLU": "Relu"}  # torch module -> ONNX operator
SUFFIX: Final = ".onnx"


class ExportError(ValueError):
    """A policy or an option that cannot be exported; the message names it and the fix."""


def export(
    policy_file: str | Path, onnx_path: str | Path, task: str | None = None, load_model: bool = False
) -> tuple[Path, Path]:
    """Write `onnx_path` and its JSON description (same name, `.json`); returns both paths.

    Both outputs are checked before any work and written atomically; if the second write fails
    the first is removed, so a failed export leaves no half of a pair behind."""
    onnx_path = Path(onnx_path)
    if onnx_path.suffix != SUFFIX:
        raise ExportError(
            f"--onnx: {onnx_path} must end in {SUFFIX} (its description is written beside it as .json)"
        )
    sidecar_path = onnx_path.with_suffix(".json")
    try:
        check_output(onnx_path, "--onnx")
        check_output(sidecar_path, "--onnx")
    except OutputError as error:
        raise ExportError(str(error)) from None
    policy = load_policy(policy_file, load_model)
    task_id, game, env = task_env(task, *policy_sizes(policy))
    if game not in GAMES:
        env.close()
        raise ExportError(
            f"--task: {task_id} is a {'/'.join(game)} game, which has no export description yet"
        )
    data = policy_graph(policy, task_id).SerializeToString()
    description = describe(policy, task_id, game, env, hashlib.sha256(data).hexdigest(), Path(policy_file))
    env.close()
    try:
        atomic_write_json(sidecar_path, description)
        try:
            atomic_write_bytes(onnx_path, data)
        except BaseException:
            sidecar_path.unlink(missing_ok=True)
            raise
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ExportError(
            f"--onnx: could not write {onnx_path} ({reason}); choose a writable path with free space"
        ) from None
    return onnx_path, sidecar_path


def load_policy(path: str | Path, load_model: bool = False) -> Any:
    """The MaskableActorCriticPolicy of a weights file, or with `load_model` of an SB3 .zip."""
    from yz_gym.agents import MODEL_WARNING

    path = Path(path)
    if not load_model:
        if path.suffix == ".zip":
            raise ExportError(
                f"{path} is an SB3 model file: add --load-model to load it ({MODEL_WARNING}), or convert it "
                "with python -m yz_gym.agents.weights MODEL.zip OUT.pth"
            )
        try:
            from yz_gym.agents.weights import WeightsError, load_weights
        except ImportError:
            raise ExportError(
                "reading a policy needs torch and sb3-contrib: pip install 'yz_gym[train]'"
            ) from None
        try:
            return load_weights(path)
        except (WeightsError, ImportError) as error:
            raise ExportError(str(error)) from None
    from yz_gym.agents.policy import PolicyAgent

    try:
        return PolicyAgent(path).model.policy
    except ValueError as error:
        raise ExportError(str(error)) from None


def policy_sizes(policy: Any) -> tuple[int, int]:
    """(observation values, actions) the policy was trained for."""
    return int(policy.observation_space.shape[0]), int(policy.action_space.n)


def task_env(task: str | None, obs_size: int, n_actions: int) -> tuple[str, tuple[str, str], Any]:
    """The task id the policy is exported for, its game (ruleset, mode) and an env of it (flat
    observations).

    With no `task`, the generic env of the game whose observation size the policy has (its spaces
    are those of every task of that game). A task whose spaces do not fit the policy is refused;
    a policy may know fewer actions than the env (action kinds are appended, old indices keep
    their meaning), never more."""
    import gymnasium as gym

    import yz_gym  # noqa: F401  registers the ids
    from yz_gym.tasks import GENERIC, TASKS

    if task is None:
        for game, generic in GENERIC.items():
            first = next((t for t in TASKS if t.generic is generic), None)
            if first is None:  # a game with no bundled task yet
                continue
            env = gym.make(first.id).unwrapped
            if env.observation_space.shape == (obs_size,) and n_actions <= env.action_space.n:
                return generic.id, game, env
            env.close()
        raise ExportError(
            f"the policy reads {obs_size} observation values and {n_actions} actions, which fit no yz_gym "
            "game of this version: name its task with --task, or retrain it with this version"
        )
    known = [t.id for t in TASKS] + [g.id for g in GENERIC.values()]
    if task not in known:
        raise ExportError(f"--task: unknown id '{task}'; ids: {', '.join(known)}")
    game = next(key for key, g in GENERIC.items() if task in (g.id, *(t.id for t in TASKS if t.generic is g)))
    made = (
        next((t.id for t in TASKS if t.generic is GENERIC[game]), task) if task == GENERIC[game].id else task
    )
    env = gym.make(made, obs_mode="flat").unwrapped
    if env.observation_space.shape != (obs_size,) or n_actions > env.action_space.n:
        shape, count = env.observation_space.shape, env.action_space.n
        env.close()
        raise ExportError(
            f"--task: {task} has observations {shape} and {count} actions, but the policy was trained for "
            f"({obs_size},) and {n_actions}: name the task it was trained on"
        )
    return task, game, env


def policy_graph(policy: Any, task_id: str) -> Any:
    """The ONNX model of a MaskableActorCriticPolicy's action choice, the mask applied."""
    try:
        import onnx
        from onnx import TensorProto, helper, numpy_helper
    except ImportError:
        raise ExportError("exporting to ONNX needs the onnx package: pip install 'yz_gym[export]'") from None
    import numpy as np
    import torch

    obs_size, n_actions = policy_sizes(policy)
    nodes: list[Any] = []
    weights: list[Any] = []

    def constant(name: str, value: np.ndarray) -> str:
        weights.append(numpy_helper.from_array(value, name))
        return name

    x = INPUTS[0]
    extractor = policy.pi_features_extractor
    indices = getattr(extractor, "indices", None)
    if indices is not None:
        at = constant("feature_indices", indices.detach().cpu().numpy().astype(np.int64))
        nodes.append(helper.make_node("Gather", [x, at], ["features"], axis=1))
        x = "features"
    elif type(extractor).__name__ != "FlattenExtractor":
        raise ExportError(
            f"cannot export the features extractor {type(extractor).__name__}: only MLP policies"
        )
    layers = [*policy.mlp_extractor.policy_net, policy.action_net]
    for i, layer in enumerate(layers):
        out = f"hidden_{i}" if i < len(layers) - 1 else "raw_logits"
        if isinstance(layer, torch.nn.Linear):
            w = constant(f"layer_{i}.weight", layer.weight.detach().cpu().numpy().astype(np.float32))
            b = constant(f"layer_{i}.bias", layer.bias.detach().cpu().numpy().astype(np.float32))
            nodes.append(helper.make_node("Gemm", [x, w, b], [out], transB=1))
        elif type(layer).__name__ in ACTIVATIONS:
            nodes.append(helper.make_node(ACTIVATIONS[type(layer).__name__], [x], [out]))
        else:
            raise ExportError(f"cannot export the layer {type(layer).__name__}: only Linear, Tanh and ReLU")
        x = out
    half = constant("half", np.array(0.5, dtype=np.float32))
    minus_inf = constant("minus_inf", np.array(-np.inf, dtype=np.float32))
    nodes += [
        helper.make_node("Greater", [INPUTS[1], half], ["legal"]),
        helper.make_node("Where", ["legal", x, minus_inf], [OUTPUTS[0]]),
        helper.make_node("ArgMax", [OUTPUTS[0]], [OUTPUTS[1]], axis=1, keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "yz_gym_policy",
        [
            helper.make_tensor_value_info(INPUTS[0], TensorProto.FLOAT, ["N", obs_size]),
            helper.make_tensor_value_info(INPUTS[1], TensorProto.FLOAT, ["N", n_actions]),
        ],
        [
            helper.make_tensor_value_info(OUTPUTS[0], TensorProto.FLOAT, ["N", n_actions]),
            helper.make_tensor_value_info(OUTPUTS[1], TensorProto.INT64, ["N"]),
        ],
        weights,
    )
    model = helper.make_model(
        graph,
        producer_name="yz_gym",
        opset_imports=[helper.make_opsetid("", OPSET)],
        ir_version=IR_VERSION,
        doc_string=f"a yz_gym policy for {task_id}: action = argmax of the masked logits",
    )
    helper.set_model_props(model, {"task": task_id, "format": FORMAT})
    onnx.checker.check_model(model, full_check=True)
    return model


def describe(
    policy: Any, task_id: str, game: tuple[str, str], env: Any, onnx_sha256: str, source: Path
) -> dict[str, Any]:
    """The JSON description written beside the ONNX file."""
    from yz_gym.tasks import space_signature

    obs_size, n_actions = policy_sizes(policy)
    observation, label = GAMES[game]
    return {
        "format": FORMAT,
        "version": VERSION,
        "task": task_id,
        "spaces": space_signature(env),
        "policy_file": source.name,
        "onnx_sha256": onnx_sha256,
        "inputs": {
            INPUTS[0]: {"dtype": "float32", "shape": ["N", obs_size]},
            INPUTS[1]: {"dtype": "float32", "shape": ["N", n_actions], "meaning": "1 = legal, 0 = not"},
        },
        "outputs": {
            OUTPUTS[0]: {
                "dtype": "float32",
                "shape": ["N", n_actions],
                "meaning": "masked-out actions are -inf",
            },
            OUTPUTS[1]: {"dtype": "int64", "shape": ["N"], "meaning": "the argmax: the action to play"},
        },
        "observation": observation(),
        "actions": {"count": n_actions, "labels": [label(i) for i in range(n_actions)]},
    }


def _block(name: str, offset: int, size: int, rows: int = 0, columns: list[str] | None = None,
           order: str = "row-major") -> dict[str, Any]:  # fmt: skip
    """One field: a plain vector, or a table of `rows` rows of `columns` (checked to fill `size`)."""
    found: dict[str, Any] = {"name": name, "offset": offset, "size": size}
    if columns is not None:
        if rows * len(columns) != size:
            raise AssertionError(f"{name}: {rows} x {len(columns)} columns do not fill its {size} values")
        found.update(rows=rows, columns=columns, order=order)
    return found


def _names(fields: Any) -> list[str]:
    """Column names of (name, size) fields: `name`, or `name.0`, `name.1`... for a wider one."""
    out: list[str] = []
    for name, size in fields:
        out += [name] if size == 1 else [f"{name}.{i}" for i in range(size)]
    return out


def fight_observation() -> dict[str, Any]:
    """The zone fights' observation (envs/observation.py) as fields, tables and their columns."""
    from yz_gym.envs import observation as o
    from yz_gym.envs import vehicle_obs as v
    from yz_gym.envs.limits import ENEMY_SLOT0, MAX_VEHICLES, MAX_WEAPONS, MAX_ZONES, N_SLOTS

    bands = ("engaged", "short", "medium", "long", "extreme", "out_of_range")
    combatant = [
        *o.COMBATANT_FIELDS,
        *(f"zone.{z}" for z in range(MAX_ZONES)),
        *(f"band.{b}" for b in bands),
        *(f"weapon.{w}.{f}" for w in range(MAX_WEAPONS) for f in o.WEAPON_FIELDS),
    ]
    tables: dict[str, tuple[int, list[str], str]] = {
        "combatants": (N_SLOTS, combatant, "row-major"),
        "combatants_static": (N_SLOTS, list(o.COMBATANT_STATIC_FIELDS), "row-major"),
        "zones": (MAX_ZONES, list(o.ZONE_FIELDS), "field-major"),
        "zones_static": (MAX_ZONES, list(o.ZONE_STATIC_FIELDS), "row-major"),
        "borders": (
            MAX_ZONES,
            [f"to_zone.{z}.{c}" for z in range(MAX_ZONES) for c in o.BORDER_CHANNELS],
            "row-major",
        ),
        "vehicles": (
            MAX_VEHICLES,
            [*v.VEHICLE_FIELDS, *(f"zone.{z}" for z in range(MAX_ZONES))],
            "row-major",
        ),
        "riding": (N_SLOTS, [*v.RIDER_FIELDS, *(f"vehicle.{i}" for i in range(MAX_VEHICLES))], "row-major"),
    }
    labels = {"decision": list(o.DECISIONS)}
    fields = []
    for f in o.FIELDS.values():
        if f.name in tables:
            rows, columns, order = tables[f.name]
            fields.append(_block(f.name, f.offset, f.size, rows, columns, order))
        else:
            fields.append(
                {
                    **_block(f.name, f.offset, f.size),
                    **({"labels": labels[f.name]} if f.name in labels else {}),
                }
            )
    slots = (
        f"combatant and target slots are seen from the observer: 0 = the observer, 1-{ENEMY_SLOT0 - 1} its "
        f"allies, {ENEMY_SLOT0}-{N_SLOTS - 1} the combatants of every other side, each group in scenario order"
    )
    return {"size": o.OBS_SIZE, "dtype": "float32", "range": [0.0, 1.0], "slots": slots, "fields": fields}


def chase_observation() -> dict[str, Any]:
    """The chases' observation (envs/chase_encoding.py) as fields, tables and their columns."""
    from yz_gym.envs import chase_encoding as c

    fields = [_block(name, c.G[name], size) for name, size in c.CHASE_GLOBAL_FIELDS]
    fields[0]["labels"] = list(c.CHASE_DECISIONS)
    units = _names(c.CHASE_UNIT_FIELDS)
    people = _names(c.CHASE_PERSON_FIELDS)
    fields.append(_block("units", c.UNITS_AT, c.N_UNIT_SLOTS * c.UNIT_SIZE, c.N_UNIT_SLOTS, units))
    fields.append(_block("people", c.PEOPLE_AT, c.N_PERSON_SLOTS * c.PERSON_SIZE, c.N_PERSON_SLOTS, people))
    slots = (
        f"unit slots: 0 = the observer's unit, 1-{c.MAX_ALLY_UNITS} its side's other units, then the others'; "
        f"person slots: 0 = the observer, 1-{c.MAX_ALLY_PEOPLE} its allies, then the others; each group in "
        "scenario order"
    )
    return {
        "size": c.CHASE_OBS_SIZE,
        "dtype": "float32",
        "range": [0.0, 1.0],
        "slots": slots,
        "fields": fields,
    }


def _fight_label(index: int) -> str:
    from yz_gym.envs.action_space import describe_index

    return describe_index(index)


def _chase_label(index: int) -> str:
    from yz_gym.envs.chase_encoding import describe_chase_index

    return describe_chase_index(index)


# Each game's observation description and action label, by (ruleset, mode) as in tasks.GENERIC.
GAMES: Final[dict[tuple[str, str], tuple[Callable[[], dict[str, Any]], Callable[[int], str]]]] = {
    ("yze", "skirmish"): (fight_observation, _fight_label),
    ("yze", "chase"): (chase_observation, _chase_label),
}


__all__ = [
    "GAMES",
    "ExportError",
    "chase_observation",
    "describe",
    "export",
    "fight_observation",
    "policy_graph",
]
