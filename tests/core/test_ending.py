"""The typed ending: every finished game says why it ended as a Termination, consistent with its
winner and with the reason its last event narrates; the envs truncate on the type, not on text."""

from __future__ import annotations

import pytest

from tests.helpers import game, scenario_dict
from tests.seeded_games import games
from yz_gym.core.ending import TIMEOUTS, Termination
from yz_gym.rulesets.yze.chase import engine as chase
from yz_gym.rulesets.yze.zone import engine
from yz_gym.rulesets.yze.zone.actions import Kind

WITH_WINNER = {
    Termination.SIDE_OUT, Termination.REACHED_ZONE, Termination.SURVIVED,
    Termination.CAUGHT, Termination.ESCAPED, Termination.PREY_DOWN, Termination.ARRIVED,
}  # fmt: skip
WITHOUT_WINNER = {
    Termination.NO_ONE_STANDING, Termination.ROUND_CAP, Termination.SEVERAL_ESCAPED,
    Termination.NO_ONE_LEFT, Termination.COMBAT, Termination.PARTY_LOST, Termination.DAY_LIMIT,
}  # fmt: skip
ZONE = {Termination.SIDE_OUT, Termination.REACHED_ZONE, Termination.SURVIVED, Termination.NO_ONE_STANDING,
        Termination.ROUND_CAP}  # fmt: skip


def test_every_termination_is_classed() -> None:
    """Each ending either names a winner, names none, or (the chase limit) names who got away."""
    assert WITH_WINNER | WITHOUT_WINNER | {Termination.CHASE_LIMIT, Termination.NONE} == set(Termination)
    assert not WITH_WINNER & WITHOUT_WINNER
    assert {t for t in Termination if t.timed_out} == TIMEOUTS == {
        Termination.ROUND_CAP, Termination.CHASE_LIMIT, Termination.DAY_LIMIT
    }


def test_seeded_games_end_with_a_termination_that_fits_their_winner_and_words() -> None:
    seen: set[Termination] = set()
    for played in games(range(6)):
        state, last = played.state, played.events[-1]
        is_chase = played.name.startswith("chase_")
        result = (chase if is_chase else engine).outcome(state)
        assert result is not None and result.termination == state.termination != Termination.NONE, played[:2]
        assert last.kind == ("chase_over" if is_chase else "game_over") and last.get("reason") == result.reason
        assert (state.termination in ZONE) != is_chase, played[:2]
        if state.termination in WITH_WINNER:
            assert result.winner is not None, played[:2]
        if state.termination in WITHOUT_WINNER:
            assert result.winner is None, played[:2]
        assert (state.termination == Termination.ROUND_CAP) == (result.reason == "round cap")
        assert (state.termination == Termination.CHASE_LIMIT) == ("chase limit" in result.reason)
        assert (state.termination == Termination.COMBAT) == (state.handover is not None if is_chase else False)
        seen.add(state.termination)
    assert {Termination.SIDE_OUT, Termination.ROUND_CAP, Termination.ESCAPED, Termination.PREY_DOWN} <= seen


def test_a_clone_keeps_the_termination() -> None:
    state = game(scenario_dict())
    state.termination = Termination.ROUND_CAP
    assert state.clone().termination == Termination.ROUND_CAP


@pytest.mark.parametrize("cap", [1, 3])
def test_the_round_cap_ends_the_game_as_a_timeout_that_envs_truncate(cap: int) -> None:
    """Two fighters who only end their turns: the round cap ends the game as ROUND_CAP."""
    from yz_gym.envs.skirmish import ZoneFight

    state = game(scenario_dict(victory={"round_cap": cap}))
    while not engine.is_over(state):
        legal = engine.legal_actions(state)
        engine.apply(state, next(a for a in legal if a.kind in (Kind.END_TURN, Kind.CHOOSE_CARD)), 0, legal)
    result = engine.outcome(state)
    assert result == engine.Outcome(None, "round cap", cap, Termination.ROUND_CAP)
    assert ZoneFight.truncated(state)  # what both env adapters ask of a zone fight
    state.termination = Termination.NO_ONE_STANDING  # the same words, another ending: not truncated
    assert not ZoneFight.truncated(state)
