"""The flat Discrete action encoding shared by every yz_gym environment.

One index stands for one rules `Action(kind, target, zone, option)`. The layout is derived from
each kind's `ActionSpec.forms` (resolution/effects.py: which fields a kind uses and their ranges,
`Span`s filled from envs/limits.py). The space is the concatenation of one block per action `Kind`,
in `Kind` order; `OFFSETS[kind]` is where the
kind's block starts and `BLOCK_SIZES[kind]` how long it is. Inside a block the index is

    OFFSETS[kind] + (target_slot * zone_dim + zone) * option_dim + option_index

where each factor is 1 when the kind does not use it. A kind may have several forms (CRAWL
to a zone, or to Engaged with a target), each a sub-block of its own, in the order of
`KIND_SPECS[kind]`:

- **target_slot** (kinds aimed at a combatant): the target *relative to the acting
  combatant*, so a policy generalises across scenarios: slot 0 = the actor itself,
  slots 1..MAX_ALLIES = its allies in scenario order, slots ENEMY_SLOT0.. = the combatants
  of every other side in scenario order (`limits.N_SLOTS` slots in all). The observation
  lists combatants in the same slots.
- **zone** (movement, overwatch, doors, peeking): the scenario's zone index (0..MAX_ZONES-1).
- **option_index**: the position of the action's option among the kind's `options` values,
  e.g. SHOOT has (-1, 1..MAX_AMMO_DICE) = (single shot, full auto or that many ammo dice);
  DRAW has the weapon index 0..MAX_WEAPONS-1;
  CHOOSE_CARD has the card number 1..MAX_CARDS;
  ENTER_VEHICLE has 2 * vehicle + seat (1 = an exposed seat) for vehicles 0..MAX_VEHICLES-1;
  RAM has a target slot (a person) or, in its second form, the vehicle index;
  SHOOT_VEHICLE and ATTACK_VEHICLE the vehicle index; MAN_WEAPON the index of the vehicle's mounted weapon;
  DRIVE and MANEUVER a zone, or in their second form CLIMB (1) / DESCEND (2) for aircraft;
  REMOUNT names the mount's rider as its target (slot 0 = the actor's own mount).

Forms added to a kind after its block was laid out (`APPENDED_FORMS`, the shapes with
`appended` >= 0) come after every kind's block, in that order, so the indices of older actions keep their meaning: SHOOT_VEHICLE's bursts
(its `zone` field holds the fire mode n = 1..MAX_AMMO_DICE, full auto or that many ammo dice,
x the vehicle index as option), SHOOT_MOUNT's (target slot x option n = 1..MAX_AMMO_DICE), and
the one index of PRIDE (DICE-13, index 996: a kind added after the others, laid out here), then
RESCUE and ANTIDOTE (the hazards: AMB-05, HAZ-POISON-04), one index per target slot each.
`APPENDED_OFFSETS[i]` is where the i-th starts. A form's `zones` lists the values its zone field
spans when they are not the zone indices 0..MAX_ZONES-1.

`describe_action_space()` prints the whole table. Actions the encoding cannot express
(drawing a weapon past MAX_WEAPONS, more ammo dice than MAX_AMMO_DICE) are left out of the mask; the rules always leave
another choice (END_TURN on a turn, DECLINE on a reaction).
"""

from __future__ import annotations

from typing import NamedTuple

from yz_gym.envs.limits import (
    ALLY_SLOT0,
    ENEMY_SLOT0,
    MAX_ALLIES,
    MAX_AMMO_DICE,
    MAX_CARDS,
    MAX_COVERS,
    MAX_ENEMIES,
    MAX_ITEMS,
    MAX_VEHICLES,
    MAX_WEAPONS,
    MAX_ZONES,
    N_SLOTS,
    SELF_SLOT,
)
from yz_gym.rulesets.yze.resolution.effects import SPECS
from yz_gym.rulesets.yze.zone.actions import Action, Kind
from yz_gym.rulesets.yze.zone.spec import Shape, Span


class Form(NamedTuple):
    """One shape of a kind's actions: whether they name a target, a zone, and which options."""

    target: bool = False
    zone: bool = False
    options: tuple[int, ...] = (-1,)
    zones: tuple[int, ...] = ()  # the zone field's values, if not the zone indices (0..MAX_ZONES-1)


# the option values of each span of the rules' encoding forms, from the declared maxima
_SPAN_VALUES: dict[Span, tuple[int, ...]] = {
    Span.WEAPONS: tuple(range(MAX_WEAPONS)),
    Span.COVERS: tuple(range(MAX_COVERS)),
    Span.ITEMS: tuple(range(MAX_ITEMS)),
    Span.CARDS: tuple(range(1, MAX_CARDS + 1)),
    Span.SHOTS: (-1, *range(1, MAX_AMMO_DICE + 1)),
    Span.AMMO_DICE: tuple(range(1, MAX_AMMO_DICE + 1)),
    Span.SEATS: tuple(range(2 * MAX_VEHICLES)),
    Span.VEHICLES: tuple(range(MAX_VEHICLES)),
}
_FIRE_MODES = tuple(range(1, MAX_AMMO_DICE + 1))  # a `fire` form's zone field: full auto or ammo dice


def form_of(shape: Shape) -> Form:
    """The env's form of one of a kind's encoding shapes (ActionSpec.forms)."""
    options = shape.options if shape.span == Span.FIXED else _SPAN_VALUES[shape.span]
    return Form(target=shape.target, zone=shape.zone, options=options, zones=_FIRE_MODES if shape.fire else ())


# A kind's block is its forms' sub-blocks one after the other (ActionSpec.forms, those not appended).
KIND_SPECS: dict[Kind, tuple[Form, ...]] = {
    spec.kind: tuple(form_of(shape) for shape in spec.forms if shape.appended < 0) for spec in SPECS
}
# Forms appended after every kind's block, in the order their `appended` says (older indices keep their meaning).
APPENDED_FORMS: tuple[tuple[Kind, Form], ...] = tuple(
    (spec.kind, form_of(shape))
    for spec, shape in sorted(
        ((spec, shape) for spec in SPECS for shape in spec.forms if shape.appended >= 0),
        key=lambda pair: pair[1].appended,
    )
)


def _dims(form: Form) -> tuple[int, int, int]:
    return (N_SLOTS if form.target else 1, (len(form.zones) or MAX_ZONES) if form.zone else 1, len(form.options))


BLOCK_SIZES: dict[Kind, int] = {}
OFFSETS: dict[Kind, int] = {}
APPENDED_OFFSETS: list[int] = []
# (kind, has target, has zone) -> option value -> (sub-block offset, its form, option index)
_OPTION_AT: dict[tuple[Kind, bool, bool], dict[int, tuple[int, Form, int]]] = {}
# index -> (kind, target slot or -1, zone or -1, option value)
_DECODE: list[tuple[Kind, int, int, int]] = []


def _lay_out(kind: Kind, form: Form) -> None:
    """Append the sub-block of one form to the space."""
    table = _OPTION_AT.setdefault((kind, form.target, form.zone), {})
    for i, value in enumerate(form.options):
        table.setdefault(value, (len(_DECODE), form, i))
    t, z, _ = _dims(form)
    for ti in range(t):
        for zi in range(z):
            for option in form.options:
                zone = (form.zones[zi] if form.zones else zi) if form.zone else -1
                _DECODE.append((kind, ti if form.target else -1, zone, option))


for _kind in Kind:
    OFFSETS[_kind] = len(_DECODE)
    for _form in KIND_SPECS[_kind]:
        _lay_out(_kind, _form)
    BLOCK_SIZES[_kind] = len(_DECODE) - OFFSETS[_kind]
for _kind, _form in APPENDED_FORMS:
    APPENDED_OFFSETS.append(len(_DECODE))
    _lay_out(_kind, _form)
N_ACTIONS = len(_DECODE)
_FIRES = [any(shape.fire for shape in spec.forms) for spec in SPECS]  # the kind's zone field is a fire mode


def perspective(sides: list[int] | tuple[int, ...], me: int) -> tuple[list[int], list[int]]:
    """For the combatant `me`: (slot of each combatant id, combatant id of each slot or -1).

    Slot 0 is `me`, then its allies in id order from ALLY_SLOT0, then every other side's
    combatants in id order from ENEMY_SLOT0 (the order the scenario lists them in)."""
    slot_of = [-1] * len(sides)
    id_at = [-1] * N_SLOTS
    slot_of[me] = SELF_SLOT
    id_at[SELF_SLOT] = me
    ally, enemy = ALLY_SLOT0, ENEMY_SLOT0
    for cid, side in enumerate(sides):
        if cid == me:
            continue
        if side == sides[me]:
            if ally >= ALLY_SLOT0 + MAX_ALLIES:
                raise ValueError(f"more than {MAX_ALLIES} allies (limits.MAX_ALLIES)")
            slot_of[cid], id_at[ally] = ally, cid
            ally += 1
        else:
            if enemy >= ENEMY_SLOT0 + MAX_ENEMIES:
                raise ValueError(f"more than {MAX_ENEMIES} enemies (limits.MAX_ENEMIES)")
            slot_of[cid], id_at[enemy] = enemy, cid
            enemy += 1
    return slot_of, id_at


class ActionCodec:
    """Turns rules Actions into indices and back, for the combatants of one scenario.

    Stateless apart from caches: encoding an action seen before is one dict lookup."""

    __slots__ = ("_cache", "id_at", "slot_of")

    def __init__(self, sides: list[int] | tuple[int, ...]) -> None:
        views = [perspective(sides, me) for me in range(len(sides))]
        self.slot_of = [v[0] for v in views]
        self.id_at = [v[1] for v in views]
        self._cache: list[dict[Action, int]] = [{} for _ in sides]

    def encode(self, me: int, action: Action) -> int:
        """The index of `action` taken by combatant `me`; -1 if the encoding cannot express it."""
        cache = self._cache[me]
        index = cache.get(action)
        if index is None:
            index = self._encode(me, action)
            cache[action] = index
        return index

    def _encode(self, me: int, action: Action) -> int:
        kind = Kind(action[0])
        target, zone, option = action[1], action[2], action[3]
        found = _OPTION_AT.get((kind, target != -1, zone != -1))
        if found is None:
            return -1
        entry = found.get(option)
        if entry is None:
            return -1
        offset, form, oi = entry
        _, zdim, odim = _dims(form)
        tslot = 0
        if form.target:
            if not 0 <= target < len(self.slot_of[me]):
                return -1
            tslot = self.slot_of[me][target]
        if form.zones:
            if zone not in form.zones:
                return -1
            zone = form.zones.index(zone)
        elif form.zone:
            if not 0 <= zone < MAX_ZONES:
                return -1
        else:
            zone = 0
        return offset + (tslot * zdim + zone) * odim + oi

    def decode(self, me: int, index: int) -> Action | None:
        """The Action that index stands for when `me` acts; None if it names an empty slot."""
        if not 0 <= index < N_ACTIONS:
            return None
        kind, tslot, zone, option = _DECODE[index]
        target = -1
        if tslot >= 0:
            target = self.id_at[me][tslot]
            if target < 0:
                return None
        return Action(kind, target, zone, option)

    def indices(self, me: int, actions: list[Action]) -> list[int]:
        """The index of each action (-1 where the encoding cannot express it)."""
        cache = self._cache[me]
        get = cache.get
        out = []
        for action in actions:
            index = get(action)
            if index is None:
                index = self._encode(me, action)
                cache[action] = index
            out.append(index)
        return out


def describe_index(index: int) -> str:
    """The meaning of an index in words, independent of any scenario."""
    if not 0 <= index < N_ACTIONS:
        return f"index {index} (outside 0..{N_ACTIONS - 1})"
    kind, tslot, zone, option = _DECODE[index]
    parts = [kind.name]
    if tslot >= 0:
        if tslot == SELF_SLOT:
            parts.append("target=self")
        elif tslot < ENEMY_SLOT0:
            parts.append(f"target=ally#{tslot - ALLY_SLOT0}")
        else:
            parts.append(f"target=enemy#{tslot - ENEMY_SLOT0}")
    if zone >= 0:
        parts.append(f"fire={zone}" if _FIRES[kind] else f"zone={zone}")
    if option != -1:
        parts.append(f"option={option}")
    return " ".join(parts)


def describe_action_space() -> str:
    """A table of the blocks: kind, offset, size and the fields each of its forms spans."""
    lines = [f"Discrete({N_ACTIONS}); target slots: 0 self, {ALLY_SLOT0}.. allies, {ENEMY_SLOT0}.. enemies"]
    for kind in Kind:
        shapes = []
        for form in KIND_SPECS[kind]:
            fields = []
            if form.target:
                fields.append(f"target[{N_SLOTS}]")
            if form.zone:
                fields.append(f"zone[{MAX_ZONES}]")  # the appended forms' `zones` are shown below
            if form.options != (-1,):
                fields.append(f"option{list(form.options)}")
            shapes.append(" x ".join(fields) or "-")
        lines.append(f"{OFFSETS[kind]:5d} +{BLOCK_SIZES[kind]:4d}  {kind.name:<16} {' | '.join(shapes)}")
    for i, (kind, form) in enumerate(APPENDED_FORMS):
        end = APPENDED_OFFSETS[i + 1] if i + 1 < len(APPENDED_OFFSETS) else N_ACTIONS
        fields = [f"target[{N_SLOTS}]"] if form.target else []
        if form.zone:
            fields.append(f"{'fire' if form.zones else 'zone'}{list(form.zones)}")
        if form.options != (-1,):
            fields.append(f"option{list(form.options)}")
        shape = " x ".join(fields) or "-"
        lines.append(f"{APPENDED_OFFSETS[i]:5d} +{end - APPENDED_OFFSETS[i]:4d}  {kind.name:<16} {shape} (appended)")
    return "\n".join(lines)
