"""Secolo's action labels name each card once, in the table's language (issue 37, item 7).

The table names its cards in English (the Italian name is on the card, on demand); the
buttons and the "Blue chose: ..." answers read the actions' labels, so they do too: "Play
Retaliation on Obsessed woman", not "Play Ritorsione (Retaliation) on Ossessa (Obsessed
woman)".
"""

from __future__ import annotations

import random
import re

from clash_widget.engine import Match
from clash_widget.secolo import cards as catalogue


def test_action_labels_name_each_card_once_in_english() -> None:
    match, rng = Match.new("secolo", 3, 7), random.Random(7)
    seen = 0
    for _ in range(150):
        legal = match.legal_actions()
        if match.is_over or not legal:
            break
        for action in legal:
            label = match.describe(str(action))
            for arg in action.args:
                if arg not in catalogue.catalogue():
                    continue
                card = catalogue.card(arg)
                assert card["gloss"] in label, label
                if card["name"] != card["gloss"]:  # as a word: "Sabba" is in "Sabbath"
                    assert not re.search(rf"\b{re.escape(card['name'])}\b", label), label
                seen += 1
        match.play(rng.choice(legal))
    assert seen > 100
