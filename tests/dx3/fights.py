"""Test helpers for DX3 fights: a scenario from a few fighters, actions taken by kind, events by kind."""

from __future__ import annotations

from typing import Any

from tests.dx3.d10 import FixedD10
from yz_gym.core.events import Event
from yz_gym.rulesets.dx3 import engine
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Kind
from yz_gym.scenario.loading import load


def fighter(name: str, side: str, position: int, **kw: Any) -> dict[str, Any]:
    """A fighter entry: abilities 肉体 3, 感覚 2, 精神 2, 社会 1 (行動値 6) unless `abilities` says otherwise."""
    entry: dict[str, Any] = {
        "name": name, "side": side, "position": position,
        "abilities": {"body": 3, "sense": 2, "mind": 2, "social": 1},
    }  # fmt: skip
    abilities = kw.pop("abilities", {})
    entry["abilities"].update(abilities)
    entry.update(kw)
    return entry


def scenario_data(*fighters: dict[str, Any], **top: Any) -> dict[str, Any]:
    """A DX3 file with sides pcs and npcs on a 50 m line; the PCs' impulse check at the start is off
    unless `dx3_rules` turns it on (it would move their 侵蝕率 before the rule under test)."""
    rules = {"impulse_at_combat_start": False, **top.pop("dx3_rules", {})}
    return {
        "ruleset": "dx3",
        "name": "test",
        "sides": ["pcs", "npcs"],
        "length": 50,
        "fighters": list(fighters),
        "dx3_rules": rules,
        **top,
    }


def game(*fighters: dict[str, Any], **top: Any) -> Dx3State:
    """A new fight of these fighters."""
    return engine.new_game(load(scenario_data(*fighters, **top)).scenario, 0)


def act(
    state: Dx3State, kind: Kind, target: int = -1, option: int = -1, dice: tuple[int, ...] = ()
) -> list[Event]:
    """Take the legal action of `kind` (with that target and option) with scripted D10 faces."""
    wanted = [a for a in engine.legal_actions(state) if a.kind == kind]
    if target >= 0:
        wanted = [a for a in wanted if a.target == target]
    if option >= 0 or kind in (Kind.ATTACK,):
        wanted = [a for a in wanted if a.option == option]
    assert wanted, f"no legal {kind.name} ({target}, {option}): {engine.legal_actions(state)}"
    rng = FixedD10(*dice)
    events = engine.apply(state, wanted[0], rng)  # type: ignore[arg-type]
    assert not rng.faces, f"{len(rng.faces)} scripted faces left unrolled"
    return events


def kinds(state: Dx3State) -> set[int]:
    """The kinds of the legal actions now."""
    return {a.kind for a in engine.legal_actions(state)}


def of(events: list[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]


def skip_turn(state: Dx3State) -> list[Event]:
    """The acting fighter gives up its minor and major actions."""
    return act(state, Kind.SKIP_MINOR) + act(state, Kind.SKIP_MAJOR)


def action(kind: Kind, target: int = -1, option: int = -1) -> Dx3Action:
    """An action by its parts."""
    return Dx3Action(kind, target, option)
