"""The shift and its tasks (TRAVEL-02/03, TRAVEL-24/25, TASK-*): what each traveller does in each
of the day's four shifts, the party's stores, each traveller's daily needs, and the day's plan
that decides the tasks.

A day's plan (`DayPlan`) is the party's one decision a day: how many shifts to march or drive,
which provisioning task one traveller does, whether to make camp or sleep rough, and who keeps
watch. `day_tasks` turns it into one task per traveller per shift."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final


class Task(IntEnum):
    """TASK-*: what a traveller spends a shift on (TRAVEL-24)."""

    MARCH = 0  # TASK-MARCH (or ride in a vehicle as a passenger when driving)
    DRIVE = 1  # TASK-DRIVE
    WATCH = 2  # TASK-WATCH
    FORAGE_FOOD = 3  # TASK-FORAGE
    FORAGE_WATER = 4
    HUNT = 5  # TASK-HUNT
    FISH = 6  # TASK-FISH
    CAMP = 7  # TASK-CAMP
    COOK = 8  # TASK-COOK
    REST = 9  # TASK-REST
    SLEEP = 10  # TASK-SLEEP
    GATHER = 11  # TASK-GATHER: fuel
    HELP = 12  # TRAVEL-25: helping the one who rolls for the group


TASK_WORDS: Final = ("march", "drive", "keep watch", "forage for food", "forage for water", "hunt", "fish",
                     "make camp", "cook", "rest", "sleep", "gather fuel", "help")  # fmt: skip
PROVISIONS: Final = ("none", "forage_food", "forage_water", "hunt", "fish", "gather")
_PROVISION_TASK: Final = {"forage_food": Task.FORAGE_FOOD, "forage_water": Task.FORAGE_WATER,
                          "hunt": Task.HUNT, "fish": Task.FISH, "gather": Task.GATHER}  # fmt: skip
ONE_PER_HEX: Final = (
    Task.FORAGE_FOOD,
    Task.FORAGE_WATER,
    Task.HUNT,
    Task.FISH,
    Task.CAMP,
)  # FORAGE-04, HUNT-05, FISH-03
ON_FOOT: Final = (Task.FORAGE_FOOD, Task.FORAGE_WATER, Task.HUNT, Task.GATHER)  # FORAGE-01, HUNT-01, FUEL-05


@dataclass(frozen=True, slots=True)
class DayPlan:
    """The party's plan for a day: shifts on the move (0-4; the 3rd and 4th are forced, TRAVEL-06),
    one provisioning task (PROVISIONS) in the first shift off the move, camp (CAMP-01) or sleep
    rough (CAMP-06), the lookout (a traveller's index, -1 none; WATCH-01), and what to do with a
    hostile encounter the lookout spots first (WATCH-04)."""

    moves: int
    provision: str = "none"
    camp: bool = True
    lookout: int = -1
    avoid: bool = True  # WATCH-04/06: a hostile encounter spotted first is avoided, else ambushed

    def words(self, names: list[str]) -> str:
        """The plan in words."""
        move = {0: "stay put", 1: "move one shift", 2: "move two shifts", 3: "force a third shift on the move",
                4: "move all four shifts"}[self.moves]  # fmt: skip
        parts = [move]
        if self.provision != "none":
            parts.append(self.provision.replace("_", " for ").replace("gather", "gather fuel"))
        if self.moves < 3:
            parts.append("make camp" if self.camp else "sleep rough")
        if self.lookout >= 0:
            seen = "avoid" if self.avoid else "ambush"
            parts.append(f"{names[self.lookout]} keeps watch ({seen} what is seen first)")
        else:
            parts.append("no lookout")
        return ", ".join(parts)


@dataclass(slots=True)
class Stores:
    """The party's consumables, counted (RATION-02 `count`): safe, raw and badly cooked food
    (COOK-04), water, fuel in litres (FUEL-01), and the doses of its poison vials."""

    food: int = 0
    raw_plants: int = 0
    raw_meat: int = 0
    risky_plants: int = 0
    risky_meat: int = 0
    water: int = 0
    fuel: float = 0.0
    doses: list[int] = field(default_factory=list)  # doses left in each carried poison vial (vials.py)

    def copy(self) -> Stores:
        """An independent copy."""
        return Stores(self.food, self.raw_plants, self.raw_meat, self.risky_plants, self.risky_meat, self.water,
                      self.fuel, list(self.doses))  # fmt: skip

    @property
    def edible(self) -> int:
        """Every food ration, safe or not."""
        return self.food + self.raw_plants + self.raw_meat + self.risky_plants + self.risky_meat


@dataclass(slots=True)
class Needs:
    """One traveller's daily needs (RATION-01, RATION-04, REST-02): what they had today, and how many
    days in a row they went without; marching shifts today (TRAVEL-06); soaked (WEATHER-16); and
    the virulence of each risky meal eaten (RATION-06, COOK-02) for the disease rules."""

    ate: bool = False
    drank: bool = False
    slept: bool = False
    hungry_days: int = 0
    thirsty_days: int = 0
    sleepless_days: int = 0
    moved: int = 0
    soaked: bool = False
    lice: bool = False  # CAMP-MISHAP-6
    lame: int = -1  # RIDE-05: days the traveller's lame mount has rested; -1 = not lame
    exposures: list[int] = field(default_factory=list)
    mount_ate: bool = False  # RATION-05: the traveller's mount grazed or had its fodder today
    mount_drank: bool = False
    mount_hungry: int = 0  # days in a row it went without food
    mount_dry: int = 0  # without water

    def copy(self) -> Needs:
        """An independent copy."""
        return Needs(self.ate, self.drank, self.slept, self.hungry_days, self.thirsty_days, self.sleepless_days,
                     self.moved, self.soaked, self.lice, self.lame, list(self.exposures), self.mount_ate,
                     self.mount_drank, self.mount_hungry, self.mount_dry)  # fmt: skip


def day_tasks(
    plan: DayPlan, able: list[int], provider: int, camper: int, cook: int, driver: int
) -> list[list[Task]]:
    """The task of each traveller (`able`: the indices of those who can act) in each of the day's
    four shifts: the first `plan.moves` shifts on the move (the driver drives, the lookout keeps
    watch while moving, TRAVEL-03); in the first shift off the move `provider` provisions,
    `camper` makes camp and `cook` cooks if the plan camps, and the others help (TRAVEL-25); the last shift everyone sleeps
    but the lookout, who keeps watch and sleeps in the shift before (WATCH-09, CAMP-05)."""
    shifts: list[list[Task]] = []
    for shift in range(4):
        tasks = []
        for i in able:
            tasks.append(_task(plan, shift, i, provider, camper, cook, driver))
        shifts.append(tasks)
    return shifts


def _task(plan: DayPlan, shift: int, i: int, provider: int, camper: int, cook: int, driver: int) -> Task:
    """One traveller's task in one shift of the plan."""
    if shift < plan.moves:
        if i == plan.lookout:
            return Task.WATCH  # TRAVEL-03: the lookout marches (or rides) too
        return Task.DRIVE if i == driver else Task.MARCH
    off = shift - plan.moves  # shifts since the party stopped
    last = shift == 3
    if last:
        return Task.WATCH if i == plan.lookout else Task.SLEEP  # WATCH-09
    if off == 0:
        if plan.provision != "none" and i == provider:
            return _PROVISION_TASK[plan.provision]
        if plan.camp and i == camper:
            return Task.CAMP
        if plan.camp and i == cook:
            return Task.COOK
    if i == plan.lookout and shift == 2:
        return Task.SLEEP  # WATCH-09: the night lookout sleeps in the evening
    if off == 0 and (plan.provision != "none" or plan.camp):
        return Task.HELP  # TRAVEL-25: the others help the provisioning roll, else the camp roll
    return Task.SLEEP if shift == 2 and plan.moves < 2 else Task.REST


def check_tasks(tasks: list[Task], moving: bool) -> str:
    """TRAVEL-03, TRAVEL-24, FORAGE-04, HUNT-05, FISH-03: what is wrong with one shift's tasks
    ("" when nothing): one lookout at most; one roller per hex for each of forage, hunt, fish and
    camp; no foot task while the group moves."""
    if sum(1 for t in tasks if t == Task.WATCH) > 1:
        return "only one traveller may keep watch"
    for kind in ONE_PER_HEX:
        if sum(1 for t in tasks if t == kind) > 1:
            return f"only one traveller may {TASK_WORDS[kind]} in a hex in a shift; the others help"
    if moving and any(t in ON_FOOT for t in tasks):
        return "foraging, hunting and gathering fuel are done on foot, not while the group moves"
    return ""
