"""INIT-HIDDEN-01 in the observation: unrevealed enemy cards do not leak to the learner."""

from __future__ import annotations

import pytest

from tests.helpers import fighter, game, scenario_dict
from yz_gym.envs.core import Encoding
from yz_gym.rulesets.yze.scenario.zone_builder import build
from yz_gym.rulesets.yze.zone import engine


def _setup(hidden: bool):
    data = scenario_dict(
        zones=["A", "B"],
        combatants=[fighter("R1", "red", "A"), fighter("R2", "red", "A"), fighter("B1", "blue", "B"), fighter("B2", "blue", "B")],
        rules={"hidden_initiative": hidden},
    )
    state = game(data, 3)
    return state, Encoding(build(data, "<test>"))


@pytest.mark.rule("INIT-HIDDEN-01", "INIT-05")
@pytest.mark.parametrize("hidden", [True, False])
def test_enemy_cards_show_only_when_cards_are_face_up(hidden):
    state, enc = _setup(hidden)
    me = engine.current_actor(state)
    enemies = [c.id for c in state.combatants if c.side != state.combatants[me].side and not c.acted]
    before = enc.observer.encode(state, me, "turn", me).copy()
    a, b = enemies
    state.cards[a], state.cards[b] = state.cards[b], state.cards[a]  # the enemies' unseen cards differ
    state.order.sort(key=lambda i: (state.cards[i], i))
    after = enc.observer.encode(state, me, "turn", me)
    if hidden:
        assert (before == after).all(), "hidden enemy cards leaked into the observation"
    else:
        assert (before != after).any(), "face-up cards must be observed"
