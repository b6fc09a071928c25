"""The teaching helpers: exact odds, and every exercise is solvable but not pre-solved."""

from __future__ import annotations

import pytest

from clash_widget.engine import Match
from clash_widget.lessons import exercises, explain, refusal
from clash_widget.lessons.battles import field_battle, finish_battle, frame_kind, simulate_battles
from clash_widget.lessons.explain import explain_text
from clash_widget.lessons.odds import (
    battle_odds,
    dice_sum,
    hits,
    influence_success,
    influence_tokens_spent,
)


def test_dice_sum_is_a_distribution():
    d = dice_sum(3)
    assert min(d) == 3 and max(d) == 18
    assert abs(sum(d.values()) - 1) < 1e-12
    assert abs(d[10] - 27 / 216) < 1e-12


def test_hits_of_one_die():
    # One die scores a hit on 5 or 6.
    assert hits(1) == pytest.approx({0: 4 / 6, 1: 2 / 6})


def test_one_against_one_by_hand():
    # Each side hits with 1/3; a round with a hit ends it: win 2/9, lose 2/9, both 1/9 of 5/9.
    assert battle_odds(1, 1) == pytest.approx({"wins": 0.4, "loses": 0.4, "both": 0.2})


@pytest.mark.parametrize("fortress", [False, True])
def test_battle_odds_are_probabilities_and_monotone(fortress):
    for d in range(1, 5):
        for a in range(1, 5):
            o = battle_odds(a, d, fortress)
            assert sum(o.values()) == pytest.approx(1)
            if a < 4:
                assert battle_odds(a + 1, d, fortress)["wins"] > o["wins"]


def test_fortress_hurts_the_attacker():
    assert battle_odds(3, 2, fortress=True)["wins"] < battle_odds(3, 2)["wins"]


def test_engine_battles_agree_with_the_exact_odds():
    sim = simulate_battles(2, 2, games=400, seed=4)
    exact = battle_odds(2, 2)
    for k in exact:  # 400 games: 3 standard errors is below 0.075
        assert abs(sim[k] - exact[k]) < 0.075, (k, sim, exact)


def test_field_battle_stops_at_the_retreat_choice_and_finish_battle_ends_it():
    m = next(
        field_battle(3, 3, dice_seed=i)
        for i in range(60)
        if frame_kind(field_battle(3, 3, dice_seed=i)) == "battle_round"
    )
    finish_battle(m)
    assert frame_kind(m) in ("move", "turn")
    left = {p for u in m.state["units"].values() if u["hex"] == "3,0" for p in [u["owner"]]}
    assert len(left) <= 1


def test_influence_odds():
    assert [influence_success(t) for t in range(5)] == pytest.approx(
        [2 / 6, 3 / 6, 4 / 6, 5 / 6, 1]
    )
    assert influence_success(1, shortfall=2) == 0
    assert influence_success(3, shortfall=1) == pytest.approx(4 / 6)
    # With 4 tokens: rolls 1..4 need 4,3,2,1 tokens, 5-6 need none: (4+3+2+1)/6.
    assert influence_tokens_spent(4) == pytest.approx(10 / 6)
    assert influence_tokens_spent(2, shortfall=2) == pytest.approx(2)


def test_explain_names_rule_and_section(capsys):
    m = Match.new("coc", players=2, seed=1)
    bad = m.play("found 0,0")
    r = refusal(bad)
    assert r["rule_id"] == "found.settler-required" and r["reason"] and r["section"]
    explain(bad)
    sentence, rule_line = capsys.readouterr().out.rstrip("\n").split("\n")
    # one refusal shape everywhere (Verdict.to_dict): the sentence, the rule apart from it
    assert sentence == r["text"] and r["rule_id"] not in sentence
    assert r["rule_id"] in rule_line and r["section"] in rule_line
    assert refusal(m.play("end")) == {}
    assert explain_text(None).startswith("Allowed")


SOLUTIONS: dict[str, list[str]] = {
    "01": ["move", "group 1,1 2,1 s1", "orient 0", "done", "found 2,1"],
    "03": ["collect 1,1", "take 1,1 food", "take 1,0 wood", "take 0,1 ore", "done"],
    "04": ["found 2,0", "grow 1,1 temple:culture"],
    "05": ["research tactics", "pay food:2", "research steel_weapons"],
    "06": ["move", "group 1,1 1,0 a2", "done", "move", "group 1,0 0,0 a2", "done"],
    "08": ["civic", "improve 1,1", "improve 2,0", "done"],
}


@pytest.mark.parametrize("ex", sorted(SOLUTIONS))
def test_board_exercises_are_solvable_and_not_presolved(ex):
    setup, _ = exercises.EXERCISES[ex]
    m = setup()
    assert not exercises.solved(ex, m)
    for key in SOLUTIONS[ex]:
        out = m.play(key)
        assert out.ok, (key, out.verdict)
    assert exercises.solved(ex, m)


def test_a_wrong_way_does_not_pass():
    m = exercises.EXERCISES["03"][0]()
    # Two collects (the second with the other city) also gather 3 resources, but cost 2 actions.
    for key in [
        "collect 1,1",
        "take 1,0 wood",
        "take 0,1 ore",
        "done",
        "collect 2,0",
        "take 2,0 food",
        "done",
    ]:
        assert m.play(key).ok, key
    assert not exercises.solved("03", m)


def test_answer_exercises():
    assert exercises.solved("02", answer=3) and not exercises.solved("02", answer=2)
    assert exercises.solved("07", answer=2)
    assert not exercises.solved("07", answer=3) and not exercises.solved("07", answer=None)
    assert exercises.solved("09", answer="angry") and exercises.solved("09", answer=" Angry")
    assert not exercises.solved("09", answer="neutral") and not exercises.solved("09", answer=5)
    m10 = exercises.EXERCISES["10"][0]()
    # Primer: "1 VP per city piece of yours on the board"; "1 VP per every 2 advances".
    # Blue's pieces: its fortress and the temple and academy it won in Orange's capital (3;
    # its own temple shows Orange); 7 advances // 2 = 3. Counting the pieces in Blue's own
    # cities instead (2) gives 5: the exercise asks for that reasoning.
    assert exercises.solved("10", m10, answer=6)
    assert not exercises.solved("10", m10, answer=5) and not exercises.solved("10", m10, answer=7)


def test_exercise_07_fortress_first_round_hits():
    """Primer: "the result is divided by 5 (rounded down) to equal the number of 'hits'";
    Fortress: "cancel one hit on the first combat round". Blue rolls 6, 5, 4 = 15: 3 hits,
    one cancelled, so 2 Orange armies fall (the exercise's answer, played by the engine)."""
    assert exercises.FORTRESS_DICE == [6, 5, 4]
    assert exercises.fortress_round_hits() == sum(exercises.FORTRESS_DICE) // 5 - 1 == 2


def test_exercise_09_wonder_counts_as_an_activation():
    """Primer, Wonders: a Wonder is built by "spending an action to activate a non-angry
    city"; Activate a City: "every time you activate a City beyond the first in a single turn
    its Mood will drop a step". Happy capital: collect, build, wonder: two drops, angry."""
    assert exercises.ACTIVATIONS_09 == ("collect", "build", "wonder")
    assert exercises.three_activations_mood() == "angry"


def test_exercises_04_05_06_wrong_ways_do_not_pass():
    """04: "a city cannot grow larger than the number of cities you own" (grow.size-limit);
    05: the top advance of a group comes first (research.top-of-group); 06: entering a
    mountain ends a unit's movement for the turn."""
    m = exercises.EXERCISES["04"][0]()
    assert m.check("grow 1,1 temple:culture").rule_id == "grow.size-limit"
    m = exercises.EXERCISES["05"][0]()
    assert m.check("research steel_weapons").rule_id == "research.top-of-group"
    m = exercises.EXERCISES["06"][0]()
    for key in ["move", "group 1,1 0,1 a2", "done"]:
        assert m.play(key).ok, key
    assert m.check("move").rule_id == "move.nothing-to-move" and not exercises.solved("06", m)


def test_exercise_11_last_action_scores_by_the_primers_counting():
    """Primer, Victory Points: "1 VP per city piece of yours on the board"; "1 VP per every
    2 advances". Blue owns six advances: a seventh (A, Myths) adds nothing until an eighth,
    while a Fortress (B) is one more piece: B raises the score, by one point."""
    from clash_widget.lessons import player

    m = exercises.EXERCISES["11"][0]()
    assert len(player(m, "Blue").advances) == 6 and player(m, "Blue").actions_left == 1
    assert exercises.last_action_gains() == {"A": 0, "B": 1}
    assert exercises.solved("11", answer="B") and exercises.solved("11", answer=" b ")
    assert not exercises.solved("11", answer="A") and not exercises.solved("11", answer=None)
    assert not exercises.solved("11", answer=1)


def test_check_exercise_prints_hint_not_answer(capsys):
    exercises.check_exercise("02", answer=None)
    out = capsys.readouterr().out
    assert out.startswith("Not yet.") and exercises.texts()["02"]["hint"] in out
    exercises.check_exercise("02", answer=3)
    assert capsys.readouterr().out.startswith("Well done")


def test_exercise_texts_cover_every_exercise():
    assert set(exercises.texts()) == set(exercises.EXERCISES)


def test_position_helpers_read_the_position_in_the_games_words():
    """city_at / units_at / player: owner names, mood words, real size, pieces by colour."""
    from clash_widget.coc.scenario import Scenario
    from clash_widget.lessons import city_at, player, units_at

    s = Scenario(players=2, seed=3).explore_all().clear_units().advances(0, "tactics")
    s.city(1, "3,0", pieces={"fortress": 1, "temple": 0}, mood="angry").city(1, "4,1")
    s.units(0, "2,0", army=2, settler=1).resources(0, gold=1).turn(0)
    m = s.match()
    c = city_at(m, "3,0")
    assert (c.owner, c.size, c.mood) == ("Orange", 3, "angry")
    assert c.pieces_of("Blue") == ["temple"] and c.pieces_of("Orange") == ["fortress"]
    assert city_at(m, "2,0") is None
    u = units_at(m, "2,0")
    assert (u.armies("Blue"), u.settlers(), u.armies("Orange"), len(u)) == (2, 1, 0, 3)
    blue = player(m, "Blue")
    assert blue.gold == 1 and blue.owns("Tactics") and not blue.owns("Writing")
    assert blue.actions_left == 3 and player(m, 1).actions_left is None


def test_advance_table_is_the_data():
    """All 48 advances, 12 groups of 4, each with the data's summary (written once)."""
    from clash_widget.coc import content
    from clash_widget.lessons import advance_table

    t = advance_table(["farming"])
    assert len(t) == 48 and len({r.group for r in t.rows}) == 12
    data = content.advances()
    assert {r.effect for r in t.rows} == {a["summary"] for a in data.values()}
    assert t.row("Farming").owned and not t.row("Mining").owned
    assert t.row("Voting").needs.startswith("Philosophy")
    assert t.names("Theocracy") == ["Dogma", "Devotion", "Conversion", "Fanaticism"]
    html = t._repr_html_()
    assert html.count("<tr>") == 49 and "Art and Sculptures" in html


def test_map_and_score_helpers_read_the_position():
    """terrain_at / region / cities / capital_of / score: the map and the points in words.
    Primer, Victory Points: 1 per city piece, 1 per two advances, 5 per wonder."""
    from clash_widget.coc.scenario import Scenario
    from clash_widget.lessons import capital_of, cities, region, score, terrain_at

    s = Scenario(players=2, seed=3).turn(0)
    m = s.match()
    assert terrain_at(m, "2,0") is None and not region(m, "2,0").face_up
    assert region(m, "2,0").orientation is None and len(region(m, "2,0").hexes) == 4
    assert capital_of(m, "Blue") == "1,1" and [c.at for c in cities(m, "Blue")] == ["1,1"]

    s = Scenario(players=2, seed=3).explore_all().advances(0, "tactics", "writing")
    s.city(0, "1,1", pieces=("temple",)).city(0, "2,0").wonder("2,0", "pyramids").turn(0)
    m = s.match()
    assert terrain_at(m, "2,0") == "plains" and region(m, 1).face_up
    assert region(m, 1).orientation in (0, 1)
    points = score(m, "Blue")
    assert (points.city_pieces, points.advances, points.wonders) == (1, 2, 5)
    assert points.total == m.scores()[0]
    assert {c.owner for c in cities(m)} == {"Blue", "Orange"}


def test_log_helpers_read_what_happened():
    """lines / combat_rounds / influence_roll / events_drawn: the log by name, not by key.
    Primer: "the result is divided by 5 (rounded down) to equal the number of 'hits'";
    influence succeeds on 5 or 6; reaching 3 on a track draws an event."""
    from clash_widget.coc.scenario import Scenario
    from clash_widget.lessons import combat_rounds, events_drawn, influence_roll, lines

    s = Scenario(players=2, seed=3, cards=False, events=False, barbarians=False).explore_all()
    s.clear_units().advances(0, "tactics").units(1, "3,0", army=1).units(0, "2,0", army=2)
    m = s.turn(0).dice([6, 5, 1]).match()
    m.play("move")
    out = m.play("group 2,0 3,0 a2")
    first = combat_rounds(out)[0]
    assert first.attacker_dice == (6, 5) and first.attacker_hits == 2
    assert first.defender_dice == (1,) and first.defender_hits == 0
    assert combat_rounds(m) == combat_rounds(out)[: len(combat_rounds(m))]
    assert lines(out) and all(isinstance(t, str) for t in lines(out))
    assert influence_roll(out) is None and events_drawn(out) == []

    s = Scenario(players=2, seed=3).explore_all().clear_units().city(1, "3,0", pieces=("temple",))
    m = s.resources(0, culture=1).turn(0).dice([6]).match()
    roll = influence_roll(m.play("influence 1,1 3,0"))
    assert (roll.die, roll.range_tokens, roll.success) == (6, 1, True)

    s = Scenario(players=2, seed=3).explore_all().resources(0, food=2).tracks(0, mood=2).turn(0)
    assert len(events_drawn(s.match().play("research myths"))) == 1


def test_player_cards_turn_and_replay_helpers():
    """Player's cards by name, a hidden hand, the turn, and a replay of the record."""
    from clash_widget.coc.scenario import Scenario
    from clash_widget.lessons import hand_seen_by, player, replay, turn_of, units_at

    s = Scenario(players=2, seed=3).explore_all().clear_units().advances(0, "fishing")
    s.cards(0, actions=("bumper_crop",)).city(0, "2,0").ports("2,0", "2,-1")
    s.units(0, "2,-1", ship=1).units(0, "2,0", settler=1).turn(0)
    m = s.match()
    blue = player(m, "Blue")
    assert "Bumper Crop" in blue.action_cards and blue.limits["food"] == 2 and blue.colour
    assert "Blue:" in str(blue) and "food" in str(blue)
    hidden = hand_seen_by(m, "Blue", viewer="Orange")
    own = hand_seen_by(m, "Blue", viewer="Blue")
    assert hidden.cards is None and own.cards is not None and hidden.count == len(own.cards)
    t = turn_of(m)
    assert (t.age, t.round, t.to_move, t.status_phases_done) == (1, 1, "Blue", 0)
    m.play_many(["move", "group 2,0 2,-1 s1", "done"])
    assert units_at(m, "2,-1").aboard_of("settler", "Blue") == 1
    assert units_at(m, "2,-1").aboard_of("army") == 0
    game = Match.new("coc", players=2, seed=3)  # a replay needs a game begun from its seed
    for _ in range(6):
        game.play("end")  # three rounds: the first status phase begins
    again = replay(game)
    assert again.match.state_hash() == game.state_hash()
    assert again.status_scores == [game.scores()]


def test_the_start_notebook_links_every_lesson():
    """00's course table names every numbered notebook (05b included), so none is orphaned."""
    from pathlib import Path

    import nbformat

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    start = nbformat.read(notebooks / "00_start_here.ipynb", as_version=4)
    text = "\n".join(c.source for c in start.cells)
    lessons = sorted(p.name for p in notebooks.glob("[0-9][0-9]*_*.ipynb"))
    assert "05b_advances_at_work.ipynb" in lessons
    missing = [n for n in lessons if n != "00_start_here.ipynb" and f"({n})" not in text]
    assert not missing, f"00_start_here.ipynb does not link {missing}"


def test_persistence_helpers_read_culture_cards_by_name():
    """Seed 3.1 / 3.11: a declared Culture card is "not discarded", belongs to the Empire and
    "is considered to be 'located' in the Empire's Capital"; 4.1: it scores each turn, a card
    held in a hand does not; 7.1: "the Science card ... is worth two points per turn"."""
    from clash_widget.lessons import (
        culture_in_play,
        culture_scored,
        discard_pile,
        empire,
        event_card,
        finish_turn,
        in_hand,
        victory_points,
        vp_lines,
    )
    from clash_widget.persistence.scenario import Scenario

    romans = Scenario(players=2, epoch=4).hand(0, "science").turn(0, "romans").match()
    assert in_hand(romans, 0, "Science") and culture_in_play(romans) == {}
    assert romans.play("enter italy").ok and romans.play("declare science").ok
    assert culture_in_play(romans) == {"Science": "Romans"} and not in_hand(romans, 0, "Science")
    assert "Science" not in discard_pile(romans)
    rome = empire(romans, "Romans")
    assert (rome.player, rome.capital, rome.cards, rome.minor) == (0, "Italy", ("Science",), False)
    assert empire(romans, "goguryeo").minor and empire(romans, "Huns").player is None
    finish_turn(romans)
    assert [(s.card, s.empire, s.vp) for s in culture_scored(romans)] == [("Science", "Romans", 2)]
    points = victory_points(romans, 0)
    assert points.culture == event_card("science").vp == 2
    assert points.total == points.regions + points.capitals + points.monuments + points.culture
    assert len(vp_lines(romans)) == 2  # the card, then the player's total
    law = Scenario(players=2, epoch=4).empire(0, "romans", lands=["italy"], capital="italy")
    law = law.hand(0, "law").turn(0, "romans", armies=0, fleets=0).match()
    finish_turn(law)
    assert in_hand(law, 0, "Law") and victory_points(law, 0).culture == 0


def test_persistence_helpers_read_hands_captures_destructions_and_paths():
    """Seed 2.1: a hand of "one card of each color (including one Culture Event card)";
    5.1: Culture cards are captured "even if a player conquers a Capital belonging to his or
    her own Faction"; 5.11: a Capital lost to "Civil War" destroys them; 6.12: a path of
    friendly areas, a Strait crossed when its Sea is vacant."""
    from clash_widget.lessons import (
        all_straits,
        box_size,
        box_visible_to,
        captures,
        culture_in_play,
        destroyed_cards,
        destructions,
        fate_card,
        hand_of,
        transfer_path,
    )
    from clash_widget.persistence import content as K
    from clash_widget.persistence import paths
    from clash_widget.persistence.scenario import Scenario

    m = Match.new("persistence", players=3, seed=21)
    hand = hand_of(m, 1)
    assert sorted(c.pile for c in hand) == sorted(K.piles()) and sum(c.culture for c in hand) == 1
    assert box_size(m) == 7 * len(K.piles()) - 3 * len(K.piles()) and not box_visible_to(m, 0)
    assert {s.name for s in all_straits()} >= {"Strait of Dover", "Strait of Sicily"}

    s = Scenario(players=2, epoch=4)
    s.empire(0, "greeks", lands=["greece"], capital="greece").culture("law", "greeks")
    s.empire(0, "romans", lands=["italy"], capital="italy")
    own = s.dice(6, 3, 2).turn(0, "romans", armies=1).match()
    out = own.play("enter greece")
    assert [(c.card, c.empire, c.from_empire) for c in captures(out)] == [
        ("Law", "Romans", "Greeks")
    ]
    assert captures(out)[0].within_faction and culture_in_play(own) == {"Law": "Romans"}

    card = fate_card("civil_war", 4)
    assert K.cards()[card]["effect"] == "civil_war" and K.in_time_frame(card, 4)
    s = Scenario(players=2, epoch=4)
    s.empire(1, "greeks", lands=["greece", "anatolia", "levant"], capital="greece")
    s.culture("law", "greeks").empire(0, "romans", lands=["italy"], capital="italy")
    war = s.hand(0, card).turn(0, "romans", armies=1).match()
    assert war.play(f"declare {card} greece").ok
    assert destroyed_cards(war) == ["Law"] and culture_in_play(war) == {}
    assert [(d.card, d.empire, d.cause) for d in destructions(war)] == [
        ("Law", "Greeks", "Civil War")
    ]

    def english(north_sea_enemy: bool) -> Match:
        s = Scenario(players=2, epoch=7)
        s.empire(0, "carthaginians", lands=["carthage"], capital="carthage")
        s.empire(0, "romans", lands=["italy", "gaul"], capital="italy")
        s.empire(1, "spanish", lands=["iberia"], capital="iberia")
        s.empire(0, "english", lands=["britain"], capital="britain").fleet("atlantic", "english")
        if north_sea_enemy:
            s.fleet("north_sea", "spanish")
        return s.turn(0, "english", armies=0, fleets=0).match()

    open_sea = transfer_path(english(False), "Carthage", "britain", 0)
    closed = english(True)
    route = transfer_path(closed, "Carthage", "britain", 0)
    assert list(route.areas) == paths.path(closed.state, "carthage", "britain", 0)
    assert open_sea.names[-2:] == ("Strait of Dover", "Britain")  # its Sea is vacant
    assert route.names == (
        "Carthage",
        "Strait of Sicily",
        "Italy",
        "Gaul",
        "Atlantic Ocean",
        "Britain",
    )
    assert transfer_path(closed, "Carthage", "Iberia", 0) is None  # held by another player


def test_history_helpers_read_a_culture_clash_and_the_table():
    """History CCG design notes: each side draws "5 cards, plus 1 more for each culture" and
    makes the best poker hand, "Rainbow—all 5 suits—count as bonus"; if the attacker wins,
    "the attacking city gains 1 population" and the defender chooses a city to lose 1."""
    from clash_widget.lessons import (
        Table,
        capital_city,
        ccg_result,
        ccg_turn,
        city_card,
        decision,
        last_clash,
        standing,
        units_on_map,
    )

    table = Table(seed=1)
    athens = table.city(0, "riverside", 2, ("grassland",), capital=True)
    table.city(1, "hilltop", 3, ("plains",), capital=True)
    stonehold = table.city(1, "stonehold", 2)
    table.culture(0, 2)
    table.stack(0, [2, 5, 9, 11, 13, 4, 7])  # five suits among seven cards
    table.stack(1, [12, 12, 6, 6, 1])  # two pair
    duel = table.match(acting=0)
    assert last_clash(duel) is None and units_on_map(duel) == []
    assert capital_city(duel, 0).card == athens and city_card(duel, athens).population == 2
    assert standing(duel, 1).population == 5 and standing(duel, 1).holds_capital
    assert ccg_turn(duel).phase == "action" and ccg_turn(duel).to_move == 0
    assert duel.play(f"clash {athens} 1").ok
    clash = last_clash(duel)
    assert (clash.attacker_hand, clash.defender_hand, clash.winner) == ("Rainbow", "Two pair", 0)
    assert city_card(duel, athens).population == 3 and decision(duel).kind == "shrink"
    assert decision(duel).player == 1 and city_card(duel, stonehold).controller == 1
    assert ccg_result(duel) is None


def test_history_helpers_read_growth_and_the_end():
    """History CCG rules: a city grows when the ranks it pulls total "6 × its population";
    the game is won by the only player holding their capital, by 7 wonders or by a total
    population of 20 (the time limit is ours)."""
    from clash_widget.bots import make_bot
    from clash_widget.lessons import bot_choice, ccg_result, ccg_turn, growth_pulls, standing

    m = Match.new("history", players=2, seed=3, keep_undo=False)
    bots = [make_bot("heuristic", "history", seed=s) for s in (0, 1)]
    while ccg_turn(m).phase != "plan":
        m.play(bot_choice(bots, m))
    assert growth_pulls(m)  # the first turn's growth step has pulled
    while not m.is_over:
        m.play(bot_choice(bots, m))
    pulls = growth_pulls(m)
    assert {p.grew for p in pulls} == {True, False}
    assert all(p.grew == (p.total >= p.need) and p.need % 6 == 0 for p in pulls)
    result = ccg_result(m)
    assert result.winners and str(result).startswith(f"Won at turn {result.turn}")
    for seat in result.winners:
        for way in result.ways[seat]:
            now = standing(m, seat)
            assert {"capital": now.holds_capital, "wonders": now.wonders >= 7}.get(
                way, now.population >= 20 or way == "time"
            )


def test_shared_move_helpers_name_the_decision_and_the_choices():
    """Any game: the decision waiting, every legal action with the game's words, what a bot
    picks (one of the legal actions) and what happened, by kind."""
    from clash_widget.bots import make_bot
    from clash_widget.lessons import bot_choice, choices, decision, describe, steps
    from clash_widget.persistence.lesson import sandbox

    m = sandbox()
    assert decision(m).kind == "choose" and decision(m).player == 0
    listed = choices(m)
    assert [c.key for c in listed] == [str(a) for a in m.legal_actions()]
    assert all(c.words and c.words != c.key for c in listed)
    assert describe(m, "choose hittites") == next(
        c.words for c in listed if c.key == "choose hittites"
    )
    pick = bot_choice([make_bot("random", "persistence", 1)] * 2, m)
    assert pick in m.legal_actions()
    out = m.play("choose hittites")
    assert steps(out) and all("_" not in s for s in steps(out))


def test_secolo_helpers_play_by_card_name():
    """Regolamento, Azioni: in one turn all the cards put into play belong to one culture
    (rule play.one-culture); an Attack needs a pair of one culture and a target of another."""
    from clash_widget.lessons import look_secolo as S

    m = Match.new("secolo", players=2, seed=2)
    assert "La Strega Madre" in S.protagonists_left(m)
    assert S.pick(m, "La Strega Madre").ok and S.pick(m, "La Badessa").ok
    assert S.keep(m).ok and len(S.hand(m, 0)) == 8
    assert S.play_card(m, "Ossessa").ok
    refused = S.play_card(m, "Bucaniere")
    assert not refused.ok and refused.verdict.rule_id == "play.one-culture"
    assert "Bucaniere" in S.hand(m, 0)
    assert S.end_turn(m).ok and S.keep(m).ok and S.play_card(m, "Mozzo").ok
    # «Le carte Speciali possono essere giocate da ogni giocatore in qualsiasi momento»:
    # Blue holds Specials that could strike Mozzo now, so Blue is asked in a window
    # (rule reaction.window) before Orange may go on.
    assert S.in_window(m) and S.asked(m) == "Blue"
    assert S.end_turn(m).verdict.rule_id == "engine.not-now"
    with pytest.raises(ValueError, match="Orange is not asked now"):
        S.pass_window(m, "Orange")
    assert S.pass_window(m, "Blue").ok and not S.in_window(m) and S.asked(m) == "Orange"
    assert S.end_turn(m).ok and S.in_window(m) and S.asked(m) == "Blue"  # the end of the turn
    assert S.pass_window(m, "Blue").ok and S.keep(m).ok
    assert S.explain_attack(m, "La Badessa", pair=("Ossessa", "La Strega Madre")) != "legal"
    assert S.attack(m, "Mozzo", pair=("Ossessa", "La Strega Madre")).ok
    assert S.special(m, "Tregua").ok and S.special(m, "Contrordine").ok
    assert "Mozzo" in S.discard_pile(m) and S.attacks_this_turn(m) == 1


def test_persistence_helpers_play_by_name():
    """3.11: a Culture card is located in the Empire's Capital; ours: it cannot be declared
    before the Capital exists (culture.declare-after-capital)."""
    from clash_widget.lessons.look_persistence import declare, enter, refusing_rule, why_not
    from clash_widget.persistence.scenario import Scenario as WorldScenario

    m = WorldScenario(players=2, epoch=4).hand(0, "science").turn(0, "romans").match()
    assert refusing_rule(m, "declare", "Science") == "culture.declare-after-capital"
    sentence, rule = why_not(m, "declare", "Science").split("\n")
    assert sentence.startswith("A Culture card is located in its Empire's Capital")
    assert rule.strip() == "(rule culture.declare-after-capital, 3.11 Culture cards)"
    assert enter(m, "Italy").ok and declare(m, "Science").ok
    assert refusing_rule(m, "declare", "Science") is not None  # no longer in the hand


def test_secolo_exercise_follows_the_cards():
    """Regolamento: the Attack card is discarded; a Special that stops the Attack keeps the
    target in its city (notebook 20's exercise, the Truce without the Countermand)."""
    from clash_widget.lessons import look_secolo as S

    assert S.truce_without_countermand() == {"mozzo": "city", "attack_card": "discard pile"}
    assert S.check_truce("City", " discard pile")
    assert not S.check_truce("discard pile", "discard pile") and not S.check_truce(None, None)
    assert "city" not in S.TRUCE_HINT.lower() and "discard pile" not in S.TRUCE_HINT.lower()
