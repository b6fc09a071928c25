"""Set-up, zones, the opening and closing phases and the ways to win, by rule id."""

from __future__ import annotations

from clash_widget.engine import Events, Match
from clash_widget.history import cards as card_set
from clash_widget.history import zones
from clash_widget.history.flow import check_wins, initiative
from clash_widget.history.setup import new_state

from .helpers import blank, busy, kinds, ok, refused, scenario


def two_capitals(m: Match) -> tuple[str, str]:
    s = m.state
    a = scenario.city(s, 0, "riverside", 1, ("grassland",), capital=True)
    b = scenario.city(s, 1, "hilltop", 1, ("forest",), capital=True)
    return a, b


# -- set-up----------------------------------------------------------------------------------------
def test_setup_deal():
    """Seed: "All players shuffle their decks and put it into their treasury. Then consult 7." """
    s = new_state(3, 5, Match.new("history", 3).options.to_dict())
    for p in s["players"]:
        assert len(p["council"]) == 7
        assert len(p["treasury"]) == len(card_set.deck_list(p["deck"])) - 7
    assert [p["deck"] for p in s["players"]] == ["riverlands", "highlands", "riverlands"]


def test_setup_redeal():
    """Ours: a council without a city or a terrain is shown, shuffled back and dealt again."""
    for seed in range(200):
        ev = Events()
        s = new_state(2, seed, Match.new("history", 2).options.to_dict(), ev)
        redeals = [e for e in ev if e["kind"] == "redeal"]
        if redeals:
            break
    else:
        raise AssertionError("no redeal in 200 deals")
    assert redeals[0]["shown"] and redeals[0]["rule"] == "setup.redeal"
    for p in s["players"]:
        types = {card_set.ctype(s, c) for c in p["council"]}
        assert {"city", "terrain"} <= types


def test_setup_redeal_holds_in_what_another_seat_imagines():
    """Ours (setup.redeal): "A player whose opening council holds no city or no terrain shows
    it, shuffles it back into the treasury and consults again." So everybody knows that a
    player who has not deployed a capital holds a city and a terrain, and one who has, a
    terrain until it is put beside the capital: a seat's imagined deal of the hidden cards
    (``determinize``, which the search bot and the coach play from) keeps that true, so the
    player to move is never left without a move."""
    import random

    for seed in range(2, 30):
        m, rng = Match.new("history", 2, seed), random.Random(seed)
        for _ in range(6):
            g, s = m.game, m.state
            for viewer in (0, 1):
                for k in range(6):
                    d = g.determinize(s, viewer, 1000 + k)
                    for p in d["players"]:
                        if p["seat"] != viewer and p["capital"] is None:
                            held = {card_set.ctype(d, c) for c in p["council"]}
                            assert {"city", "terrain"} <= held, (seed, viewer, k)
                    assert g.is_over(d) or g.legal_actions(d), (seed, viewer, k)
            m.play(rng.choice(m.legal_actions()))


def test_setup_redeal_in_the_log():
    """Ours (rule setup.redeal): the player "shows" the council without a city or a terrain
    before shuffling it back, so everybody reads it: the new game's log opens with the redeal,
    naming the player by the name they sit under and the cards shown."""
    for seed in range(200):
        m = Match.new("history", ["Ann", "Bob"], seed)
        if m.state["redeals"]:
            break
    else:
        raise AssertionError("no redeal in 200 deals")
    first = m.state["redeals"][0]
    who = ["Ann", "Bob"][first["player"]]
    assert m.log and m.log[0]["kind"] == "redeal" and m.log[0]["shown"] == first["shown"]
    text = m.log[0]["text"]
    assert text.startswith(f"{who}'s opening council has no {first['missing']}: {who} shows it")
    assert all(card_set.name(m.state, c) in text for c in first["shown"])
    assert [e["kind"] for e in m.log].count("redeal") == len(m.state["redeals"])
    assert m.view(1 - first["player"])["log"][0]["text"] == text  # shown to everybody


def _setup_position() -> tuple[Match, str, str, str]:
    m = blank()
    s = m.state
    a, b, t = (
        scenario.give(s, 0, "riverside"),
        scenario.give(s, 0, "lakeside"),
        scenario.give(s, 0, "grassland"),
    )
    scenario.give(s, 0, "river")
    scenario.give(s, 1, "hilltop")
    scenario.give(s, 1, "forest")
    scenario.frame(s, "capital", 0)
    s["turn"]["queue"] = [1]
    return m, a, b, t


def test_setup_capital_from_council_ok():
    """Seed: "Each player may deploy a city card from their council ... This is his capital
    city." """
    m, a, b, t = _setup_position()
    ok(m, f"capital {b}")
    assert m.state["players"][0]["capital"] == b and m.state["cities"][b]["population"] == 1
    assert m.state["stack"][-1]["kind"] == "home"


def test_setup_capital_from_council_refused():
    m, a, b, t = _setup_position()
    refused(m, f"capital {t}", "setup.capital-from-council")
    other = scenario.find(m.state, 0, "oasis")
    refused(m, f"capital {other}", "setup.capital-from-council")


def test_setup_terrain_from_council_ok():
    """Seed: "... and put a terrain card from their council adjacent to that city." """
    m, a, b, t = _setup_position()
    ok(m, f"capital {a}")
    ev = ok(m, f"home {t}")
    assert m.state["cities"][a]["terrains"] == [t]
    # player 2 has one city and one terrain: their set-up is not asked, and turn 1 begins
    assert "turn" in kinds(ev) and m.state["players"][1]["capital"] is not None


def test_setup_terrain_from_council_refused():
    m, a, b, t = _setup_position()
    ok(m, f"capital {a}")
    refused(m, f"home {b}", "setup.terrain-from-council")
    refused(m, f"capital {b}", "engine.not-now")


# -- zones-----------------------------------------------------------------------------------------
def test_zones_pull():
    """Seed: "Pull: Reveal the top card of your treasury. After the action or ability is
    resolved, put all revealed cards into your landfill." """
    m = blank()
    s = m.state
    top = s["players"][0]["treasury"][-1]
    initiative(s, __import__("clash_widget.engine", fromlist=["Events"]).Events())
    assert top in s["players"][0]["landfill"] and not s["table"]


def test_zones_reshuffle():
    """Seed: "Whenever your treasury is empty, shuffle your landfill into your treasury." """
    m = blank()
    s = m.state
    p = s["players"][0]
    p["landfill"], p["treasury"] = p["treasury"], []
    from clash_widget.engine import Events

    ev = Events()
    got = zones.consult(s, 0, 1, ev)
    assert got and "reshuffle" in kinds(ev)
    assert not p["landfill"] and len(p["treasury"]) == len(card_set.deck_list(p["deck"])) - 1


def test_zones_reshuffle_the_moment_a_pull_empties_the_treasury():
    """Seed: "Whenever your treasury is empty, shuffle your landfill into your treasury."
    The moment is the one the last card leaves: a pull of exactly the three cards left
    reshuffles the landfill at once, so the three pulled cards (still on the table) are not
    shuffled in; they land in the landfill afterwards."""
    from clash_widget.engine import Events

    m = blank()
    s = m.state
    p = s["players"][0]
    three, rest = p["treasury"][-3:], p["treasury"][:-3]
    p["treasury"], p["landfill"] = list(three), list(rest)
    ev = Events()
    got = zones.pull(s, 0, 3, ev)
    assert sorted(got) == sorted(three) and "reshuffle" in kinds(ev)
    assert sorted(p["treasury"]) == sorted(rest) and not p["landfill"]
    zones.land(s, got, ev)
    assert sorted(p["landfill"]) == sorted(three)
    assert not set(three) & set(p["treasury"])


def test_zones_reshuffle_when_a_card_reaches_an_empty_landfill():
    """If the landfill is empty when the treasury runs out, the treasury is empty until a card
    reaches the landfill: that card is shuffled in at once."""
    from clash_widget.engine import Events

    m = blank()
    s = m.state
    p = s["players"][0]
    one = p["treasury"][-1]
    p["treasury"], p["landfill"] = [one], []
    ev = Events()
    got = zones.pull(s, 0, 1, ev)
    assert got == [one] and not p["treasury"] and "reshuffle" not in kinds(ev)
    zones.land(s, got, ev)
    assert p["treasury"] == [one] and not p["landfill"] and "reshuffle" in kinds(ev)


def test_zones_destroy():
    """Seed: "Destroy: Put a card on the map into its owner's landfill." A destroyed unit
    goes to its owner's landfill (here: a unit of player 1 dies attacking player 2)."""
    m = blank()
    a, b = two_capitals(m)
    s = m.state
    w = scenario.unit(s, 0, "warriors", a)
    busy(m, 1)
    scenario.frame(s, "act", 0)
    ok(m, f"attack {a} {b}")  # the capital strikes back with 2: the warriors fall
    assert w not in s["units"] and w in s["players"][0]["landfill"]
    assert m.current_player == 1


def test_zones_council_hidden():
    """Seed: "Council: ... Keep cards in your council hidden from other players." """
    m = blank()
    two_capitals(m)
    s = m.state
    secret = scenario.give(s, 1, "masonry")
    scenario.frame(s, "act", 0)
    v0 = m.view(0)
    assert v0["players"][1]["council"] is None and v0["players"][1]["council_count"] == 1
    assert secret not in str({k: v for k, v in v0.items() if k != "log"})
    assert m.view(1)["players"][1]["council"][0]["id"] == secret
    assert m.view(None)["players"][1]["council"][0]["id"] == secret


# -- the turn--------------------------------------------------------------------------------------
def _closing_position() -> Match:
    m = blank()
    two_capitals(m)
    s = m.state
    s["turn"].update(phase="closing", active=[])
    return m


def test_turn_phases(monkeypatch):
    """Seed: "The phases of a turn are Opening Phase, Maintenance Phase, Action Phase, and
    Closing Phase." The steps run in order from the closing phase of turn 1 to turn 2's
    action phase (answering each decision with its first choice)."""
    from clash_widget.history import flow

    m = _closing_position()
    seen: list[str] = []
    for name, step in list(flow.STEPS.items()):

        def record(state, ev, name=name, step=step):
            if not seen or seen[-1] != name:
                seen.append(name)
            step(state, ev)

        monkeypatch.setitem(flow.STEPS, name, record)
    s = m.state
    scenario.unit(s, 0, "scouts", s["players"][0]["capital"])
    from clash_widget.engine import Events

    m.game.settle(s, Events())
    while s["turn"]["phase"] != "action":
        ok(m, str(m.legal_actions()[-1]))
    assert seen == ["closing", "trim", "opening", "trade", "production", "growth", "plan", "action"]
    assert s["turn"]["number"] == 2


def test_opening_refresh():
    """Seed: "1) Refresh all exhausted cards." """
    m = _closing_position()
    s = m.state
    u = scenario.unit(s, 0, "scouts", s["players"][0]["capital"], fresh=False)
    s["spent"] = ["0-99"] * 0
    m.game.settle(s, __import__("clash_widget.engine", fromlist=["Events"]).Events())
    assert not s["units"][u]["tired"]


def test_opening_consult():
    """Seed: "2) Consult." Every player draws a card at the start of a turn."""
    m = _closing_position()
    s = m.state
    from clash_widget.engine import Events

    m.game.settle(s, Events())
    # both players consulted one card at the opening (nothing else was drawn or played)
    assert [len(p["council"]) for p in s["players"]] == [1, 1]


def test_opening_initiative():
    """Seed: "Each player reveals the top card of their treasury. The player that pulled the
    card with the lowest rank goes first. In case of a tie, those players pull again." """
    m = blank(3)
    s = m.state
    from clash_widget.engine import Events

    scenario.stack_treasury(s, 0, [9, 4])  # ties with player 3 on 9, then pulls 4
    scenario.stack_treasury(s, 1, [12])
    scenario.stack_treasury(s, 2, [9, 6])
    ev = Events()
    initiative(s, ev)
    assert s["turn"]["order"] == [0, 1, 2]
    shown = s["shown"]["initiative"]
    assert [x["round"] for x in shown] == [1, 1, 1, 2, 2]
    scenario.stack_treasury(s, 2, [3])
    scenario.stack_treasury(s, 0, [5])
    scenario.stack_treasury(s, 1, [8])
    initiative(s, ev)
    assert s["turn"]["order"] == [2, 0, 1]  # clockwise from the winner


def test_closing_end_effects():
    """Seed: "2) End all 'until end of turn' effects." War Cry's bonus is gone next turn."""
    m = _closing_position()
    s = m.state
    s["turn"]["bonus"] = {"0": 1}
    from clash_widget.engine import Events

    ev = Events()
    m.game.settle(s, ev)
    assert s["turn"]["bonus"] == {} and "effects_end" in kinds(ev)


def test_closing_council_max_refused():
    """Seed: "3) Discard cards from the council if over the maximum council size. Players
    start with the maximum council size of 7 cards." Only council cards can go."""
    m = _closing_position()
    s = m.state
    for d in ["grassland", "river", "plains", "coast", "wheat", "fish", "pottery", "writing"]:
        scenario.give(s, 0, d)
    from clash_widget.engine import Events

    m.game.settle(s, Events())
    assert s["stack"][-1]["kind"] == "trim" and s["stack"][-1]["player"] == 0
    refused(m, "discard 1-00", "discard.from-council")


def test_closing_council_max():
    m = _closing_position()
    s = m.state
    cards = [scenario.give(s, 0, d) for d in ["grassland", "river", "plains", "coast", "wheat"]]
    cards += [scenario.give(s, 0, d) for d in ["fish", "pottery", "writing", "festival"]]
    from clash_widget.engine import Events

    m.game.settle(s, Events())
    assert len(s["players"][0]["council"]) == 9
    ok(m, f"discard {cards[0]}")
    ev = ok(m, f"discard {cards[1]}")
    assert len(s["players"][0]["council"]) >= 7 and "turn" in kinds(ev)


def test_closing_council_max_with_tribal_council():
    """Tribal Council (policy): council size +1."""
    m = _closing_position()
    s = m.state
    s["players"][0]["policies"].append(scenario.lift(s, scenario.find(s, 0, "tribal_council")))
    assert zones.council_max(s, 0) == 8


# -- winning---------------------------------------------------------------------------------------
def _wins(m: Match) -> dict[str, list[str]]:
    from clash_widget.engine import Events

    check_wins(m.state, Events())
    return (m.state["result"] or {}).get("ways", {})


def test_win_capital():
    """Seed: "a) A player is the only player to control his own capital city." """
    m = _closing_position()
    s = m.state
    b = s["players"][1]["capital"]
    s["cities"][b]["controller"] = 0
    assert _wins(m) == {"0": ["capital"]}
    assert m.is_over and m.game.winners(s) == [0]


def test_win_capital_not_while_two_hold_theirs():
    m = _closing_position()
    assert _wins(m) == {} and not m.is_over


def test_win_wonders():
    """Seed: "b) A player controls 7 wonders." """
    m = _closing_position()
    s = m.state
    cap = s["players"][0]["capital"]
    for d in ["stonehenge", "hanging_gardens", "colossus", "oracle", "great_library", "lighthouse"]:
        scenario.creation(s, 0, d, cap)
    assert _wins(m) == {}
    scenario.creation(s, 0, "mausoleum", cap)
    assert _wins(m) == {"0": ["wonders"]}


def test_win_wonders_counts_captured_wonders():
    m = _closing_position()
    s = m.state
    cap0, cap1 = s["players"][0]["capital"], s["players"][1]["capital"]
    for d in ["stonehenge", "hanging_gardens", "colossus", "oracle", "great_library", "lighthouse"]:
        scenario.creation(s, 0, d, cap0)
    scenario.creation(s, 1, "pyramids", scenario.city(s, 1, "stonehold"))
    assert len(zones.wonders(s, 0)) == 6
    other = [c for c in zones.cities_of(s, 1) if c != cap1][0]
    s["cities"][other]["controller"] = 0
    assert _wins(m) == {"0": ["wonders"]}


def test_win_population():
    """Seed: "c) A player has a total population of 20/25." """
    m = _closing_position()
    s = m.state
    s["cities"][s["players"][1]["capital"]]["population"] = 12
    scenario.city(s, 1, "stonehold", 7)
    assert _wins(m) == {}
    scenario.city(s, 1, "ironford", 1)
    assert _wins(m) == {"1": ["population"]}


def test_win_population_25_as_an_option():
    m = blank(population_to_win=25)
    two_capitals(m)
    s = m.state
    s["cities"][s["players"][1]["capital"]]["population"] = 20
    assert _wins(m) == {}
    s["cities"][s["players"][1]["capital"]]["population"] = 25
    assert _wins(m) == {"1": ["population"]}


def test_win_shared():
    """Ours: players who meet a condition at the same closing phase share the win."""
    m = _closing_position()
    s = m.state
    s["cities"][s["players"][0]["capital"]]["population"] = 20
    s["cities"][s["players"][1]["capital"]]["population"] = 21
    assert _wins(m) == {"0": ["population"], "1": ["population"]}
    assert m.game.winners(s) == [0, 1]


def test_win_time_limit():
    """Ours: after the last turn (option max_turns) the largest population wins."""
    m = blank(max_turns=3)
    two_capitals(m)
    s = m.state
    s["turn"]["number"] = 3
    s["cities"][s["players"][1]["capital"]]["population"] = 2
    assert _wins(m) == {"1": ["time"]}


def test_win_events_are_counted_by_way():
    m = _closing_position()
    s = m.state
    s["cities"][s["players"][1]["capital"]]["controller"] = 0
    from clash_widget.engine import Events

    ev = Events()
    check_wins(s, ev)
    assert kinds(ev) == ["win_capital", "game_over"] and s["stats"]["win_capital"] == 1
