"""One home per action kind (issue 13): every `Kind` has a complete `ActionSpec`, and the engine, the
stack, the env's encoding, `describe` and the narration all read it."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from tests.helpers import fighter, game, scenario_dict, turn_of
from yz_gym.envs.action_space import (
    _DECODE,
    APPENDED_FORMS,
    BLOCK_SIZES,
    KIND_SPECS,
    N_ACTIONS,
    ActionCodec,
    form_of,
)
from yz_gym.envs.limits import MAX_ALLIES, MAX_ZONES, N_SLOTS
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.resolution import stack
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.resolution.stages import S_PUSH
from yz_gym.rulesets.yze.scenario.zone_builder import load_scenario
from yz_gym.rulesets.yze.state import COMBAT, Frame
from yz_gym.rulesets.yze.zone import engine, legal, listing
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.listing import FAST_LEFT
from yz_gym.rulesets.yze.zone.narrate import FAILED_WORDS
from yz_gym.rulesets.yze.zone.spec import LAST, ActionSpec, Offer, Over, Span, Timing

ON_THE_STACK = {Timing.FAST, Timing.SLOW, Timing.WHOLE_TURN, Timing.FRAME}  # carried out by `effect`
AT_ONCE = {Timing.FREE, Timing.DECISION}  # carried out by `instant`
HOOKS = ("slow", "skill", "dice", "words")
DECODE_DIGEST = "cc945b08dbe45d5896a5a70131e0d2254689b9e8038b4b66de6189c63bb093b9"  # before the specs
PRIDE_DIGEST = "cf01661ef4edc6377fb0bee6324300ba802294c7c6ba7aa7ab70c09421e8bfaf"  # DICE-13's index appended


def test_there_is_one_spec_per_kind_in_kind_order():
    assert len(SPECS) == len(Kind)
    assert [spec.kind for spec in SPECS] == list(Kind)


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.name)
def test_every_spec_is_complete(kind):
    spec = SPECS[kind]
    assert isinstance(spec, ActionSpec)
    assert isinstance(spec.label, str) and spec.label.strip() == spec.label and spec.label
    assert isinstance(spec.timing, Timing)
    for hook in HOOKS:
        assert callable(getattr(spec, hook)), f"{kind.name}.{hook}"
    if spec.timing in ON_THE_STACK:  # exactly one way to carry it out, the one its timing asks for
        assert callable(spec.effect) and spec.instant is None
    else:
        assert spec.timing in AT_ONCE and callable(spec.instant) and spec.effect is None
    # when it is offered: on a turn by its `offer` hooks, in a decision by the stage or `asked`
    assert isinstance(spec.offer, tuple) and all(isinstance(offer, Offer) for offer in spec.offer)
    for offer in spec.offer:
        assert isinstance(offer.over, Over) and callable(offer.hook), kind.name
        assert isinstance(offer.rank, int) and isinstance(offer.needs, int) and offer.needs >= 0
    assert bool(spec.offer) == (spec.timing not in (Timing.DECISION, Timing.FRAME)), kind.name
    assert spec.asked is None or (callable(spec.asked) and spec.timing == Timing.DECISION)
    assert spec.failed is None or isinstance(spec.failed, str)
    if spec.failed:
        assert FAILED_WORDS[kind.name.lower()] == spec.failed  # the narration tells its failed roll


@pytest.mark.parametrize("kind", list(Kind), ids=lambda k: k.name)
def test_every_encoding_form_is_consistent_with_the_env_action_space(kind):
    spec = SPECS[kind]
    assert (spec.forms == ()) == (spec.timing == Timing.FRAME)  # frames the rules open take no index
    for shape in spec.forms:
        assert not shape.fire or shape.zone  # a fire mode rides in the zone field
        assert (shape.span == Span.FIXED) or shape.options == (-1,)  # a span replaces the options
        assert shape.options and len(set(shape.options)) == len(shape.options)
    kept = [shape for shape in spec.forms if shape.appended < 0]
    assert KIND_SPECS[kind] == tuple(form_of(shape) for shape in kept)
    size = 0
    for form in KIND_SPECS[kind]:
        size += (N_SLOTS if form.target else 1) * ((len(form.zones) or MAX_ZONES) if form.zone else 1) * len(form.options)
    assert BLOCK_SIZES[kind] == size


def test_appended_forms_are_numbered_in_order_and_come_last():
    appended = sorted(
        (shape.appended, spec.kind) for spec in SPECS for shape in spec.forms if shape.appended >= 0
    )
    assert [i for i, _ in appended] == list(range(len(appended)))
    assert [kind for kind, _ in APPENDED_FORMS] == [kind for _, kind in appended]


def test_every_index_decodes_to_an_action_that_encodes_back_to_it():
    sides = [0] * (1 + MAX_ALLIES) + [1] * 4 + [2] * 4  # every ally slot of combatant 0 filled
    codec = ActionCodec(sides)
    seen = set()
    for index in range(N_ACTIONS):
        action = codec.decode(0, index)
        if action is None:  # an enemy slot past the 8 enemies
            continue
        seen.add(action.kind)
        assert codec.encode(0, action) == index, (index, action)
    assert seen == {spec.kind for spec in SPECS if spec.forms}


def test_the_action_space_keeps_its_size_and_order():
    """Derived from the specs, the space is index for index the one the envs had (a new kind or form
    changes it on purpose: then bump the env versions and update these numbers). PRIDE (DICE-13)
    was appended as index 996: the 996 indices before it keep their meaning; RESCUE and ANTIDOTE
    (hazards, AMB-05, HAZ-POISON-04) after it, one index per target slot each: the first 997 keep theirs."""
    table = [(int(kind), slot, zone, option) for kind, slot, zone, option in _DECODE]
    assert N_ACTIONS == len(table) == 997 + 2 * N_SLOTS
    assert hashlib.sha256(repr(table[:996]).encode()).hexdigest() == DECODE_DIGEST
    assert table[996] == (int(Kind.PRIDE), -1, -1, -1)
    assert hashlib.sha256(repr(table[:997]).encode()).hexdigest() == PRIDE_DIGEST
    assert table[997:] == [(int(kind), slot, -1, -1) for kind in (Kind.RESCUE, Kind.ANTIDOTE) for slot in range(N_SLOTS)]


@pytest.mark.parametrize("name", ["street_firefight", "technical_raid", "cavalry_skirmish", "npc_group_surprise"])
def test_what_the_rules_offer_matches_each_kinds_timing_and_label(name):
    """Random play: turn actions are never decisions, decisions only are asked out of turn, and
    `describe` starts with the kind's label."""
    rng = np.random.default_rng(7)
    state = engine.new_game(load_scenario(name), rng)
    for _ in range(400):
        if engine.is_over(state):
            break
        legal = engine.legal_actions(state)
        on_turn = not state.stack and state.phase == COMBAT
        for a in legal:
            timing = SPECS[a.kind].timing
            assert timing != Timing.FRAME
            assert (timing == Timing.DECISION) != on_turn, (a, timing)
            assert engine.describe(state, a).startswith(SPECS[a.kind].label)
        engine.apply(state, legal[int(rng.integers(len(legal)))], rng)


def test_slow_hooks_decide_the_cost_per_action():
    """ACTN-SHOOT-02: aiming through a scope is slow, plain aiming fast; ACTN-RELOAD-02: readying
    is fast, a full reload slow; ACT-SLOW-SHOOT: a shot is slow; ACT-FAST-RUN: a run is fast."""
    data = scenario_dict(combatants=[fighter("A", "red", "A"), fighter("B", "blue", "B")])
    state = turn_of(game(data), "A")
    a = state.combatants[0]
    assert SPECS[Kind.AIM].slow(state, a, Action(Kind.AIM, option=1))
    assert not SPECS[Kind.AIM].slow(state, a, Action(Kind.AIM))
    assert SPECS[Kind.RELOAD].slow(state, a, Action(Kind.RELOAD, option=1))
    assert not SPECS[Kind.RELOAD].slow(state, a, Action(Kind.RELOAD, option=0))
    assert SPECS[Kind.SHOOT].slow(state, a, Action(Kind.SHOOT, 1))
    assert not SPECS[Kind.RUN].slow(state, a, Action(Kind.RUN, zone=1))


@pytest.mark.skipif(dice.COMPILED, reason="rebinds a module constant, which the compiled build inlines")
def test_a_kind_with_an_offer_hook_is_offered_on_turns_and_decisions(monkeypatch):
    """How a new kind gets offered (docs/architecture.md): its spec's `offer` (rank LAST: after every
    older kind's offers) on a turn, its `asked` hook before DECLINE in a decision. Exercised with
    hooks offering existing kinds, so no rule is invented."""
    data = scenario_dict(combatants=[fighter("A", "red", "A"), fighter("B", "blue", "B")])
    state = turn_of(game(data), "A")
    before = engine.legal_actions(state)

    def offer_turn(ctx, i):
        assert i == -1 and ctx.c is ctx.state.combatants[0] and ctx.state is state
        ctx.out.append(Action(Kind.FLEE))

    monkeypatch.setattr(legal, "RANKED", (*legal.RANKED, Offer(Over.ACTOR, offer_turn, LAST, FAST_LEFT)))
    monkeypatch.setattr(legal, "LOOPS", legal._loops())
    monkeypatch.setattr(legal, "_GROUPS", {})
    assert engine.legal_actions(state) == [*before, Action(Kind.FLEE)]

    asked = Frame(Kind.SHOOT, 0, 1, stage=S_PUSH, asking=[0])

    def offer_decision(s, c, frame):
        assert frame is asked and c is s.combatants[0]
        return [Action(Kind.HELP)]

    monkeypatch.setattr(stack, "DECISION_OFFERS", (offer_decision,))
    assert stack.decision_actions(state, asked) == [Action(Kind.PUSH), Action(Kind.HELP), Action(Kind.DECLINE)]


def test_turn_offers_have_one_place_each_in_the_listing():
    """Every turn offer is ranked: the ranks of the older kinds' offers differ (their order is the order
    of seeded games' lists), and a rank is an int, the needs bits of zone/listing.py."""
    ranks = [offer.rank for spec in SPECS for offer in spec.offer if offer.rank != LAST]
    assert len(ranks) == len(set(ranks))
    known = 0
    for bit in listing.NEEDS:
        assert bit & (bit - 1) == 0 and bit & known == 0, bit  # one bit each
        known |= bit
    for spec in SPECS:
        for offer in spec.offer:
            assert offer.needs & ~known == 0, spec.kind.name
