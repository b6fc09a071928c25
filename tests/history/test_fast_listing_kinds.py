"""History's candidate lists are the actions every check admits (#27, round eight).

Found, Play, Produce, Ability, Attack, Clash, Move, Heal and Explore build only the
actions their checks admit (the checks are ``ensured``: the listing does not ask them
again), reading each card's design from ``cards.by_card`` and the seat's cities and fresh
units from the listing's reading (``reading.seat_reading``: read once for all the kinds
inside the engine's reading block, afresh when a kind is listed alone; both are compared).

Here the plain form is the kind's own wide definition (``ActionKind.wide``: every card of
the council, every city and card on the map, every unit, every seat), kept when
``first_violation`` (every check of the kind, in table order) finds nothing. At every
decision of random games (both bots, two and three players) the kind's listing must be
exactly those actions (as a set: the order is pinned by tests/test_same_games.py), listed
alone, in the frame's listing and by category alike.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Action, Match
from clash_widget.engine.reading import OPEN_BLOCK
from clash_widget.history import cards as card_set

FAST = {
    "act": ("found", "play", "produce", "ability", "attack", "clash", "move", "heal", "explore"),
    "plan": ("produce",),
    "settle_produce": ("produce",),
}


def admitted(m: Match, frame: dict, kind: str) -> list[Action]:
    spec = m.game.handlers[frame["kind"]].table[kind]
    if spec._shut(m.state, frame):  # a frame-only check shuts the kind (Clash)
        return []
    return [
        a
        for a in spec.wide_candidates(m.state, frame)
        if spec.first_violation(m.state, frame, spec.parse(m.state, frame, a)) is None
    ]


@pytest.mark.parametrize("players", [2, 3])
def test_fast_kinds_list_what_every_check_admits(players: int) -> None:
    asked = {(f, k): 0 for f, kinds in FAST.items() for k in kinds}
    nonempty = dict.fromkeys(asked, 0)
    for seed in range(4):
        bots = ("random", "heuristic") if seed % 2 else ("random",)
        m = Match.new("history", players, 840 + seed, keep_undo=False)
        seats = [make_bot(bots[i % len(bots)], "history", seed + i) for i in range(players)]
        while not m.is_over:
            frame = m.state["stack"][-1]
            handler = m.game.handlers[frame["kind"]]
            # the game's listing (in the engine's reading block the act frame's kinds read
            # the position once) and each kind listed alone (read afresh)
            whole = m.game.legal_actions(m.state)
            grouped = m.game.legal_by_category(m.state)
            for kind in FAST.get(frame["kind"], ()):
                plain = admitted(m, frame, kind)
                listed = handler.table[kind].legal(m.state, frame)
                assert sorted(listed) == sorted(plain), (frame, kind)
                assert [a for a in whole if a.kind == kind] == listed, (frame, kind)
                assert grouped.get(m.game.category(Action(kind)), []) == listed, (frame, kind)
                asked[frame["kind"], kind] += 1
                nonempty[frame["kind"], kind] += bool(listed)
            bot = seats[frame["player"]]
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    # every kind was asked often, and listed something often enough to mean something
    assert min(asked.values()) > 5, asked
    assert min(nonempty.values()) > 10, nonempty


def test_by_card_is_each_cards_design() -> None:
    """``by_card`` (every card's design, cached by the decks) is :func:`cards.design` of each
    card of every seat's deck, and cannot be written to."""
    for deck in ("starters", "plain52"):
        m = Match.new("history", 3, 5, {"deck": deck})
        by = card_set.by_card(m.state)
        n = 0
        for seat, p in enumerate(m.state["players"]):
            for i in range(len(card_set.deck_list(p["deck"]))):
                cid = card_set.card_id(seat, i)
                assert by[cid] is card_set.design(m.state, cid)
                n += 1
        assert len(by) == n
        with pytest.raises(TypeError):
            by["0-00"] = {}  # type: ignore[index]


def test_attack_ignores_units_standing_in_a_rival_city() -> None:
    """Random games never leave a unit in a city another seat controls; the Attack listing
    must still list only cities the seat controls (``attack.from-city``) if one does."""
    moved = 0
    for seed in range(3):
        m = Match.new("history", 2, 860 + seed, keep_undo=False)
        bot = make_bot("random", "history", seed)
        while not m.is_over:
            frame = m.state["stack"][-1]
            seat = frame["player"]
            rivals = [c for c, x in m.state["cities"].items() if x["controller"] != seat]
            mine = [u for u, x in m.state["units"].items() if x["controller"] == seat]
            if frame["kind"] == "act" and rivals and mine:
                saved = m.state["units"][mine[0]]["city"]
                m.state["units"][mine[0]]["city"] = rivals[0]
                assert admitted(m, frame, "attack") == m.game.handlers["act"].table["attack"].legal(
                    m.state, frame
                )
                m.state["units"][mine[0]]["city"] = saved
                moved += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert moved > 50


def test_the_reading_lives_only_while_the_act_frame_lists() -> None:
    """After the game has listed (whole or by category), nothing of its reading block is
    left: a unit tired afterwards on the same state is no longer listed to explore."""
    for seed in range(3):
        m = Match.new("history", 2, 870 + seed, keep_undo=False)
        bot = make_bot("random", "history", seed)
        while not m.is_over:
            frame = m.state["stack"][-1]
            fresh = admitted(m, frame, "explore") if frame["kind"] == "act" else []
            if fresh:
                handler = m.game.handlers["act"]
                m.game.legal_actions(m.state)
                m.game.legal_by_category(m.state)
                assert OPEN_BLOCK.get() is None
                u = m.state["units"][fresh[0].args[0]]
                u["tired"] = True
                assert handler.table["explore"].legal(m.state, frame) == fresh[1:]
                assert [a for a in m.legal_actions() if a.kind == "explore"] == fresh[1:]
                u["tired"] = False
                return
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    raise AssertionError("no act frame with a fresh unit")
