"""The design Spaces of DX3 fights and expeditions (issue 18): what a variation edits in their
files, balance and sensitivity end to end on their bundled files (the same seeded games as
`evaluate`, paired records), and on a DX3 fight too strengthening a side never ranks as weakening
it beyond noise."""

from __future__ import annotations

import pytest

from yz_gym.design.balance import balance
from yz_gym.design.paired import z_for
from yz_gym.design.sensitivity import changes, sensitivity
from yz_gym.design.variation import VariationError, edited, parse_variation, variants
from yz_gym.evaluation.journeys import JourneyStats
from yz_gym.evaluation.runner import evaluate
from yz_gym.evaluation.stats import EncounterStats
from yz_gym.scenario.loading import load

DX3_RANDOM = {"ugn": "random", "fh": "random"}
DX3_AGGRESSIVE = {"ugn": "dx3_aggressive", "fh": "dx3_aggressive"}


@pytest.fixture(scope="module")
def duel():
    return load("dx3_duel")


@pytest.fixture(scope="module")
def patrol():
    return load("expedition_dragoon_patrol")


def fighter(data, name):
    return next(f for f in data["fighters"] if f["name"] == name)


def test_dx3_fields_edit_the_fighters_and_the_loader_builds_them(duel):
    made = variants(duel, [parse_variation("Enforcer.position=14..20", duel)])
    assert [next(f for f in v.scenario.fighters if f.name == "Enforcer").position for v in made] == list(range(14, 21))
    data = duel.data
    assert fighter(edited(data, parse_variation("Enforcer.body=6", duel), 6), "Enforcer")["abilities"]["body"] == 6
    skill = parse_variation("Kaito.skills.白兵=4", duel)
    assert skill.field == "白兵" and fighter(edited(data, skill, 4), "Kaito")["skills"]["白兵"] == 4
    assert parse_variation("Kaito.rc=1,2", duel).field == "RC"  # a field's case as the file spells it
    weapon = fighter(edited(data, parse_variation("Kaito.weapon=knife", duel), "knife"), "Kaito")
    assert weapon["weapons"] == ["knife", "handgun"]  # the sword it fought with is replaced
    bare = fighter(edited(data, parse_variation("Enforcer.armor=none", duel), "none"), "Enforcer")
    assert bare["armor"] == []
    effect = parse_variation("Enforcer.effects.heavy_blow=0..3", duel)
    assert [fighter(edited(data, effect, v), "Enforcer")["effects"].get("heavy_blow") for v in effect.values] == [None, 1, 2, 3]
    assert fighter(duel.data, "Enforcer")["effects"]["heavy_blow"] == 3  # the loaded file is never changed


def test_a_dx3_count_copies_an_npc_fighter_and_a_side_count_adds_or_leaves_out_npcs():
    boss = load("dx3_boss_party")
    made = variants(boss, [parse_variation("master.count=2,4,6", boss)])
    names = [[f.name for f in v.scenario.fighters if f.side == 1] for v in made]
    assert names == [
        ["Master Gray", "Trooper A"],
        ["Master Gray", "Trooper A", "Trooper B", "Trooper C"],
        ["Master Gray", "Trooper A", "Trooper B", "Trooper C", "Trooper C 2", "Trooper C 3"],
    ]
    two = variants(boss, [parse_variation("Trooper A.count=3", boss)])[0]
    assert [f.name for f in two.scenario.fighters][5:8] == ["Trooper A", "Trooper A 2", "Trooper A 3"]
    with pytest.raises(VariationError, match=r"^--vary Aoi.count=2: 'Aoi' has no NPC fighter on foot"):
        parse_variation("Aoi.count=2", boss)
    with pytest.raises(VariationError, match=r"fighters: .*12"):
        variants(boss, [parse_variation("master.count=9", boss)])  # 4 PCs + 9: the loader's limit


def test_a_riders_position_is_its_vehicles(duel):
    chase = load("dx3_car_chase")
    with pytest.raises(VariationError, match=r"^--vary Kyoko.position=10: Kyoko rides 'van' and stands where it is; vary van.position$"):
        parse_variation("Kyoko.position=10", chase)
    made = variants(chase, [parse_variation("van.position=80,120", chase)])
    assert [next(f for f in v.scenario.fighters if f.name == "Kyoko").position for v in made] == [80, 120]


def test_dx3_steps_and_whom_they_strengthen(duel):
    labels = {c.label: c for c in changes(duel)}
    for label in (
        "Kaito body +1 (3 -> 4)", "Kaito 白兵 -1 (2 -> 1)", "Kaito crit_focus +1 (2 -> 3)", "Kaito lois +1 (1 -> 2)",
        "Kaito weapon sword -> shield", "Enforcer armor chain_mail -> full_armor", "Enforcer count 1 -> 2",
        "Enforcer encroachment +10 (130 -> 140)", "Enforcer position -5 (20 -> 15)",
    ):  # fmt: skip
        assert label in labels, label
    assert "Enforcer crit_focus +1 (3 -> 4)" not in labels  # crit_focus's max level is 3
    assert "Kaito count 1 -> 2" not in labels and "Enforcer lois +1 (0 -> 1)" not in labels  # no PC copies; no NPC Lois
    assert labels["Kaito body +1 (3 -> 4)"].helps == "ugn" and labels["Enforcer count 1 -> 2"].helps == "fh"
    assert labels["Kaito 白兵 -1 (2 -> 1)"].hurts == "ugn"
    for undirected in ("Enforcer armor chain_mail -> full_armor", "Enforcer encroachment +10 (130 -> 140)", "Enforcer position -5 (20 -> 15)"):
        assert labels[undirected].helps == labels[undirected].hurts == ""


def test_balance_on_a_dx3_fight_races_on_the_seeded_games_evaluate_plays(duel):
    found = balance(duel, [parse_variation("Enforcer.body=3..6", duel)], 0.5, "", "ugn", DX3_RANDOM, seed=2, first=10, budget=60)
    assert found.metric == "win" and 40 <= found.games <= 60
    for c in found.candidates:
        again, _ = evaluate(c.variant.data, DX3_RANDOM, c.stats.games, 2)
        assert isinstance(c.stats, EncounterStats) and c.stats.to_json() == again.to_json()
    knockout = balance(duel, [parse_variation("Enforcer.body=3,6", duel)], 0.2, "knockout", "ugn", DX3_RANDOM, first=10, budget=20)
    assert knockout.chosen.stats.party_knockouts == knockout.to_json()["chosen"]["probability"] * 10


def test_balance_on_an_expedition_aims_at_the_arrival_chance(patrol):
    found = balance(patrol, [parse_variation("party.food=3,9", patrol)], 0.5, seed=1, first=10, budget=20)
    assert found.metric == "arrival" and found.games == 20
    for c in found.candidates:
        assert isinstance(c.stats, JourneyStats)
        again, _ = evaluate(c.variant.data, {}, 10, 1, report=None)
        assert c.stats.to_json() == again.to_json() and c.stats.game_records() == again.game_records()
        assert c.estimate("arrival", "dragoons")[0] == c.stats.arrived / 10
    lost = balance(patrol, [parse_variation("party.food=3,9", patrol)], 0.1, "pc_death", first=10, budget=20)
    assert lost.to_json()["chosen"]["probability"] == lost.chosen.stats.any_pc_dead / 10


def test_trip_records_are_the_same_from_any_number_of_workers():
    parallel, _ = evaluate("expedition_dragoon_patrol", {}, 6, 3, workers=2, chunk=2, report=None)
    alone, _ = evaluate("expedition_dragoon_patrol", {}, 6, 3, report=None)
    records = alone.game_records()
    assert parallel.game_records() == records and sorted(records) == list(range(6))
    assert sum(r[0] == "dragoons" for r in records.values()) == alone.arrived
    assert sum(r[3] for r in records.values()) == alone.lost and sum(r[2] for r in records.values()) == alone.any_pc_dead


def test_expedition_fields_edit_the_file(patrol):
    data = patrol.data
    assert edited(data, parse_variation("party.snare=true,false", patrol), "true")["party"]["snare"] is True
    assert edited(data, parse_variation("expedition.ice=true", patrol), "true")["waters"]["ice"] is True
    blankets = parse_variation("party.blankets=none,Captain Vell", patrol)
    assert edited(data, blankets, "Captain Vell")["party"]["blankets"] == ["Captain Vell"]
    wolves = parse_variation("a wolf pack.attitude=hostile,rolled", patrol)
    assert edited(data, wolves, "hostile")["encounters"]["table"][0]["attitude"] == "hostile"
    assert "attitude" not in edited(data, wolves, "rolled")["encounters"]["table"][0]
    made = variants(patrol, [parse_variation("expedition.season=summer,winter", patrol)])
    assert [v.scenario.season for v in made] == ["summer", "winter"]
    with pytest.raises(VariationError, match=r"^--vary party.blankets=some: .*blankets"):
        variants(patrol, [parse_variation("party.blankets=some", patrol)])


def test_sensitivity_on_an_expedition_pairs_trips_and_ranks_by_arrival(patrol):
    found = sensitivity(patrol, games=10, kinds=("stores",), seed=4)
    assert found.side == "dragoons" and found.space.metrics[0] == "arrival"
    assert sorted(found.base.game_records()) == list(range(10))
    assert {e.change.factor for e in found.effects} == {"party food", "party water"}
    for effect in found.effects:
        arrival = effect.wins["dragoons"]
        assert arrival.games == 10 and arrival.base == found.base.arrived / 10
        assert effect.death is not None and effect.death.base == found.base.any_pc_dead / 10
        assert effect.knockout is not None and effect.knockout.base == found.base.lost / 10
    assert found.to_json()["metrics"] == ["arrival", "pc_death", "party_lost"]


def strengthening_never_weakens(found):  # type: ignore[no-untyped-def]
    """Every directed change moves its side's win chance its way, or not beyond noise (Bonferroni)."""
    directed = [e for e in found.effects if e.change.helps or e.change.hurts]
    assert directed
    z = z_for(1 - 0.05 / len(directed))
    for effect in directed:
        side = effect.change.helps or effect.change.hurts
        low, high = effect.wins[side].interval(z)
        assert (high >= 0) if effect.change.helps else (low <= 0), f"{effect.change.label}: {low:+.3f} to {high:+.3f}"


def test_on_a_dx3_fight_strengthening_never_ranks_as_weakening(duel):
    found = sensitivity(duel, DX3_AGGRESSIVE, games=40, kinds=("effect", "count"), seed=5)
    strengthening_never_weakens(found)
    count = next(e for e in found.effects if e.change.label == "Enforcer count 1 -> 2")
    assert count.wins["fh"].interval()[0] > 0  # a second Enforcer: clearly stronger, even in 40 games


@pytest.mark.slow
def test_on_a_dx3_fight_played_tactically_strengthening_never_ranks_as_weakening(duel):
    found = sensitivity(duel, {}, games=200, workers=2, kinds=("ability", "effect", "count"))
    strengthening_never_weakens(found)
