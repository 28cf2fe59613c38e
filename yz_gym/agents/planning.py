"""What the expedition planners share: the party's lookout, what it runs short of, and a plan made
legal (agents/cautious.py, agents/hasty.py)."""

from __future__ import annotations

from typing import Any

from yz_gym.agents.common import health, max_health
from yz_gym.rulesets.yze.hazards.cold import hypothermic
from yz_gym.rulesets.yze.travel.expedition import Expedition, provision_possible
from yz_gym.rulesets.yze.travel.tasks import DayPlan


def lookout(state: Expedition) -> int:
    """The able traveller with the most Observation (ties to the first), -1 if none can act."""
    able = state.able()
    return max(able, key=lambda i: (state.people[i].skill("Observation"), -i)) if able else -1


def hurt(state: Expedition) -> bool:
    """Someone is Broken, hypothermic or down to half their Health (Strength in the attribute damage
    model) or less."""
    for c in state.people:
        if c.dead:
            continue
        if c.out or hypothermic(c) or 2 * health(state.party, c) <= max_health(state.party, c):
            return True
    return False


def shortage(state: Expedition, days: int) -> str:
    """The provisioning task for what runs out first within `days` days ("none" if nothing does):
    food (hunt where possible, else forage), water (unless the hex has it), fuel for the vehicles."""
    living = sum(1 for c in state.people if not c.dead)
    stores = state.stores
    if stores.edible < living * days:
        return "hunt" if provision_possible(state, "hunt") and stores.edible > 0 else "forage_food"
    if stores.water < living * days and not state.scenario.hexmap.water_near(state.hex):
        return "forage_water"
    if state.riding() and provision_possible(state, "gather") and stores.fuel < 20:
        return "gather"
    return "none"


def legal_plan(plan: DayPlan, legal: list[Any]) -> DayPlan:
    """`plan` if the party can make it, else the nearest legal one (same moves first)."""
    if plan in legal:
        return plan
    for candidate in legal:
        if candidate.moves == plan.moves and candidate.lookout == plan.lookout:
            return candidate  # type: ignore[no-any-return]
    for candidate in legal:
        if candidate.moves == plan.moves:
            return candidate  # type: ignore[no-any-return]
    return legal[0]  # type: ignore[no-any-return]
