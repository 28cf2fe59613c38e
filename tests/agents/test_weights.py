"""Weights-only policy files (agents/weights.py): the same choices as the SB3 model, loaded without
pickles, and anything else in such a file refused without running it."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")

import torch
from sb3_contrib import MaskablePPO

from yz_gym.agents import make_agent
from yz_gym.agents.weights import WeightsError, load_weights, save_weights
from yz_gym.envs.skirmish import SkirmishEnv
from yz_gym.evaluation.runner import evaluate


def small_model(indices: list[int] | None = None) -> MaskablePPO:
    env = SkirmishEnv("duel", side="ilsa")
    kwargs: dict[str, object] = {"net_arch": [16, 8]}
    if indices is not None:
        from yz_gym.training.features import SelectFeatures

        kwargs.update(features_extractor_class=SelectFeatures, features_extractor_kwargs={"indices": indices})
    return MaskablePPO("MlpPolicy", env, seed=3, policy_kwargs=kwargs, device="cpu", n_steps=64)


@pytest.mark.parametrize("indices", [None, [0, 5, 9, 40, 200]], ids=["full", "pruned"])
def test_weights_give_the_models_choices(indices, tmp_path):
    model = small_model(indices)
    path = save_weights(model, tmp_path / "ilsa.pth")
    policy = load_weights(path)
    env = SkirmishEnv("duel", side="ilsa")
    for seed in range(5):
        obs, info = env.reset(seed=seed)
        mask = info["action_mask"].astype(bool)
        want, _ = model.predict(obs, action_masks=mask, deterministic=True)
        got, _ = policy.predict(obs, action_masks=mask, deterministic=True)
        assert int(got) == int(want)
        with torch.no_grad():
            tensor = torch.as_tensor(obs[None])
            assert torch.equal(model.policy.predict_values(tensor), policy.predict_values(tensor))


def test_a_weights_file_plays_as_an_agent(tmp_path):
    path = save_weights(small_model(), tmp_path / "ilsa.pth")
    agent = make_agent(f"weights:{path}", 0)
    assert agent.name == "policy"
    stats, _ = evaluate("duel", {"ilsa": f"weights:{path}"}, 3, seed=1)
    assert stats.games == 3


def _payload(marker: Path) -> bytes:
    class Touch:
        def __reduce__(self):  # type: ignore[no-untyped-def]
            return (marker.touch, ())

    return pickle.dumps({"format": "yz_gym.policy_weights", "evil": Touch()})


def test_a_weights_file_with_code_in_it_is_refused_without_running_it(tmp_path):
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.pth"
    import io

    buffer = io.BytesIO()
    torch.save({"format": "yz_gym.policy_weights", "evil": _Touch(marker)}, buffer)
    evil.write_bytes(buffer.getvalue())
    raw = tmp_path / "raw.pth"
    raw.write_bytes(_payload(marker))
    for path in (evil, raw):
        with pytest.raises(WeightsError, match="not a yz_gym weights file"):
            load_weights(path)
    assert not marker.exists()


class _Touch:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (self.marker.touch, ())


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "other"}, "no 'yz_gym.policy_weights' header"),
        ({"version": 2}, "version 2"),
        ({"obs_size": -1}, "obs_size and n_actions"),
        ({"net_arch": "big"}, "net_arch"),
        ({"activation": "Sigmoid"}, "activation"),
        ({"indices": [10**9]}, "indices"),
        ({"state_dict": {"w": 1}}, "state_dict"),
        ({"net_arch": [4]}, "do not fit"),
    ],
)
def test_a_damaged_weights_file_is_one_clear_error(change, message, tmp_path):
    path = save_weights(small_model(), tmp_path / "ilsa.pth")
    data = torch.load(path, weights_only=True)
    torch.save({**data, **change}, path)
    with pytest.raises(WeightsError, match=message):
        load_weights(path)
    (tmp_path / "junk.pth").write_bytes(b"not a file torch wrote")
    with pytest.raises(WeightsError, match="not a yz_gym weights file"):
        load_weights(tmp_path / "junk.pth")
