"""AggressiveAgent: goes for the weakest enemy it can reach and attacks; never defends."""

from __future__ import annotations

from yz_gym.agents.base import Agent
from yz_gym.agents.common import BLAST, FAR, distances, step_toward, usable_weapons, weakness_key
from yz_gym.agents.pride import pride_choice
from yz_gym.agents.vehicle_tactics import aboard_first, occupant_choice, ride_choice, shoot_vehicle_choice
from yz_gym.rulesets.yze.combat.attacks import can_shoot, held_weapon
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.engine import current_actor, decision_kind
from yz_gym.rulesets.yze.zone.movement import engaged_enemies


class AggressiveAgent(Agent):
    """Shoots the weakest enemy it can hit; otherwise closes in, engages and strikes.

    It never blocks, helps, takes cover, aims or retreats; it fires from overwatch when asked,
    takes the first initiative card it may, pushes a roll only when it failed, and claims its
    Pride when that turns a failed attack or first aid into a success (agents/pride.py).
    """

    name = "aggressive"

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        """The most direct attacking choice among `actions`."""
        if len(actions) == 1:
            return actions[0]
        kind = decision_kind(state)
        if kind == "card":
            return min(actions, key=lambda a: a.option)
        if kind in ("full_auto", "ammo"):  # AUTO-01/05: keep shooting the weakest
            shots = [a for a in actions if a.kind == Kind.SHOOT and not state.combatants[a.target].out]
            if shots:
                return min(shots, key=lambda a: weakness_key(state, state.combatants[a.target]))
            return next((a for a in actions if a.kind == Kind.DECLINE), actions[0])
        if kind in ("overwatch", "help", "block", "push"):
            return self._react(state, kind, actions)
        if kind == "pride":  # DICE-13
            return pride_choice(state, actions)
        me = state.combatants[current_actor(state)]
        return self._turn(state, me, actions) or _fallback(actions)

    def _react(self, state: GameState, kind: str, actions: list[Action]) -> Action:
        yes = next((a for a in actions if a.kind != Kind.DECLINE), actions[0])
        no = next((a for a in actions if a.kind == Kind.DECLINE), actions[-1])
        if kind == "overwatch":
            return yes
        if kind == "push":
            frame = state.stack[-1]
            failed = frame.roll is not None and frame.roll.successes == 0
            return yes if failed else no
        return no  # never blocks, never spends its own actions on others' rolls

    def _turn(self, state: GameState, me: Combatant, actions: list[Action]) -> Action | None:
        by_kind: dict[Kind, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        enemies = state.enemies(me)
        if not enemies:
            return None

        def weakest(options: list[Action]) -> Action:
            return min(options, key=lambda a: weakness_key(state, state.combatants[a.target]))

        if Kind.GRAPPLE_ATTACK in by_kind:
            return by_kind[Kind.GRAPPLE_ATTACK][0]
        first = aboard_first(state, me, by_kind)  # vehicle_tactics: leave a wreck, man a gun
        if first is not None:
            return first
        grenades = [
            a for a in by_kind.get(Kind.USE_ITEM, ())
            if me.items[a.option] in BLAST and _clear_blast(state, me, state.combatants[a.target])
        ]  # fmt: skip
        if grenades:
            return weakest(grenades)
        shots = by_kind.get(Kind.SHOOT)
        if shots:
            target = weakest([a for a in shots if not state.combatants[a.target].out] or shots).target
            burst = [a for a in shots if a.target == target]
            return max(burst, key=lambda a: a.option)  # full auto when the weapon has it
        melee = [a for a in by_kind.get(Kind.CLOSE_ATTACK, ()) if not state.combatants[a.target].out]
        if melee:
            return weakest(melee)
        if Kind.GET_UP in by_kind:
            return by_kind[Kind.GET_UP][0]
        engage = by_kind.get(Kind.ENGAGE, []) + [a for a in by_kind.get(Kind.CRAWL, ()) if a.target >= 0]
        draw = self._draw(state, me, enemies, by_kind.get(Kind.DRAW, []), bool(engage))
        if draw is not None:
            return draw
        if engage:
            return weakest(engage)
        reload = by_kind.get(Kind.RELOAD)
        if reload and not engaged_enemies(state, me):  # a Broken one at Engaged is no threat
            return reload[0]
        vehicle = occupant_choice(state, me, by_kind, False) or shoot_vehicle_choice(state, me, by_kind)
        if vehicle is not None:
            return vehicle
        dist = distances(state)
        reachable = [e for e in enemies if dist[me.zone][e.zone] < FAR]
        if reachable:
            target = min(reachable, key=lambda e: weakness_key(state, e))
            move = step_toward(state, me, {target.zone}, actions)
            ride = ride_choice(state, me, by_kind.get(Kind.RIDE, []), {target.zone}, move)  # MOUNT-03
            if ride is not None or move is not None:
                return ride or move
        return None

    def _draw(
        self, state: GameState, me: Combatant, enemies: list[Combatant], draws: list[Action], close: bool
    ) -> Action | None:
        """Draw a gun if it lets it shoot someone now; a blade when about to close in."""
        if not draws:
            return None
        weapons = dict(usable_weapons(state, me))
        held = held_weapon(state, me)
        if close or engaged_enemies(state, me):
            if me.held < 0 or held.ranged:
                blades = [a for a in draws if a.option in weapons and not weapons[a.option].ranged]
                if blades:
                    return max(blades, key=lambda a: weapons[a.option].damage + weapons[a.option].bonus)
            return None
        for a in draws:
            weapon = weapons.get(a.option)
            if weapon is None or not weapon.ranged or not me.weapons[a.option].loaded:
                continue
            probe = me.copy()
            probe.held = a.option
            if any(can_shoot(state, probe, e) for e in enemies):
                return a
        if me.held < 0:
            return draws[0]
        return None


def _fallback(actions: list[Action]) -> Action:
    """Nothing to attack: end the turn (or take the first choice offered)."""
    for a in actions:
        if a.kind == Kind.END_TURN:
            return a
    return actions[0]


def _clear_blast(state: GameState, me: Combatant, target: Combatant) -> bool:
    """A grenade at an enemy whose zone holds none of me's side standing (nor me)."""
    if target.side == me.side or target.out:
        return False
    return not any(c.side == me.side and c.zone == target.zone and not c.out for c in state.combatants)
