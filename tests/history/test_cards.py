"""The card set: every card has a type, a rank and one of five suits; two starter decks and
the plain 52-card mapping."""

from __future__ import annotations

import pytest

from clash_widget.engine import Match
from clash_widget.history import cards as card_set

FIVE_SUITS = {"sun", "moon", "star", "wave", "leaf"}


@pytest.mark.parametrize("deck", ["riverlands", "highlands"])
def test_starter_decks(deck):
    cards = card_set.deck_list(deck)
    assert len(cards) == 40
    assert len({(c.rank, c.suit) for c in cards}) == 40  # no two cards alike
    assert {c.suit for c in cards} == FIVE_SUITS
    assert all(1 <= c.rank <= 13 for c in cards)
    types = {card_set.designs()[c.design]["type"] for c in cards}
    assert types == set(card_set.TYPES)
    wonders = [c for c in cards if card_set.designs()[c.design].get("kind") == "wonder"]
    assert len(wonders) >= 7  # enough to win by wonders


@pytest.mark.parametrize("deck", ["riverlands", "highlands", "plain52"])
def test_every_requirement_is_in_the_deck(deck):
    designs = {c.design for c in card_set.deck_list(deck)}
    for d in designs:
        req = card_set.designs()[d].get("requires")
        assert req is None or req in designs, (deck, d, req)


def test_plain_52_mapping():
    cards = card_set.deck_list("plain52")
    assert len(cards) == 52 and len({(c.rank, c.suit) for c in cards}) == 52
    assert {c.suit for c in cards} == {"clubs", "diamonds", "hearts", "spades"}
    assert {card_set.designs()[c.design]["type"] for c in cards if c.rank == 1} == {"city"}


def test_every_design_is_in_a_deck():
    used = {c.design for d in ("riverlands", "highlands", "plain52") for c in card_set.deck_list(d)}
    assert used == set(card_set.designs())


def test_card_words():
    m = Match.new("history", 2, 0)
    s = m.state
    cid = card_set.card_id(0, 1)
    assert card_set.name(s, cid) == "Grassland (2 of Moons)"
    assert card_set.face(s, cid) == "2☾"  # drawn on the card; sentences use the words
    assert card_set.text("pyramids") == "Wonder, cost 7; +2 material here; needs Masonry."
    assert card_set.text("festival") == "Gain 1 culture counter."
    assert card_set.public(s, cid)["type_name"] == "Terrain"
    assert (
        not card_set.is_card(s, "2-00")
        and not card_set.is_card(s, "0-1")
        and card_set.is_card(s, "1-39")
    )


def test_seats_alternate_the_starter_decks():
    m = Match.new("history", 4, 0)
    assert [p["deck"] for p in m.state["players"]] == ["riverlands", "highlands"] * 2
    m = Match.new("history", 3, 0, {"deck": "plain52"})
    assert {p["deck"] for p in m.state["players"]} == {"plain52"}


def test_unknown_deck_refused():
    with pytest.raises(ValueError):
        Match.new("history", 2, 0, {"deck": "tarot"})
