"""The bundled DX3 effects (the generic mechanics DX3-EFF-M01..M15 and the two every PC has,
DX3-EFF-09), and the reader of a scenario's own effects with one-line errors."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any, Final

from yz_gym.rulesets.dx3.character import ABILITY_NAMES, skill_ability
from yz_gym.rulesets.dx3.effects import (
    AREA_SELECT,
    AUTO,
    AUTO_SUCCESS,
    DIFFICULTY_SEE_TEXT,
    MAJOR,
    MAJOR_REACTION,
    MINOR,
    NO_SKILL,
    OPPOSED,
    RANGE_CLOSE,
    RANGE_NONE,
    RANGE_SIGHT,
    RANGE_WEAPON,
    RANGED,
    REACTION,
    SCENE,
    SCENE_SELECT,
    SINGLE,
    SYNDROME,
    TIMINGS,
    Effect,
    EffectFieldError,
    PerLevel,
    skill_choices,
)

GENERIC: Final = "generic"  # the syndrome of the bundled effects; a scenario may set its own
MAX_EFFECTS: Final = 200  # effects one scenario may define
MAX_NAME: Final = 60  # characters of an effect's name

BUNDLED: Final = (
    # M01: lowers the critical value of the combined check, not below 7
    Effect("crit_focus", MAJOR_REACTION, SYNDROME, GENERIC, max_level=3, cost=2, crit=PerLevel(0, -1), crit_floor=7),
    # M02: adds attack power to a weapon attack
    Effect("attack_boost", MAJOR, "白兵/射撃", GENERIC, OPPOSED, SINGLE, range=RANGE_WEAPON, max_level=5, cost=2,
           attack_power=PerLevel(0, 2)),
    # M03: a heavier blow at the price of dice
    Effect("heavy_blow", MAJOR, "白兵/射撃", GENERIC, OPPOSED, SINGLE, range=RANGE_WEAPON, max_level=3, cost=3,
           attack_power=PerLevel(0, 3), dice=PerLevel(-2, 0)),
    # M04: a ranged attack made of the user's power, aimed at anyone in sight
    Effect("power_shot", MAJOR, "RC", GENERIC, OPPOSED, SINGLE, range=RANGE_SIGHT, max_level=5, cost=2,
           attack=RANGED, attack_power=PerLevel(4, 2), states_attack=True, dice=PerLevel(-1, 0)),
    # M05: makes a melee weapon for the scene (命中 -2, guard 6, close range)
    Effect("summon_weapon", MINOR, NO_SKILL, GENERIC, max_level=5, cost=3, achievement=PerLevel(-2, 0),
           attack_power=PerLevel(6, 1), guard=PerLevel(6, 0), special="weapon"),
    # M06: turns the combo's target into chosen characters of one engagement
    Effect("area_conversion", MAJOR, SYNDROME, GENERIC, max_level=3, cost=3, restriction=80,
           uses=PerLevel(0, 1), period="scene", sets_target=AREA_SELECT),
    # M07: turns the combo's target into chosen characters of the whole scene
    Effect("scene_attack", MAJOR, SYNDROME, GENERIC, max_level=3, cost=6, restriction=100,
           uses=PerLevel(0, 1), period="scenario", sets_target=SCENE_SELECT, range=RANGE_SIGHT),
    # M08: more dice for one dodge
    Effect("dodge_dice", REACTION, "回避", GENERIC, OPPOSED, max_level=3, cost=2, dice=PerLevel(0, 1)),
    # M09: a higher guard value when guarding
    Effect("guard_boost", AUTO, NO_SKILL, GENERIC, max_level=3, cost=3, guard=PerLevel(0, 5)),
    # M10: takes HP damage off just before it is dealt, once per scenario
    Effect("damage_reduction", AUTO, NO_SKILL, GENERIC, max_level=5, cost=7, reduction=PerLevel(0, 5),
           uses=PerLevel(1, 0), period="scenario"),
    # M11: a combat move that may withdraw, passes engagements and ignores blockades
    Effect("swift_move", MINOR, NO_SKILL, GENERIC, max_level=3, cost=1, uses=PerLevel(0, 1), period="scene",
           special="move"),
    # M12: the attack ignores the target's armor
    Effect("armor_pierce", MAJOR, "白兵/射撃", GENERIC, OPPOSED, SINGLE, range=RANGE_WEAPON, cost=4,
           ignore_armor=True),
    # M13: blockades the user's engagement for the round
    Effect("blockade", MINOR, NO_SKILL, GENERIC, cost=1, special="blockade"),
    # M14: hidden until the end of this main process, even while engaged
    Effect("vanish", MINOR, NO_SKILL, GENERIC, max_level=3, cost=3, uses=PerLevel(0, 1), period="scene",
           special="hide"),
    # M15: stands up again from 戦闘不能 with 10 HP per level, once per scenario
    Effect("second_wind", AUTO, NO_SKILL, GENERIC, max_level=3, cost=7, restriction=120, heal=PerLevel(0, 10),
           uses=PerLevel(1, 0), period="scenario", special="revive"),
    # DX3-EFF-09, DX3-DMG-04: every PC's self-revival (cost: the HP healed) and the scene-wide ワーディング
    Effect("resurrect", AUTO, NO_SKILL, GENERIC, max_level=4, heal_dice=PerLevel(0, 1), special="resurrect"),
    Effect("warding", AUTO, NO_SKILL, GENERIC, target=SCENE, range=RANGE_SIGHT, special="warding"),
)  # fmt: skip
LIBRARY: Final = {effect.name: effect for effect in BUNDLED}
MECHANIC_IDS: Final = (
    ("crit_focus", "M01"), ("attack_boost", "M02"), ("heavy_blow", "M03"), ("power_shot", "M04"),
    ("summon_weapon", "M05"), ("area_conversion", "M06"), ("scene_attack", "M07"), ("dodge_dice", "M08"),
    ("guard_boost", "M09"), ("damage_reduction", "M10"), ("swift_move", "M11"), ("armor_pierce", "M12"),
    ("blockade", "M13"), ("vanish", "M14"), ("second_wind", "M15"),
)  # fmt: skip

TIMING_WORDS: Final = {
    "オート": AUTO, "マイナー": MINOR, "メジャー": MAJOR, "メジャー／リア": MAJOR_REACTION, "リアクション": REACTION,
    "セットアップ": "setup", "イニシアチブ": "initiative", "クリンナップ": "cleanup", "常時": "constant",
    "効果参照": "see_text",
}  # fmt: skip
DIFFICULTY_WORDS: Final = {
    "auto": AUTO_SUCCESS, "自動成功": AUTO_SUCCESS, "opposed": OPPOSED, "対決": OPPOSED,
    "see_text": DIFFICULTY_SEE_TEXT, "効果参照": DIFFICULTY_SEE_TEXT,
}  # fmt: skip
RANGE_WORDS: Final = {
    "close": RANGE_CLOSE, "至近": RANGE_CLOSE, "sight": RANGE_SIGHT, "視界": RANGE_SIGHT,
    "weapon": RANGE_WEAPON, "武器": RANGE_WEAPON, "-": RANGE_NONE, "―": RANGE_NONE,
}  # fmt: skip
TARGET_WORDS: Final = {
    "自身": "self", "単体": SINGLE, "N体": "count", "範囲(選択)": AREA_SELECT, "範囲": "area",
    "シーン(選択)": SCENE_SELECT, "シーン": SCENE, "効果参照": "see_text", "―": "-",
}  # fmt: skip
_PER_LEVEL: Final = ("uses", "dice", "crit", "achievement", "attack_power", "guard", "reduction", "heal",
                     "heal_dice", "move", "penetration", "initiative", "armor")  # fmt: skip
_INTS: Final = ("target_count", "level", "max_level", "crit_floor", "inflict_rank")
_BOOLS: Final = ("level_bonus", "solo", "states_attack", "ignore_armor", "no_reaction", "no_dodge",
                  "ignore_guard")  # fmt: skip
_TEXTS: Final = ("syndrome", "requires", "attack", "period", "sets_target", "special", "inflicts", "lasts")


class EffectError(ValueError):
    """An effect of a scenario that cannot be used: `where` (effects.NAME.field) and the fix."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(" ".join(f"{where}: {message}".split()))
        self.where = where


def effect_named(name: str, library: Mapping[str, Effect], where: str) -> Effect:
    """The effect called `name` in a library (the bundled one and a scenario's); an EffectError at
    `where` names the closest known effects otherwise."""
    if name in library:
        return library[name]
    close = difflib.get_close_matches(name, list(library), n=3)
    hint = f"did you mean {', '.join(close)}?" if close else f"use one of {', '.join(sorted(library))}"
    raise EffectError(where, f"unknown effect {name!r}; {hint} (or define it under effects:)")


def load_effects(raw: object, where: str = "effects") -> dict[str, Effect]:
    """The bundled effects plus a scenario's `effects:` mapping (name -> fields; `like: NAME` starts
    from another effect). The first problem is an EffectError naming the field and the fix."""
    library = dict(LIBRARY)
    if raw is None:
        return library
    if not isinstance(raw, Mapping):
        raise EffectError(where, "give a mapping of effect names to their fields")
    if len(raw) > MAX_EFFECTS:
        raise EffectError(where, f"{len(raw)} effects; a scenario may define at most {MAX_EFFECTS}")
    for name, spec in raw.items():
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise EffectError(where, f"effect names are text of 1-{MAX_NAME} characters")
        library[name] = _effect(name, spec, library, f"{where}.{name}")
    return library


def _effect(name: str, spec: object, library: Mapping[str, Effect], where: str) -> Effect:
    if not isinstance(spec, Mapping):
        raise EffectError(where, "give the effect's fields as a mapping (timing:, skill:, cost: ...)")
    known = [f.name for f in fields(Effect) if f.name != "name"] + ["like"]
    for key in spec:
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
            raise EffectError(
                f"{where}.{key}", "unknown field" + (f"; did you mean {close[0]}?" if close else "")
            )
    if "like" in spec:
        like = spec["like"]
        if not isinstance(like, str):
            raise EffectError(f"{where}.like", "give the name of an effect to start from")
        base = replace(effect_named(like, library, f"{where}.like"), name=name)
    elif "timing" not in spec:
        raise EffectError(f"{where}.timing", f"missing; give one of {', '.join(TIMINGS)} (or like: EFFECT)")
    else:
        base = Effect(name, MAJOR)
    values: dict[str, Any] = {}
    for key, value in spec.items():
        if key != "like":
            values[str(key)] = _field(str(key), value, f"{where}.{key}")
    try:
        effect = replace(base, **values)
    except EffectFieldError as err:  # Effect's own checks
        raise EffectError(f"{where}.{err.field}", err.problem) from None
    return effect


def _field(key: str, value: object, where: str) -> object:
    if key == "timing":
        return _word(value, TIMING_WORDS, TIMINGS, where)
    if key == "skill":
        return _skill(value, where)
    if key == "difficulty":
        if _is_int(value) and isinstance(value, int) and value >= 0:
            return value
        return _word(
            value, DIFFICULTY_WORDS, tuple(k for k in DIFFICULTY_WORDS if k.isascii()), where, "a number"
        )
    if key == "target":
        return _word(value, TARGET_WORDS, ("self", "single", "count", "area_select", "area", "scene_select",
                                           "scene", "see_text", "-"), where)  # fmt: skip
    if key == "range":
        return _range(value, where)
    if key in ("cost", "cost_dice"):
        return _whole(value, where, 0)
    if key == "restriction":
        return _restriction(value, where)
    if key in _PER_LEVEL:
        return _per_level(value, where)
    if key in _INTS:
        return _whole(value, where, 0)
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise EffectError(where, "give true or false")
        return value
    if key in _TEXTS:
        if not isinstance(value, str):
            raise EffectError(where, "give a text value")
        return value
    raise EffectError(where, "unknown field")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: object, where: str, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= 1000:
        raise EffectError(where, f"give a whole number from {low} to 1000")
    return value


def _word(
    value: object, words: Mapping[str, object], english: tuple[str, ...], where: str, extra: str = ""
) -> Any:
    if isinstance(value, str) and value in english:
        return value
    if isinstance(value, str) and value in words:
        return words[value]
    choices = ", ".join(english) + (f" or {extra}" if extra else "")
    raise EffectError(where, f"{str(value)[:40]!r} is not understood; use {choices}")


def _skill(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise EffectError(
            where, "give a skill (白兵, 運転:二輪), an ability (肉体), a choice (白兵/射撃), - or syndrome"
        )
    if value in (NO_SKILL, SYNDROME):
        return value
    for part in skill_choices(value):
        if part in ABILITY_NAMES:
            continue
        try:
            skill_ability(part)
        except ValueError as err:
            raise EffectError(
                where, f"{err}, an ability ({', '.join(ABILITY_NAMES)}), - or syndrome"
            ) from None
    return value


def _range(value: object, where: str) -> int:
    if isinstance(value, str) and value in RANGE_WORDS:
        return RANGE_WORDS[value]
    if isinstance(value, str) and value.endswith("m") and value[:-1].isdigit() and value[:-1].isascii():
        return int(value[:-1])
    if _is_int(value) and isinstance(value, int) and 0 <= value <= 10_000:
        return value
    raise EffectError(where, f"{str(value)[:40]!r}; give close, sight, weapon, - or metres (20m)")


def _restriction(value: object, where: str) -> int:
    text = str(value).rstrip("%") if isinstance(value, str | int) and not isinstance(value, bool) else ""
    if text in ("80", "100", "120"):
        return int(text)
    raise EffectError(
        where, "give 80%, 100% or 120% (for pure, rb, servant, dlois:X or limit:X use requires:)"
    )


def _per_level(value: object, where: str) -> PerLevel:
    if _is_int(value) and isinstance(value, int):
        return PerLevel(_bounded(value, where), 0)
    if isinstance(value, Mapping) and value and set(value) <= {"fixed", "per_level"}:
        return PerLevel(_bounded(value.get("fixed", 0), where), _bounded(value.get("per_level", 0), where))
    raise EffectError(where, "give a whole number or {fixed: N, per_level: M} (fixed + M x level)")


def _bounded(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not -1000 <= value <= 1000:
        raise EffectError(where, "give whole numbers from -1000 to 1000")
    return value
