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
        if frame_kind(field_battle(3, 3, dice_seed=i)) == "retreat"
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
    assert r["rule_id"] in capsys.readouterr().out
    assert refusal(m.play("end")) == {}
    assert explain_text(None).startswith("Allowed")


SOLUTIONS: dict[str, list[str]] = {
    "01": ["move", "group 1,1 2,1 s1", "orient 0", "done", "found 2,1"],
    "03": ["collect 1,1", "take 1,1 food", "take 1,0 wood", "take 0,1 ore", "done"],
    "04": ["grow 1,1 temple:culture"],
    "05": ["research myths", "pay food:2", "research rituals"],
    "06": ["move", "group 1,1 2,0 a2", "done", "move", "group 2,0 3,0 a2", "done"],
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
    its Mood will drop a step". Collect, then a wonder, in a neutral capital: angry."""
    assert exercises.wonder_after_collect_mood() == "angry"


def test_whole_game_exercise():
    from clash_widget.bots import make_bot

    m = Match.new("coc", players=2, seed=5, keep_undo=False)
    assert not exercises.solved("11", m, answer=0)  # not over yet
    bots = [make_bot("random", "coc", 1), make_bot("random", "coc", 2)]
    for _ in range(5000):
        if m.is_over:
            break
        assert m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions())).ok
    scores = m.scores()
    winners = [p for p, s in enumerate(scores) if s == max(scores)]
    assert exercises.solved("11", m, answer=winners[0])
    assert not any(exercises.solved("11", m, answer=p) for p in range(2) if p not in winners)


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
