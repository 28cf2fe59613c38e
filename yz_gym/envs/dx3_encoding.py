"""The DX3 fight's action indices and observation vector, seen from the deciding fighter.

**Actions** (`N_DX3_ACTIONS` indices). Fighters are named by slot, relative to the decider:
slot = (fighter - me) mod 12, so slot 0 is the decider itself. Weapons by index w into the
fighter's carried weapons; in an attack, weapon slot 0 is 素手 and w + 1 the carried weapon w.

| indices | action |
|---|---|
| 0-6 | 待機, no minor action, no major action, dodge, no reaction, decline (cover or revival), 《リザレクト》 |
| MOVE_BASE + slot | 戦闘移動 toward the engagement of the fighter in slot |
| MOVE_BASE + 12 + d | 戦闘移動 its full distance left (d = 0) or right (d = 1) |
| FULL_BASE + ... | 全力移動 / 離脱, laid out as the 戦闘移動 block |
| ATTACK_BASE + slot * 4 + weapon slot | attack the fighter in slot |
| GUARD_BASE + w | guard with carried weapon w |
| EQUIP_BASE + w * 5 + (dropped + 2) | equip carried weapon w, putting away weapon `dropped` (-1: none, -2: all) |
| COVER_BASE + slot | cover the fighter in slot |
| FINISH_BASE + slot | finish off (とどめ) the 戦闘不能 fighter in slot |
| COMBO_BASE + (slot * 4 + weapon slot) * MAX_COMBOS + k | attack as ATTACK_BASE does, declaring attack combo k (`combos`) |
| COMBO_BASE + d * MAX_COMBOS + k | (slot 0, never an attack) dodge (d = 0) or vehicle dodge (1) declaring dodge combo k (`reaction_effects`) |
| TITUS_BASE + 0 .. + 3 | sublimate a Titus: stand up from 戦闘不能; +10 dice or C値 -1 before the check (hit check or dodge) is rolled; +1D10 right after it, on any check the PC makes (the sublimation decision: `decline` rolls or keeps the check) |
| RIDE_BASE + 0, + 1, + 2 | get off the vehicle; the vehicle dodge; hide (隠密状態) |
| SWAP_BASE + slot | swap the driver's seat with the fighter in slot (slot 0: take the empty wheel) |
| HAND_BASE + k * 12 + slot | mounted weapon k goes to the fighter in slot (slot 0: the decider takes it) |
| VGUARD_BASE + k | guard with the vehicle's mounted weapon k |
| BOARD_BASE + (v * 2 + seat) * 3 + take + 1 | board vehicle v as driver (seat 0) or passenger (1), taking mounted weapon `take` (-1: none) |
| AT_VEHICLE_BASE + slot * W + weapon slot | attack the vehicle of the fighter in slot |
| STEALTH_BASE + ... | stealth move (hidden), laid out as the 戦闘移動 block |
| SEARCH_BASE + slot | search for the hidden fighter in slot |
| RECOVER_BASE + s | try to clear bad status s (`statuses.STATUS_NAMES`: berserk, pressure, dazed, poison, rigid, hatred, fear, frenzy, prone) |
| RECOVER_BASE + 9 + s | sublimate a Titus to clear bad status s (every one under `titus_clear: all`), a free action |
| TIMED_BASE + k | in a setup, initiative or cleanup process: declare timed combo k (`timed_effects`; `decline` declares none) |
| REVIVE_BASE + k | stand up from 戦闘不能 with revive effect k, the fighter's k-th effect (DX3-EFF-M15; 《リザレクト》 itself is fixed index 6) |
| VANISH_BASE + k | hide with hiding effect k, the fighter's k-th effect (DX3-EFF-M14; a plain hide is RIDE_BASE + 2) |
| MAKE_BASE + dropped + 2 | make a weapon with the first weapon-making effect and equip it, putting away weapon `dropped` (-1: none, -2: all) (DX3-EFF-M05) |
| BLOCKADE_BASE + 0, + 1 | the blockade effect's 封鎖 down, up (DX3-EFF-M13) |

Weapon slots of an attack: 0 素手, 1-3 the carried weapons, 4-5 the vehicle's mounted weapons the
decider holds, 6 the vehicle itself (a ram, its driver only).

**Observation** (`DX3_OBS_SIZE` floats in [0, 1]): 12 fighter slots of `FIGHTER_FEATURES`, then
`GLOBAL_FEATURES`. A fighter slot holds: present; is the decider; ally; enemy; HP / max HP;
戦闘不能; position / line length; in the decider's engagement; distance / line length; 行動済み;
waiting; 侵蝕率 / 300 (capped); 行動値 / 30 (capped); 装甲値 / 15 (capped); the best 攻撃力 in hand
(攻撃力 + 5) / 25 (capped); its engagement is blockaded; aboard a vehicle; driving it; that
vehicle's HP / its starting HP (0 on foot); hidden (隠密状態); each bad status it holds, one flag per
status in `statuses.STATUS_NAMES` order (berserk, pressure, dazed, poison, rigid, hatred, fear,
frenzy, prone; DX3-BS-*); its 邪毒 rank / 5 (capped); it is the one the decider's 憎悪 or 恐怖 aims
at (two flags); its Lois / 7 and Titus / 7. The globals: round / max rounds; the decision (minor,
major, reaction, cover, revival, one-hot; the sublimation decision's flag comes after `deciding`);
the pending attack's hit 達成値 / 60 (capped); the decider is a target of it; the decider's full
moves in a row / 2; a minor-only round; the observer decides now; the sublimation decision; the
Titus sublimated on the check being decided / 4 (capped); that check's rolled 達成値 / 60 (0 before
the roll); the timing decision (a setup, initiative or cleanup process asks for effects); which
check the sublimation decision is on, one-hot in `CheckFor` order (hit, dodge, leave, hide, slip,
search, spot, drive, gimmick, recover, hold, lurk, watch, mind, notice); that check's difficulty / 60 (0 when it is against a roll).
"""

from __future__ import annotations

import struct
from functools import cache
from typing import Any, Final

import numpy as np

from yz_gym.envs.structured import Part, Structure
from yz_gym.rulesets.dx3.combos import MAX_COMBOS
from yz_gym.rulesets.dx3.engagement import blockaded
from yz_gym.rulesets.dx3.state import (
    AT_VEHICLE,
    DECISIONS,
    MAX_CARRIED,
    MAX_FIGHTER_EFFECTS,
    MAX_FIGHTERS,
    CheckFor,
    Dx3Action,
    Dx3State,
    Fighter,
    Kind,
    Phase,
)
from yz_gym.rulesets.dx3.statuses import STATUS_NAMES
from yz_gym.rulesets.dx3.vehicle import MAX_MOUNTED, MAX_VEHICLES, RAM

N: Final = MAX_FIGHTERS
W: Final = RAM + 2  # weapon slots of an attack: 素手, the carried weapons, the mounted ones, the ram
FIXED: Final = (
    Kind.WAIT,
    Kind.SKIP_MINOR,
    Kind.SKIP_MAJOR,
    Kind.DODGE,
    Kind.NO_REACTION,
    Kind.DECLINE,
    Kind.RESURRECT,
)
MOVE_BASE: Final = len(FIXED)
FULL_BASE: Final = MOVE_BASE + N + 2
ATTACK_BASE: Final = FULL_BASE + N + 2
GUARD_BASE: Final = ATTACK_BASE + N * W
EQUIP_BASE: Final = GUARD_BASE + MAX_CARRIED
DROPS: Final = MAX_CARRIED + 2  # what an equip puts away: all, none, or carried weapon 0, 1, 2
COVER_BASE: Final = EQUIP_BASE + MAX_CARRIED * DROPS
FINISH_BASE: Final = COVER_BASE + N
COMBO_BASE: Final = FINISH_BASE + N
TITUS: Final = (Kind.TITUS_REVIVE, Kind.TITUS_DICE, Kind.TITUS_CRIT, Kind.TITUS_RESULT)
TITUS_BASE: Final = COMBO_BASE + N * W * MAX_COMBOS
RIDE: Final = (Kind.LEAVE, Kind.VEHICLE_DODGE, Kind.HIDE)
RIDE_BASE: Final = TITUS_BASE + len(TITUS)
SWAP_BASE: Final = RIDE_BASE + len(RIDE)
HAND_BASE: Final = SWAP_BASE + N
VGUARD_BASE: Final = HAND_BASE + MAX_MOUNTED * N
BOARD_BASE: Final = VGUARD_BASE + MAX_MOUNTED
TAKES: Final = MAX_MOUNTED + 1  # what a boarding takes up: nothing or mounted weapon k
AT_VEHICLE_BASE: Final = BOARD_BASE + MAX_VEHICLES * 2 * TAKES
STEALTH_BASE: Final = AT_VEHICLE_BASE + N * W
SEARCH_BASE: Final = STEALTH_BASE + N + 2
RECOVER_BASE: Final = SEARCH_BASE + N
TIMED_BASE: Final = RECOVER_BASE + 2 * len(STATUS_NAMES)
REVIVE_BASE: Final = TIMED_BASE + MAX_COMBOS
VANISH_BASE: Final = REVIVE_BASE + MAX_FIGHTER_EFFECTS
MAKE_BASE: Final = VANISH_BASE + MAX_FIGHTER_EFFECTS
BLOCKADE_BASE: Final = MAKE_BASE + DROPS
N_DX3_ACTIONS: Final = BLOCKADE_BASE + 2
FIGHTER_FIELDS: Final = (
    "present", "is_decider", "ally", "enemy", "hp", "down", "position", "engaged_with_decider", "distance",
    "acted", "waiting", "encroachment", "initiative", "armor", "best_attack", "blockaded", "aboard",
    "driving", "vehicle_hp", "hidden", *(f"status_{name}" for name in STATUS_NAMES), "poison_rank",
    "hated_by_decider", "feared_by_decider", "lois", "titus",
)  # fmt: skip
GLOBAL_FIELDS: Final = (
    "round", "decision_minor", "decision_major", "decision_reaction", "decision_cover", "decision_revival",
    "pending_hit", "decider_targeted", "full_streak", "minor_only", "deciding", "decision_sublimation",
    "check_titus", "check_rolled", "decision_timing", *(f"check_{c.name.lower()}" for c in CheckFor),
    "check_difficulty",
)  # fmt: skip
G: Final = {name: i for i, name in enumerate(GLOBAL_FIELDS)}  # a global's offset by name
POISON_CAP: Final = 5  # 邪毒 rank / 5 (capped)
MAX_TITUS: Final = 7  # Lois and Titus / 7 (capped; DX3-TITUS-01: 7 Lois at most)
CHECK_TITUS_CAP: Final = 4  # Titus sublimated on the check being decided / 4 (capped)
FIGHTER_FEATURES: Final = len(FIGHTER_FIELDS)
GLOBAL_FEATURES: Final = len(GLOBAL_FIELDS)
DX3_OBS_SIZE: Final = N * FIGHTER_FEATURES + GLOBAL_FEATURES


DODGES: Final = (Kind.DODGE, Kind.VEHICLE_DODGE)  # with a dodge combo: slot 0's combo block


def encode(me: int, action: Dx3Action) -> int:
    """The index of `action` taken by fighter `me`."""
    kind = action.kind
    if action.combo >= 0 and kind in DODGES:
        return COMBO_BASE + DODGES.index(Kind(kind)) * MAX_COMBOS + action.combo
    if kind == Kind.RESURRECT and action.option >= 0:
        return REVIVE_BASE + action.option
    if kind == Kind.HIDE and action.combo >= 0:
        return VANISH_BASE + action.combo
    if kind == Kind.MAKE_WEAPON:
        return MAKE_BASE + action.drop + 2
    if kind == Kind.BLOCKADE:
        return BLOCKADE_BASE + action.option
    if kind in FIXED:
        return FIXED.index(Kind(kind))
    if kind in TITUS:
        return TITUS_BASE + TITUS.index(Kind(kind))
    if kind in RIDE:
        return RIDE_BASE + RIDE.index(Kind(kind))
    if kind == Kind.VEHICLE_GUARD:
        return VGUARD_BASE + action.option
    if kind == Kind.BOARD:
        return BOARD_BASE + (action.target * 2 + action.option) * TAKES + action.drop + 1
    slot = (action.target - me) % N
    if kind == Kind.SWAP:
        return SWAP_BASE + slot
    if kind == Kind.HAND_OVER:
        return HAND_BASE + action.option * N + slot
    if kind == Kind.SEARCH:
        return SEARCH_BASE + slot
    if kind == Kind.RECOVER:
        return RECOVER_BASE + action.option
    if kind == Kind.TITUS_CLEAR:
        return RECOVER_BASE + len(STATUS_NAMES) + action.option
    if kind == Kind.USE_EFFECT:
        return TIMED_BASE + action.option
    if kind in (Kind.MOVE, Kind.FULL_MOVE, Kind.STEALTH_MOVE):
        base = {Kind.MOVE: MOVE_BASE, Kind.FULL_MOVE: FULL_BASE, Kind.STEALTH_MOVE: STEALTH_BASE}[Kind(kind)]
        return base + (slot if action.target >= 0 else N + action.option)
    if kind == Kind.ATTACK:
        if action.drop == AT_VEHICLE:
            return AT_VEHICLE_BASE + slot * W + action.option + 1
        if action.combo >= 0:
            return COMBO_BASE + (slot * W + action.option + 1) * MAX_COMBOS + action.combo
        return ATTACK_BASE + slot * W + action.option + 1
    if kind == Kind.GUARD:
        return GUARD_BASE + action.option
    if kind == Kind.EQUIP:
        return EQUIP_BASE + action.option * DROPS + action.drop + 2
    if kind == Kind.COVER:
        return COVER_BASE + slot
    return FINISH_BASE + slot


def describe_index(index: int) -> str:
    """What an index means, whoever decides."""
    if 0 <= index < MOVE_BASE:
        return Kind(FIXED[index]).name.lower()
    for base, what in ((MOVE_BASE, "move"), (FULL_BASE, "full move")):
        if base <= index < base + N + 2:
            offset = index - base
            return f"{what} toward slot {offset}" if offset < N else f"{what} {('left', 'right')[offset - N]}"
    if ATTACK_BASE <= index < GUARD_BASE:
        slot, weapon = divmod(index - ATTACK_BASE, W)
        return f"attack slot {slot} with " + ("素手" if weapon == 0 else f"weapon {weapon - 1}")
    if GUARD_BASE <= index < EQUIP_BASE:
        return f"guard with weapon {index - GUARD_BASE}"
    if EQUIP_BASE <= index < COVER_BASE:
        w, drop = divmod(index - EQUIP_BASE, DROPS)
        away = ("putting away every weapon", "", *(f"putting away weapon {d}" for d in range(MAX_CARRIED)))[
            drop
        ]
        return f"equip weapon {w} {away}".rstrip()
    if COVER_BASE <= index < FINISH_BASE:
        return f"cover slot {index - COVER_BASE}"
    if FINISH_BASE <= index < COMBO_BASE:
        return f"finish off slot {index - FINISH_BASE}"
    if TITUS_BASE <= index < RIDE_BASE:
        return Kind(TITUS[index - TITUS_BASE]).name.lower()
    if RIDE_BASE <= index < SWAP_BASE:
        return Kind(RIDE[index - RIDE_BASE]).name.lower()
    if SWAP_BASE <= index < HAND_BASE:
        return f"swap the driver's seat with slot {index - SWAP_BASE}"
    if HAND_BASE <= index < VGUARD_BASE:
        k, slot = divmod(index - HAND_BASE, N)
        return f"mounted weapon {k} to slot {slot}"
    if VGUARD_BASE <= index < BOARD_BASE:
        return f"guard with mounted weapon {index - VGUARD_BASE}"
    if BOARD_BASE <= index < AT_VEHICLE_BASE:
        seat, take = divmod(index - BOARD_BASE, TAKES)
        v, s = divmod(seat, 2)
        taking = f", taking mounted weapon {take - 1}" if take else ""
        return f"board vehicle {v} as {('driver', 'passenger')[s]}{taking}"
    if STEALTH_BASE <= index < SEARCH_BASE:
        offset = index - STEALTH_BASE
        return (
            f"stealth move toward slot {offset}"
            if offset < N
            else f"stealth move {('left', 'right')[offset - N]}"
        )
    if SEARCH_BASE <= index < RECOVER_BASE:
        return f"search for slot {index - SEARCH_BASE}"
    if TIMED_BASE <= index < REVIVE_BASE:
        return f"declare timed combo {index - TIMED_BASE}"
    if REVIVE_BASE <= index < VANISH_BASE:
        return f"stand up with revive effect {index - REVIVE_BASE}"
    if VANISH_BASE <= index < MAKE_BASE:
        return f"hide with hiding effect {index - VANISH_BASE}"
    if MAKE_BASE <= index < BLOCKADE_BASE:
        drop = index - MAKE_BASE
        away = ("putting away every weapon", "", *(f"putting away weapon {d}" for d in range(MAX_CARRIED)))[drop]
        return f"make and equip a weapon {away}".rstrip()
    if BLOCKADE_BASE <= index < N_DX3_ACTIONS:
        return f"blockade {('down', 'up')[index - BLOCKADE_BASE]}"
    if RECOVER_BASE <= index < TIMED_BASE:
        how, s = divmod(index - RECOVER_BASE, len(STATUS_NAMES))
        return ("recover from {}", "sublimate a Titus to clear {}")[
            how
        ].format(STATUS_NAMES[s])
    if AT_VEHICLE_BASE <= index < STEALTH_BASE:
        slot, weapon = divmod(index - AT_VEHICLE_BASE, W)
        return f"attack the vehicle of slot {slot} with weapon slot {weapon}"
    if COMBO_BASE <= index < TITUS_BASE:
        attack, k = divmod(index - COMBO_BASE, MAX_COMBOS)
        slot, weapon = divmod(attack, W)
        if slot == 0 and weapon < len(DODGES):
            return f"{Kind(DODGES[weapon]).name.lower()} with dodge combo {k}"
        return (
            f"attack slot {slot} with " + ("素手" if weapon == 0 else f"weapon {weapon - 1}") + f", combo {k}"
        )
    return f"no action (the space has {N_DX3_ACTIONS} indices)"


INDEX_CACHE_SIZE: Final = 16384  # (decider, action) pairs whose index `mask` remembers
_indices: dict[tuple[int, int, int, int, int, int], int] = {}  # actions are values: the same pair, the same index


def mask(me: int, legal: list[Dx3Action]) -> tuple[np.ndarray, dict[int, Dx3Action]]:
    """The int8 mask of `legal` for fighter `me`, and index -> action for the legal ones."""
    out = np.zeros(N_DX3_ACTIONS, dtype=np.int8)
    by_index: dict[int, Dx3Action] = {}
    known = _indices
    for action in legal:
        key = (me, action.kind, action.target, action.option, action.drop, action.combo)  # ints: cheap to hash
        index = known.get(key, -1)
        if index < 0:
            if len(known) >= INDEX_CACHE_SIZE:
                known.clear()
            index = known[key] = encode(me, action)
        out[index] = 1
        by_index[index] = action
    return out, by_index


def describe_dx3_spaces() -> str:
    """Both layouts as text: every action block (first index, size) and every observation field."""
    blocks = (
        ("fixed: " + ", ".join(Kind(k).name.lower() for k in FIXED), 0, MOVE_BASE),
        ("move: slot, then left/right", MOVE_BASE, FULL_BASE), ("full move: as move", FULL_BASE, ATTACK_BASE),
        (f"attack: slot x {W} weapon slots", ATTACK_BASE, GUARD_BASE), ("guard: weapon", GUARD_BASE, EQUIP_BASE),
        (f"equip: weapon x {DROPS} drops", EQUIP_BASE, COVER_BASE), ("cover: slot", COVER_BASE, FINISH_BASE),
        ("finish off: slot", FINISH_BASE, COMBO_BASE),
        (f"attack with a combo: slot x {W} weapon slots x {MAX_COMBOS} combos", COMBO_BASE, TITUS_BASE),
        ("titus: " + ", ".join(Kind(k).name.lower() for k in TITUS), TITUS_BASE, RIDE_BASE),
        ("riding: " + ", ".join(Kind(k).name.lower() for k in RIDE), RIDE_BASE, SWAP_BASE),
        ("swap driver: slot", SWAP_BASE, HAND_BASE), (f"hand over: mounted weapon x {N} slots", HAND_BASE, VGUARD_BASE),
        ("vehicle guard: mounted weapon", VGUARD_BASE, BOARD_BASE),
        (f"board: vehicle x 2 seats x {TAKES} takes", BOARD_BASE, AT_VEHICLE_BASE),
        (f"attack a vehicle: slot x {W} weapon slots", AT_VEHICLE_BASE, STEALTH_BASE),
        ("stealth move: as move", STEALTH_BASE, SEARCH_BASE), ("search: slot", SEARCH_BASE, RECOVER_BASE),
        ("recover: bad status x (plain, a Titus clearing it)", RECOVER_BASE, TIMED_BASE),
        ("timed combo: k", TIMED_BASE, REVIVE_BASE), ("revive effect: k", REVIVE_BASE, VANISH_BASE),
        ("hiding effect: k", VANISH_BASE, MAKE_BASE), (f"make a weapon: {DROPS} drops", MAKE_BASE, BLOCKADE_BASE),
        ("blockade: down, up", BLOCKADE_BASE, N_DX3_ACTIONS),
    )  # fmt: skip
    lines = [f"DX3 actions: Discrete({N_DX3_ACTIONS})"]
    lines += [f"  {start:>4} +{end - start:<4} {what}" for what, start, end in blocks]
    lines.append(f"DX3 observation: Box(0, 1, ({DX3_OBS_SIZE},)); {N} fighter slots of:")
    lines += [f"  {i:>3} {name}" for i, name in enumerate(FIGHTER_FIELDS)]
    lines.append(f"then the globals at {N * FIGHTER_FEATURES}:")
    lines += [f"  {N * FIGHTER_FEATURES + i:>3} {name}" for i, name in enumerate(GLOBAL_FIELDS)]
    return "\n".join(lines)


@cache
def dx3_structure() -> Structure:
    """The dict observation (`obs_mode="dict"`): `fighters` [12, FIGHTER_FEATURES] by slot, `global`."""
    parts = (
        Part("fighters", N, ((0, N, FIGHTER_FEATURES, False),)),
        Part("global", 0, ((N * FIGHTER_FEATURES, 0, GLOBAL_FEATURES, False),)),
    )
    return Structure(DX3_OBS_SIZE, parts, {})


def _cap(value: float) -> float:
    return min(max(value, 0.0), 1.0)


def ride_hp(state: Dx3State, f: Fighter) -> float:
    """The HP fraction of the vehicle f rides (0 on foot)."""
    if f.vehicle < 0:
        return 0.0
    v = state.vehicles[f.vehicle]
    return _cap(v.hp / max(v.spec.hp, 1))


_ROW: Final = struct.Struct(f"{FIGHTER_FEATURES}f")  # one fighter slot, packed into the vector at once
_NO_STATUS: Final = (0.0,) * len(STATUS_NAMES)
_GLOBALS: Final = N * FIGHTER_FEATURES  # where the globals start; below, each global's index in the vector
_ROUND: Final = _GLOBALS + G["round"]
_DECISION_AT: Final = tuple(
    _GLOBALS + G["decision_" + name] if name != "over" else -1 for name in DECISIONS
)  # each decision's flag by Phase (-1: over, which has none)
_PENDING_HIT: Final = _GLOBALS + G["pending_hit"]
_TARGETED: Final = _GLOBALS + G["decider_targeted"]
_FULL_STREAK: Final = _GLOBALS + G["full_streak"]
_MINOR_ONLY: Final = _GLOBALS + G["minor_only"]
_DECIDING: Final = _GLOBALS + G["deciding"]
_CHECK_TITUS: Final = _GLOBALS + G["check_titus"]
_CHECK_ROLLED: Final = _GLOBALS + G["check_rolled"]
_CHECK_AT: Final = {c.value: _GLOBALS + G[f"check_{c.name.lower()}"] for c in CheckFor}
_CHECK_DIFFICULTY: Final = _GLOBALS + G["check_difficulty"]


def observe(state: Dx3State, me: int, acting: int) -> np.ndarray:
    """The observation seen by fighter `me` (`acting`: who decides now, -1 when over)."""
    obs = np.zeros(DX3_OBS_SIZE, dtype=np.float32)
    fighters = state.fighters
    vehicles = state.vehicles
    length = max(state.scenario.length, 1)
    mine = fighters[me]
    my_side = mine.side
    my_pos = mine.pos
    hatred = mine.hatred
    fear = mine.fear
    blocked: dict[tuple[int, int], bool] = {}  # blockaded() reads only a fighter's position and side
    buf: Any = obs.data  # a writable float32 memoryview: item writes are cheaper than numpy's
    pack = _ROW.pack_into
    # each value below is clipped to [0, 1] inline, as min(max(v, 0.0), 1.0) would
    for f in fighters:
        fid = f.id
        char = f.char
        stats = char.stats
        pos = f.pos
        side = f.side
        weapons = f.weapons
        best = -5  # the best 攻撃力 in hand (-5: nothing equipped); a loop: max() with a default is a slow call
        for k, w in enumerate(f.equipped):
            power = weapons[w].attack
            if k == 0 or power > best:
                best = power
        where = (pos, side)
        held = blocked.get(where)
        if held is None:
            held = blocked[where] = blockaded(state, f)
        top = stats.max_hp  # max(top, 1) without the call (a generic one in the compiled build); so below
        hp = char.hp / (top if top > 1 else 1)
        at = pos / length
        far = abs(pos - my_pos) / length
        enc = char.encroachment / 300
        ini = f.initiative / 30
        arm = f.armor_value / 15
        atk = (best + 5) / 25
        vi = f.vehicle
        if vi >= 0:
            v = vehicles[vi]
            driving = v.driver == fid
            top = v.spec.hp
            vhp = v.hp / (top if top > 1 else 1)
            vhp = 0.0 if vhp < 0.0 else 1.0 if vhp > 1.0 else vhp
        else:
            driving = False
            vhp = 0.0
        st = f.statuses
        poison = f.poison / POISON_CAP
        lois = char.lois / MAX_TITUS
        titus = char.titus / MAX_TITUS
        pack(
            buf, ((fid - me) % N) * FIGHTER_FEATURES * 4,
            1.0, 1.0 if fid == me else 0.0, 1.0 if side == my_side else 0.0, 0.0 if side == my_side else 1.0,
            0.0 if hp < 0.0 else 1.0 if hp > 1.0 else hp, 1.0 if char.incapacitated else 0.0,
            0.0 if at < 0.0 else 1.0 if at > 1.0 else at, 1.0 if pos == my_pos else 0.0,
            0.0 if far < 0.0 else 1.0 if far > 1.0 else far, 1.0 if f.acted else 0.0, 1.0 if f.waiting else 0.0,
            0.0 if enc < 0.0 else 1.0 if enc > 1.0 else enc, 0.0 if ini < 0.0 else 1.0 if ini > 1.0 else ini,
            0.0 if arm < 0.0 else 1.0 if arm > 1.0 else arm, 0.0 if atk < 0.0 else 1.0 if atk > 1.0 else atk,
            1.0 if held else 0.0, 1.0 if vi >= 0 else 0.0, 1.0 if driving else 0.0, vhp, 1.0 if f.hidden.hidden else 0.0,
            *([1.0 if name in st else 0.0 for name in STATUS_NAMES] if st else _NO_STATUS),
            0.0 if poison < 0.0 else 1.0 if poison > 1.0 else poison, 1.0 if hatred == fid else 0.0, 1.0 if fear == fid else 0.0,
            0.0 if lois < 0.0 else 1.0 if lois > 1.0 else lois, 0.0 if titus < 0.0 else 1.0 if titus > 1.0 else titus,
        )  # fmt: skip
    rnd = state.round / state.scenario.max_rounds
    buf[_ROUND] = 0.0 if rnd < 0.0 else 1.0 if rnd > 1.0 else rnd
    if acting >= 0 and state.phase != Phase.OVER:
        buf[_DECISION_AT[state.phase]] = 1.0
    p = state.pending
    if p is not None:
        buf[_PENDING_HIT] = _cap(p.hit_check.achievement / 60)
        buf[_TARGETED] = float(me in p.targets)
    buf[_FULL_STREAK] = _cap(mine.full_streak / 2)
    buf[_MINOR_ONLY] = float(state.minor_only)
    buf[_DECIDING] = float(acting == me)
    sub = state.sublimation
    if sub is not None:
        buf[_CHECK_TITUS] = _cap(sub.spent / CHECK_TITUS_CAP)
        buf[_CHECK_ROLLED] = _cap(sub.result.achievement / 60) if sub.result is not None else 0.0
        buf[_CHECK_AT[sub.purpose]] = 1.0
        buf[_CHECK_DIFFICULTY] = _cap(sub.difficulty / 60)
    return obs
