"""The flat action encoding, the mask, the observation layout and the declared maxima."""

from __future__ import annotations

import numpy as np
import pytest

from tests.envs.env_helpers import make
from tests.helpers import fighter, scenario_dict
from yz_gym.envs import limits
from yz_gym.envs.action_space import (
    APPENDED_FORMS,
    APPENDED_OFFSETS,
    BLOCK_SIZES,
    KIND_SPECS,
    N_ACTIONS,
    OFFSETS,
    ActionCodec,
    describe_action_space,
    describe_index,
)
from yz_gym.envs.core import Encoding
from yz_gym.envs.limits import ENEMY_SLOT0, MAX_WEAPONS, N_SLOTS, ScenarioTooLarge, check_scenario
from yz_gym.envs.observation import (
    COMBATANT_FIELDS,
    FIELDS,
    N_CDYN,
    N_CSTATIC,
    OBS_SIZE,
    describe_observation,
)
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.state import Phase
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Action, Kind


def test_blocks_tile_the_space_in_kind_order():
    offset = 0
    for kind in Kind:
        assert OFFSETS[kind] == offset
        offset += BLOCK_SIZES[kind]
    for start, (_, form) in zip(APPENDED_OFFSETS, APPENDED_FORMS, strict=True):  # then the appended forms
        assert start == offset
        offset += (N_SLOTS if form.target else 1) * (len(form.zones) if form.zone else 1) * len(form.options)
    assert offset == N_ACTIONS
    assert set(KIND_SPECS) == set(Kind)
    text = describe_action_space()
    assert f"Discrete({N_ACTIONS})" in text and "SHOOT" in text


def test_targets_are_relative_to_the_actor():
    sides = [0, 0, 1, 1, 1]
    codec = ActionCodec(sides)
    shoot = Action(Kind.SHOOT, target=2)
    n_options = len(KIND_SPECS[Kind.SHOOT][0].options)
    # combatant 2 seen from combatant 0 is its first enemy; from combatant 3, its first ally
    assert codec.encode(0, shoot) == OFFSETS[Kind.SHOOT] + ENEMY_SLOT0 * n_options
    assert codec.encode(3, shoot) == OFFSETS[Kind.SHOOT] + limits.ALLY_SLOT0 * n_options
    assert codec.encode(0, Action(Kind.FIRST_AID, target=0, option=1)) == OFFSETS[Kind.FIRST_AID] + 1
    for me in range(len(sides)):
        for index in range(N_ACTIONS):
            action = codec.decode(me, index)
            if action is not None:
                assert codec.encode(me, action) == index
    assert codec.decode(0, OFFSETS[Kind.SHOOT] + n_options * (N_SLOTS - 1)) is None  # empty enemy slot
    assert describe_index(OFFSETS[Kind.SHOOT] + ENEMY_SLOT0 * n_options + 1) == "SHOOT target=enemy#0 option=1"


def test_unencodable_actions_are_reported_not_guessed():
    codec = ActionCodec([0, 1])
    assert codec.encode(0, Action(Kind.DRAW, option=MAX_WEAPONS)) == -1
    assert codec.encode(0, Action(Kind.END_TURN, target=1)) == -1
    assert codec.encode(0, Action(Kind.RUN, zone=limits.MAX_ZONES)) == -1


def unencodable(action: Action) -> bool:
    """The documented actions the encoding leaves out of the mask."""
    if action.kind == Kind.DRAW:
        return action.option >= MAX_WEAPONS
    return action.kind == Kind.SHOOT and action.option > limits.MAX_AMMO_DICE


def test_mask_equals_legal_actions_in_random_play(scenario_name):
    scenario = load_scenario(scenario_name)
    encoding = Encoding(scenario)
    rng = np.random.default_rng(7)
    seen_reactions = 0
    for _game in range(3):
        state = engine.new_game(scenario, rng)
        for _ in range(150):
            if state.phase == Phase.OVER:
                break
            me = engine.current_actor(state)
            legal = engine.legal_actions(state)
            mask, by_index = encoding.mask(me, legal)
            assert mask.dtype == np.int8 and mask.shape == (N_ACTIONS,)
            encodable = [a for a in legal if not unencodable(a)]
            assert set(by_index.values()) == set(encodable)
            assert int(mask.sum()) == len(set(encodable))
            for index, action in by_index.items():
                assert encoding.codec.decode(me, index) == action
            if engine.decision_kind(state) != "turn":
                seen_reactions += 1
            engine.apply(state, legal[int(rng.integers(len(legal)))], rng)
    assert seen_reactions > 0


def test_a_mask_seen_before_is_shared_and_read_only():
    scenario = load_scenario("duel")
    encoding = Encoding(scenario)
    state = engine.new_game(scenario, np.random.default_rng(3))
    me = engine.current_actor(state)
    mask, by_index = encoding.mask(me, engine.legal_actions(state))
    again, by_index_again = encoding.mask(me, engine.legal_actions(state))  # a new but equal list
    assert again is mask and by_index_again is by_index
    with pytest.raises(ValueError):
        mask[0] = 1  # shared between calls, so it cannot be changed by accident
    assert encoding.mask(me, [Action(Kind.END_TURN)])[0].sum() == 1


def test_observation_layout_is_contiguous():
    offset = 0
    for field in FIELDS.values():
        assert field.offset == offset
        offset += field.size
    assert offset == OBS_SIZE
    assert FIELDS["combatants"].size == N_SLOTS * N_CDYN
    assert FIELDS["combatants_static"].size == N_SLOTS * N_CSTATIC
    assert "combatants" in describe_observation()


def test_observation_is_bounded_and_seen_from_the_actor(scenario_name):
    env = make(scenario_name)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    space = env.observation_space
    deciding = FIELDS["combatants"].offset + COMBATANT_FIELDS.index("deciding")
    used = FIELDS["combatants_static"].offset
    for _ in range(60):
        assert obs.dtype == np.float32 and obs.shape == (OBS_SIZE,)
        assert space.contains(obs), (obs.min(), obs.max())
        assert obs[used] == 1.0  # slot 0 is the observer itself
        if info["decision"] != "over":
            assert obs[deciding] == 1.0  # ... who decides now
        mask = info["action_mask"]
        legal = np.flatnonzero(mask)
        obs, _, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        if terminated or truncated:
            assert space.contains(obs)
            obs, info = env.reset()


def test_observer_zone_one_hot_matches_the_state():
    env = make("warehouse_ambush")
    obs, _info = env.reset(seed=4)
    state = env.unwrapped.state
    me = state.combatants[env.unwrapped._actor]
    base = FIELDS["combatants"].offset + len(COMBATANT_FIELDS)
    zone_hot = obs[base : base + limits.MAX_ZONES]
    assert int(np.argmax(zone_hot)) == me.zone and zone_hot.sum() == 1.0


def test_scenario_over_the_maxima_is_refused_clearly():
    zones = [f"Z{i}" for i in range(limits.MAX_ZONES + 1)]
    with pytest.raises(ScenarioTooLarge, match=r"13 zones.*at most 12.*MAX_ZONES"):
        check_scenario(load_scenario(scenario_dict(zones=zones)))
    crowd = [fighter(f"R{i}", "red", "A") for i in range(limits.MAX_ALLIES + 2)] + [fighter("B", "blue", "B")]
    data = scenario_dict(combatants=crowd, rules={"initiative_overflow": "extend_deck"})
    with pytest.raises(ScenarioTooLarge, match="side 'red'"):
        make(data)


@pytest.mark.rule("BROKEN-02", "RANGE-ENGAGED", "ACTN-RUN-02")
def test_a_broken_enemy_at_engaged_stays_engaged_with_me_but_ties_nobody_up():
    from yz_gym.rulesets.yze.scenario.zone_builder import build

    people = [fighter("Red", "red", "A", engaged_with=["Blue"]), fighter("Blue", "blue", "A"),
              fighter("Grey", "blue", "B")]  # fmt: skip
    scenario = build(scenario_dict(combatants=people), "<test>")
    encoding = Encoding(scenario)
    state = engine.new_game(scenario, 0)
    red, blue = state.combatants[0], state.combatants[1]
    engaged_with_me = COMBATANT_FIELDS.index("engaged_with_me")
    engaged_count = COMBATANT_FIELDS.index("engaged_count")

    def fields(c):
        obs = encoding.observer.encode(state, red.id, "turn", red.id)
        base = FIELDS["combatants"].offset + encoding.codec.slot_of[red.id][c.id] * N_CDYN
        return obs[base + engaged_with_me], obs[base + engaged_count]

    assert fields(blue) == (1.0, pytest.approx(1 / 3)) and fields(red) == (0.0, pytest.approx(1 / 3))
    blue.attrs[0] = 0  # Broken: still next to Red (a position), no longer holding Red (no active foe)
    assert blue.id in red.engaged
    assert fields(blue) == (1.0, pytest.approx(1 / 3)) and fields(red) == (0.0, 0.0)
