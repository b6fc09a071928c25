"""What a learner reads at the History CCG table names cards in words (issue #37, item 7).

A card's face ("8★", "A☀") is drawn on the card and explained by the legend; a sentence
(an action's button, the prompt, a log line, the feedback line) says its rank and suit in
words: "Attack Stonehold (8 of Stars) from Hilltop (ace of Suns)".
"""

from __future__ import annotations

import random
import re

import pytest

from clash_widget.engine import Match
from clash_widget.history import cards as card_set
from clash_widget.history import lesson

SUIT_MARKS = re.compile("[" + "".join(s["symbol"] for s in card_set.suits().values()) + "]")


def _texts(view: dict) -> list[str]:
    return (
        [view["prompt"] or ""]
        + [a["label"] for a in view["legal"]]
        + [e["text"] for e in view.get("log", [])]
    )


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_no_sentence_carries_a_bare_suit_symbol(players: int, seed: int) -> None:
    m = Match.new("history", players, seed)
    rng = random.Random(seed)
    seen = 0
    for _ in range(250):
        if m.is_over:
            break
        for text in _texts(m.view(None)):
            seen += 1
            assert not SUIT_MARKS.search(text), text
        m.play(rng.choice(m.legal_actions()))
    assert seen > 500


def test_buttons_name_cards_with_rank_and_suit_in_words() -> None:
    labels = [a["label"] for a in lesson.battle_demo().view(None)["legal"]]
    assert "Attack Stonehold (8 of Stars) from Hilltop (ace of Suns)" in labels
    assert "Explore with Spearmen (queen of Moons)" in labels


def test_every_card_carries_its_face_in_words() -> None:
    """The view gives each card its face as printed and in words, for tooltips and
    screen readers (``face_words``)."""
    view = lesson.battle_demo().view(None)
    city = view["players"][0]["cities"][0]
    assert (city["face"], city["face_words"]) == ("A\u2600", "ace of Suns")
    unit = city["units"][0]
    assert (unit["face"], unit["face_words"]) == ("Q\u263e", "queen of Moons")
