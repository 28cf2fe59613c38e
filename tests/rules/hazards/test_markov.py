"""Issue 15's exact checks: the chance to drown within N rounds for a given Stamina pool, and the
chance a lethal poison kills, computed exactly by a Markov chain over the rules' numbers (a
success is a 6; a breath roll holds with one success; the opposed roll needs more successes than
the poison's; drowning deals 1 Strength a round; Broken while drowning dies a stretch later;
lethal poison deals 1 a turn until Broken, then rolls again), against simulations of the rules
functions with real dice, within sampling error."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest

from tests.rules.hazards.hazard_kit import victim
from yz_gym.rulesets.yze.hazards.drowning import enter_water, water_time
from yz_gym.rulesets.yze.hazards.kinds import DROWNING, find
from yz_gym.rulesets.yze.hazards.options import HazardOptions
from yz_gym.rulesets.yze.hazards.poison import Poison, expose_to_poison, poison_turn

SIX = Fraction(1, 6)
RUNS = 6000
SIGMAS = 4.5  # a false alarm about once in 150,000 checks


def hit(dice: int) -> Fraction:
    """At least one 6 on `dice` D6."""
    return 1 - (1 - SIX) ** dice


def successes(dice: int) -> list[Fraction]:
    """P(exactly j sixes on `dice` D6), j = 0..dice."""
    return [math.comb(dice, j) * SIX**j * (1 - SIX) ** (dice - j) for j in range(dice + 1)]


def wins(mine: int, theirs: int) -> Fraction:
    """OPP-01/02, AMB-03: the victim's pool beats the poison's (a tie, 0 against 0 too, loses)."""
    a, b = successes(mine), successes(theirs)
    return sum((pa * pb for i, pa in enumerate(a) for j, pb in enumerate(b) if i > j), Fraction(0))


def drowning_chain(strength: int, stamina: int, stretch: int, rounds: int, breath: bool) -> tuple[Fraction, Fraction]:
    """(P(drowning has started), P(dead)) after `rounds` rounds for one who went under at once
    (metal armor): a breath roll each round under water (HAZ-DROWN-04), a failure starts drowning
    (-05): 1 Strength a round, no rolls (`drowning_rolls: none`) or a breath roll first that takes
    them back under (`breath`); Broken, dead `stretch` rounds later (-06)."""
    # states: ("under", s), ("drown", s), ("broken", rounds left), ("dead",); "ever" marks drowning begun
    dist: dict[tuple[object, ...], Fraction] = {("under", strength, False): Fraction(1)}
    for _ in range(rounds):
        nxt: dict[tuple[object, ...], Fraction] = defaultdict(Fraction)
        for state, p in dist.items():
            tag = state[0]
            if tag == "dead":
                nxt[state] += p
            elif tag == "broken":
                left = int(state[1]) - 1  # type: ignore[call-overload]
                nxt[("dead",) if left == 0 else ("broken", left)] += p
            elif tag == "under":
                s, ever = int(state[1]), state[2]  # type: ignore[call-overload]
                held = hit(s + stamina)
                nxt[("under", s, ever)] += p * held
                nxt[("drown", s)] += p * (1 - held)
            else:
                s = int(state[1])  # type: ignore[call-overload]
                held = hit(s + stamina) if breath else Fraction(0)
                nxt[("under", s, True)] += p * held
                after = ("broken", stretch) if s - 1 == 0 else ("drown", s - 1)
                nxt[after] += p * (1 - held)
        dist = dict(nxt)
    dead = sum((p for s, p in dist.items() if s[0] == "dead"), Fraction(0))
    begun = sum((p for s, p in dist.items() if s[0] != "under" or s[2]), Fraction(0))
    return begun, dead


def poison_chain(strength: int, stamina: int, potency: int, turns: int, again: bool) -> Fraction:
    """P(dead) after the exposure and `turns` of the victim's turns (HAZ-POISON-02,
    LETHAL-01/02): resisted at once, or 1 damage a turn until Broken, then a second roll with the
    Broken pool (Strength 0: the Stamina skill alone); won, the poison ends (or, `rolls_again`,
    rolls again each later turn)."""
    dist: dict[tuple[str, int], Fraction] = defaultdict(Fraction)
    resisted = wins(strength + stamina, potency)
    dist[("safe", 0)] += resisted
    dist[("poisoned", strength)] += 1 - resisted
    broken_win = wins(stamina, potency)
    for _ in range(turns):
        nxt: dict[tuple[str, int], Fraction] = defaultdict(Fraction)
        for (tag, s), p in dist.items():
            if tag != "poisoned":
                nxt[(tag, s)] += p
                continue
            if s > 0:
                s -= 1
                if s > 0:
                    nxt[("poisoned", s)] += p
                    continue
            nxt[("dead", 0)] += p * (1 - broken_win)
            nxt[("poisoned" if again else "safe", 0)] += p * broken_win
        dist = nxt
    return dist[("dead", 0)]


def close(exact: Fraction, hits: int, runs: int = RUNS) -> bool:
    """The simulated share within SIGMAS standard errors of the exact chance (or both at the edge)."""
    p = float(exact)
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / runs)
    return abs(hits / runs - p) <= SIGMAS * sigma + 1e-9


@pytest.mark.rule("HAZ-DROWN-03", "HAZ-DROWN-04", "HAZ-DROWN-05", "HAZ-DROWN-06", "AMB-05")
@pytest.mark.parametrize(
    ("strength", "stamina", "rounds", "breath"),
    [(3, 0, 8, False), (2, 1, 10, False), (4, 2, 12, False), (3, 1, 12, True)],
)
def test_the_chance_to_drown_within_n_rounds_matches_the_markov_chain(strength, stamina, rounds, breath):
    stretch = 4  # rules.rounds_per_stretch, so that death (HAZ-DROWN-06) comes within the rounds
    hazard_options = HazardOptions(drowning_rolls="breath" if breath else "none")
    base, vic = victim({"rounds_per_stretch": stretch}, pc=True, armor="chainmail",
                       attributes={"strength": strength, "agility": 3, "wits": 3, "empathy": 3},
                       skills={"stamina": stamina} if stamina else {})
    enter_water(base, hazard_options, vic, [])
    rng = np.random.default_rng(20_260_100 + 7 * strength + stamina)
    begun = dead = 0
    for _ in range(RUNS):
        state = base.clone()
        c = state.combatants[vic.id]
        events: list = []
        water_time(state, hazard_options, c, rounds, rng, events)
        begun += any(e.kind == "drowning" for e in events) or find(c.timed, DROWNING) is not None
        dead += c.dead
    exact_begun, exact_dead = drowning_chain(strength, stamina, stretch, rounds, breath)
    assert 0 < exact_dead < exact_begun < 1
    assert close(exact_begun, begun), (float(exact_begun), begun / RUNS)
    assert close(exact_dead, dead), (float(exact_dead), dead / RUNS)


@pytest.mark.rule("HAZ-DROWN-04", "HAZ-DROWN-05", "HAZ-DROWN-06")
def test_the_drowning_chain_has_the_rules_numbers():
    """Strength 1, no skill: held with 1/6 a round; after a failure Broken at the next round and
    dead a stretch later. So within 1 + 1 + stretch rounds only a first-round failure kills."""
    begun, dead = drowning_chain(1, 0, 3, 5, False)
    assert dead == Fraction(5, 6) and begun == 1 - Fraction(1, 6) ** 5
    assert drowning_chain(1, 0, 3, 4, False)[1] == 0  # one round short
    assert drowning_chain(2, 0, 3, 6, False)[1] == 1 - hit(2)  # failed at once: Broken in round 3, dead in 6


@pytest.mark.rule("HAZ-POISON-02", "HAZ-POISON-LETHAL-01", "HAZ-POISON-LETHAL-02", "AMB-03", "AMB-04")
@pytest.mark.parametrize(
    ("strength", "stamina", "potency", "again"),
    [(3, 0, 3, False), (3, 2, 6, False), (2, 1, 9, False), (3, 2, 6, True)],
)
def test_the_chance_a_lethal_poison_kills_matches_the_markov_chain(strength, stamina, potency, again):
    turns = strength + 3
    hazard_options = HazardOptions(lethal_resisted="rolls_again" if again else "ends")
    base, vic = victim({"dice_mode": "pool"}, attributes={"strength": strength, "agility": 3, "wits": 3, "empathy": 3},
                       skills={"stamina": stamina} if stamina else {})
    poison = Poison("nightshade", potency, "lethal")
    rng = np.random.default_rng(20_260_200 + 11 * potency + stamina)
    dead = 0
    for _ in range(RUNS):
        state = base.clone()
        c = state.combatants[vic.id]
        events: list = []
        expose_to_poison(state, hazard_options, c, poison, rng, events)
        for _turn in range(turns):
            poison_turn(state, hazard_options, c, rng, events)
        dead += c.dead
    exact = poison_chain(strength, stamina, potency, turns, again)
    assert 0 < exact < 1
    assert close(exact, dead), (float(exact), dead / RUNS)


@pytest.mark.rule("HAZ-POISON-LETHAL-01", "HAZ-POISON-LETHAL-02", "AMB-03")
def test_the_poison_chain_has_the_rules_numbers():
    """Strength 2, no Stamina, Potency 3: resisted only by out-rolling three dice with two; once
    Broken the victim rolls no dice, so the second roll always loses: every poisoning kills after
    exactly 2 turns, and not after 1."""
    poisoned = 1 - wins(2, 3)
    assert poison_chain(2, 0, 3, 2, False) == poisoned
    assert poison_chain(2, 0, 3, 1, False) == 0
    assert wins(1, 0) == SIX and wins(0, 0) == 0  # a tie, 0 against 0 too, fails (AMB-03)
