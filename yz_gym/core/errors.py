"""Errors of the rules (kept interpreted: compiled classes cannot subclass KeyError)."""

from __future__ import annotations


class UnknownEntry(KeyError):
    """A table lookup failed; the message lists the known names."""

    def __str__(self) -> str:
        """Return the plain message (KeyError would quote it)."""
        return str(self.args[0]) if self.args else "unknown entry"


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why and what is allowed."""
