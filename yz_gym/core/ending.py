"""How a game ends, as a type: a `Termination` beside the winner, instead of matching reason text."""

from __future__ import annotations

from enum import IntEnum


class Termination(IntEnum):
    """Why a game ended; the rules that end it word the narrated reason (`end_reason`)."""

    NONE = 0  # not over
    # zone fights
    SIDE_OUT = 1  # the other sides are out of the fight: the last side standing wins
    REACHED_ZONE = 2  # a side reached its goal zone
    SURVIVED = 3  # a side survived its number of rounds
    NO_ONE_STANDING = 4  # everyone is out: no winner
    ROUND_CAP = 5  # the scenario's round cap: no winner, a timeout
    # chases
    CAUGHT = 6  # a catch attack ended the chase (CHASE-END-02, `chase_after_catch: end`)
    ESCAPED = 7  # one side got away (CHASE-END-01)
    SEVERAL_ESCAPED = 8  # several sides got away: no winner
    PREY_DOWN = 9  # the prey is caught or out of the chase (CHASE-END-03)
    NO_ONE_LEFT = 10  # no one is left in the chase
    CHASE_LIMIT = 11  # the chase's round limit (CHASE-END-05): a timeout
    COMBAT = 12  # the chase turns into a zone fight (CHASE-END-04, CHASE-HIDE-04)
    # expeditions
    ARRIVED = 13  # the party reached its goal hex
    PARTY_LOST = 14  # every traveller is dead, or none is left standing after a fight
    DAY_LIMIT = 15  # the scenario's last day passed before arrival: a timeout

    @property
    def timed_out(self) -> bool:
        """Ended by a clock (round cap, chase limit) rather than by the fight itself."""
        return self in TIMEOUTS


TIMEOUTS = frozenset({Termination.ROUND_CAP, Termination.CHASE_LIMIT, Termination.DAY_LIMIT})
