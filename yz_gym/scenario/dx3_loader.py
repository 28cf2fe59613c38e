"""Building a DX3 fight (`ruleset: dx3`) from its parsed file: every check across fields, each
failure one line naming the file, the field and the fix."""

from __future__ import annotations

import difflib
from typing import Any, Final

from yz_gym.agents import MODE_AGENTS
from yz_gym.core.switches import SwitchError
from yz_gym.rulesets.dx3.character import StatBlock
from yz_gym.rulesets.dx3.effect_library import EffectError, effect_named, load_effects
from yz_gym.rulesets.dx3.effects import Effect
from yz_gym.rulesets.dx3.gear import ARMORS, MAX_EQUIPPED, WEAPONS, Weapon
from yz_gym.rulesets.dx3.options import DX3_RULES, Dx3Options
from yz_gym.rulesets.dx3.state import MAX_CARRIED, Dx3Scenario, FighterSpec, Gimmick
from yz_gym.rulesets.dx3.vehicle import DRIVER, PASSENGER, VEHICLES, VehicleSpec
from yz_gym.scenario import ScenarioError
from yz_gym.scenario.dx3_models import Dx3File, FighterFileSpec, VehicleFileSpec, WeaponFileSpec
from yz_gym.scenario.validation import validated

DOC: Final = "docs/dx3_scenarios.md"
DX3_AGENTS: Final = MODE_AGENTS[("dx3", "skirmish")]


def _guess(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    return f"did you mean '{close[0]}'? " if close else ""


def build_dx3(data: dict[str, Any], origin: str) -> Dx3Scenario:
    """Validate a parsed DX3 fight file and turn it into a Dx3Scenario."""
    expected = "a DX3 fight must be a mapping with ruleset: dx3, name, sides, length, fighters"
    spec = validated(Dx3File, data, origin, expected)
    return _Builder(spec, origin).build()


class _Builder:
    def __init__(self, spec: Dx3File, origin: str) -> None:
        self.spec = spec
        self.origin = origin
        self.library: dict[str, Effect] = {}
        self.own: tuple[Weapon, ...] = ()  # the file's own weapons
        self.weapons: dict[str, Weapon] = dict(WEAPONS)  # every weapon a fighter may carry, by name

    def fail(self, where: str, message: str) -> ScenarioError:
        return ScenarioError(f"{self.origin}: {where}: {message} (see {DOC})")

    def build(self) -> Dx3Scenario:
        spec = self.spec
        try:
            options: Dx3Options = DX3_RULES.parse(spec.dx3_rules, DOC)
        except SwitchError as err:
            raise ScenarioError(f"{self.origin}: {err.where}: {err.message}") from None
        if len(set(spec.sides)) != len(spec.sides):
            raise self.fail("sides", "a side is named twice; give each side once")
        names = [f.name for f in spec.fighters]
        for i, name in enumerate(names):
            if name in names[:i]:
                raise self.fail(
                    f"fighters[{i}].name", f"'{name}' is named twice; give every fighter its own name"
                )
        try:
            self.library = load_effects(spec.effects or None)
        except EffectError as err:
            raise self.fail(err.where, str(err).removeprefix(f"{err.where}: ")) from None
        self.own = tuple(self._weapon(name, w) for name, w in spec.weapons.items())
        self.weapons.update((w.name, w) for w in self.own)
        vehicles = tuple(self._vehicle(i, v) for i, v in enumerate(spec.vehicles))
        fighters = tuple(self._fighter(i, f, options) for i, f in enumerate(spec.fighters))
        self._check_riders(fighters, vehicles)
        for s, side in enumerate(spec.sides):
            if not any(f.side == s for f in fighters):
                raise self.fail("sides", f"side '{side}' has no fighter; give it one or remove it")
        for i, pos in enumerate(spec.blockades):
            if not 0 <= pos <= spec.length:
                raise self.fail(f"blockades[{i}]", f"{pos} m is off the line; give 0 to {spec.length}")
        for i, pos in enumerate(spec.dark):
            if not 0 <= pos <= spec.length:
                raise self.fail(f"dark[{i}]", f"{pos} m is off the line; give 0 to {spec.length}")
        for i, r in enumerate(spec.minor_only_rounds):
            if not 1 <= r <= spec.max_rounds:
                raise self.fail(
                    f"minor_only_rounds[{i}]", f"round {r}; give 1 to max_rounds {spec.max_rounds}"
                )
        gimmicks = []
        for i, g in enumerate(spec.gimmicks):
            if g.round > spec.max_rounds:
                raise self.fail(
                    f"gimmicks[{i}].round",
                    f"round {g.round} comes after max_rounds {spec.max_rounds}; give 1 to {spec.max_rounds}",
                )
            for j, pos in enumerate(g.positions):
                if not 0 <= pos <= spec.length:
                    raise self.fail(
                        f"gimmicks[{i}].positions[{j}]", f"{pos} m is off the line; give 0 to {spec.length}"
                    )
            difficulty = -1 if g.difficulty is None else g.difficulty
            gimmicks.append(
                Gimmick(g.name, g.round, tuple(g.positions), g.dice, g.bonus, difficulty, g.distracts)
            )
        for side, agent in spec.agents.items():
            if side not in spec.sides:
                raise self.fail(
                    f"agents.{side}",
                    f"no side named '{side}'; {_guess(side, spec.sides)}sides: {', '.join(spec.sides)}",
                )
            if agent not in DX3_AGENTS:
                raise self.fail(
                    f"agents.{side}",
                    f"unknown DX3 agent '{agent}'; {_guess(agent, list(DX3_AGENTS))}agents: {', '.join(DX3_AGENTS)}",
                )
        return Dx3Scenario(
            name=spec.name, sides=tuple(spec.sides), length=spec.length, fighters=fighters, options=options,
            max_rounds=spec.max_rounds, blockades=tuple(spec.blockades),
            minor_only_rounds=tuple(spec.minor_only_rounds), gimmicks=tuple(gimmicks),
            agents=tuple(spec.agents.get(side, "") for side in spec.sides), description=spec.description,
            vehicles=vehicles, dark=tuple(spec.dark), stealth_difficulty=spec.stealth_difficulty,
            weapons=self.own,
        )  # fmt: skip

    def _weapon(self, name: str, w: WeaponFileSpec) -> Weapon:
        """A weapon of the file's own (DX3-WPN-01): a new name, and a range it reaches with."""
        where = f"weapons.{name}"
        if name in WEAPONS:
            raise self.fail(where, f"'{name}' is a bundled weapon; give yours another name")
        if not w.close and w.reach == 0:
            raise self.fail(where, "it reaches nothing; give close: true (至近) or a reach in metres, or both")
        skill = w.skill if w.skill is not None else w.kind
        return Weapon(
            name, w.kind, skill, w.hit, w.attack, w.guard, w.close, w.reach, w.two_handed, targets=w.targets
        )

    def _vehicle(self, i: int, v: VehicleFileSpec) -> VehicleSpec:
        where = f"vehicles[{i}]"
        spec = self.spec
        if v.name in [w.name for w in spec.vehicles[:i]]:
            raise self.fail(f"{where}.name", f"'{v.name}' is named twice; give every vehicle its own name")
        if v.kind not in VEHICLES:
            raise self.fail(
                f"{where}.kind",
                f"unknown vehicle '{v.kind}'; {_guess(v.kind, list(VEHICLES))}vehicles: {', '.join(VEHICLES)}",
            )
        if v.position > spec.length:
            raise self.fail(
                f"{where}.position", f"{v.position} m is off the line; give 0 to length {spec.length}"
            )
        for j, w in enumerate(v.mounted):
            if w not in self.weapons:
                raise self.fail(
                    f"{where}.mounted[{j}]",
                    f"unknown weapon '{w}'; {_guess(w, list(self.weapons))}weapons: {', '.join(self.weapons)}",
                )
        kind = VEHICLES[v.kind]
        exposed = kind.exposed if v.exposed is None else v.exposed
        return VehicleSpec(
            v.name, kind, v.position, v.hp, v.seats or 0, exposed, tuple(v.mounted), v.destruction_dice
        )

    def _check_riders(self, fighters: tuple[FighterSpec, ...], vehicles: tuple[VehicleSpec, ...]) -> None:
        """Seats, drivers and mounted weapons of the riders the file puts aboard."""
        for v, vspec in enumerate(vehicles):
            riders = [i for i, f in enumerate(fighters) if f.vehicle == v]
            drivers = [i for i in riders if fighters[i].seat == DRIVER]
            if len(drivers) > 1:
                raise self.fail(
                    f"fighters[{drivers[1]}].seat",
                    f"'{vspec.name}' already has a driver ({fighters[drivers[0]].name}); make this one a passenger",
                )
            seats = vspec.seats or vspec.kind.seats
            if len(riders) > seats:
                raise self.fail(
                    f"fighters[{riders[seats]}].vehicle",
                    f"'{vspec.name}' seats {seats}; put this fighter in another vehicle or on foot",
                )
            held: dict[int, int] = {}
            for i in riders:
                for k in fighters[i].holds:
                    if k in held:
                        raise self.fail(
                            f"fighters[{i}].mounted",
                            f"the mounted {vspec.mounted[k]} is already held by {fighters[held[k]].name}; "
                            "one holder at a time (HR-VEH-WPN-03)",
                        )
                    held[k] = i

    def _fighter(self, i: int, f: FighterFileSpec, options: Dx3Options) -> FighterSpec:
        spec = self.spec
        where = f"fighters[{i}]"
        if f.side not in spec.sides:
            raise self.fail(
                f"{where}.side",
                f"no side named '{f.side}'; {_guess(f.side, spec.sides)}sides: {', '.join(spec.sides)}",
            )
        if f.position > spec.length:
            raise self.fail(
                f"{where}.position", f"{f.position} m is off the line; give 0 to length {spec.length}"
            )
        a = f.abilities
        try:
            stats = StatBlock(a.body, a.sense, a.mind, a.social, tuple(f.skills.items()))
        except ValueError as err:
            raise self.fail(f"{where}.skills", str(err)) from None
        if f.hp is not None and f.hp > stats.max_hp:
            raise self.fail(
                f"{where}.hp",
                f"{f.hp} is above max HP {stats.max_hp} (肉体x2 + 精神 + 20); give at most that",
            )
        for j, w in enumerate(f.weapons):
            if w not in self.weapons:
                raise self.fail(
                    f"{where}.weapons[{j}]",
                    f"unknown weapon '{w}'; {_guess(w, list(self.weapons))}weapons: {', '.join(self.weapons)}",
                )
        if len(f.weapons) > MAX_CARRIED:
            raise self.fail(f"{where}.weapons", f"{len(f.weapons)} weapons; carry at most {MAX_CARRIED}")
        for j, w in enumerate(f.procure):
            if w not in self.weapons or self.weapons[w].purchase <= 0:
                buyable = ", ".join(name for name, weapon in self.weapons.items() if weapon.purchase > 0)
                raise self.fail(
                    f"{where}.procure[{j}]", f"'{w}' has no purchase difficulty (DX3-WPN-02); buyable: {buyable}"
                )
        if len(f.weapons) + len(f.procure) > MAX_CARRIED:
            raise self.fail(
                f"{where}.procure",
                f"{len(f.weapons)} weapons and {len(f.procure)} to buy; carry at most {MAX_CARRIED} in all",
            )
        equipped = self._equipped(where, f)
        for j, name in enumerate(f.armor):
            if name not in ARMORS:
                raise self.fail(
                    f"{where}.armor[{j}]",
                    f"unknown armor '{name}'; {_guess(name, list(ARMORS))}armor: {', '.join(ARMORS)}",
                )
        slots = [ARMORS[name].slot for name in f.armor]
        if options.armor_slots == "one_each" and len(set(slots)) != len(slots):
            raise self.fail(
                f"{where}.armor",
                "two pieces of the same slot; wear one 防具 and one 防具(補助) (DX3-ARM-03), or set dx3_rules.armor_slots: any",
            )
        resurrect = f.resurrect if f.resurrect is not None else (1 if f.pc else 0)
        effects = []
        for name, level in f.effects.items():
            try:
                effect = effect_named(name, self.library, f"{where}.effects.{name}")
            except EffectError as err:
                raise self.fail(err.where, str(err).removeprefix(f"{err.where}: ")) from None
            if level > effect.max_level:
                raise self.fail(
                    f"{where}.effects.{name}", f"level {level} is above its max level {effect.max_level}"
                )
            effects.append(effect.at_level(level))
        vehicle, holds = self._ride(where, f)
        position = spec.vehicles[vehicle].position if vehicle >= 0 else f.position
        return FighterSpec(
            name=f.name, side=spec.sides.index(f.side), pc=f.pc, stats=stats, position=position,
            encroachment=f.encroachment, hp=-1 if f.hp is None else f.hp, weapons=tuple(f.weapons),
            equipped=equipped, armor=tuple(f.armor), resurrect=resurrect, lois=f.lois, titus=f.titus,
            effects=tuple(effects), vehicle=vehicle, seat=PASSENGER if f.seat == "passenger" else DRIVER,
            holds=holds, hidden=f.hidden, procure=tuple(f.procure),
        )  # fmt: skip

    def _ride(self, where: str, f: FighterFileSpec) -> tuple[int, tuple[int, ...]]:
        """The vehicle a fighter starts aboard and the mounted weapons it holds."""
        names = [v.name for v in self.spec.vehicles]
        if f.vehicle is None:
            if f.mounted:
                raise self.fail(
                    f"{where}.mounted", "only a rider holds mounted weapons; give it a vehicle first"
                )
            if f.seat is not None:
                raise self.fail(f"{where}.seat", "only a rider has a seat; name its vehicle: or drop seat:")
            return -1, ()
        if f.vehicle not in names:
            known = ", ".join(names) or "none; add a vehicles: entry"
            raise self.fail(
                f"{where}.vehicle",
                f"no vehicle named '{f.vehicle}'; {_guess(f.vehicle, names)}vehicles: {known}",
            )
        v = self.spec.vehicles[names.index(f.vehicle)]
        holds = []
        for j, w in enumerate(f.mounted):
            if w not in v.mounted:
                raise self.fail(
                    f"{where}.mounted[{j}]",
                    f"'{w}' is not mounted on '{v.name}'; mounted: {', '.join(v.mounted) or 'none'}",
                )
            k = v.mounted.index(w)
            if k in holds:
                raise self.fail(
                    f"{where}.mounted[{j}]", f"'{w}' is named twice; name each mounted weapon once"
                )
            holds.append(k)
        return names.index(f.vehicle), tuple(holds)

    def _equipped(self, where: str, f: FighterFileSpec) -> tuple[int, ...]:
        """The indices of the held weapons (DX3-WPN-03): at most two, a two-handed one alone."""
        if f.equipped is None:
            held: list[int] = []
            for j, w in enumerate(f.weapons):
                two = self.weapons[w].two_handed or any(self.weapons[f.weapons[h]].two_handed for h in held)
                if len(held) < MAX_EQUIPPED and not (two and held):
                    held.append(j)
            return tuple(held)
        out = []
        for j, w in enumerate(f.equipped):
            if w not in f.weapons:
                raise self.fail(
                    f"{where}.equipped[{j}]", f"'{w}' is not among its weapons; list it under weapons first"
                )
            index = f.weapons.index(w)
            if index in out:
                raise self.fail(f"{where}.equipped[{j}]", f"'{w}' is equipped twice; name each weapon once")
            out.append(index)
        if len(out) > MAX_EQUIPPED:
            raise self.fail(
                f"{where}.equipped",
                f"{len(out)} weapons; a character holds at most {MAX_EQUIPPED} (DX3-WPN-03)",
            )
        if len(out) > 1 and any(self.weapons[f.weapons[j]].two_handed for j in out):
            raise self.fail(
                f"{where}.equipped", "a two-handed weapon is held with another; hold it alone (DX3-WPN-03)"
            )
        return tuple(out)
