"""Every bundled scenario loads, fits the RL maxima, and plays to its end under random legal play."""

from __future__ import annotations

import numpy as np
import pytest
import yaml

from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios, load_scenario
from yz_gym.rulesets.yze.state import GameState, Phase
from yz_gym.rulesets.yze.zone import engine, initiative
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState
from yz_gym.scenario.files import SCENARIO_DIR

try:  # the declared maxima of the RL encodings, if the envs are installed
    from yz_gym.envs.limits import check_scenario
except ImportError:  # pragma: no cover - the envs are optional for the scenario layer
    check_scenario = None

REQUIRED = {"duel", "warehouse_ambush", "street_firefight", "tunnel_melee", "npc_group_surprise"}
GAMES = 4


def _drawers(name: str) -> list[list[int]]:
    s = load_scenario(name)
    probe = GameState(s.setup, list(s.combatants), s.doors, s.cover_ratings, {}, [0] * len(s.combatants))
    return initiative.drawers(probe)


def test_the_five_scenarios_every_gm_knows_are_bundled():
    assert set(bundled_scenarios()) >= REQUIRED


def test_every_bundled_scenario_has_a_description_a_round_cap_and_fits_the_limits(scenario_name):
    data = yaml.safe_load((SCENARIO_DIR / f"{scenario_name}.yaml").read_text(encoding="utf-8"))
    assert len(data["description"].split()) >= 40, "a description a game master would enjoy"
    assert 5 <= data["victory"]["round_cap"] <= 30
    s = load_scenario(scenario_name)
    assert 2 <= len(s.combatants) <= 12
    assert len(s.setup.zone_map.zones) <= 12
    assert len(_drawers(scenario_name)) <= 10 or s.setup.options.initiative_overflow == "extend_deck"
    if check_scenario is not None:
        check_scenario(s)


@pytest.mark.rule("INIT-06", "ROUND-01")
def test_every_bundled_scenario_plays_to_its_end_under_random_play(scenario_name):
    s = load_scenario(scenario_name)
    rng = np.random.default_rng(sum(map(ord, scenario_name)))
    for _ in range(GAMES):
        state = engine.new_game(s, rng)
        for _ in range(20_000):
            if engine.is_over(state):
                break
            legal = engine.legal_actions(state)
            assert legal, f"{scenario_name}: no legal action in a running game"
            engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
        assert engine.is_over(state), f"{scenario_name}: a random game did not end"
        result = engine.outcome(state)
        assert result is not None and result.rounds <= s.setup.victory.round_cap
        assert result.winner is None or result.winner in s.setup.sides


# --- what each scenario is there to show ----------------------------------------------------------


@pytest.mark.rule("BORDER-02", "ZONE-FEAT-DARK-01", "AMBUSH-01", "AMBUSH-02")
def test_warehouse_ambush_has_doors_a_dark_zone_and_an_ambush():
    s = load_scenario("warehouse_ambush")
    zone_map = s.setup.zone_map
    assert any(z.dark for z in zone_map.zones)
    assert DoorState.LOCKED in s.doors
    assert any(b.kind == BorderKind.HATCH for b in zone_map.borders)
    assert s.setup.ambush is not None and s.setup.victory.reach_zone  # the crew goes for the office safe


@pytest.mark.rule("AMBUSH-01", "ZONE-FEAT-DARK-01", "MOD-03")
def test_the_warehouse_ambush_can_be_resisted_at_minus_two_as_its_text_says():
    from yz_gym.rulesets.yze.rolls import skill_pool

    s = load_scenario("warehouse_ambush")
    state = engine.new_game(s, np.random.default_rng(0))
    text = yaml.safe_load((SCENARIO_DIR / "warehouse_ambush.yaml").read_text())["description"]
    assert "Observation at -2" in " ".join(text.split())
    assert not s.setup.ambush["prepared"]  # a prepared ambush would add -2 more: nobody could roll
    pools = {c.name: skill_pool(state, c, "Observation").size for c in state.combatants if c.side == 0}
    assert pools == {"Mara": 4 - 2, "Brick": 0, "Doc": 4 - 2}  # Wits + Observation - 2 (dim dock)


@pytest.mark.rule("COVER-03", "COVER-05", "COVER-06", "COVER-07", "ATK-WPN-11", "ATK-WPN-12", "STEP-01")
def test_street_firefight_has_the_cover_types_and_rifles_and_pistols_across_zones():
    s = load_scenario("street_firefight")
    covers = {name for z in s.setup.zone_map.zones for name in z.covers}
    assert {"furniture", "tree_trunk", "stone_wall", "wooden_wall"} <= covers
    weapons = {w.name for c in s.combatants for w in c.weapons}
    assert {"rifle", "pistol"} <= weapons
    assert len({c.zone for c in s.combatants}) >= 3
    assert s.setup.options.dice_mode == "step"


@pytest.mark.rule("ZONE-FEAT-CRAMPED-01", "ACTN-CRAWL-02", "ATK-01")
def test_tunnel_melee_is_cramped_crawling_close_combat():
    s = load_scenario("tunnel_melee")
    assert sum(z.cramped for z in s.setup.zone_map.zones) >= 2
    assert all(not s.setup.weapons[w.name].ranged for c in s.combatants for w in c.weapons)
    assert any(c.prone and s.setup.zone_map.zones[c.zone].cramped for c in s.combatants)
    assert any(c.engaged for c in s.combatants)


@pytest.mark.rule("INIT-NPC-01", "INIT-NPC-02", "INIT-SURPRISE-01", "SNEAK-01")
def test_npc_group_surprise_has_groups_sharing_cards_a_surpriser_and_a_sneak():
    s = load_scenario("npc_group_surprise")
    shared = [group for group in _drawers("npc_group_surprise") if len(group) > 1]
    assert len(shared) >= 2
    assert s.surprise and s.sneaks
    state = engine.new_game(s, 0)
    assert state.phase == Phase.SETUP or state.opening  # the surprise opening is played first


@pytest.mark.rule("BORDER-02", "ACTN-DOOR-02", "ZONE-FEAT-CRAMPED-01")
def test_bunker_breakout_has_a_locked_door_hatches_an_exit_and_a_goal():
    s = load_scenario("bunker_breakout")
    zone_map = s.setup.zone_map
    assert DoorState.LOCKED in s.doors
    assert any(b.kind == BorderKind.HATCH for b in zone_map.borders)
    assert any(z.exit for z in zone_map.zones)
    assert s.setup.victory.reach_zone and s.setup.victory.survive_rounds


@pytest.mark.rule("AMB-27", "INIT-HIDDEN-01", "INIT-HIDDEN-02")
def test_saloon_brawl_extends_the_deck_and_hides_initiative():
    s = load_scenario("saloon_brawl")
    assert len(_drawers("saloon_brawl")) > 10
    assert s.setup.options.initiative_overflow == "extend_deck" and s.setup.options.hidden_initiative
    assert "broken_bottle" in s.setup.weapons


@pytest.mark.rule("DICE-11", "DICE-12")
def test_saloon_brawl_bundles_an_artifact_item():
    s = load_scenario("saloon_brawl")
    relic = s.setup.weapons["lucky_shillelagh"]
    assert (relic.artifact, relic.bonus) == (8, 1)
    gale = next(c for c in s.combatants if c.name == "Foreman Gale")
    assert [w.name for w in gale.weapons] == ["lucky_shillelagh"]
