"""Trades (resources, tokens and cards, with hidden hands) and Trade Routes income.

Primer, Trades: "During your turn, you may initiate Trades with other players. You
may trade Resources, Action Cards, Objective Cards, and Mood or Culture tokens."
Primer, Economics: "Trade Routes: At the start of your turn, you get 1 Food per
Settler or Ship within two spaces of a non-angry city belonging to another player.
Max 4, only 1 per city." and "Currency (Culture): Each Trade Route may produce Gold
instead of Food."
"""

import json
from itertools import combinations

from clash_widget.coc.board import hex_distance
from clash_widget.coc.vocab import ANGRY

from .helpers import accepted, open_map, refused

# -- set-ups -------------------------------------------------------------------------


def _hand(s, p, *cards):
    """Give player ``p`` exactly these cards (taken from wherever they are)."""
    st = s.state
    for pl in st["players"]:
        for hand in ("actions_hand", "objectives_hand"):
            pl[hand] = [c for c in pl[hand] if c not in cards]
    for pile in ("actions", "objectives"):
        st["decks"][pile] = [c for c in st["decks"][pile] if c not in cards]
    pl = st["players"][p]
    pl["actions_hand"], pl["objectives_hand"] = [], []
    for c in cards:
        objective = c.split("#")[0] in {"expansion", "scholarship", "metropolis", "contentment"}
        pl["objectives_hand" if objective else "actions_hand"].append(c)
    return s


def _traders(players=3):
    s = open_map(players)
    s.resources(0, food=2, wood=2, ore=0, mood=1)
    s.resources(1, food=0, wood=0, ore=2, culture=1)
    _hand(s, 0, "bumper_crop#0", "expansion#0")
    _hand(s, 1, "scholars#0", "festival#0", "metropolis#1")
    if players > 2:
        _hand(s, 2, "quarry#0")
    return s


def _top(m):
    return m.state["stack"][-1]


def _replies(m):
    """The trade question's own answers (the free cards it also lists left out)."""
    return {str(a) for a in m.legal_actions() if a.kind == "reply"}


def _labels(m):
    return {v["key"]: v["label"] for v in m.view(m.current_player)["legal"]}


# -- Trades: the goods -----------------------------------------------------------------


def test_trade_goods_resources_tokens_and_cards():
    """Primer, Trades: "You may trade Resources, Action Cards, Objective Cards, and Mood
    or Culture tokens." An action card and a mood token go one way, ore the other."""
    m = _traders().match()
    accepted(m, "trade 1 card:bumper_crop#0+mood:1 ore:2")
    assert _top(m)["kind"] == "trade_reply" and m.current_player == 1
    accepted(m, "reply accept")
    a, b = m.state["players"][0], m.state["players"][1]
    assert a["res"]["ore"] == 2 and a["mood"] == 0 and "bumper_crop#0" not in a["actions_hand"]
    assert b["res"]["ore"] == 0 and b["mood"] == 1 and "bumper_crop#0" in b["actions_hand"]
    assert _top(m)["kind"] == "turn" and m.current_player == 0


def test_trade_goods_objective_card_for_culture():
    """Primer, Trades: "You may trade ... Objective Cards, and Mood or Culture tokens.\""""
    m = _traders().match()
    accepted(m, "trade 1 card:expansion#0 culture:1")
    accepted(m, "reply accept")
    assert "expansion#0" in m.state["players"][1]["objectives_hand"]
    assert m.state["players"][0]["culture"] == 1


def test_trade_goods_refused():
    """Primer, Trades: a trade swaps "Resources, Action Cards, Objective Cards, and Mood
    or Culture tokens" - something real changes hands, each card once."""
    m = _traders().match()
    assert refused(m, "trade 1 wood:0 ore:1") == "trade.goods"
    assert refused(m, "trade 1 - -") == "trade.goods"
    assert refused(m, "trade 1 banana:1 ore:1") == "trade.goods"
    assert refused(m, "trade 1 card:bumper_crop#0+card:bumper_crop#0 ore:1") == "trade.goods"


def test_trade_goods_one_sided_loans_and_gifts():
    """Primer, Trades: "Trade deals involving an immediate transaction of the above must be
    fulfilled... but verbal agreements of diplomacy or loans are not guaranteed by the game
    rules. Only the players' conscience and goals determine the validity of such
    agreements." A loan hands goods over now against a promise: one side may be nothing.
    Both players still agree; nothing makes the borrower pay back."""
    m = _traders().match()
    accepted(m, "trade 1 wood:2 -")  # a loan or a gift to Orange
    assert _top(m)["kind"] == "trade_reply" and m.current_player == 1
    accepted(m, "reply accept")
    assert m.state["players"][0]["res"]["wood"] == 0
    assert m.state["players"][1]["res"]["wood"] == 2
    accepted(m, "trade 1 - ore:1")  # asking for a loan: the partner may decline
    accepted(m, "reply decline")
    assert m.state["players"][1]["res"]["ore"] == 2
    accepted(m, "trade 1 - ore:1")
    accepted(m, "reply accept")
    assert m.state["players"][0]["res"]["ore"] == 1


def test_trade_card_terms_hidden_hand():
    """Primer, Trades: cards may be traded, but the partner's hand is hidden: the offerer
    names only their own cards and asks for a number of the partner's cards (ours)."""
    m = _traders().match()
    # Naming a card of the partner is refused the same way whether they hold it or not.
    assert refused(m, "trade 1 wood:1 card:scholars#0") == "trade.card-terms"
    assert refused(m, "trade 1 wood:1 card:timber#0") == "trade.card-terms"
    assert refused(m, "trade 1 action_cards:1 ore:1") == "trade.card-terms"
    accepted(m, "trade 1 wood:1 action_cards:1")


def test_trade_choose_cards_partner_picks():
    """Primer, Trades: "You may trade ... Action Cards": asked for an action card, the
    partner chooses which of their cards to give ("trade.choose-cards", ours)."""
    m = _traders().match()
    accepted(m, "trade 1 wood:1 action_cards:1")
    legal = {str(a) for a in m.legal_actions()}
    free = {"play festival#0", "play scholars#0"}  # free cards, at any time (anytime.where)
    assert legal == {"reply accept festival#0", "reply accept scholars#0", "reply decline"} | free
    assert all(m.check(a) is None for a in m.legal_actions())  # listed without asking again
    assert refused(m, "reply accept") == "trade.choose-cards"
    assert refused(m, "reply accept metropolis#1") == "trade.choose-cards"  # not an action card
    assert refused(m, "reply accept bumper_crop#0") == "trade.choose-cards"  # not theirs
    assert refused(m, "reply accept scholars#0+festival#0") == "trade.choose-cards"  # one asked
    accepted(m, "reply accept festival#0")
    assert m.state["players"][0]["actions_hand"] == ["bumper_crop#0", "festival#0"]
    assert m.state["players"][1]["actions_hand"] == ["scholars#0"]
    assert m.state["players"][1]["res"]["wood"] == 1


def test_trade_choose_cards_only_one_answer_is_not_asked():
    """Primer, Trades: asked for an objective card while holding a single one, the
    partner has nothing to choose: "reply accept" gives it."""
    m = _traders().match()
    accepted(m, "trade 1 wood:1 objective_cards:1")
    assert _replies(m) == {"reply accept", "reply decline"}
    accepted(m, "reply accept")
    assert m.state["players"][0]["objectives_hand"] == ["expansion#0", "metropolis#1"]
    # Two copies of one card are no choice either.
    s = _traders()
    _hand(s, 1, "scholars#0", "scholars#1")
    m = s.match()
    accepted(m, "trade 1 wood:1 action_cards:1")
    assert _replies(m) == {"reply accept", "reply decline"}
    assert all(m.check(a) is None for a in m.legal_actions())
    accepted(m, "reply accept")
    assert m.state["players"][1]["actions_hand"] == ["scholars#1"]


def test_trade_cards_stay_hidden_from_third_players():
    """Primer, Trades: cards may change hands; action and objective cards are a player's
    hidden hand, so a third player's view and log never name the traded cards."""
    s = _traders()
    m = s.match()
    secret = ("bumper_crop", "Bumper Crop", "festival", "Festival", "scholars", "Scholars")

    def seen_by(seat):
        return json.dumps(m.view(seat))

    assert not any(w in seen_by(2) for w in secret)
    accepted(m, "trade 1 card:bumper_crop#0 action_cards:1")
    # The partner sees what is offered (their labels); the third player does not.
    assert "Bumper Crop" in " ".join(_labels(m).values())
    assert "an action card" in m.prompt() and "Bumper Crop" not in m.prompt()
    assert not any(w in seen_by(2) for w in secret)
    accepted(m, "reply accept scholars#0")
    assert "scholars#0" in m.state["players"][0]["actions_hand"]
    assert "bumper_crop#0" in m.state["players"][1]["actions_hand"]
    view2 = seen_by(2)
    assert not any(w in view2 for w in secret)
    log2 = [e["text"] for e in m.view(2)["log"]]
    assert any("an action card" in t for t in log2)
    # The offerer learns which card they received; the teacher sees both hands.
    assert "scholars#0" in json.dumps(m.view(0)["log"])
    assert "scholars#0" in json.dumps(m.view(None))


# -- Trades: partner, holdings, reply ----------------------------------------------------


def test_trade_partner():
    """Primer, Trades: "you may initiate Trades with other players.\""""
    m = _traders().match()
    assert refused(m, "trade 0 wood:1 ore:1") == "trade.partner"
    assert refused(m, "trade 3 wood:1 ore:1") == "trade.partner"
    accepted(m, "trade 1 wood:1 ore:1")
    assert m.current_player == 1


def test_trade_you_hold():
    """Primer, Trades: "Trade deals involving an immediate transaction of the above must
    be fulfilled" - so you can only offer what you hold."""
    m = _traders().match()
    assert refused(m, "trade 1 wood:3 ore:1") == "trade.you-hold"
    assert refused(m, "trade 1 culture:1 ore:1") == "trade.you-hold"
    assert refused(m, "trade 1 card:scholars#0 ore:1") == "trade.you-hold"
    accepted(m, "trade 1 wood:2 ore:1")


def test_trade_they_hold():
    """Primer, Trades: "Trade deals involving an immediate transaction of the above must
    be fulfilled" - so you can only ask for what your partner holds."""
    m = _traders().match()
    assert refused(m, "trade 1 wood:1 ore:3") == "trade.they-hold"
    assert refused(m, "trade 1 wood:1 mood:1") == "trade.they-hold"
    assert refused(m, "trade 1 wood:1 action_cards:3") == "trade.they-hold"
    assert refused(m, "trade 2 wood:1 objective_cards:1") == "trade.they-hold"
    accepted(m, "trade 1 wood:1 action_cards:2+ore:2")


def test_trade_reply():
    """Primer, Trades: a trade happens when both players agree: the partner accepts or
    declines."""
    m = _traders().match()
    before = json.dumps(m.state["players"])
    accepted(m, "trade 1 wood:1 ore:1")
    assert refused(m, "reply maybe") == "trade.reply"
    assert refused(m, "reply decline scholars#0") == "trade.reply"
    accepted(m, "reply decline")
    assert json.dumps(m.state["players"]) == before
    assert _top(m)["kind"] == "turn"
    accepted(m, "trade 1 wood:1 ore:1")
    accepted(m, "reply accept")
    assert m.state["players"][0]["res"]["ore"] == 1


def test_trade_labels_in_plain_words():
    """Primer, Trades: offers and answers read as the game's names, not internal ids."""
    m = _traders().match()
    assert _labels(m)["trade 1 wood:1 ore:1"] == "Offer Orange 1 wood for 1 ore"
    accepted(m, "trade 1 card:bumper_crop#0 action_cards:1")
    labels = _labels(m)
    assert labels["reply accept scholars#0"] == (
        "Accept: receive Bumper Crop (action card), give Visiting Scholars (action card)"
    )
    assert labels["reply decline"] == "Decline the trade"
    assert not any("#" in t or "_" in t for t in labels.values())


# -- Trade Routes ------------------------------------------------------------------------


def _land(s):
    return sorted(
        k
        for k, h in s.state["hexes"].items()
        if h["terrain"] in ("plains", "forest", "mountain") and k not in s.state["cities"]
    )


def _route_setup(food=0, currency=False, storage=False):
    """Two cities of player 1 (A < B) and two settlers of player 0 (U1 < U2): U1 is
    within two spaces of both cities, U2 of A only. A greedy pass (U1 takes A) counts
    one route; the best assignment (U1-B, U2-A) counts two."""
    s = open_map(2).clear_units(0)
    for c in s.state["cities"].values():
        if c["owner"] == 1:
            c["mood"] = ANGRY  # player 1's capital stays out of the picture
    land = _land(s)
    for a, b in combinations(land, 2):
        if hex_distance(a, b) < 2:
            continue
        both = [
            u for u in land if u not in (a, b) and hex_distance(u, a) <= 2 >= hex_distance(u, b)
        ]
        only_a = [
            u for u in land if u not in (a, b) and hex_distance(u, a) <= 2 < hex_distance(u, b)
        ]
        pairs = [(u1, u2) for u1 in both for u2 in only_a if u1 < u2]
        if pairs:
            u1, u2 = pairs[0]
            break
    else:
        raise AssertionError("no position for the matching test on this map")
    s.city(1, a).city(1, b)
    s.units(0, u1, settler=1).units(0, u2, settler=1)
    s.advances(0, "bartering", "trade_routes", *(["currency"] if currency else []))
    if storage:
        s.advances(0, "storage")
    s.resources(0, food=food, gold=0)
    return s.turn(1).turn(0)


def test_trade_routes_best_assignment():
    """Primer: "you get 1 Food per Settler or Ship within two spaces of a non-angry city
    belonging to another player. Max 4, only 1 per city." Each unit and each city count
    once, and the count is the best possible assignment (a greedy pass finds only 1)."""
    s = _route_setup()
    assert s.state["players"][0]["res"]["food"] == 2


def test_trade_routes_max_four_and_one_per_city():
    """Primer: "Max 4, only 1 per city." Five settlers by five cities give 4 food; two
    settlers by a single city give 1."""
    from clash_widget.coc.trade import route_count

    s = open_map(2)
    for c in s.state["cities"].values():
        if c["owner"] == 1:
            c["mood"] = ANGRY
    cities = _land(s)[:5]
    for k in cities:
        s.city(1, k)
        s.units(0, k, settler=1)  # a settler next to (here: on) each city
    assert route_count(s.state, 0) == 4
    s.state["units"] = {u: v for u, v in s.state["units"].items() if v["owner"] != 0}
    s.units(0, cities[0], settler=2)
    for k in cities[1:]:
        s.state["cities"][k]["mood"] = ANGRY
    assert route_count(s.state, 0) == 1


def test_trade_routes_gold():
    """Primer: "Currency (Culture): Each Trade Route may produce Gold instead of Food."
    The player chooses, per route, food or gold ("trade.routes-gold")."""
    s = _route_setup(currency=True, storage=True)
    m = s.match()
    assert _top(m)["kind"] == "trade_routes" and _top(m)["routes"] == 2
    assert [str(a) for a in m.legal_actions()] == ["routes 2", "routes 1", "routes 0"]
    assert "How many give gold" in m.prompt()
    assert refused(m, "routes 3") == "trade.routes-gold"
    assert refused(m, "routes -1") == "trade.routes-gold"
    accepted(m, "routes 1")
    res = m.state["players"][0]["res"]
    assert (res["food"], res["gold"]) == (1, 1)
    assert _top(m)["kind"] == "turn"


def test_trade_routes_gold_food_cap_is_still_a_choice():
    """Primer: "Storage (Mood): Your maximum Food may go higher than 2." and "Each Trade
    Route may produce Gold instead of Food": with food at its limit the routes taken as
    food give nothing, and the prompt and labels say so; it is still the player's choice."""
    s = _route_setup(food=2, currency=True)
    m = s.match()
    assert _top(m)["kind"] == "trade_routes"
    assert "room for 0 more food" in m.prompt()
    labels = _labels(m)
    assert labels["routes 0"] == "Trade routes: 2 as food, 0 as gold (lost over your limit: 2 food)"
    assert labels["routes 2"] == "Trade routes: 0 as food, 2 as gold"
    accepted(m, "routes 0")
    res = m.state["players"][0]["res"]
    assert (res["food"], res["gold"]) == (2, 0)


def test_trade_routes_without_currency_give_food():
    """Primer: "you get 1 Food per Settler or Ship ..." - without Currency there is no
    choice to make: food, up to the food limit."""
    s = _route_setup(food=1)
    m = s.match()
    assert _top(m)["kind"] == "turn"
    assert m.state["players"][0]["res"]["food"] == 2  # one of the two is over the limit


def test_trade_routes_gold_no_real_choice_is_not_asked():
    """Primer: "Each Trade Route may produce Gold instead of Food" - when food and gold
    are both at their limits every answer gives the same nothing, so nothing is asked."""
    s = _route_setup(food=2, currency=True)
    s.resources(0, gold=8, food=2)
    s.turn(1).turn(0)
    m = s.match()
    assert _top(m)["kind"] == "turn"
