"""The modifiers on a roll, one entry per cause (MOD-01..10): summed for pool dice and numeric step
modifiers, counted as advantages and disadvantages for the step-dice advantage mode."""

from __future__ import annotations

from typing import Final, final


@final
class Modifiers:
    """The modifiers on one roll, one entry per cause: their sum, for pool dice and numeric step
    modifiers (MOD-01..08), and how many are advantages (> 0) and disadvantages (< 0), which
    cancel one for one in the step-dice advantage mode (MOD-09/10). Compared by value; its fields
    are Final (never changed once built).

    A plain class rather than a frozen dataclass: the compiled build (setup.py) makes it a native
    class whose constructor, `__eq__` and `__hash__` are compiled too (mypyc leaves a dataclass's
    generated ones Python-level), and the agents build and hash thousands per decision."""

    def __init__(self, total: int = 0, advantages: int = 0, disadvantages: int = 0) -> None:
        self.total: Final = total
        self.advantages: Final = advantages
        self.disadvantages: Final = disadvantages

    def __eq__(self, other: object) -> bool:
        """The same sum, advantages and disadvantages."""
        if not isinstance(other, Modifiers):
            return NotImplemented
        return (
            self.total == other.total
            and self.advantages == other.advantages
            and self.disadvantages == other.disadvantages
        )

    def __hash__(self) -> int:
        return hash((self.total, self.advantages, self.disadvantages))

    def __repr__(self) -> str:
        return f"Modifiers(total={self.total}, advantages={self.advantages}, disadvantages={self.disadvantages})"

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled by its three numbers."""
        return (Modifiers, (self.total, self.advantages, self.disadvantages))

    def plus(self, value: int) -> Modifiers:
        """These modifiers and one more cause of `value` (0 adds nothing)."""
        if value > 0:
            return Modifiers(self.total + value, self.advantages + 1, self.disadvantages)
        if value < 0:
            return Modifiers(self.total + value, self.advantages, self.disadvantages + 1)
        return self

    def without(self, value: int) -> Modifiers:
        """These modifiers less one cause of `value` that they hold (0 takes nothing)."""
        if value > 0:
            return Modifiers(self.total - value, self.advantages - 1, self.disadvantages)
        if value < 0:
            return Modifiers(self.total - value, self.advantages, self.disadvantages - 1)
        return self

    def join(self, other: Modifiers) -> Modifiers:
        """The causes of both."""
        return Modifiers(
            self.total + other.total, self.advantages + other.advantages, self.disadvantages + other.disadvantages
        )

    @property
    def net(self) -> int:
        """MOD-10: advantages minus disadvantages, one for one (after netting at most one applies)."""
        return self.advantages - self.disadvantages


NO_MODIFIERS: Final = Modifiers()


def as_modifiers(modifier: int | Modifiers) -> Modifiers:
    """A modifier given as a number is one cause; a Modifiers record is kept."""
    if isinstance(modifier, Modifiers):
        return modifier
    return NO_MODIFIERS.plus(modifier)


def modifier_total(modifier: int | Modifiers) -> int:
    """The sum of the modifiers (MOD-01, MOD-04)."""
    return modifier.total if isinstance(modifier, Modifiers) else modifier
