"""The hasty expedition planner: a forced third marching shift every day with a rough night, no
time for provisions until the food is gone, and a lookout who ambushes what it sees first."""

from __future__ import annotations

from typing import Any

from yz_gym.agents.base import Agent
from yz_gym.agents.planning import legal_plan, lookout, shortage
from yz_gym.rulesets.yze.travel.tasks import DayPlan


class HastyPlanner(Agent):
    """Pushes on: three shifts a day, camps only to find food it has run out of, ambushes."""

    name = "hasty"

    def choose(self, state: Any, actions: list[Any]) -> Any:
        """Today's plan."""
        need = shortage(state, 1)
        plan = DayPlan(3, "none", False, lookout(state), False) if need == "none" else \
            DayPlan(2, need, True, lookout(state), False)  # fmt: skip
        return legal_plan(plan, actions)
