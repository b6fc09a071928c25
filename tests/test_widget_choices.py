"""The Clash board's two gestures through the widget class, without a browser: the key a
click on one unit of a stack sends (pick:, rule move.which-units) and the key the pay-with
choice sends (payment.named) are played through the intent trait, and the feedback says
what happened in words, never the key. The browser side: tests/browser/test_board_choices.py.
"""

from __future__ import annotations

from typing import Any

from clash_widget.coc.demo import demo_choices
from clash_widget.widget import ClashBoard


def _send_act(w: ClashBoard, key: str) -> None:
    seq = (w.intent.get("seq", 0) if isinstance(w.intent, dict) else 0) + 1
    w.intent = {"seq": seq, "version": w.match.version, "type": "act", "key": key}


def _offer(w: ClashBoard, action: str, what: str, words: str) -> dict[str, Any]:
    legal = next(a for a in w.view["legal"] if a["key"] == action)
    return next(x for x in legal[what] if x["label"].endswith(words))


def test_move_which_units_the_unit_clicked_goes_through_the_widget() -> None:
    w = ClashBoard(demo_choices(), seat=0)
    w.play("move")
    stack = next(u for u in w.view["units"] if (u["q"], u["r"], u["kind"]) == (3, -1, "ship"))
    assert [p["label"] for p in stack["parts"]] == ["the ship carrying 1 settler", "an empty ship"]
    pick = _offer(w, "group 3,-1 2,-1 h1", "picks", "the ship carrying 1 settler")
    assert pick["parts"] == [stack["parts"][0]["ref"]]
    _send_act(w, pick["key"])
    assert w.feedback["kind"] == "played", w.feedback
    assert "pick" not in w.feedback["text"] and "north-west to the sea" in w.feedback["text"]
    assert w.match.state["stack"][-1]["kind"] == "move"  # not asked which ship
    aboard = [u for u in w.match.state["units"].values() if u["on"] is not None]
    assert [u["hex"] for u in aboard] == ["2,-1"]
    # Python's view the front end draws: the two ships now stand apart, alike in their stacks.
    assert not any("parts" in u for u in w.view["units"])


def test_payment_named_the_pay_with_choice_goes_through_the_widget() -> None:
    w = ClashBoard(demo_choices(), seat=0)
    w.play("build 1,1")
    pay = _offer(w, "unit army", "payments", "1 food and 1 gold")
    _send_act(w, pay["key"])
    assert w.feedback["kind"] == "played", w.feedback
    assert "gold:" not in w.feedback["text"] and "army" in w.feedback["text"]
    assert w.match.state["stack"][-1]["kind"] == "build"  # not asked how to pay
    res = w.match.state["players"][0]["res"]
    assert (res["food"], res["ore"], res["gold"]) == (1, 1, 1)


def test_payment_named_offers_reach_only_the_seat_to_move() -> None:
    """Offers ride on the legal actions: a seat that is not deciding sees none (the parts of
    a stack are public, like the units: a ship's passengers stand on the board)."""
    w = ClashBoard(demo_choices(), seat=1)
    assert w.view["legal"] == []
    assert any("parts" in u for u in w.view["units"])
