"""Applying a Clash action the fast way changes exactly what the plain way changes.

Applying is sped up in ways that must never change a position, an event or a listing
handed on: settling comes to rest at once when the frame on top is none that
``settle_step`` takes a step at (``SETTLING``, the game's ``settles_at``), instead of
asking ``settle_step``. These tests apply every action of whole random games
both ways, from copies of the same position, and compare the positions, the events and
the listing settling hands on.
"""

import pytest

from clash_widget.bots.registry import make_bot
from clash_widget.coc import game as coc_game
from clash_widget.coc import research, trade
from clash_widget.coc.economy import payment_plan, payments
from clash_widget.engine import Match
from clash_widget.engine.game import Events
from clash_widget.engine.state import clone


def plain_settle(game, state, ev):
    """The engine's settling loop as it is without ``settles_at``: settle_step asked until
    it says False (the engine's own loop, with the game's shortcut taken away for the call)."""
    cls = type(game)
    shortcut = cls.settles_at
    cls.settles_at = None
    try:
        game.settle(state, ev)
    finally:
        cls.settles_at = shortcut


def plain_apply(game, state, action):
    """Game.apply with the plain settling loop (no fast rest)."""
    ev = Events()
    ev.list_rest = True
    frame = game.top(state)
    game.handlers[frame["kind"]].apply(game, state, frame, action, ev)
    plain_settle(game, state, ev)
    return ev


def _same(ev_fast, ev_plain):
    assert list(ev_fast) == list(ev_plain)
    assert ev_fast.listed == ev_plain.listed
    assert ev_fast.restores_previous == ev_plain.restores_previous


def _random_games(seeds, check):
    for seed in seeds:
        m = Match.new("coc", 4, seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        while not m.is_over:
            a = bot.choose(m.game, m.state, m.legal_actions())
            check(m.game, m.state, a)
            m.play(a)


def _compare(game, state, action):
    fast, plain = clone(state), clone(state)
    ev_fast = game.apply(fast, action, list_rest=True)
    ev_plain = plain_apply(game, plain, action)
    assert fast == plain, action
    _same(ev_fast, ev_plain)


@pytest.mark.parametrize("seeds", [range(3000, 3002), range(3002, 3004)])
def test_fast_settle_matches_the_engine_loop(seeds):
    """Every action of random 4-player games: the same position, events and listing."""
    _random_games(seeds, _compare)


def test_settling_frames_are_all_met():
    """Each frame kind of SETTLING is met at rest or settled in random games (the
    comparison above covers it), and a frame missing from SETTLING is caught by it."""
    seen: set[str] = set()

    def note(game, state, action):
        seen.add(state["stack"][-1]["kind"])

    _random_games(range(3000, 3002), note)
    assert {"move", "raze", "free_advance"} <= seen
    game_class = coc_game.ClashOfCultures
    assert game_class.settles_at is coc_game.SETTLING
    game_class.settles_at = coc_game.SETTLING - {"raze"}
    try:
        with pytest.raises(AssertionError):
            _random_games(range(3000, 3002), _compare)
    finally:
        game_class.settles_at = coc_game.SETTLING


WIDER_GOODS = [
    "-",
    "food:1+wood:2",
    "ore:3+mood:1+culture:2",
    "action_cards:1+gold:1",
    "objective_cards:2",
    "action_cards:2+objective_cards:1+ideas:1",
]
"""Goods random offers seldom write (several parts, tokens, cards asked for)."""


def test_kept_trade_words_and_goods_match_the_plain_ones():
    """At every trade offer and reply of random games: the goods read from the offer's
    text and the plain words of each side (as logged, and as the two players see them)
    are those worked out afresh, and a caller changing its goods changes no later answer."""
    met = 0

    def check(game, state, action):
        nonlocal met
        if action.kind == "trade":
            hand = state["players"][state["stack"][-1]["player"]]
            cards = [f"card:{c}" for c in hand["actions_hand"] + hand["objectives_hand"]]
            texts = [*action.args[1:], *WIDER_GOODS, "+".join(cards[:2]) or "-"]
            for text in texts:
                got = trade._goods(text)
                assert got == trade._read_goods(text)
                assert list(got) == list(trade._read_goods(text))
                got["food"] = 99
                assert trade._goods(text) == trade._read_goods(text)
            args = trade.parse_offer(state, state["stack"][-1], action)
            sides = [args["give"], args["get"]]
            sides += [trade._goods(text) for text in texts]
        elif action.kind == "reply":
            frame = state["stack"][-1]
            sides = [frame["give"], frame["get"]]
        else:
            return
        for goods in sides:
            for named, chooser in ((False, ""), (True, ""), (True, "their"), (False, "your")):
                plain = trade._words.__wrapped__(tuple(goods.items()), named, chooser)
                assert trade.words(goods, named=named, chooser=chooser) == plain
        met += 1

    _random_games(range(3000, 3002), check)
    assert met > 100


def plain_payment_options(player, cost):
    """research.payment_options worked out from the player's stock each time (no cache)."""
    res = player["res"]
    out = []
    food_stock = {r: res[r] for r in research.FOOD_PAY}
    for f in payments(food_stock, cost.get("food", 0), research.FOOD_PAY):
        ore_stock = {"ore": res["ore"], "gold": res["gold"] - f.get("gold", 0)}
        for o in payments(ore_stock, cost.get("ore", 0), research.ORE_PAY):
            take = dict(f)
            for r, n in o.items():
                take[r] = take.get(r, 0) + n
            if take not in out:
                out.append(take)
    return out


COSTS = [{"food": 0}, {"food": 1}, {"food": 2}, {"food": 0, "ore": 2}, {"food": 2, "ore": 2}]


def test_kept_payment_options_match_the_plain_ones():
    """At every position of random games, for every player and research price: the
    same ways of paying, in the same order, each a dict of its own."""
    met = set()

    def check(game, state, action):
        for player in state["players"]:
            for cost in COSTS:
                got = research.payment_options(player, cost)
                plain = plain_payment_options(player, cost)
                assert got == plain
                assert [list(t) for t in got] == [list(t) for t in plain]
                met.add(len(got))
                if got:
                    got[0]["food"] = 99  # a caller changing its copy changes no later answer

    _random_games(range(3000, 3002), check)
    assert max(met) >= 3  # positions with several ways of paying were met


def plain_free_advance(game, state, advance):
    """A free advance as research.buy took it before its shortcut: the ways of paying
    always worked out (asked when more than one), then settled by the engine's loop."""
    ev = Events()
    ev.list_rest = True
    p = state["stack"].pop()["player"]
    player = state["players"][p]
    options = research.payment_choices(state, player, advance, free=True, asking=True)
    if len(options) > 1:
        state["stack"].append(
            {
                "kind": "research_payment",
                "player": p,
                "advance": advance,
                "options": [research.key_of(o) for o in options],
                "free": True,
            }
        )
    else:
        cost = research.cost_of(state, player, advance, free=True)
        payment = options[0] if options else payment_plan(player, cost, ideas_for_food=True)
        research._pay_and_gain(state, p, advance, payment, ev, free=True)
    plain_settle(game, state, ev)
    return ev


PURSES = [None, {"ore": 2, "gold": 2}, {"ore": 0, "gold": 0}, {"ore": 1, "gold": 3}]
"""The purse as it is, and purses that make Steel Weapons' 2 ore payable two ways or not."""


def test_free_advances_match_the_plain_payment():
    """At every status-phase free advance of random games, every advance open to the
    player, with several purses: the same position, events and listing as working out
    the ways of paying (a free advance but Steel Weapons costs nothing: one way)."""
    met = {"steel": 0, "other": 0}

    def check(game, state, action):
        if state["stack"][-1]["kind"] != "free_advance":
            return
        for purse in PURSES:
            base = clone(state)
            if purse:
                base["players"][base["stack"][-1]["player"]]["res"].update(purse)
            for a in game.legal_actions(base):
                if a.kind != "advance":  # a free card or ability, also listed (anytime.where)
                    continue
                fast, plain = clone(base), clone(base)
                ev_fast = game.apply(fast, a, list_rest=True)
                ev_plain = plain_free_advance(game, plain, a.args[0])
                assert fast == plain, a
                _same(ev_fast, ev_plain)
                met["steel" if a.args[0] == research.STEEL else "other"] += 1

    _random_games(range(3000, 3004), check)
    assert met["steel"] > 0 and met["other"] > 100


def _plain_spawn_sites(state, p):
    """Where a barbarian settlement may appear, by its plain definition: every hex of the
    board, in order, that is free fertile land 2 spaces from one of p's cities and next to
    no city."""
    from clash_widget.coc.board import board_neighbours, cities_of, hex_distance, is_land

    occupied = {u["hex"] for u in state["units"].values()}
    mine = cities_of(state, p)
    return [
        key
        for key in sorted(state["hexes"])
        if is_land(state, key)
        and state["hexes"][key]["terrain"] != "barren"
        and key not in state["cities"]
        and key not in occupied
        and not any(n in state["cities"] for n in board_neighbours(state, key))
        and any(hex_distance(key, c) == 2 for c in mine)
    ]


def test_barbarian_spawn_sites_are_the_plain_definitions():
    """``spawn_sites`` looks only at the hexes 2 spaces from the player's cities: it finds
    the same sites, in the same order (the seeded draw picks one by its place), as a look
    at every hex of the board, for every player at every position of random games."""
    from clash_widget.coc.events import spawn_sites

    compared = 0
    for seed in (5, 6):
        m = Match.new("coc", 4, seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        while not m.is_over:
            for p in range(4):
                assert spawn_sites(m.state, p) == _plain_spawn_sites(m.state, p)
                compared += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert compared > 1000
