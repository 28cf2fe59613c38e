"""What scripted agents share: reading a combatant's health and threat, attack pools, paths.

Only the rules API and its helpers are used (state fields, combat/attacks.py, rolls.py, zone/zones.py);
agents never change the state they are shown.
"""

from __future__ import annotations

from typing import Final, NamedTuple, cast

from yz_gym.agents import odds
from yz_gym.rulesets.yze.combat.attacks import (
    UNARMED,
    artifact_die,
    block_gear,
    can_block,
    can_shoot,
    close_modifier,
    close_weapon,
    free_hands,
    hands_ok,
    ranged_modifier,
    shot_skill,
    weapon_def,
)
from yz_gym.rulesets.yze.dice import rating_pool
from yz_gym.rulesets.yze.modifiers import Modifiers
from yz_gym.rulesets.yze.rolls import skill_pool
from yz_gym.rulesets.yze.state import SKILL_ATTRIBUTE, STR, WIT, Combatant, GameState
from yz_gym.rulesets.yze.tables import Weapon
from yz_gym.rulesets.yze.vehicles.operation import occupant_cover
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.zones import BorderKind, DoorState, Range, ZoneMap

MOVE_COST: Final = {Kind.RUN: 1, Kind.DOOR: 1, Kind.CRAWL: 2, Kind.FORCE_DOOR: 3}
LOCKED_COST: Final = 4  # a locked door takes a few Force rolls (ACTN-DOOR-02)
CRAWL_COST: Final = 2  # crawling is slow (ACTN-CRAWL-01)
FAR: Final = 10**6
D6: Final = tuple((6,) * n for n in range(31))  # pools of n D6, shared


# --- a memo for one decision ----------------------------------------------------------------

_MEMO: dict[tuple[object, ...], object] | None = None
_VIEW: tuple[GameState, MapView] | None = None  # the map view of the state being decided on


class decision_memo:
    """Within `with decision_memo():` dice pools are computed once per combatant and modifier.

    The state must not change inside the block (agents only read it while choosing)."""

    def __enter__(self) -> None:
        global _MEMO, _VIEW
        _MEMO = {}
        _VIEW = None

    def __exit__(self, *exc: object) -> None:
        global _MEMO, _VIEW
        _MEMO = None
        _VIEW = None


def pool_sides(
    state: GameState, c: Combatant, skill: str, gear: int = 0, modifier: int | Modifiers = 0, artifact: int = 0
) -> tuple[int, ...]:
    """The sides of the dice `c` rolls for `skill` (rolls.skill_pool), memoised per decision."""
    memo = _MEMO
    if memo is None:
        return skill_pool(state, c, skill, gear, modifier, artifact).sides
    key = (c.id, skill, gear, modifier, artifact)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _kept_pool(state, c, skill, gear, modifier, artifact)
    return cast("tuple[int, ...]", found)


def _kept_pool(
    state: GameState, c: Combatant, skill: str, gear: int, modifier: int | Modifiers, artifact: int
) -> tuple[int, ...]:
    """rolls.skill_pool's sides, kept from decision to decision for the numbers it reads (the
    attribute, skill level and stress) while nothing else on `c` modifies rolls: no injury,
    condition or panic effect, and not Observation (which the zone modifies)."""
    if c.injuries or c.conditions or c.panic or skill == "Observation":
        return skill_pool(state, c, skill, gear, modifier, artifact).sides
    kept = kept_table(state.options)
    key = (
        "pool", skill, c.attrs[SKILL_ATTRIBUTE[skill]], c.skills.get(skill, 0), c.stress, gear,
        modifier, artifact,
    )  # fmt: skip
    found = kept.get(key)
    if found is None:
        found = kept[key] = skill_pool(state, c, skill, gear, modifier, artifact).sides
    return cast("tuple[int, ...]", found)


_KEPT: dict[int, tuple[object, dict[tuple[object, ...], object]]] = {}


def kept_table(owner: object) -> dict[tuple[object, ...], object]:
    """A cache of numbers that depend on `owner` (a game's options, its weapon table) and on what
    the key holds, kept across decisions and games as long as `owner` is in use."""
    entry = _KEPT.get(id(owner))
    if entry is None or entry[0] is not owner:
        if len(_KEPT) > 64:
            _KEPT.clear()
        entry = _KEPT[id(owner)] = (owner, {})
    return entry[1]


# --- combatants ------------------------------------------------------------------------------


def health(state: GameState, c: Combatant) -> int:
    """Points left before damage breaks `c` (Strength, or Health: DMGM-01)."""
    return c.attrs[STR] if state.options.damage_model == "attribute" else c.health


def max_health(state: GameState, c: Combatant) -> int:
    """The full damage track of `c`."""
    return c.max_attrs[STR] if state.options.damage_model == "attribute" else c.max_health


def resolve(state: GameState, c: Combatant) -> int:
    """Points left before stress breaks `c` (Wits, or Resolve)."""
    return c.attrs[WIT] if state.options.damage_model == "attribute" else c.resolve


def weakness_key(state: GameState, c: Combatant) -> tuple[float, int, int]:
    """Sort key, weakest first: least health left, as a share then in points."""
    left = health(state, c)
    return left / max(1, max_health(state, c)), left, c.id


def usable_weapons(state: GameState, c: Combatant) -> list[tuple[int, Weapon]]:
    """Carried weapons that still work in `c`'s hands (index, profile)."""
    result = []
    for i, carried in enumerate(c.weapons):
        if carried.bonus < 0:
            continue
        weapon = weapon_def(state, c, i)
        if hands_ok(c, weapon):
            result.append((i, weapon))
    return result


def threat(state: GameState, c: Combatant) -> float:
    """Mean damage of c's best attack against an unarmored target (0 if it cannot attack).

    A quick measure: attribute + skill + gear dice, without situational modifiers; kept for the
    numbers it reads (attributes, skills, weapons, hands free, riding)."""
    kept = kept_table(state.setup.weapons)
    key = (
        "threat", tuple(c.attrs), tuple(c.skills.items()),
        tuple((w.name, w.bonus, w.loaded, w.reloads) for w in c.weapons),
        free_hands(c) if c.injuries else 2, c.mount is not None and c.mount.ridden,
    )  # fmt: skip
    found = kept.get(key)
    if found is None:
        found = kept[key] = _threat(state, c)
    return cast("float", found)


def _threat(state: GameState, c: Combatant) -> float:
    best = 0.0
    attrs, skills = c.attrs, c.skills
    for i, weapon in [*usable_weapons(state, c), (-1, UNARMED)]:
        gear = 0 if i < 0 else max(0, c.weapons[i].bonus)
        if weapon.ranged and not (c.weapons[i].loaded or c.weapons[i].reloads != 0):
            continue
        skill = shot_skill(weapon) if weapon.ranged else "Melee"
        dice = max(0, attrs[SKILL_ATTRIBUTE[skill]] + skills.get(skill, 0) + gear)
        best = max(best, odds.expected_damage(D6[min(dice, 30)], weapon.damage))
    return best


def weight(state: GameState, c: Combatant) -> float:
    """How much `c` matters to its side: 1 for a typical fighter, more for a dangerous one."""
    return 0.6 + 0.4 * min(3.0, threat(state, c))


def soak_sides(
    state: GameState, target: Combatant, ranged: bool, zone: int = -1, cover: int | None = None
) -> tuple[int, ...]:
    """The dice armor (and, for ranged attacks, cover) roll against a hit (ARMOR-02, COVER-01).

    `zone` and `cover` place the target hypothetically (default: where it is now).
    """
    mode = state.options.dice_mode
    sides: tuple[int, ...] = ()
    if target.armor_rating > 0:
        sides = rating_pool(target.armor_rating, mode).sides
    if ranged and target.vehicle >= 0 and zone < 0:  # COVER-08: an exposed occupant's cover
        rating = occupant_cover(state.vehicles[target.vehicle])
        if rating > 0:
            sides = sides + rating_pool(rating, mode).sides
    piece = target.cover if cover is None else cover
    if ranged and piece >= 0:
        rating = state.cover_ratings[target.zone if zone < 0 else zone][piece]
        if rating > 0:
            sides = sides + rating_pool(rating, mode).sides
    return sides


def best_cover(state: GameState, zone: int) -> tuple[int, int]:
    """The sturdiest cover piece in a zone: (index, rating), (-1, 0) if none."""
    best, rating = -1, 0
    for i, r in enumerate(state.cover_ratings[zone]):
        if r > rating:
            best, rating = i, r
    return best, rating


def block_sides(
    state: GameState, blocker: Combatant, attacker: Combatant, attack_weapon: Weapon
) -> tuple[int, ...] | None:
    """The Melee pool `blocker` would block with, or None if it cannot block this attack."""
    if not can_block(state, blocker, attacker, attack_weapon):
        return None  # ACTN-BLOCK-02
    return pool_sides(state, blocker, "Melee", block_gear(state, blocker))


def may_block(state: GameState, c: Combatant) -> bool:
    """Whether `c` still has a fast action to block with this round."""
    return not c.out and c.can_take(False) and c.grappled_by < 0


def close_attack_value(
    state: GameState, a: Combatant, b: Combatant, *, blockable: bool = True, extra: int = 0
) -> float:
    """Worth (to a's side, in combatants) of a's close attack on b, b blocking if it can."""
    index, weapon = close_weapon(state, a)
    gear = max(0, a.weapons[index].bonus) if index >= 0 else 0
    artifact = artifact_die(state, a) if index >= 0 else 0  # DICE-11
    pool = pool_sides(state, a, "Melee", gear, close_modifier(state, a, b, False).plus(extra), artifact)
    oppose: tuple[int, ...] = ()
    if blockable and may_block(state, b):
        oppose = block_sides(state, b, a, weapon) or ()
    return weight(state, b) * odds.harm(
        pool, oppose, weapon.damage, soak_sides(state, b, False), health(state, b)
    )


def shoots(weapon: Weapon) -> bool:
    """ATK-03: a ranged weapon, or a close-combat weapon that can be thrown."""
    return weapon.ranged or weapon.thrown


def shot_pool(
    state: GameState,
    a: Combatant,
    weapon_index: int,
    from_zone: int,
    b: Combatant,
    aiming: int,
    to_zone: int = -1,
    engaged: bool = False,
    loaded: bool | None = None,
) -> tuple[int, ...] | None:
    """Dice of a's shot at b (a in `from_zone`, b in `to_zone`), or None if it cannot shoot.

    The rules' can_shoot and ranged_modifier answer for the hypothetical position too, so moves
    are weighed before they are made (ACTN-SHOOT-01, ATK-08, RMOD-05..16, DARK-03..05).
    """
    if to_zone < 0:
        to_zone = b.zone
    memo = _MEMO
    if memo is None:
        base = _shot_base(state, a, weapon_index, from_zone, b, to_zone, engaged, loaded)
        return _shot_sides(state, a, weapon_index, aiming, base)
    key = ("shot", a.id, weapon_index, from_zone, b.id, to_zone, engaged, loaded, aiming)
    if key in memo:  # the pool for this aim, computed once per decision
        return cast("tuple[int, ...] | None", memo[key])
    base_key = key[:-1]  # what the aim does not change, shared by every aim
    if base_key in memo:
        base = cast("tuple[str, int, Modifiers] | None", memo[base_key])
    else:
        base = memo[base_key] = _shot_base(state, a, weapon_index, from_zone, b, to_zone, engaged, loaded)
    pool = memo[key] = _shot_sides(state, a, weapon_index, aiming, base)
    return pool


def _shot_sides(
    state: GameState, a: Combatant, weapon_index: int, aiming: int, base: tuple[str, int, Modifiers] | None
) -> tuple[int, ...] | None:
    """The dice of a shot from its `_shot_base` and the aim taken (None if it cannot be taken)."""
    if base is None:
        return None
    skill, gear, modifier = base
    whole = a.weapons[weapon_index].bonus > 0  # DICE-12: no artifact die once the bonus is gone
    artifact = weapon_def(state, a, weapon_index).artifact if whole else 0  # DICE-11
    return pool_sides(state, a, skill, gear, modifier.plus(aiming), artifact)


def _shot_base(
    state: GameState,
    a: Combatant,
    weapon_index: int,
    from_zone: int,
    b: Combatant,
    to_zone: int,
    engaged: bool,
    loaded: bool | None,
) -> tuple[str, int, Modifiers] | None:
    """(skill, gear, modifiers before aiming) of a possible shot, or None: the rules' own
    can_shoot and ranged_modifier, asked with the hypothetical position."""
    if weapon_index < 0 or not can_shoot(state, a, b, weapon_index, from_zone, to_zone, engaged, loaded):
        return None
    weapon = weapon_def(state, a, weapon_index)
    modifier = ranged_modifier(state, a, b, False, False, from_zone, to_zone, engaged)
    return shot_skill(weapon), max(0, a.weapons[weapon_index].bonus), modifier


def shot_value(
    state: GameState,
    a: Combatant,
    weapon_index: int,
    from_zone: int,
    b: Combatant,
    aiming: int,
    *,
    to_zone: int = -1,
    cover: int | None = None,
    engaged: bool = False,
    b_weight: float | None = None,
    loaded: bool | None = None,
) -> float:
    """Worth of a's shot at b (0 if it cannot shoot), counting b's armor and cover."""
    pool = shot_pool(state, a, weapon_index, from_zone, b, aiming, to_zone, engaged, loaded)
    if pool is None:
        return 0.0
    damage = weapon_def(state, a, weapon_index).damage
    soak = soak_sides(state, b, True, to_zone, cover)
    w = weight(state, b) if b_weight is None else b_weight
    return w * odds.harm(pool, (), damage, soak, health(state, b))


# --- paths ------------------------------------------------------------------------------------


class MapView(NamedTuple):
    """Tables of the map for the doors as they are now (cached per map and door states)."""

    dist: list[list[int]]  # moves between zones (see distances)
    fire: tuple[tuple[bool, ...], ...]  # line of fire between zones, nobody peeking
    band: tuple[tuple[Range, ...], ...]  # range band between zones


_VIEWS: dict[int, tuple[ZoneMap, dict[tuple[tuple[int, ...], int], MapView]]] = {}


def map_view(state: GameState) -> MapView:
    """The map's tables for the current doors, computed once per door configuration."""
    global _VIEW
    if _VIEW is not None and _VIEW[0] is state:
        return _VIEW[1]
    view = _map_view(state)
    if _MEMO is not None:
        _VIEW = (state, view)
    return view


def _map_view(state: GameState) -> MapView:
    zone_map = state.zone_map
    entry = _VIEWS.get(id(zone_map))
    if entry is None or entry[0] is not zone_map:
        if len(_VIEWS) > 64:
            _VIEWS.clear()
        entry = (zone_map, {})
        _VIEWS[id(zone_map)] = entry
    key = (state.doors, state.options.extreme_max_hops)
    view = entry[1].get(key)
    if view is None:
        n = range(len(zone_map.zones))
        view = MapView(
            _all_pairs(zone_map, state.doors),
            tuple(tuple(zone_map.line_of_fire(a, b, state.doors) for b in n) for a in n),
            tuple(tuple(zone_map.band(a, b, key[1]) for b in n) for a in n),
        )
        entry[1][key] = view
    return view


def distances(state: GameState) -> list[list[int]]:
    """Moves between every two zones given the doors now: runs 1, closed doors 1, locked 4."""
    return map_view(state).dist


def _all_pairs(zone_map: ZoneMap, doors: tuple[int, ...]) -> list[list[int]]:
    n = len(zone_map.zones)
    edges: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i, border in enumerate(zone_map.borders):
        if border.kind == BorderKind.WALL:
            continue
        cost = 1
        if border.has_door and doors[i] == DoorState.LOCKED:
            cost = LOCKED_COST
        for a, b in ((border.a, border.b), (border.b, border.a)):
            step = cost * (CRAWL_COST if zone_map.zones[b].cramped or zone_map.zones[a].cramped else 1)
            edges[a].append((b, step))
    table = []
    for source in range(n):
        dist = [FAR] * n
        dist[source] = 0
        todo = [source]
        while todo:  # small graphs: a simple label-correcting search is enough
            z = todo.pop()
            for w, cost in edges[z]:
                if dist[z] + cost < dist[w]:
                    dist[w] = dist[z] + cost
                    todo.append(w)
        table.append(dist)
    return table


def step_toward(state: GameState, me: Combatant, goals: set[int], actions: list[Action]) -> Action | None:
    """The move (run, door, crawl, or forcing a door) that best shortens the way to `goals`."""
    if not goals:
        return None
    dist = distances(state)
    here = min(dist[me.zone][g] for g in goals)
    best: Action | None = None
    best_cost = float(here)
    for action in actions:
        cost = MOVE_COST.get(action.kind)
        if cost is None or action.zone < 0:
            continue
        remaining = min(dist[action.zone][g] for g in goals)
        if action.kind == Kind.FORCE_DOOR:
            total = remaining + LOCKED_COST - 0.5  # forcing is progress, if slow
        else:
            total = remaining + (cost - 1) * 0.5
        if total < best_cost:
            best, best_cost = action, total
    return best


def in_zone_enemies(state: GameState, c: Combatant) -> list[Combatant]:
    """Enemies still fighting in c's zone and not hidden."""
    return [e for e in state.enemies(c) if e.zone == c.zone and not e.hidden]


BLAST: Final = {"frag_grenade": (6, 2)}  # item -> (blast power, base damage): EXPL-07..10, attacks.ITEMS


def blast_value(state: GameState, me: Combatant, item: str, target: Combatant) -> float | None:
    """Worth to me's side of a grenade thrown at `target` (None for items that do not blast).

    Everyone in the zone takes the blast (EXPL-01..03), the target and those engaged with it
    one more (EXPL-04), after armor and cover (EXPL-11); allies hit count against."""
    blast = BLAST.get(item)
    if blast is None:
        return None
    power, base = blast
    pool = rating_pool(power, state.options.dice_mode).sides
    at_point = {target.id} | target.engaged
    total = 0.0
    for c in state.combatants:
        if c.zone != target.zone or c.dead or c.fled:
            continue
        v = weight(state, c) * odds.harm(
            pool, (), base + (c.id in at_point), soak_sides(state, c, True), health(state, c)
        )
        if c.side != me.side:
            total += 0.1 * v if c.out else v
        else:
            total -= 2.0 * v if c.id == me.id else 1.5 * v
    return total
