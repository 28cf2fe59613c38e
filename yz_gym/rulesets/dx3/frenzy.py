"""狂乱 (frenzy, DX3-BS-08, PROPOSED; only with `extra_statuses`): treated as 暴走, so no reactions
(attack.reactions), and in each main process the frenzied character must attack the nearest
character, friend or foe (afflictions.nearest; several at the same distance: any of them).

Read into the legal actions: the major action is an attack whose struck characters include a
nearest one while any such attack is possible; else a 全力移動 that brings it closer to one of
them; else no major action. Its minor action may not move it away: only moves that bring it closer
to a nearest character are left (the other minor actions stay)."""

from __future__ import annotations

from yz_gym.rulesets.dx3 import afflictions, attack, engagement
from yz_gym.rulesets.dx3.state import Dx3Action, Dx3State, Fighter, Kind


def _closer(state: Dx3State, f: Fighter, action: Dx3Action, reach: int, closest: list[int]) -> bool:
    """Whether the move ends nearer to one of the `closest` characters than f stands now."""
    end = engagement.destination(state, f, engagement.goal_of(state, action), reach)
    return any(abs(end - state.fighters[c].pos) < abs(f.pos - state.fighters[c].pos) for c in closest)


def majors(state: Dx3State, f: Fighter, actions: list[Dx3Action]) -> list[Dx3Action]:
    """f's major actions under 狂乱 (module docstring), from the `actions` it would have otherwise."""
    closest = afflictions.nearest(state, f)
    if not closest:
        return actions
    wanted = set(closest)
    hits = [a for a in actions if a.kind == Kind.ATTACK and wanted & set(attack.struck_by(state, f, a))]
    if hits:
        return hits
    reach = engagement.full_move_distance(state, f)
    toward = [a for a in actions if a.kind == Kind.FULL_MOVE and _closer(state, f, a, reach, closest)]
    return toward or [Dx3Action(Kind.SKIP_MAJOR)]


def minors(state: Dx3State, f: Fighter, actions: list[Dx3Action]) -> list[Dx3Action]:
    """f's minor actions under 狂乱: every one but the moves that do not bring it closer to a nearest
    character (a movement effect's move goes its own distance)."""
    closest = afflictions.nearest(state, f)
    if not closest:
        return actions
    plain = engagement.combat_move_distance(state, f)
    out = []
    for a in actions:
        if a.kind == Kind.MOVE:
            reach = plain if a.combo < 0 else engagement.effect_move_distance(state, f, a.combo)
            if not _closer(state, f, a, reach, closest):
                continue
        out.append(a)
    return out
