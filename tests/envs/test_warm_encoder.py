"""A warm observation encoder (its caches filled by other states, games and clones) writes what a
fresh one writes, and every change of what a combatant's row shows reaches it: the guard for any
encoder that reuses work between calls (its view cache today, cached rows tomorrow)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import numpy as np
import pytest

from yz_gym.envs.core import Encoding, scenario_of
from yz_gym.envs.observation import COMBATANT_FIELDS, FIELDS, N_CDYN, ObservationEncoder
from yz_gym.rulesets.yze.combat.damage import BURNS
from yz_gym.rulesets.yze.scenario.zone_builder import bundled_scenarios
from yz_gym.rulesets.yze.state import Combatant, GameState, Injury, WeaponState
from yz_gym.rulesets.yze.zone import engine


def _random_states(scenario_name: str, seed: int, decisions: int) -> tuple[Encoding, list[GameState]]:
    """Clones of the states met in `decisions` random legal decisions of one game (the last: over)."""
    encoding = Encoding(scenario_of(scenario_name))
    state = engine.new_game(encoding.scenario, seed)
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(decisions):
        if engine.is_over(state):
            break
        states.append(state.clone())
        legal = engine.legal_actions(state)
        engine.apply(state, legal[int(rng.integers(len(legal)))], rng, legal)
    return encoding, states


def _every_view(encoder: ObservationEncoder, state: GameState) -> list[bytes]:
    actor = engine.current_actor(state)
    decision = engine.decision_kind(state)
    return [encoder.encode(state, me, decision, actor).tobytes() for me in range(len(state.combatants))]


def _fresh(encoding: Encoding) -> ObservationEncoder:
    return ObservationEncoder(encoding.scenario, encoding.codec.slot_of)


@pytest.mark.parametrize("scenario_name", ["street_firefight", "technical_raid", "tunnel_melee"])
def test_a_warm_encoder_writes_what_a_fresh_one_writes_in_play(scenario_name):
    # two games interleaved through one encoder: rows cached from one are only reused where right
    encoding, first = _random_states(scenario_name, 1, 120)
    _, second = _random_states(scenario_name, 2, 120)
    warm = encoding.observer
    for a, b in zip(first, second, strict=False):
        assert _every_view(warm, a) == _every_view(_fresh(encoding), a)
        assert _every_view(warm, b) == _every_view(_fresh(encoding), b)


@pytest.mark.parametrize("scenario_name", bundled_scenarios())
def test_an_encoder_that_follows_a_game_writes_a_full_re_encode_at_every_step(scenario_name):
    # one encoder sees the game step by step, as an env's does, with pickled and cloned states between
    # (its cached views and weapon rows are reused only where what they show did not change)
    encoding, states = _random_states(scenario_name, 7, 150)
    warm = encoding.observer
    for i, state in enumerate(states):
        seen = pickle.loads(pickle.dumps(state)) if i % 3 == 1 else state.clone() if i % 3 == 2 else state
        assert _every_view(warm, seen) == _every_view(_fresh(encoding), state), f"decision {i}"


def _with_injury(c: Combatant) -> None:
    c.injuries.append(Injury("physical", 61, timer=3))


def _first_weapon(change: Callable[[object], None]) -> Callable[[Combatant], None]:
    return lambda c: change(c.weapons[0])


STREET_WEAPONS = scenario_of("street_firefight").setup.weapons


def _another_weapon(c: Combatant) -> WeaponState:
    """A loaded weapon of the scenario's table with another profile than `c`'s first, its state otherwise alike."""
    first = c.weapons[0]
    name = next(n for n, w in STREET_WEAPONS.items() if w.ranged != STREET_WEAPONS[first.name].ranged)
    return WeaponState(name, first.bonus, first.loaded, first.reloads, first.supply)


# one change of each thing a combatant's own row shows (the row key must tell them all apart)
CHANGES: dict[str, Callable[[Combatant], None]] = {
    "health": lambda c: setattr(c, "health", c.health - 1),
    "resolve": lambda c: setattr(c, "resolve", c.resolve - 1),
    "attribute": lambda c: c.attrs.__setitem__(1, c.attrs[1] - 1),
    "broken": lambda c: setattr(c, "health", 0),
    "prone": lambda c: setattr(c, "prone", not c.prone),
    "aiming": lambda c: setattr(c, "aiming", 2),
    "overwatch": lambda c: setattr(c, "overwatch", c.zone),
    "hidden": lambda c: setattr(c, "hidden", not c.hidden),
    "burning": lambda c: setattr(c, "burning", 3),
    "grappling": lambda c: setattr(c, "grappling", 0),
    "grappled": lambda c: setattr(c, "grappled_by", 0),
    "lose_turn": lambda c: setattr(c, "lose_turn", True),
    "actions": lambda c: setattr(c, "actions_used", c.actions_used + 1),
    "slow": lambda c: setattr(c, "slow_used", not c.slow_used),
    "acted": lambda c: setattr(c, "acted", not c.acted),
    "swapped": lambda c: setattr(c, "swapped", not c.swapped),
    "injury": _with_injury,
    "burns": lambda c: c.timed.append(BURNS.start()),
    "armor": lambda c: setattr(c, "armor_rating", c.armor_rating + 1),
    "medkit": lambda c: c.items.append("medkit"),
    "blanket": lambda c: c.items.append("blanket"),
    "holstered": lambda c: setattr(c, "held", -1),
    "weapon_bonus": _first_weapon(lambda w: setattr(w, "bonus", w.bonus - 1)),
    "weapon_unloaded": _first_weapon(lambda w: setattr(w, "loaded", not w.loaded)),
    "weapon_reloads": _first_weapon(lambda w: setattr(w, "reloads", 2)),
    "weapon_supply": _first_weapon(lambda w: setattr(w, "supply", w.supply - 2)),
    "weapon_traded": lambda c: c.weapons.__setitem__(0, _another_weapon(c)),
    "weapon_dropped": lambda c: c.weapons.pop(),
    "weapon_picked_up": lambda c: c.weapons.append(_another_weapon(c)),
    "dead": lambda c: setattr(c, "dead", True),
    "fled": lambda c: setattr(c, "fled", True),
    "surrendered": lambda c: setattr(c, "surrendered", True),
    "incapacitated": lambda c: setattr(c, "incapacitated", True),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_every_change_of_a_combatant_reaches_a_warm_encoder(change):
    encoding = Encoding(scenario_of("street_firefight"))
    state = engine.new_game(encoding.scenario, 3)
    warm = encoding.observer
    before = _every_view(warm, state)  # caches every combatant's row as it is now
    changed = state.clone()
    c = changed.combatants[1]
    assert c.weapons and c.held == 0
    CHANGES[change](c)
    after = _every_view(warm, changed)
    assert after == _every_view(_fresh(encoding), changed)
    assert after != before  # the change shows
    assert _every_view(warm, state) == before  # and the original's rows are still its own


def test_a_foe_leaving_the_fight_changes_the_engaged_count_of_a_cached_row():
    encoding = Encoding(scenario_of("street_firefight"))
    state = engine.new_game(encoding.scenario, 3)
    a, b = state.combatants[0], state.combatants[-1]
    a.engaged.add(b.id)
    b.engaged.add(a.id)
    warm = encoding.observer
    count = FIELDS["combatants"].offset + encoding.codec.slot_of[a.id][a.id] * N_CDYN
    count += COMBATANT_FIELDS.index("engaged_count")
    assert warm.encode(state, a.id, "turn", a.id)[count] == pytest.approx(1 / 3)
    b.dead = True  # a's own fields are unchanged; what it is engaged with is not
    assert warm.encode(state, a.id, "turn", a.id)[count] == 0.0
    assert _every_view(warm, state) == _every_view(_fresh(encoding), state)


def test_a_changed_cover_rating_reaches_a_cached_row():
    encoding = Encoding(scenario_of("street_firefight"))
    state = engine.new_game(encoding.scenario, 3)
    c = next(c for c in state.combatants if state.cover_ratings[c.zone])
    c.cover = 0
    warm = encoding.observer
    before = _every_view(warm, state)
    ratings = list(state.cover_ratings)
    ratings[c.zone] = (ratings[c.zone][0] - 1, *ratings[c.zone][1:])
    state.cover_ratings = tuple(ratings)
    assert _every_view(warm, state) == _every_view(_fresh(encoding), state) != before


@pytest.mark.parametrize("duplicate", ["pickle", "copy", "deepcopy"])
def test_a_duplicated_encoder_starts_with_empty_caches_and_writes_what_a_fresh_one_writes(duplicate):
    encoding, states = _random_states("technical_raid", 4, 60)
    warm = encoding.observer
    for state in states:  # fill the view and weapon-row caches
        _every_view(warm, state)
    assert warm._view_cache and warm._weapon_rows
    twin = {"pickle": lambda e: pickle.loads(pickle.dumps(e)), "copy": copy.copy, "deepcopy": copy.deepcopy}[
        duplicate
    ](warm)
    assert not twin._view_cache and not twin._weapon_rows
    changed = states[-1].clone()
    for c in changed.combatants:  # a state neither cache has seen
        for w in c.weapons:
            w.bonus, w.loaded, w.supply = max(0, w.bonus - 1), not w.loaded, max(0, w.supply - 1)
    assert _every_view(twin, changed) == _every_view(warm, changed) == _every_view(_fresh(encoding), changed)
