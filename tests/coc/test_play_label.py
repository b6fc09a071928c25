"""The words of an action card's Play button (issue #37, item 9)."""

from __future__ import annotations

from clash_widget.coc.cards import _play_label, action_cards
from clash_widget.engine.actions import Action


def test_an_action_card_says_its_cost_once_beside_its_name():
    """Issue #37, item 9: "Play Quarry: Costs an action: gain 2 ore." said the cost as a
    second heading; the label names the cost once, beside the card."""
    assert action_cards()["quarry"]["text"] == "Costs an action: gain 2 ore."
    label = _play_label({}, {}, Action("play", ("quarry#1",)))
    assert label == "Play Quarry (costs an action): Gain 2 ore."
