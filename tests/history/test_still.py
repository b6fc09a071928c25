"""History CCG's still picture is the table as the learner saw it (issue #37, item 10).

It was a coloured list of lines. Now it draws the live table's parts with its marks: each
player's panel framed in their colour, each city a box holding its card, population and
capital badge, its terrains, creations, units and production as cards (the suit's symbol on
the face, a unit's numbers in words), the council as cards or backs, the cards an action can
use outlined; and its ``<desc>`` (the read-only course's alternative text) says it in words.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from clash_widget.engine import Match
from clash_widget.history import lesson
from clash_widget.widget.history_still import describe_table
from clash_widget.widget.picture import picture

NS = "{http://www.w3.org/2000/svg}"


def _svg(view: dict) -> ET.Element:
    return ET.fromstring(picture(view))


def _texts(node: ET.Element) -> str:
    return " ".join("".join(t.itertext()) for t in node.iter(f"{NS}text"))


def _cards(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-card"): g for g in root.iter(f"{NS}g") if g.get("data-card")}


def _played(n: int, seed: int = 1) -> Match:
    m = Match.new("history", 2, seed)
    rng = random.Random(seed)
    for _ in range(n):
        m.play(rng.choice(m.legal_actions()))
    return m


def test_every_card_on_the_map_is_drawn_as_a_card_with_its_face() -> None:
    view = _played(40).view(None)
    root = _svg(view)
    cards = _cards(root)
    on_map = []
    for p in view["players"]:
        for c in p["cities"]:
            on_map += [c, *c["terrains"], *c["creations"], *c["units"]]
            on_map += [c["production"]] if c["production"] else []
        on_map += p["council"]
    assert on_map and {c["id"] for c in on_map} <= set(cards)
    for c in on_map:
        drawn = cards[c["id"]]
        assert c["face"] in _texts(drawn) and c["name"].split()[0] in _texts(drawn)
        # the suit's symbol in the suit's colour, as history.css colours it
        spans = [t for t in drawn.iter(f"{NS}tspan") if t.text == c["face"][-1]]
        assert spans and spans[0].get("fill", "").startswith("#")


def test_each_player_has_a_panel_in_their_colour_and_each_city_a_box() -> None:
    view = _played(40).view(None)
    root = _svg(view)
    panels = {g.get("data-seat"): g for g in root.iter(f"{NS}g") if g.get("data-seat")}
    assert set(panels) == {str(p["seat"]) for p in view["players"]}
    for p in view["players"]:
        frames = [r.get("stroke") for r in panels[str(p["seat"])].iter(f"{NS}rect")]
        assert p["color"] in frames
        cities = {g.get("data-city") for g in panels[str(p["seat"])].iter(f"{NS}g")}
        assert {c["id"] for c in p["cities"]} <= cities
        assert f"population {p['cities'][0]['population']}" in _texts(panels[str(p["seat"])])


def test_units_read_their_numbers_in_words_and_actions_outline_their_cards() -> None:
    view = lesson.battle_demo().view(None)
    root = _svg(view)
    words = _texts(root)
    assert "attack 2, defence 2" in words and "health 2 of 2" in words  # Spearmen
    assert "\u2665" not in words and "2/2" not in words
    usable = {x for a in view["legal"] for x in a["args"] if "-" in x}
    outlined = {k for k, g in _cards(root).items() if g.get("data-option") == "true"}
    assert usable and outlined == usable
    assert "capital" in words and "Initiative order:" in words


def test_a_seats_still_shows_the_other_council_as_backs() -> None:
    m = _played(40)
    view = m.view(0)
    other = m.view(None)["players"][1]["council"]
    root = _svg(view)
    words = _texts(root)
    assert f"Council: {len(other)} cards (hidden)" in words
    assert not set(_cards(root)) & {c["id"] for c in other}


def test_the_description_says_the_table_in_words() -> None:
    """The first ``<desc>`` (what the course shows a reader who cannot see the picture)."""
    view = lesson.battle_demo().view(None)
    desc = _svg(view).find(f"{NS}desc")
    assert desc is not None and desc.text is not None
    text = desc.text
    assert text.startswith("History CCG between Blue and Orange.")
    assert "Hilltop (ace of Suns), the capital, population 2" in text
    assert "Spearmen (queen of Moons) with attack 2, defence 2 and health 2 of 2" in text
    assert describe_table(view) in text
    assert len(list(_svg(view).iter(f"{NS}desc"))) == 1
