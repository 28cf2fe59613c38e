"""League self-play: PFSP draws, a tiny run end to end, and the shipped file playing like the policy."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from yz_gym.agents.model_files import load_model_file, save_model_file
from yz_gym.training.league import League, LeagueSettings, load_league_config, main, train
from yz_gym.training.train_ppo import ConfigError


def test_pfsp_draws_the_members_that_still_beat_the_learner_most():
    league = League(LeagueSettings(scripted=["random", "aggressive", "tactical"], pfsp_power=2.0, floor=0.02))
    for _ in range(50):
        league.record("random", True)  # beaten every time
        league.record("tactical", False)  # never beaten
    league.record("aggressive", True)
    league.record("aggressive", False)  # even
    weights = dict(zip(league.members(), league.weights(), strict=True))
    # (1 - 51/52)^2 -> the floor 0.02; (1 - 2/4)^2 = 0.25; (1 - 1/52)^2 = 0.9619
    total = 0.02 + 0.25 + (51 / 52) ** 2
    assert weights["random"] == pytest.approx(0.02 / total)
    assert weights["aggressive"] == pytest.approx(0.25 / total)
    assert weights["tactical"] == pytest.approx((51 / 52) ** 2 / total)
    rng = np.random.default_rng(0)
    drawn = Counter(league.draw(rng) for _ in range(4000))
    assert drawn["tactical"] > 3 * drawn["aggressive"] > 3 * drawn["random"] > 0


def test_snapshots_join_and_the_oldest_leaves():
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    policy = MaskableActorCriticPolicy(spaces.Box(0, 1, (4,), np.float32), spaces.Discrete(3), lambda _: 0.0)
    league = League(LeagueSettings(scripted=["random"], max_snapshots=2))
    for n in (1, 2, 3):
        league.freeze(f"snap{n}", policy)
    assert league.members() == ["random", "snap2", "snap3"]
    assert league.agent("snap3", 0).name == "policy" and league.agent("random", 0).name == "random"


def test_a_tiny_league_run_trains_both_duel_seats_and_ships_a_safe_model(tmp_path):
    config = load_league_config("configs/training/league_tiny.yaml", {"output": str(tmp_path / "run")})
    lines: list[str] = []
    final = train(config, log=lines.append)
    run = tmp_path / "run"
    budget = json.loads((run / "budget.json").read_text())
    assert budget["seats"] == ["ilsa", "brann"] and budget["timesteps"] == 512 and budget["cpu_minutes"] > 0
    assert "snap256" in budget["league"]  # a frozen snapshot joined the league
    assert any("steps" in line and "| random" in line for line in lines)  # progress lines with the league
    rows = (run / "progress.csv").read_text().splitlines()
    assert {r.split(",")[1] for r in rows[1:]} >= {"random (ilsa)", "random (brann)", "aggressive (training games)"}
    model = load_model_file(final)
    assert (model.obs_size, model.n_actions) == (3854, 1037)


def test_a_model_file_picks_the_actions_of_the_policy_it_was_written_from(tmp_path):
    import torch
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from yz_gym.training.features import SelectFeatures

    torch.manual_seed(0)
    policy = MaskableActorCriticPolicy(
        spaces.Box(0, 1, (40,), np.float32), spaces.Discrete(30), lambda _: 0.0, net_arch=[16, 16],
        features_extractor_class=SelectFeatures, features_extractor_kwargs={"indices": list(range(3, 40, 2))},
    )  # fmt: skip
    model = load_model_file(save_model_file(policy, tmp_path / "m.npz"))
    rng = np.random.default_rng(0)
    for _ in range(1000):
        obs = rng.random(40).astype(np.float32)
        mask = rng.random(30) < 0.3
        mask[rng.integers(30)] = True
        expected, _ = policy.predict(obs, action_masks=mask, deterministic=True)
        assert model.predict(obs, action_masks=mask)[0] == int(expected)


def test_config_errors_name_the_file_and_field(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nscenario: duel\nseats: [ilsa, nobody]\n")
    with pytest.raises(ConfigError, match=r"bad.yaml: seats\[1\]: no side named 'nobody'; sides: ilsa, brann"):
        load_league_config(bad)
    bad.write_text("name: x\nscenario: duel\nleague: {scripted: [random, wizard]}\n")
    with pytest.raises(SystemExit) as exit_status:
        main([str(bad)])
    assert exit_status.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "league.scripted[1]: unknown agent 'wizard'" in err
