"""Each zone-fight kind with an `offer` hook in its spec (zone/offers.py) answers alone: on every turn
of seeded random games on foot, the hook offers exactly the actions of its kind that
`engine.legal_actions` lists, in the same order, and nothing when it is not the combatant's turn to
act (ACT-01, ACT-FREE-01/02, ACT-FAST-*, ACTN-GRAPPLE-01/02, ACTN-DOOR-02, ACTN-DIVE-01, AMB-26/31)."""

from __future__ import annotations

import numpy as np
import pytest

from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.state import Phase
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.legal import PLACED
from yz_gym.scenario.loader import load_scenario

ON_FOOT = ("duel", "warehouse_ambush", "saloon_brawl", "tunnel_melee", "bunker_breakout", "street_firefight")


@pytest.mark.rule("ACT-01", "ACT-FREE-01", "ACT-FREE-02", "ACTN-GRAPPLE-01", "ACTN-GRAPPLE-02", "ACTN-DIVE-01")
@pytest.mark.parametrize("name", ON_FOOT)
def test_each_hook_offers_what_the_turn_lists_of_its_kind(name: str) -> None:
    scenario = load_scenario(name)
    assert not scenario.vehicles and not scenario.setup.mounted  # vehicles and mounts change the list
    kinds = sorted(PLACED)
    turns = 0
    for seed in range(4):
        rng = np.random.default_rng(seed)
        state = engine.new_game(scenario, rng)
        while not engine.is_over(state) and state.decisions < 400:
            legal = engine.legal_actions(state)
            if state.phase == Phase.COMBAT and not state.stack:
                c = state.combatants[engine.current_actor(state)]
                turns += 1
                for kind in kinds:
                    offer = SPECS[kind].offer
                    assert offer is not None
                    assert offer(state, c, None) == [a for a in legal if a.kind == kind], (name, seed, kind.name)
            engine.apply(state, legal[int(rng.integers(len(legal)))], rng, legal)
    assert turns > 100
