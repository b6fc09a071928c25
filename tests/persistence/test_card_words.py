"""Card names that cannot be read as players' names (issue #37).

Seed 2.1: "a hand of ten Event cards with one card of each color". The piles are
colours, and so are the players' default names: "Monument (orange, IV–VI)" beside the
player Orange read as Orange's card, "Blue declares Levy (blue, I–III)" as Blue's.
"""

from __future__ import annotations

import re

from clash_widget.engine import Match
from clash_widget.engine.seats import SEATS
from clash_widget.persistence import content

COLOUR_WORDS = [s.name.lower() for s in SEATS]


def _bare_colours(text: str) -> list[str]:
    """The players' colour words in ``text`` not followed by "card" (a colour alone)."""
    return [
        w
        for w in COLOUR_WORDS
        for _ in re.finditer(rf"\b{w}\b(?! card)", text, flags=re.IGNORECASE)
    ]


def test_no_card_label_names_a_pile_colour_alone() -> None:
    bare = {card: _bare_colours(content.card_label(card)) for card in content.cards()}
    assert {card: words for card, words in bare.items() if words} == {}
    assert content.card_label("red-treachery") == "Treachery (red card, II–IV)"


def test_hands_and_log_name_pile_colours_as_cards() -> None:
    """What a player reads at the table: the hand's card labels and the log's lines
    (a played card is named in the log)."""
    m = Match.new("persistence", 3, 1)
    rng_moves = 0
    while not m.is_over and rng_moves < 40:
        acts = m.legal_actions()
        declares = [a for a in acts if a.kind == "declare"]
        m.play((declares or acts)[0])
        rng_moves += 1
    view = m.view(None)
    hands = [c["label"] for p in view["players"] for c in p["hand"] or []]
    assert [label for label in hands if _bare_colours(label)] == []
    log = [str(e.get("text", e)) if isinstance(e, dict) else str(e) for e in view["log"]]
    declared = [line for line in log if "declares" in line]
    assert declared, "the game declared no Event card to check"
    # A card's colour in its brackets, alone: "Blue declares Levy (blue, I–III)".
    alone = re.compile(rf"\((?:{'|'.join(COLOUR_WORDS)}),", flags=re.IGNORECASE)
    assert [line for line in declared if alone.search(line)] == []
