"""DX3 fight events as log lines a game master would read as a session report."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from yz_gym.core.events import Event
from yz_gym.rulesets.dx3.state import Dx3State


def _dice(rounds: list[list[int]]) -> str:
    """A check's faces, round by round: [10,3] > [7]."""
    return " > ".join("[" + ",".join(str(x) for x in r) + "]" for r in rounds) or "no dice"


def _check(e: Event) -> str:
    """`faces = 達成値 N`, or the fumble."""
    if e.get("fumble"):
        return f"{_dice(e.get('faces', []))}: fumble (達成値 0)"
    return f"{_dice(e.get('faces', []))} = 達成値 {e.get('achievement')}"


def narrate(state: Dx3State, events: Iterable[Event]) -> list[str]:
    """Log lines for events."""
    names = [f.name for f in state.fighters]

    def who(i: int) -> str:
        return names[i] if 0 <= i < len(names) else "nobody"

    out = []
    for e in events:
        line = _line(e, who(e.actor), who(e.target), names)
        if line:
            out.append(line)
    return out


def _line(e: Event, actor: str, target: str, names: list[str]) -> str:
    """One event's line ('' for none)."""
    k = e.kind
    get: Any = e.get
    if k == "fight":
        return f"The fight '{get('name')}' begins on a {get('length')} m line."
    if k == "round":
        extra = " Only minor actions this round (a stage event)." if get("minor_only") else ""
        return f"--- Round {get('round')}: setup process.{extra}"
    if k == "initiative":
        waited = ", after waiting" if get("waited") else ""
        return f"{actor}'s main process (行動値 {get('initiative')}{waited})."
    if k == "wait":
        return f"{actor} waits (待機)."
    if k == "skip":
        return f"{actor} takes no {get('action')} action."
    if k in ("move", "full_move"):
        how = "戦闘移動" if k == "move" else "全力移動"
        joined = get("joined") or []
        tail = f", joining the engagement of {', '.join(names[i] for i in joined)}" if joined else ""
        return f"{actor} makes a {how} from {get('from')} m to {get('to')} m{tail}."
    if k == "leave_check":
        result = "breaks away" if get("won") else "cannot break away and stays engaged"
        return (
            f"{actor} is alone in the engagement: 【肉体】 {_dice(get('faces'))} = {get('achievement')} "
            f"against {target}'s {_dice(get('rival_faces'))} = {get('rival')}; {actor} {result}."
        )
    if k == "equip":
        away = f", putting away the {get('put_away')}" if get("put_away") else ""
        return f"{actor} equips the {get('weapon')}{away}."
    if k == "made_weapon":
        away = f", putting away the {get('put_away')}" if get("put_away") else ""
        stats = f"命中 {get('hit')}, 攻撃力 {get('attack')}, ガード値 {get('guard')}"
        return f"{actor} makes a weapon with 《{get('weapon')}》 ({stats}) and equips it{away}."
    if k == "blockade":
        return f"{actor} {'blockades' if get('up') else 'lifts the blockade of'} the engagement at {get('position')} m (封鎖)."
    if k == "impulse":
        result = "fails: 暴走 (no reactions)" if get("berserk") else "holds"
        return (
            f"{actor}'s impulse check 〈意志〉: {_check(e)}; {actor} {result}. "
            f"侵蝕率 {get('before')}% +{get('rise')} -> {get('encroachment')}%."
        )
    if k == "titus":
        words = {"dice": "+10 dice", "revive": "standing up", "crit": "C値 -1", "result": "+1D10", "clear": "clearing statuses"}
        return f"  {actor} sublimates a Titus for {words.get(get('use'), get('use'))} ({get('titus')} Titus, {get('lois')} Lois left)."
    if k == "effect_revive":
        return (
            f"  {actor} stands up again with 《{get('effect')}》: HP {get('hp')}, "
            f"侵蝕率 {get('before')}% -> {get('after')}%."
        )
    if k == "titus_raise":
        return f"  +1D10 {_dice([get('faces')])}: {actor}'s 達成値 is now {get('achievement')}."
    if k == "titus_revive":
        return f"  {actor} stands up again: HP {get('hp')}."
    if k == "combo":
        combo = "+".join(f"《{name}》" for name in get("effects"))
        return f"  {actor} declares {combo}: 侵蝕率 {get('before')}% +{get('cost')} -> {get('after')}%."
    if k == "board":
        weapon = f", taking the mounted {get('weapon')}" if get("weapon") else ""
        return f"{actor} boards the {get('vehicle')} as {get('seat')}{weapon}."
    if k == "leave_vehicle":
        return f"{actor} gets off the {get('vehicle')}."
    if k == "swap_driver":
        return f"{actor} and {target} swap seats in the {get('vehicle')}: {names[get('driver')]} drives."
    if k == "hand_over":
        return f"{target} takes up the mounted {get('weapon')}" + (f" from {actor}." if e.actor >= 0 else ".")
    if k == "at_vehicle":
        return f"  The attack strikes {target}'s {get('vehicle')}."
    if k == "vehicle_dodge":
        spotted = (
            f"{names[get('spotter')]} watches the road: 〈知覚〉 {_dice(get('perception_faces'))} = {get('perception')}; "
            if get("spotter", -1) >= 0 else "no passenger to watch the road; "
        )  # fmt: skip
        result = "the attack misses" if get("dodged") else "not enough"
        return f"  {spotted}{actor} swerves: 〈運転〉 {get('dice')}dx{get('crit')}: {_check(e)}; {result}."
    if k == "vehicle_damage":
        guard = f", ガード値 {get('guard')}" if get("guard") else ""
        return f"  The {get('vehicle')} loses {get('hp_lost')} HP after 装甲値 {get('armor')}{guard}: HP {get('hp')}."
    if k == "vehicle_destroyed":
        riders = ", ".join(names[i] for i in get("riders")) or "nobody"
        return f"  The {get('vehicle')} is wrecked; thrown off: {riders}."
    if k == "hide":
        if get("difficulty", -1) < 0:
            return f"{actor} slips into the dark: hidden."
        result = "hidden" if get("hidden") else "still seen"
        return f"{actor} tries to hide: 〈知覚〉 {_dice(get('faces'))} = {get('achievement')} at {get('difficulty')}; {result}."
    if k == "stealth_move":
        return f"{actor} moves unseen from {get('from')} m to {get('to')} m."
    if k == "slip_past":
        result = "stays hidden" if get("hidden") else "is spotted"
        return f"  {actor} sneaks among the enemies: 〈知覚〉 {get('achievement')} against {get('rival')}; {actor} {result}."
    if k == "hidden_hit":
        result = "stays hidden" if get("hidden") else "is spotted"
        return f"  {actor} keeps still under the blast: 【精神】 {get('achievement')} against 〈知覚〉 {get('rival')}; {result}."
    if k == "search":
        return f"{actor} searches for {target}: 〈知覚〉 {get('achievement')}; " + (
            "found." if get("found") else "nothing."
        )
    if k == "revealed":
        return f"  {actor} is no longer hidden."
    if k == "attack":
        struck = get("targets", [e.target])
        who = target if struck == [e.target] else ", ".join(names[i] for i in struck) or "nobody"
        weapon = "its effects" if get("weapon") == "-" else get("weapon")
        return f"{actor} attacks {who} with {weapon}."
    if k == "no_damage":
        return "  The attack states no 攻撃力: no damage."
    if k == "auto_effect":
        what = "ガード値" if get("use") == "guard" else "HP damage prevented"
        return (
            f"  {actor}'s 《{get('effect')}》 fires: {what} +{get('amount')}, "
            f"侵蝕率 {get('before')}% -> {get('after')}%."
        )
    if k == "status":
        rank = f" {get('rank')}" if get("rank") else ""
        return f"  {target} suffers {get('status')}{rank}."
    if k == "poison":
        return f"  {target} loses {get('hp_lost')} HP to poison {get('rank')}: HP {get('hp')}."
    if k == "recover":
        check = f" (【精神】 {_dice(get('faces'))} = {get('achievement')} at 9)" if get("achievement", -1) >= 0 else ""
        return f"{actor} tries to shake off {get('status')}{check}: " + ("cleared." if get("recovered") else "it stays.")
    if k == "titus_clear":
        return f"  {actor}'s Titus clears {', '.join(get('statuses'))}."
    if k == "procure":
        result = "bought" if get("bought") else "not found"
        return (
            f"{actor} tries to procure a {get('weapon')}: 〈調達〉 {_dice(get('faces'))} = {get('achievement')} "
            f"at {get('difficulty')}; {result}."
        )
    if k == "hit_check":
        return (
            f"  Hit check 〈{get('skill')}〉 {get('dice')}dx{get('crit')}{get('modifier'):+d}: {_check(e)}."
        )
    if k == "dodge":
        return f"  {actor} dodges: {_check(e)}."
    if k == "guard":
        return f"  {actor} guards with the {get('weapon')} (ガード値 {get('guard')})."
    if k == "no_reaction":
        return f"  {actor} does not react."
    if k == "hit":
        return f"  The attack hits {target}."
    if k == "missed":
        return f"  The attack misses {target}{' (dodged)' if get('dodged') else ''}."
    if k == "cover":
        return f"  {actor} covers {target} (カバーリング) and is now 行動済み."
    if k == "damage_roll":
        return f"  Damage roll {_dice([get('faces')])} + 攻撃力 {get('attack')} = {get('total')}."
    if k == "damage":
        parts = [f"装甲値 {get('armor')}"] + ([f"ガード値 {get('guard')}"] if get("guard") else [])
        doubled = " x2 for covering while hit" if get("factor", 1) > 1 else ""
        covering = f" (covering {names[get('covering')]})" if get("covering", -1) >= 0 else ""
        return f"  {target}{covering} loses {get('hp_lost')} HP after {', '.join(parts)}{doubled}: HP {get('hp')}."
    if k == "down":
        return f"  {actor} is 戦闘不能."
    if k == "resurrect":
        return (
            f"  {actor} rises with 《リザレクト》: +{get('healed')} HP (HP {get('hp')}), "
            f"侵蝕率 {get('before')}% -> {get('encroachment')}%."
        )
    if k == "killed":
        return f"  {actor} finishes off {target} (とどめ): {target} is dead."
    if k == "stays_down":
        return f"  {actor} stays down."
    if k == "cleanup":
        return f"--- Round {get('round')}: cleanup process."
    if k == "timed_effect":
        combo = "+".join(f"《{name}》" for name in get("effects"))
        gains = ", ".join(f"{name} {value:+d}" for name, value in get("bonuses").items())
        healed = f", heals {get('healed')} HP (HP {get('hp')})" if get("healed") else ""
        ending = get("until_cleanup")
        until = (
            " for the scene" if not ending else " until the cleanup process" if ending == get("bonuses")
            else f" ({', '.join(ending)} until the cleanup process, the rest for the scene)"
        )  # fmt: skip
        return f"  {actor} uses {combo} ({get('timing')})" + (f": {gains}{until}" if gains else "") + f"{healed}."
    if k == "effect_ends":
        ended = ", ".join(f"{name} {value:+d}" for name, value in get("bonuses").items())
        return f"  {actor}'s bonuses for the round end ({ended})."
    if k == "end":
        winner = get("winner")
        return f"=== The fight ends after {get('rounds')} rounds: {get('reason')}" + (
            f"; {winner} wins." if winner else "."
        )
    return ""
