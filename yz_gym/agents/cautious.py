"""The cautious expedition planner: two marching shifts a day and a proper camp, a lookout who
steers clear of trouble, a day of rest whenever someone is badly hurt or frozen, and provisions
before they run short."""

from __future__ import annotations

from typing import Any

from yz_gym.agents.base import Agent
from yz_gym.agents.planning import hurt, legal_plan, lookout, shortage
from yz_gym.rulesets.yze.travel.tasks import DayPlan


class CautiousPlanner(Agent):
    """Rests when hurt, keeps three days of food and water, never forces a march, avoids fights."""

    name = "cautious"

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """Today's plan."""
        moves = 0 if hurt(state) else 2
        plan = DayPlan(moves, shortage(state, 3), True, lookout(state), True)
        return legal_plan(plan, actions)
