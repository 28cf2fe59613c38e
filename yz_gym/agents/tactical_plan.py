"""The tactical agent's decisions, compiled with the rules core in the fast build (setup.py).

`decide` routes a decision: its turn to the turn planner, the questions asked outside it (blocks,
pushes, bursts) to agents/tactical_reactions.py. The planner (`TurnPlan`) scores each legal
action as what it achieves now, plus the best follow-up the turn still allows, plus the worth of
the position the turn ends in (agents/tactical.py tells the behaviours that come out of it).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from yz_gym.agents import odds
from yz_gym.agents.common import (
    FAR,
    LOCKED_COST,
    best_cover,
    blast_value,
    block_sides,
    decision_memo,
    distances,
    health,
    map_view,
    may_block,
    pool_sides,
    resolve,
    shoots,
    shot_pool,
    soak_sides,
    usable_weapons,
    weight,
)
from yz_gym.agents.hazard_tactics import hazard_first, zone_hazard
from yz_gym.agents.pride import pride_choice
from yz_gym.agents.tactical_reactions import block_pays, burst_choice, no, push_gain, yes
from yz_gym.agents.vehicle_tactics import aboard_first, occupant_choice
from yz_gym.rulesets.yze.combat.attacks import (
    BAND,
    DIVING_BLOW,
    UNARMED,
    close_modifier,
    close_weapon,
    held_weapon,
    shot_skill,
    weapon_def,
)
from yz_gym.rulesets.yze.mounts.riding import MAX_RIDE, ride_paths
from yz_gym.rulesets.yze.resolution.effects import is_slow
from yz_gym.rulesets.yze.resolution.reactions import KEEPS_READY as RULES_KEEP_READY
from yz_gym.rulesets.yze.state import Combatant, GameState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.actions import vehicle_shot_modifier
from yz_gym.rulesets.yze.vehicles.operation import driving_pool
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.engine import current_actor, decision_kind
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState

OPPORTUNITY: Final = 0.6  # worth now of an attack the position sets up for next turn
DANGER: Final = 1.0  # share of the harm enemies could do that they will aim at this combatant
ENGAGED_ELSEWHERE: Final = 0.4  # an enemy busy in melee with someone else is less of a threat here
CLOSING_IN: Final = 0.3  # an enemy one zone away can close in but strike only the turn after
APPROACH: Final = 0.02  # per move, pulls a fighter with nothing in reach toward the enemy
HOLD_OUT: Final = 1.5  # more care when surviving wins (survive_rounds), less when the enemy's does
GOAL_STEP: Final = 0.15  # per move toward a zone whose reaching wins the game
WIN: Final = 50.0
NEVER: Final = -1e9
KEEPS_READY: Final = RULES_KEEP_READY | {Kind.RELOAD}  # ACTN-RELOAD-02, and readying itself
EXTENSION_KINDS: Final = frozenset(
    {Kind.ENTER_VEHICLE, Kind.EXIT_VEHICLE, Kind.START_ENGINE, Kind.GRAB_WHEEL, Kind.DRIVE, Kind.MANEUVER,
     Kind.RAM, Kind.SHOOT_VEHICLE, Kind.MAN_WEAPON, Kind.RIDE, Kind.ATTACK_MOUNT, Kind.SHOOT_MOUNT,
     Kind.ATTACK_VEHICLE, Kind.DISMOUNT, Kind.REMOUNT}
)  # fmt: skip  # vehicles and mounts: valued by `extension`
IGNORED: Final = frozenset(
    {Kind.DISARM, Kind.TRIP, Kind.SHOVE, Kind.GRAPPLE, Kind.PEEK, Kind.FLEE, Kind.LET_GO,
     Kind.DISMOUNT, Kind.REMOUNT}  # getting off a horse: not part of these tactics (yet)
)  # fmt: skip


NOBODY: Final[frozenset[int]] = frozenset()


class Pos(NamedTuple):
    """Where a turn leaves the actor: the parts of its state a plan can change."""

    zone: int
    engaged: frozenset[int]
    cover: int
    aiming: int
    prone: bool
    held: int
    loaded: bool


def decide(state: GameState, actions: list[Action]) -> Action:
    """The tactical agent's choice among `actions`, two or more (ties go to the earlier action)."""
    with decision_memo():
        kind = decision_kind(state)
        me = state.combatants[current_actor(state)]
        if kind == "card":
            return min(actions, key=lambda a: a.option)  # act first
        if kind == "overwatch":
            return yes(actions)
        if kind == "help":
            return yes(actions) if me.acted else no(actions)  # its own turn is spent anyway
        if kind == "block":
            return yes(actions) if block_pays(state, me) else no(actions)
        if kind == "push":
            return yes(actions) if push_gain(state, me) > 1e-6 else no(actions)
        if kind == "pride":  # DICE-13: agents/pride.py
            return pride_choice(state, actions)
        if kind in ("full_auto", "ammo"):
            return burst_choice(state, me, kind, actions)
        if kind == "turn":
            return TurnPlan(state, me).choose(actions)
        return no(actions)


class TurnPlan:
    """One turn decision: scores every legal action; caches what it computes for this call."""

    def __init__(self, state: GameState, me: Combatant) -> None:
        self.state = state
        self.me = me
        self.enemies = state.enemies(me)
        self.dist = distances(state)
        victory = state.setup.victory
        self.goal = victory.reach_zone.get(me.side, -1)
        self.danger_w, self.approach = DANGER, APPROACH
        if me.side in victory.survive_rounds:  # holding out wins: keep out of harm's way
            self.danger_w, self.approach = DANGER * HOLD_OUT, 0.0
        elif any(side != me.side for side in victory.survive_rounds):  # they must all go down
            self.danger_w, self.approach = DANGER / HOLD_OUT, APPROACH * 3
        self.left = health(state, me)
        self._weights: dict[int, float] = {}
        self.my_w = self.weight(me)
        self._pos: dict[Pos, float] = {}
        self._follows: dict[tuple[Pos, bool], float] = {}
        self._melee_in: dict[tuple[int, bool], float] = {}
        self._ranged_in: dict[tuple[int, int, int], float] = {}
        self._shots: dict[tuple[int, int, int, bool, int, bool], float] = {}  # zone, held, aim, ...
        self._close: dict[tuple[int, int, bool], float] = {}
        self._heal: float | None = None
        self._guns: dict[int, list[tuple[int, Weapon]]] = {}
        self._shares: dict[int, float] = {}
        self.allies = state.allies(me)
        self.broken_allies = [
            c for c in state.combatants
            if c.side == me.side and c.id != me.id and c.broken and not (c.dead or c.fled or c.surrendered)
        ]  # fmt: skip
        self.view = map_view(state)
        self.watchers = [e for e in self.enemies if e.overwatch >= 0]  # enemies on overwatch
        self.tied = {  # enemies busy in melee with someone else still fighting (a Broken one does not)
            e.id: any(other != me.id and not state.combatants[other].out for other in e.engaged)
            for e in self.enemies
        }
        self.fast_reload = [weapon_def(state, me, i).reload_fast for i in range(len(me.weapons))]
        self._nearest: dict[int, int] = {}
        self._zone_dangers: dict[tuple[int, int, bool], tuple[float, dict[int, float]]] = {}
        self._zone_opportunities: dict[tuple[int, int, bool, int, bool], float] = {}
        self.vchoice: Action | None = None  # vehicle_tactics' pick for an occupant, scored a little up
        held_ok = me.held >= 0 and me.weapons[me.held].bonus >= 0
        self.here = Pos(
            me.zone, frozenset(e for e in me.engaged if not state.combatants[e].out), me.cover,
            me.aiming, me.prone, me.held, held_ok and me.weapons[me.held].loaded,
        )  # fmt: skip

    # -- numbers about combatants --

    def weight(self, c: Combatant) -> float:
        w = self._weights.get(c.id)
        if w is None:
            w = self._weights[c.id] = weight(self.state, c)
        return w

    def melee_in(self, e: Combatant, prone: bool) -> float:
        """Harm to me of e's close attack (I block if I can)."""
        key = (e.id, prone)
        v = self._melee_in.get(key)
        if v is None:
            state, me = self.state, self.me
            index, weapon = close_weapon(state, e)
            gear = max(0, e.weapons[index].bonus) if index >= 0 else 0
            modifier = close_modifier(state, e, me, False, b_prone=prone)  # RMOD-02 with me as `prone`
            pool = pool_sides(state, e, "Melee", gear, modifier)
            oppose = (block_sides(state, me, e, weapon) or ()) if may_block(state, me) else ()
            soak = soak_sides(state, me, False)
            v = self.my_w * odds.harm(pool, oppose, weapon.damage, soak, self.left)
            self._melee_in[key] = v
        return v

    def ranged_in(self, e: Combatant, zone: int, cover: int) -> float:
        """Harm to me in `zone` (behind `cover`) of e's best shot this coming turn."""
        key = (e.id, zone, cover)
        v = self._ranged_in.get(key)
        if v is None:
            v = 0.0
            state, me = self.state, self.me
            guns = self._guns.get(e.id)
            if guns is None:
                guns = self._guns[e.id] = [(i, w) for i, w in usable_weapons(state, e) if shoots(w)]
            soak: tuple[int, ...] | None = None
            for index, weapon in guns:
                aim = 1 if index == e.held else 0  # it may aim, or must draw first
                pool = shot_pool(state, e, index, e.zone, me, max(aim, e.aiming), zone)
                if pool is not None:
                    if soak is None:
                        soak = soak_sides(state, me, True, zone, cover)
                    harm = odds.harm(pool, (), weapon.damage, soak, self.left)
                    if harm > v:
                        v = harm
            v *= self.my_w
            self._ranged_in[key] = v
        return v

    def my_shot(self, zone: int, held: int, loaded: bool, e: Combatant, aiming: int, engaged: bool) -> float:
        """Worth of my shot at e from `zone` with weapon `held`."""
        key = (zone, held, aiming, loaded, e.id, engaged)
        v = self._shots.get(key)
        if v is None:
            v = 0.0
            if held >= 0:
                pool = shot_pool(self.state, self.me, held, zone, e, aiming, engaged=engaged, loaded=loaded)
                if pool is not None:
                    damage = weapon_def(self.state, self.me, held).damage
                    soak = soak_sides(self.state, e, True)
                    v = self.weight(e) * odds.harm(pool, (), damage, soak, health(self.state, e))
            self._shots[key] = v
        return v

    def my_close(self, held: int, e: Combatant, prone: bool, extra: int = 0) -> float:
        """Worth of my close attack on e with weapon `held` (e blocks if it can)."""
        key = (held, e.id, prone)
        v = self._close.get(key) if not extra else None
        if v is None:
            state, me = self.state, self.me
            weapon = weapon_def(state, me, held)
            index = held
            if held < 0 or weapon.ranged or me.weapons[held].bonus < 0:
                index, weapon = -1, UNARMED
            gear = max(0, me.weapons[index].bonus) if index >= 0 else 0
            modifier = close_modifier(state, me, e, False, a_prone=prone).plus(extra)  # RMOD-01 as `prone`
            pool = pool_sides(state, me, "Melee", gear, modifier)
            oppose = (block_sides(state, e, me, weapon) or ()) if may_block(state, e) else ()
            soak = soak_sides(state, e, False)
            v = self.weight(e) * odds.harm(pool, oppose, weapon.damage, soak, health(state, e))
            if not extra:
                self._close[key] = v
        return v

    def heal_value(self, zone: int) -> float:
        """Worth of first aid to the best Broken ally in `zone` (0 if none)."""
        best = 0.0
        for ally in self.broken_allies:
            if ally.zone == zone:
                if self._heal is None:
                    gear = 2 if "medkit" in self.me.items else 0
                    self._heal = odds.p_success(pool_sides(self.state, self.me, "Healing", gear))
                best = max(best, 0.8 * self._heal * self.weight(ally))
        return best

    # -- positions --

    def _zone_danger(self, zone: int, cover: int, prone: bool) -> tuple[float, dict[int, float]]:
        """Harm each enemy not engaged with me can do to me in `zone`, and its total."""
        key = (zone, cover, prone)
        found = self._zone_dangers.get(key)
        if found is None:
            per: dict[int, float] = {}
            total = 0.0
            cramped = self.state.zone_map.zones[zone].cramped
            tied, dist, melee_in, shares = self.tied, self.dist, self._melee_in, self._shares
            for e in self.enemies:  # (the caches are read here: a method call costs more than a lookup)
                v = self.ranged_in(e, zone, cover)
                if (e.zone == zone and not cramped) or dist[e.zone][zone] == 1:
                    melee = melee_in.get((e.id, prone))
                    if melee is None:
                        melee = self.melee_in(e, prone)
                    if e.zone != zone:
                        melee = CLOSING_IN * melee
                    if melee > v:
                        v = melee
                if tied[e.id]:
                    v *= ENGAGED_ELSEWHERE  # tied up by someone still fighting (a Broken one does not)
                share = shares.get(e.id)
                v *= self.share(e) if share is None else share
                per[e.id] = v
                total += v
            found = self._zone_dangers[key] = (total, per)
        return found

    def danger(self, pos: Pos) -> float:
        """Harm the enemies can do to me at `pos` before my next turn."""
        found = self._zone_dangers.get((pos.zone, pos.cover, pos.prone))
        total, per = self._zone_danger(pos.zone, pos.cover, pos.prone) if found is None else found
        for other in pos.engaged:
            e = self.state.combatants[other]
            total += self.melee_in(e, pos.prone) * self.share(e) - per.get(other, 0.0)
        return self.danger_w * total

    def share(self, e: Combatant) -> float:
        """My share of e's attacks: e has the other fighters of my side it can reach to choose from."""
        v = self._shares.get(e.id)
        if v is None:
            view = self.view
            guns = self._guns.get(e.id)
            if guns is None:
                guns = self._guns[e.id] = [(i, w) for i, w in usable_weapons(self.state, e) if shoots(w)]
            reach = max((BAND[w.range] for _, w in guns), default=-1)
            count = 1
            for ally in self.allies:
                if self.dist[e.zone][ally.zone] <= 1 or (
                    reach >= 0 and view.fire[e.zone][ally.zone] and view.band[e.zone][ally.zone] <= reach
                ):
                    count += 1
            v = self._shares[e.id] = 1.0 / count
        return v

    def _zone_opportunity(self, zone: int, held: int, loaded: bool, aim: int, prone: bool) -> float:
        key = (zone, held, loaded, aim, prone)
        best = self._zone_opportunities.get(key)
        if best is None:
            best = self.heal_value(zone) if self.broken_allies else 0.0
            row, shots, closes = self.dist[zone], self._shots, self._close
            for e in self.enemies:  # (the caches are read here: a method call costs more than a lookup)
                if e.hidden:
                    continue
                v = 0.0
                if loaded:
                    shot = shots.get((zone, held, aim, loaded, e.id, False))
                    v = self.my_shot(zone, held, loaded, e, aim, False) if shot is None else shot
                if e.zone == zone or row[e.zone] == 1:
                    close = closes.get((held, e.id, prone))
                    if close is None:
                        close = self.my_close(held, e, prone)
                    if e.zone != zone:
                        close = CLOSING_IN * close
                    if close > v:
                        v = close
                if v > best:
                    best = v
            self._zone_opportunities[key] = best
        return best

    def opportunity(self, pos: Pos) -> float:
        """Worth of the best attack (or first aid) `pos` sets up for my next turn."""
        if not pos.loaded and pos.held >= 0 and self.fast_reload[pos.held]:
            key = (pos.zone, pos.held, True, 0, pos.prone)  # ready, then shoot
        else:
            key = (pos.zone, pos.held, pos.loaded, 2 if pos.aiming else 1, pos.prone)
        found = self._zone_opportunities.get(key)
        return self._zone_opportunity(*key) if found is None else found

    def value(self, pos: Pos) -> float:
        """Worth of ending the turn at `pos`."""
        v = self._pos.get(pos)
        if v is None:
            v = OPPORTUNITY * self.opportunity(pos) - self.danger(pos)
            if self.goal >= 0:
                if pos.zone == self.goal:
                    v += WIN
                v -= GOAL_STEP * min(self.dist[pos.zone][self.goal], 20)
            if self.enemies and self.approach:
                near = self._nearest.get(pos.zone)
                if near is None:
                    near = self.nearest(pos.zone)
                v -= self.approach * (near if near < 20 else 20)
            self._pos[pos] = v
        return v

    def nearest(self, zone: int) -> int:
        """Moves from `zone` to the nearest enemy."""
        near = self._nearest.get(zone)
        if near is None:
            row = self.dist[zone]
            near = self._nearest[zone] = min(row[e.zone] for e in self.enemies)
        return near

    def moved(self, pos: Pos, zone: int, prone: bool | None = None) -> Pos:
        held = pos.held  # (unready, inline)
        loaded = pos.loaded and not (held >= 0 and self.fast_reload[held])
        return Pos(zone, NOBODY, -1, 0, pos.prone if prone is None else prone, held, loaded)

    def unready(self, pos: Pos) -> Pos:
        """ACTN-RELOAD-02: a bow or sling must be readied again after doing anything else."""
        if pos.loaded and pos.held >= 0 and self.fast_reload[pos.held]:
            return pos._replace(loaded=False)
        return pos

    def best_attack(self, pos: Pos) -> tuple[float, float]:
        """Worth of the best shot, and of the best close attack or first aid, from `pos` now."""
        shot, close = 0.0, self.heal_value(pos.zone) if not pos.engaged else 0.0
        for e in self.enemies:
            if e.hidden:
                continue
            if pos.loaded:
                shot = max(shot, self.my_shot(pos.zone, pos.held, True, e, pos.aiming, e.id in pos.engaged))
            if e.id in pos.engaged:
                close = max(close, self.my_close(pos.held, e, pos.prone))
        return shot, close

    def follow(self, pos: Pos, slow: bool) -> float:
        """Worth of the best last action of the turn from `pos` (its end position included)."""
        key = (pos, slow)
        best = self._follows.get(key)
        if best is None:
            best = self._follows[key] = self._follow(pos, slow)
        return best

    def _follow(self, pos: Pos, slow: bool) -> float:
        best = self.value(pos)
        state = self.state
        if slow:
            shot, close = self.best_attack(pos)
            if shot > 0.0:
                weapon = weapon_def(state, self.me, pos.held)
                spent = weapon.single_shot or weapon.thrown
                best = max(best, shot + self.value(pos._replace(aiming=0, loaded=pos.loaded and not spent)))
            if close > 0.0:
                best = max(best, close + self.value(pos._replace(aiming=0)))
            if pos.held >= 0 and not pos.loaded and weapon_def(state, self.me, pos.held).ranged:
                best = max(best, self.value(pos._replace(loaded=True)))
        if pos.cover < 0:
            piece, rating = best_cover(state, pos.zone)
            if rating > 0:
                best = max(best, self.value(self.unready(pos._replace(cover=piece, aiming=0))))
        if pos.prone:
            best = max(best, self.value(self.unready(pos._replace(prone=False))))
            if slow and not pos.engaged:  # ACTN-CRAWL-01: crawling is a slow move
                for dest in state.zone_map.neighbours[pos.zone]:
                    if self._crawl_way(pos.zone, dest):
                        best = max(best, self.value(self.moved(pos, dest, prone=True)))
            return best
        if pos.engaged:
            best = max(best, self.value(self.moved(pos, pos.zone)) - self.retreat_risk())
            return best
        zone_map = state.zone_map
        if pos.aiming == 0 and pos.cover < 0 and not zone_map.zones[pos.zone].cramped:
            # (moving after aiming or taking cover would throw them away)
            for dest in zone_map.neighbours[pos.zone]:
                if self._open_way(pos.zone, dest):
                    best = max(best, self.value(self.moved(pos, dest)))
        return best

    def _open_way(self, zone: int, dest: int) -> bool:
        zone_map = self.state.zone_map
        border = zone_map.border_between(zone, dest)
        b = zone_map.borders[border]
        if b.kind == BorderKind.WALL or zone_map.zones[dest].cramped:
            return False
        return not b.has_door or self.state.doors[border] != DoorState.LOCKED

    def _crawl_way(self, zone: int, dest: int) -> bool:
        border = self.state.zone_map.border_between(zone, dest)
        b = self.state.zone_map.borders[border]
        return b.kind != BorderKind.WALL and (not b.has_door or self.state.doors[border] != DoorState.LOCKED)

    def retreat_risk(self) -> float:
        """Expected harm of the free attacks a failed retreat lets in (ACTN-RETREAT-02)."""
        state, me = self.state, self.me
        p_fail = 1.0 - odds.p_success(pool_sides(state, me, "Mobility"))
        total = 0.0
        for e in self.enemies:
            if e.id in me.engaged:
                index, weapon = close_weapon(state, e)
                gear = max(0, e.weapons[index].bonus) if index >= 0 else 0
                pool = pool_sides(state, e, "Melee", gear, close_modifier(state, e, me, False))
                total += odds.harm(pool, (), weapon.damage, soak_sides(state, me, False), self.left)
        return p_fail * self.my_w * total

    def overwatch_risk(self, dest: int = -1) -> float:
        """Harm of the overwatch shots my action would draw (ACTN-OVERWATCH-01)."""
        total = 0.0
        me = self.me
        for e in self.watchers:
            if e.overwatch == me.zone or e.overwatch == dest:
                total += self.ranged_in(e, me.zone, me.cover)
        return total

    def overwatch_value(self, zone: int) -> float:
        """Worth of watching `zone`: a shot at whoever acts there before my next turn."""
        here, best = self.here, 0.0
        if not here.loaded:
            return 0.0
        for e in self.enemies:
            if e.zone == zone:
                v = self.my_shot(here.zone, here.held, here.loaded, e, 0, e.id in here.engaged)
            elif self.dist[e.zone][zone] == 1 and self.dist[zone][here.zone] < self.dist[e.zone][here.zone]:
                pool = shot_pool(self.state, self.me, here.held, here.zone, e, 0, zone)
                if pool is None:
                    continue
                damage = weapon_def(self.state, self.me, here.held).damage
                soak = soak_sides(self.state, e, True, zone, -1)
                v = 0.5 * self.weight(e) * odds.harm(pool, (), damage, soak, health(self.state, e))
            else:
                continue
            best = max(best, v)
        return 0.8 * best

    # -- scoring actions --

    def choose(self, actions: list[Action]) -> Action:
        me = self.me
        self.vchoice = None
        if self.state.vehicles:  # vehicle_tactics: leave a wreck, man a gun, ram, drive or get out
            by_kind: dict[Kind, list[Action]] = {}
            for a in actions:
                by_kind.setdefault(a.kind, []).append(a)
            first = aboard_first(self.state, me, by_kind)
            if first is not None:
                return first
            if me.vehicle >= 0:
                self.vchoice = occupant_choice(self.state, me, by_kind, Kind.SHOOT in by_kind)
        if self.state.setup.hazards is not None:  # hazard_tactics: a drowning or poisoned ally first
            first_aid = hazard_first(self.state, me, actions)
            if first_aid is not None:
                return first_aid
        if me.overwatch >= 0 and me.actions_used:
            end = next((a for a in actions if a.kind == Kind.END_TURN), None)
            if end is not None:
                return end  # anything else would end the overwatch just set
        best, best_score = actions[0], NEVER
        swaps = []
        for a in actions:
            if a.kind == Kind.SWAP_INITIATIVE:
                swaps.append(a)
                continue
            score = self.score(a)
            if score > best_score + 1e-9:
                best, best_score = a, score
        if swaps and not is_slow(self.state, me, best) and best.kind not in (Kind.AIM, Kind.ENGAGE):
            swap = self.swap(swaps)
            if swap is not None:
                return swap
        return best

    def score(self, a: Action) -> float:
        kind = a.kind
        if kind in IGNORED:
            return NEVER
        me, here, state = self.me, self.here, self.state
        left = 2 - me.actions_used
        if kind == Kind.END_TURN:
            return self.value(here)
        if kind == Kind.DROP_PRONE:  # free (ACT-FREE-01): worth it to crawl into a cramped zone
            zones = state.zone_map.zones
            if not any(zones[z].cramped for z in (me.zone, *state.zone_map.neighbours[me.zone])):
                return NEVER
            return self.follow(here._replace(prone=True), me.can_take(True)) - 0.02
        slow = is_slow(state, me, a)
        risk = (
            self.overwatch_risk(a.zone if kind in (Kind.RUN, Kind.DOOR, Kind.CRAWL, Kind.RETREAT) else -1)
            if self.watchers
            else 0.0
        )
        imm, pos = 0.0, here
        if state.setup.hazards is not None and kind in (Kind.RUN, Kind.DOOR, Kind.CRAWL, Kind.RETREAT):
            risk += zone_hazard(state, me, a.zone)  # hazard_tactics: deep water in metal armor, gas
        if (
            a.zone == self.goal
            and a.zone != me.zone
            and kind in (Kind.RUN, Kind.DOOR, Kind.CRAWL, Kind.RETREAT)
        ):
            return 2 * WIN  # reaching the goal zone wins at once
        if kind in (Kind.RUN, Kind.DOOR):
            pos = self.moved(here, a.zone)
            zone = state.zone_map.zones[a.zone]
            if zone.cluttered or zone.dark:
                imm -= 0.03  # a Mobility roll; failing it trips or hurts (ACTN-RUN-03)
        elif kind == Kind.CRAWL and a.target >= 0:  # crawling up to Engaged (ACTN-CRAWL-01)
            pos = here._replace(engaged=here.engaged | {a.target}, cover=-1)
        elif kind == Kind.CRAWL:
            pos = self.moved(here, a.zone, prone=True)
        elif kind == Kind.USE_ITEM:
            item = me.items[a.option] if 0 <= a.option < len(me.items) else ""
            v = blast_value(state, me, item, state.combatants[a.target]) if a.target >= 0 else None
            if v is None:
                return -0.5  # smoke and other items: not used by these tactics
            imm = v
            pos = here._replace(aiming=0)
        elif kind == Kind.ENGAGE:
            pos = here._replace(engaged=here.engaged | {a.target}, cover=-1)
        elif kind == Kind.RETREAT:
            pos = self.moved(here, a.zone)
            imm -= self.retreat_risk()
        elif kind == Kind.GET_UP:
            pos = here._replace(prone=False)
        elif kind == Kind.DRAW:
            pos = here._replace(held=a.option, loaded=me.weapons[a.option].loaded, aiming=0)
        elif kind == Kind.AIM:
            pos = here._replace(aiming=3 if a.option == 1 else 2)
        elif kind == Kind.TAKE_COVER:
            pos = here._replace(cover=a.option, aiming=0)
        elif kind == Kind.RELOAD:
            pos = here._replace(loaded=True, aiming=0)
        elif kind == Kind.OVERWATCH:
            return self.overwatch_value(a.zone) + self.value(here._replace(aiming=0)) - risk
        elif kind in (Kind.SHOOT, Kind.OVERWATCH_FIRE):
            target = state.combatants[a.target]
            imm = self.my_shot(
                here.zone, here.held, here.loaded, target, here.aiming, target.id in here.engaged
            )
            if target.out:
                imm *= 0.1
            weapon = held_weapon(state, me)
            if a.option >= 1 and state.options.full_auto == "ammo_dice":
                imm *= 1.0 + 0.12 * a.option  # AUTO-03..05: ammo dice, extra hits
                imm -= 0.02 * a.option  # AUTO-06: rounds from the magazine
            elif a.option >= 1:
                p = odds.p_success(shot_pool(state, me, me.held, me.zone, target, here.aiming) or ())
                imm *= 1.0 + 0.6 * p  # AUTO-01: a hit fires again
                imm -= 0.03  # AUTO-02: the ammunition may run low
            pos = here._replace(aiming=0, loaded=here.loaded and not weapon.single_shot and not weapon.thrown)
        elif kind == Kind.CLOSE_ATTACK or kind == Kind.GRAPPLE_ATTACK:
            target = state.combatants[a.target]
            imm = self.my_close(here.held if kind == Kind.CLOSE_ATTACK else -1, target, here.prone)
            if target.out:
                imm *= 0.1
            pos = here._replace(aiming=0)
        elif kind == Kind.DIVING_BLOW:
            target = state.combatants[a.target]
            imm = self.my_close(-1, target, here.prone, extra=DIVING_BLOW)  # RMOD-04
            pos = here._replace(engaged=here.engaged | {a.target}, prone=True, cover=-1, aiming=0)
            return imm + self.value(pos) - risk
        elif kind == Kind.FIRST_AID:
            target = state.combatants[a.target]
            if target.side != me.side:
                return NEVER
            imm = self.heal_value(me.zone) if a.option == 0 else 0.1 * self.weight(target)
            if here.engaged:
                imm *= 0.3  # not safe: an enemy is at my throat
            pos = here._replace(aiming=0)
        elif kind == Kind.PERSUADE:
            target = state.combatants[a.target]
            mine = pool_sides(state, me, "Persuasion")
            theirs = pool_sides(state, target, "Insight")
            imm = self.weight(target) * odds.harm(mine, theirs, 1, (), resolve(state, target))
            pos = here._replace(aiming=0)
        elif kind == Kind.FORCE_DOOR:
            border = state.zone_map.border_between(me.zone, a.zone)
            if border < 0 or state.doors[border] != DoorState.LOCKED:
                return -0.5  # a closed door is simply opened (ACTN-DOOR-01)
            goals = self.goal_zones()
            through = any(self.dist[me.zone][g] == LOCKED_COST + self.dist[a.zone][g] < FAR for g in goals)
            imm = 0.05 if through and not self.enemies_in_reach() else -0.5
            pos = here._replace(aiming=0)
        elif kind == Kind.EXTINGUISH:
            imm = 0.5 * self.weight(state.combatants[a.target])
        elif kind == Kind.BREAK_FREE:
            imm = 0.3
        elif kind in EXTENSION_KINDS:
            found = self.extension(a)
            if found is None:
                return -0.5
            imm, pos = found
        else:
            return -0.5  # an action these tactics do not know: only if nothing else
        if kind not in KEEPS_READY:
            pos = self.unready(pos)
        if left >= 2:  # (a diving blow, which takes the whole turn, returned above)
            return imm + self.follow(pos, not slow and me.can_take(True)) - risk
        return imm + self.value(pos) - risk

    def extension(self, a: Action) -> tuple[float, Pos] | None:
        """Vehicles and mounts: (worth now, position after) of `a`, or None to leave it be."""
        state, me, here, kind = self.state, self.me, self.here, a.kind
        if a == self.vchoice:
            return 0.03, here
        if kind == Kind.RAM and a.target >= 0:  # VEH-RAM-01/02: a close attack with the driving roll
            target = state.combatants[a.target]
            v = state.vehicles[me.vehicle]
            pool = driving_pool(state, me, v, close_modifier(state, me, target, False)).sides
            imm = self.weight(target) * odds.harm(
                pool, (), v.ram_damage, soak_sides(state, target, False), health(state, target)
            )
            return imm, here._replace(aiming=0)
        if kind == Kind.SHOOT_VEHICLE:  # worth a little: a wreck puts its crew on foot
            v = state.vehicles[a.option]
            carried = me.weapons[me.held]
            weapon = held_weapon(state, me)
            pool = pool_sides(
                state, me, shot_skill(weapon), max(0, carried.bonus), vehicle_shot_modifier(state, me, v)
            )
            through = max(0.0, weapon.damage + 0.5 - v.armor / 6)
            imm = 0.3 * odds.p_success(pool) * min(1.0, through / max(1, v.hull - v.damage))
            return imm, here._replace(aiming=0)
        if kind == Kind.RIDE:  # MOUNT-03: likely two zones or more along the way
            path = ride_paths(state, me, MAX_RIDE).get(a.zone, [])
            if len(path) < 2:
                return None
            return -0.01, self.moved(here, path[1])
        if kind in (Kind.ATTACK_MOUNT, Kind.SHOOT_MOUNT):  # MOUNT-08/11: a horse down slows a rider
            target = state.combatants[a.target]
            if kind == Kind.ATTACK_MOUNT:
                imm = self.my_close(here.held, target, here.prone)
            else:
                imm = self.my_shot(
                    here.zone, here.held, here.loaded, target, here.aiming, target.id in here.engaged
                )
            return 0.3 * imm, here._replace(aiming=0)
        return None

    def goal_zones(self) -> set[int]:
        if self.goal >= 0:
            return {self.goal}
        return {e.zone for e in self.enemies}

    def enemies_in_reach(self) -> bool:
        here = self.here
        return any(
            self.my_shot(here.zone, here.held, here.loaded, e, 0, e.id in here.engaged) > 0
            for e in self.enemies
            if not e.hidden
        )

    def swap(self, swaps: list[Action]) -> Action | None:
        """INIT-SWAP: let a later ally who can strike now go first when I cannot strike."""
        if max(self.best_attack(self.here)) > 0.0 or self.enemies_in_zone():
            return None
        state, best, best_v = self.state, None, 0.05
        for a in swaps:
            ally = state.combatants[a.target]
            if ally.side != self.me.side or ally.out:
                continue
            v = 0.0
            for e in self.enemies:
                if e.hidden:
                    continue
                if ally.held >= 0:
                    pool = shot_pool(state, ally, ally.held, ally.zone, e, 0, engaged=e.id in ally.engaged)
                    if pool is not None:
                        damage = weapon_def(state, ally, ally.held).damage
                        v = max(
                            v,
                            self.weight(e)
                            * odds.harm(pool, (), damage, soak_sides(state, e, True), health(state, e)),
                        )
                if e.id in ally.engaged:
                    index, weapon = close_weapon(state, ally)
                    gear = max(0, ally.weapons[index].bonus) if index >= 0 else 0
                    pool = pool_sides(state, ally, "Melee", gear, close_modifier(state, ally, e, False))
                    v = max(
                        v,
                        self.weight(e)
                        * odds.harm(pool, (), weapon.damage, soak_sides(state, e, False), health(state, e)),
                    )
            if v > best_v:
                best, best_v = a, v
        return best

    def enemies_in_zone(self) -> bool:
        return any(e.zone == self.me.zone for e in self.enemies)
