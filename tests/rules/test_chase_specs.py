"""One home per chase action kind (issue 13): every `CK` has a complete `ChaseSpec`, and the listing,
the round, the answers, `describe`, the narration and the chase env's encoding all read it."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from tests.rules.test_chase import U, cid, data, start
from yz_gym.core import registry
from yz_gym.envs.chase_encoding import (
    ACTION_BLOCKS,
    BLOCK_SIZES,
    KIND_OFFSET,
    N_CHASE_ACTIONS,
    ChaseEncoding,
    describe_chase_index,
)
from yz_gym.rulesets.yze import dice
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.chase import legal
from yz_gym.rulesets.yze.chase.kinds import SPECS
from yz_gym.rulesets.yze.chase.narrate import narrate_chase
from yz_gym.rulesets.yze.chase.spec import (
    ASKED,
    CHOICES,
    DECISIONS,
    NEEDS,
    ChaseSpec,
    Form,
    Offer,
    Over,
    no_modifiers,
)
from yz_gym.rulesets.yze.chase.state import CK, LONG, MEDIUM, PILOT, ChaseAction, Step
from yz_gym.rulesets.yze.modifiers import Modifiers
from yz_gym.scenario.loading import bundled, load

SKILLS = {"Mobility", "Stealth", "Force", "Observation", "Marksmanship", "Melee"}
# the chase env's action space before the specs laid it out: (name, first index, size) and what each
# index means (describe_chase_index), pinned; a new kind appends a block (a new env version)
LAYOUT = (
    ("CHASE", 0, 3), ("OTHER", 3, 3), ("FIGHT", 6, 1), ("PUSH", 7, 1), ("DECLINE", 8, 1), ("KEEP", 9, 1),
    ("CANCEL", 10, 1), ("STAY", 11, 1), ("OVERTAKE", 12, 1), ("ESCAPE", 13, 1), ("AMBUSH", 14, 1),
    ("PRIDE", 15, 1), ("HIDE", 16, 8), ("BLOCK", 24, 8), ("CUT_OFF", 32, 8), ("ATTACK", 40, 24),
    ("SHOOT", 64, 72), ("EXTINGUISH", 136, 16),
)  # fmt: skip
INDEX_DIGEST = "d096b31f912feed5b78db83fb10c726bb2a97a05d43522885e5eebfc952cb09c"


def _decisions(spec: ChaseSpec) -> set[str]:
    return {d for offer in spec.offer for d in offer.at}


def test_there_is_one_spec_per_kind_in_kind_order():
    assert len(SPECS) == len(CK)
    assert [spec.kind for spec in SPECS] == list(CK)


@pytest.mark.parametrize("kind", list(CK), ids=lambda k: k.name)
def test_every_spec_is_complete(kind):
    spec = SPECS[kind]
    assert isinstance(spec, ChaseSpec)
    assert isinstance(spec.label, str) and spec.label.strip() == spec.label and spec.label
    assert callable(spec.dice) and callable(spec.words)
    # when it is offered: at least one decision, each offer a ranked hook about something
    assert spec.offer and all(isinstance(offer, Offer) for offer in spec.offer)
    known = sum(NEEDS)
    for offer in spec.offer:
        assert offer.at and set(offer.at) <= set(DECISIONS), kind.name
        assert isinstance(offer.over, Over) and callable(offer.hook) and isinstance(offer.rank, int)
        assert offer.needs & ~known == 0
        assert offer.over == Over.ONCE or set(offer.at) <= set(CHOICES)  # units are looked up for the choices
    decisions = _decisions(spec)
    # carried out the way its decisions ask: chosen for the round, by `effect`; answered, by `answer`
    assert (spec.effect is not None) == bool(decisions & set(CHOICES)) or kind == CK.ATTACK
    assert (spec.answer is not None) == bool(decisions & set(ASKED))
    assert callable(spec.effect) or callable(spec.answer)
    # its roll: a skill of the chase's, the opposing skill only with one, the modifiers' hook only with one
    assert spec.skill in SKILLS | {""} and spec.against in SKILLS | {""}
    assert not spec.against or spec.skill
    if not spec.skill:
        assert (spec.dice is no_modifiers and spec.effect is None) or kind in (CK.FIGHT, CK.OTHER)
    else:
        assert spec.effect is not None  # a roll is made by an effect
    assert not spec.active or "action" in decisions  # only the round's chase action is active (CHASE-12)
    assert not spec.own_step or "shot" in decisions  # a passenger's step resolves a passenger's choice
    assert isinstance(spec.form, Form) and isinstance(spec.block, int)


def test_the_catch_attack_is_answered_then_rolled():
    """CHASE-FLEE-03: ATTACK is both: the catch decision records it, the catch step rolls it."""
    spec = SPECS[CK.ATTACK]
    assert _decisions(spec) == {"catch"} and callable(spec.answer) and callable(spec.effect)


def test_every_decision_offers_in_rank_order_once_per_rank():
    for decision in DECISIONS:
        ranks = [offer.rank for spec in SPECS for offer in spec.offer if decision in offer.at]
        assert ranks and len(ranks) == len(set(ranks)), decision


def test_the_action_space_is_laid_out_from_the_specs_and_keeps_its_indices():
    assert sorted(spec.block for spec in SPECS) == list(range(len(CK)))
    assert ACTION_BLOCKS == LAYOUT
    assert N_CHASE_ACTIONS == 152
    for spec in SPECS:
        name, offset, size = LAYOUT[spec.block]
        assert name == spec.kind.name and KIND_OFFSET[spec.kind] == offset and BLOCK_SIZES[spec.form] == size
    meanings = "|".join(describe_chase_index(i) for i in range(N_CHASE_ACTIONS + 1))
    assert hashlib.sha256(meanings.encode()).hexdigest() == INDEX_DIGEST


def _chase_scenarios() -> list[str]:
    return bundled(registry.get("yze", "chase"))


@pytest.mark.parametrize("source", _chase_scenarios())
def test_what_the_rules_offer_matches_each_kinds_spec(source):
    """Random play on every bundled chase: each legal action's kind is offered at the decision asked,
    `describe` starts with its label, its index lies in its kind's block, and a revealed action is
    narrated with its label."""
    scenario = load(source).scenario
    codec = ChaseEncoding(scenario)
    rng = np.random.default_rng(5)
    state = chase.new_chase(scenario, rng)
    seen: set[CK] = set()
    for _ in range(300):
        if chase.is_over(state):
            break
        decision = chase.decision_kind(state)
        legal_now = chase.legal_actions(state)
        me = chase.current_actor(state)
        for a in legal_now:
            spec = SPECS[a.kind]
            assert decision in _decisions(spec), (decision, a)
            assert chase.describe(state, a).startswith(spec.label)
            _, offset, size = LAYOUT[spec.block]
            assert offset <= codec.encode(me, a) < offset + size
            seen.add(a.kind)
        action = legal_now[int(rng.integers(len(legal_now)))]
        events = chase.apply(state, action, rng)
        for e in events:
            if e.kind == "revealed":
                line = narrate_chase(state, [e])[0]
                assert SPECS[CK[str(e.get("action")).upper()]].label in line
    assert {CK.CHASE, CK.OTHER} <= seen


@pytest.mark.skipif(dice.COMPILED, reason="rebinds a module constant, which the compiled build inlines")
def test_a_new_offer_is_asked_in_its_decision_after_the_older_ones(monkeypatch):
    """How a new kind gets offered (docs/architecture.md): an offer in its spec, at a decision, ranked
    after the older ones. Exercised with a hook offering an existing kind, so no rule is invented."""
    state = start(data())
    c, slot = state.choosers[0]
    before = chase.legal_actions(state)

    def offer_fight(ctx, i):
        assert i == -1 and ctx.c == c and ctx.slot == slot and ctx.state is state
        ctx.out.append(ChaseAction(CK.FIGHT))

    extra = Offer(("action",), Over.ONCE, offer_fight, 99)
    loops = {**legal.LOOPS, "action": (*legal.LOOPS["action"], (int(extra.over), ((extra.needs, extra.hook),)))}
    monkeypatch.setattr(legal, "GROUPS", legal._groups(loops))
    assert chase.legal_actions(state) == [*before, ChaseAction(CK.FIGHT)]


@pytest.mark.rule("CHASE-HIDE-02", "CHASE-HIDE-03", "CHASE-CUTOFF-01")
@pytest.mark.parametrize(
    ("kind", "roller", "target", "skills", "by_band"),
    [
        # CHASE-HIDE-02: -2 at Medium, 0 at Long, +2 at Extreme; CHASE-HIDE-03: against Observation
        (CK.HIDE, "Prey", "Hunter", ("Stealth", "Observation"),
         {MEDIUM: Modifiers(-2, 0, 1), LONG: Modifiers(), LONG + 1: Modifiers(2, 1, 0)}),
        # CHASE-CUTOFF-01: opposed Mobility, -2 from Long
        (CK.CUT_OFF, "Hunter", "Prey", ("Mobility", "Mobility"),
         {MEDIUM: Modifiers(), LONG: Modifiers(-2, 0, 1), LONG + 1: Modifiers(-2, 0, 1)}),
    ],
    ids=["hide", "cut_off"],
)  # fmt: skip
def test_an_opposed_maneuvers_skills_and_band_modifier(kind, roller, target, skills, by_band):
    state = start(data())
    mine, theirs = U(state, roller), U(state, target)
    prey, hunter = U(state, "Prey"), U(state, "Hunter")
    spec = SPECS[kind]
    assert (spec.skill, spec.against) == skills
    step = Step("act", cid(state, roller), mine)
    act = ChaseAction(kind, unit=theirs)
    found = {}
    for band in by_band:
        state.units[prey].pos = state.units[hunter].pos + band
        found[band] = spec.dice(state, step, step.actor, PILOT, act)
    assert found == by_band
