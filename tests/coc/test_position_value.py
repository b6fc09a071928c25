"""The position value search bots read (``Game.evaluate``): what it promises, in plain terms.

It is not a rule. It starts from the points of the primer ("1 VP per city piece ...
1 VP per every 2 Advances. 5 VP per Wonder. 2 VP per Objective card.") and adds what
the position promises, reading only what the seat may see (public facts, its own hand).
"""

from __future__ import annotations

from typing import Any

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.engine.state import clone

State = dict[str, Any]


def _midgame(seed: int = 6, steps: int = 80) -> Match:
    m = Match.new("coc", 2, seed, keep_undo=False)
    bot = make_bot("heuristic", "coc", seed)
    for _ in range(steps):
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def _values(m: Match, state: State) -> list[float]:
    return [m.game.evaluate(state, p) for p in range(2)]


def test_what_a_seat_cannot_see_never_changes_its_value():
    """Another seat's hand, a reserved wonder (which one is hidden), the piles and the dice
    are hidden from a seat: changing them leaves that seat's value as it was."""
    m = _midgame()
    for p in range(2):
        alt = _others_swapped(m.state, p)
        alt["rng"] = (alt["rng"] * 7 + 12345) % (1 << 62)
        assert m.game.evaluate(alt, p) == m.game.evaluate(m.state, p)
    reserved = clone(m.state)  # a wonder reserved with Monuments, then another one instead
    reserved["players"][0]["wonders_reserved"].append(reserved["decks"]["wonders"].pop(0))
    twin = clone(reserved)
    mine, pile = twin["players"][0]["wonders_reserved"], twin["decks"]["wonders"]
    mine[-1], pile[0] = pile[0], mine[-1]
    assert _values(m, reserved) == _values(m, twin)


def _others_swapped(state: State, seat: int) -> State:
    """Every other seat holds one other card than before, as many cards as before."""
    alt = clone(state)
    for q, pl in enumerate(alt["players"]):
        if q == seat:
            continue
        for hand, pile in (("actions_hand", "actions"), ("objectives_hand", "objectives")):
            deck = alt["decks"][pile]
            if pl[hand] and deck:
                pl[hand][0], deck[0] = deck[0], pl[hand][0]
    assert alt["players"] != state["players"]  # some hidden card did change
    return alt


def test_an_objective_card_met_is_worth_more_than_one_far_off():
    """Objectives score at the status phase when fulfilled ("2 VP per Objective card"):
    holding one already met (three cities for Expansion) is worth more than one not."""
    m = _midgame(steps=0)
    met, far = clone(m.state), clone(m.state)
    met["players"][0]["objectives_hand"] = ["expansion#0"]
    far["players"][0]["objectives_hand"] = ["scholarship#0"]  # eight advances: far off
    for s in (met, far):
        home = next(k for k, c in s["cities"].items() if c["owner"] == 0)
        free = [
            h for h, x in s["hexes"].items() if h not in s["cities"] and x["terrain"] == "plains"
        ]
        for h in free[:2]:
            s["cities"][h] = dict(clone(s["cities"][home]), capital=False)
    assert m.game.evaluate(met, 0) > m.game.evaluate(far, 0)


def test_more_cities_value_more():
    """A second city (same everything else) is worth more than none: cities collect goods."""
    m = _midgame(steps=0)
    p = 0
    base = m.game.evaluate(m.state, p)
    alt = clone(m.state)
    home = next(k for k, c in alt["cities"].items() if c["owner"] == p)
    free = next(
        h
        for h, x in alt["hexes"].items()
        if h not in alt["cities"] and x["terrain"] in ("plains", "forest")
    )
    alt["cities"][free] = dict(clone(alt["cities"][home]), capital=False)
    assert m.game.evaluate(alt, p) > base


def test_points_scored_count_in_full():
    """A wonder in one's city adds its 5 VP (and a city piece its 1 VP) to the value."""
    m = _midgame(steps=0)
    alt = clone(m.state)
    city = next(c for c in alt["cities"].values() if c["owner"] == 0)
    city["wonders"].append("pyramids")
    assert m.game.evaluate(alt, 0) - m.game.evaluate(m.state, 0) >= 5


def test_goods_are_worth_more_early_than_in_the_last_round():
    """Goods left at the end score nothing, so a good is worth less as the game runs out."""
    m = _midgame(steps=0)
    late = clone(m.state)
    o = late["options"]
    late["turn"]["age"], late["turn"]["round"] = o["status_phases"], o["turns_per_age"]
    rich_now, rich_late = clone(m.state), clone(late)
    for s in (rich_now, rich_late):
        s["players"][0]["res"]["wood"] += 3
    gain_now = m.game.evaluate(rich_now, 0) - m.game.evaluate(m.state, 0)
    gain_late = m.game.evaluate(rich_late, 0) - m.game.evaluate(late, 0)
    assert gain_now > gain_late > 0


def test_goods_toward_a_wonder_count_once_the_seat_can_build_one():
    """With Engineering a revealed wonder can be built ("Wonders are revealed by the
    Engineering and Monuments advances"): ore it needs is worth more than without."""
    m = _midgame(steps=0)
    s = clone(m.state)
    s["public_wonders"] = ["pyramids"]  # needs 7 ore
    engineer = clone(s)
    engineer["players"][0]["advances"].append("engineering")

    def ore_gain(state: State) -> float:
        more = clone(state)
        more["players"][0]["res"]["ore"] += 2
        return m.game.evaluate(more, 0) - m.game.evaluate(state, 0)

    assert ore_gain(engineer) > ore_gain(s) > 0


def test_a_city_rival_armies_could_take_is_worth_less_unguarded():
    """A rival army next to a city (with a wonder: "If another player takes that city over,
    they take the Wonder from you") lowers its value, an army inside lifts the worry."""
    m = _midgame(steps=0)
    s = clone(m.state)
    home = next(k for k, c in s["cities"].items() if c["owner"] == 0)
    s["cities"][home]["wonders"].append("pyramids")
    q, r = (int(x) for x in home.split(","))
    beside = f"{q + 1},{r}"
    calm = m.game.evaluate(s, 0)
    threat = clone(s)
    threat["units"]["x1"] = {"owner": 1, "kind": "army", "hex": beside, "on": None}
    guarded = clone(threat)
    guarded["units"]["x2"] = {"owner": 0, "kind": "army", "hex": home, "on": None}
    assert m.game.evaluate(threat, 0) < calm
    assert m.game.evaluate(guarded, 0) >= calm  # the worry is gone (and one army more)
