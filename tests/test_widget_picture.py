"""Every widget's output carries a still SVG picture of what it shows (widget/picture.py).

A page without the widgets' JavaScript (GitHub, nbviewer, nbconvert's HTML, a printout)
shows the ``image/svg+xml`` entry of the output's mime bundle; Lab shows the live widget.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from clash_widget.engine import Match
from clash_widget.widget import ClashBoard, HistoryTable, PersistenceMap, SecoloTable
from clash_widget.widget.picture import SVG_MIME, picture

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
SVG_NS = "{http://www.w3.org/2000/svg}"
WIDGETS = {
    "coc": ClashBoard,
    "secolo": SecoloTable,
    "persistence": PersistenceMap,
    "history": HistoryTable,
}


def _played(game: str, n: int = 12) -> Match:
    """A match a few legal actions in (always the first legal one: deterministic)."""
    match = Match.new(game, 2, 3)
    for _ in range(n):
        if match.is_over:
            break
        match.play(match.legal_actions()[0])
    return match


def _texts(svg: str) -> str:
    root = ET.fromstring(svg)
    return " ".join("".join(t.itertext()) for t in root.iter(f"{SVG_NS}text"))


@pytest.mark.parametrize("game", sorted(WIDGETS))
def test_mime_bundle_has_the_live_widget_and_an_svg_picture(game: str) -> None:
    widget = WIDGETS[game](_played(game))
    data, _metadata = widget._repr_mimebundle_()
    assert WIDGET_MIME in data, "the live widget stays first for Lab and Notebook"
    svg = data[SVG_MIME]
    root = ET.fromstring(svg)  # parses as XML
    assert root.tag == f"{SVG_NS}svg"
    assert len(list(root.iter())) > 5, "the picture draws something"
    assert widget.view["prompt"][:20] in _texts(svg) or widget.view.get("over")


@pytest.mark.parametrize("game", sorted(WIDGETS))
def test_picture_is_drawn_from_the_shown_seat_view(game: str) -> None:
    """A seat's picture is drawn from that seat's view: it names no card it may not see."""
    match = _played(game)
    widget = WIDGETS[game](match, seat=0)
    data, _ = widget._repr_mimebundle_()
    assert data[SVG_MIME] == picture(widget.view)
    assert data[SVG_MIME] == picture(match.view(0))


def test_coc_picture_draws_every_hex_and_city() -> None:
    match = _played("coc")
    view = match.view(None)
    root = ET.fromstring(picture(view))
    hexes = [e for e in root.iter(f"{SVG_NS}polygon") if e.get("data-q") is not None]
    assert len(hexes) == len(view["hexes"])
    cities = [e for e in root.iter() if e.get("data-city")]
    assert len(cities) == len(view["cities"]) > 0


def test_card_table_pictures_name_the_cards_in_view() -> None:
    history = _played("history", 20)
    view = history.view(None)
    words = _texts(picture(view))
    for p in view["players"]:
        for city in p["cities"]:
            assert city["name"] in words
    secolo = _played("secolo", 20)
    view = secolo.view(None)
    root = ET.fromstring(picture(view))
    cards = {e.get("data-card"): e for e in root.iter(f"{SVG_NS}g") if e.get("data-card")}
    for p in view["players"]:
        for card in p["hand"][:3]:
            # the table's names: English on the card (a long one on two lines), the
            # Italian in its tooltip (issue 37)
            drawn = cards[card["id"]]
            on_card = " ".join("".join(t.itertext()) for t in drawn.iter(f"{SVG_NS}text"))
            assert card["gloss"].split()[0].split("-")[0] in on_card
            assert drawn.find(f"{SVG_NS}title").text == f"{card['gloss']} (Italian: {card['name']})"


def test_picture_follows_the_game_after_moves() -> None:
    widget = ClashBoard(_played("coc", 2))
    before, _ = widget._repr_mimebundle_()
    for _ in range(6):
        widget.play(widget.match.legal_actions()[0].key)
    after, _ = widget._repr_mimebundle_()
    assert after[SVG_MIME] == picture(widget.match.view(None)) != before[SVG_MIME]


def test_a_seats_picture_hides_the_other_hands() -> None:
    """Hidden information never reaches another seat: Player 1's picture counts Player 2's
    council and hand, it does not name them."""
    history = _played("history")
    mine = _texts(picture(history.view(0)))
    theirs = history.view(None)["players"][1]
    assert f"Council: {theirs['council_count']} cards" in mine
    secolo = _played("secolo", 20)
    mine = ET.fromstring(picture(secolo.view(0)))
    theirs = secolo.view(None)["players"][1]
    backs = [e for e in mine.iter(f"{SVG_NS}rect") if e.get("data-back") is not None]
    assert len(backs) == theirs["hand_count"] > 0
    shown = {e.get("data-card") for e in mine.iter() if e.get("data-card")}
    assert not shown & {c["id"] for c in theirs["hand"]}


def _secolo_midgame() -> Match:
    """The mid-game of docs/design.md (scripts/design_screens.py): seeded random moves."""
    import random

    match, rng = Match.new("secolo", 2, 2), random.Random(1)
    for _ in range(14):
        match.play(rng.choice(match.legal_actions()))
    return match


def test_secolo_still_is_the_table_with_its_marks() -> None:
    """Issue 37, item 10: Secolo's still is its table, not a list of names: every card in
    view drawn as a card (culture stripe, name), in its zone, the cards an action can use
    outlined in the table's blue, the culture groups under their colour's bar, the hidden
    hands face down, every word at least 13 px, and the position in words as its <desc>."""
    view = _secolo_midgame().view(None)
    svg = picture(view)
    root = ET.fromstring(svg)
    cards = {e.get("data-card"): e for e in root.iter(f"{SVG_NS}g") if e.get("data-card")}
    for p in view["players"]:
        for c in p["hand"]:
            assert cards[c["id"]].get("data-zone") == "hand"
        for g in p["city"]:
            for c in g["cards"]:
                assert cards[c["id"]].get("data-zone") == "city"
                assert c["gloss"] in "".join(cards[c["id"]].itertext())
    usable = {c for a in view["legal"] for c in a.get("cards", [])}
    outlined = {
        cid
        for cid, g in cards.items()
        if any(r.get("stroke") == "#1976d2" for r in g.iter(f"{SVG_NS}rect"))
    }
    assert outlined == usable and usable
    bars = [e.get("data-culture") for e in root.iter(f"{SVG_NS}rect") if e.get("data-culture")]
    assert bars == [g["culture"] for p in view["players"] for g in p["city"]]
    sizes = {int(t.get("font-size")) for t in root.iter(f"{SVG_NS}text")}
    assert min(sizes) >= 13
    desc = root.find(f"{SVG_NS}desc").text
    assert "Blue, Protagonist The Witch Mother: city Possessed (" in desc
    assert "hand: Anabaptist, Alchemist, Buccaneer, Attack." in desc


def test_secolo_still_marks_the_attack_being_answered() -> None:
    """The still of a reaction window marks what the table marks: the card under Attack in
    a red ring, the attacking pair in orange (a card may carry a ring and the outline)."""
    from clash_widget.secolo.opening import ATTACK, OPENING

    match = Match.new("secolo", 2, 2)
    for key in [*OPENING, ATTACK]:
        match.play(key)
    view = match.view(1)
    attack = view["frame"]["attack"]
    root = ET.fromstring(picture(view))
    rings = {
        g.get("data-card"): {r.get("stroke") for r in g.iter(f"{SVG_NS}rect")}
        for g in root.iter(f"{SVG_NS}g")
        if g.get("data-card")
    }
    assert "#c62828" in rings[attack["target"]]
    for card in attack["attackers"]:
        assert "#ef6c00" in rings[card]
    others = set(rings) - {attack["target"], *attack["attackers"]}
    assert not any({"#c62828", "#ef6c00"} & rings[c] for c in others)


def test_coc_picture_draws_the_boards_pieces() -> None:
    """Issue #37: the still keeps matching the board (js/src/coc/pieces.ts): an army is a
    shield, a settler a wagon, a ship under sail; a unit's count is a "×N" tag (none for
    one unit), never a bare number like a city's size; each city piece has its kind."""
    from clash_widget.coc.demo import demo_midgame

    view = demo_midgame(players=4, seed=5).view(None)
    root = ET.fromstring(picture(view))
    shapes = {"army": "shield", "settler": "wagon", "ship": "ship"}
    drawn = [g for g in root.iter(f"{SVG_NS}g") if g.get("data-count")]
    assert len(drawn) == len([u for u in view["units"] if u["count"] > 0]) > 0
    for g in drawn:
        kind, count = g.get("data-kind", ""), int(g.get("data-count") or 0)
        assert [e.get("data-shape") for e in g.iter() if e.get("data-shape")] == [shapes[kind]]
        texts = ["".join(t.itertext()) for t in g.iter(f"{SVG_NS}text")]
        assert texts == ([f"\u00d7{count}"] if count > 1 else [])
    pieces = [g.get("data-kind") for g in root.iter(f"{SVG_NS}g") if g.get("data-kind")]
    kinds = {p["kind"] for c in view["cities"] for p in c["pieces"]}
    assert kinds and kinds <= set(pieces)


def test_persistence_picture_draws_straits_and_names_where_the_map_does() -> None:
    """Issue #37: the still keeps matching the map (js/src/persistence/map.ts): each strait
    is the view's short line and each area's name sits at the view's placed spot."""
    view = _played("persistence").view(None)
    root = ET.fromstring(picture(view))
    lines = {e.get("data-strait"): e for e in root.iter(f"{SVG_NS}line") if e.get("data-strait")}
    assert set(lines) == {s["id"] for s in view["map"]["straits"]}
    for s in view["map"]["straits"]:
        (x1, y1), (x2, y2) = s["line"]
        got = [float(lines[s["id"]].get(k) or "nan") for k in ("x1", "y1", "x2", "y2")]
        assert got == [x1, y1, x2, y2]
    names = {e.get("data-area-name"): e for e in root.iter(f"{SVG_NS}text")}
    for area, spot in view["map"]["names"].items():
        assert float(names[area].get("y") or "nan") == spot["y"]
        assert "".join(names[area].itertext()) == "".join(spot["lines"])
