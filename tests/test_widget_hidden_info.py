"""What reaches a seat's front end never names another seat's hidden cards.

Every trait value a widget sets (``view``, ``view_patch``, ``last_action``,
``feedback``, ``selected`` ...) and every custom message it sends is recorded, for
one widget per seat, while the same random game is played on all of them (clicks
for the seat to move, code for the others). After each action the recorded values
are scanned for the ids of the cards in the other seats' hands, except the cards
everyone has seen named in a public event (a card discarded face up and, after a
reshuffle, drawn again); ``private`` event details are not public.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
import traitlets

from clash_widget.engine import Match
from clash_widget.widget import ClashBoard, SecoloTable
from clash_widget.widget.base import MatchWidget


def hidden_hands(match: Match) -> list[set[str]]:
    """The ids of the cards in each seat's hand that nobody else may know.

    A Secolo card that went back to a hand from the table stays known (``revealed``).
    """
    known = match.state.get("revealed", {})
    out = []
    for p in match.state["players"]:
        if match.game.name == "coc":
            out.append(set(p["actions_hand"]) | set(p["objectives_hand"]))
        else:
            out.append({c for c in p["hand"] if c not in known})
    return out


def public_words(match: Match, events: list[dict[str, Any]]) -> set[str]:
    """Every id-like word of ``events`` as a seat that owns none of them sees them."""
    seen = [match.game.event_for(e, -1) for e in events]
    return set(re.findall(r"[\w#-]+", json.dumps(seen)))


def recorder(w: MatchWidget) -> list[tuple[str, Any]]:
    """A list that receives every trait change and custom message of ``w``."""
    sent: list[tuple[str, Any]] = []
    w.observe(lambda change: sent.append((change["name"], change["new"])), names=traitlets.All)
    plain_send = w.send
    w.send = lambda content, buffers=None: (  # type: ignore[method-assign]
        sent.append(("<message>", content)),
        plain_send(content, buffers),
    )
    return sent


def named(card: str, text: str) -> bool:
    """Whether ``text`` names ``card`` (not merely a longer id such as legion#10)."""
    return re.search(rf"(?<![\w-]){re.escape(card)}(?![\w])", text) is not None


def widget(game: str, players: int, seed: int, seat: int) -> MatchWidget:
    if game == "coc":
        return ClashBoard(players=players, seed=seed, seat=seat)
    return SecoloTable(players=players, seed=seed, seat=seat)


@pytest.mark.parametrize(("game", "players", "seed"), [("coc", 3, 4), ("secolo", 3, 5)])
def test_no_trait_sent_to_a_seat_names_another_seats_hand(
    game: str, players: int, seed: int
) -> None:
    ref = Match.new(game, players, seed)
    widgets = [widget(game, players, seed, seat) for seat in range(players)]
    sent = [recorder(w) for w in widgets]
    rng = random.Random(seed)
    hidden_checked = 0
    public: set[str] = set()
    for step in range(160):
        if ref.is_over:
            break
        mover = ref.current_player
        key = str(rng.choice(ref.legal_actions()))
        outcome = ref.play(key)
        assert outcome.ok
        public |= public_words(ref, outcome.events)
        for seat, w in enumerate(widgets):
            if seat == mover:  # a click from the mover's own view
                w.intent = {"seq": step + 1, "version": w.match.version, "type": "act", "key": key}
                assert w.feedback["ok"], w.feedback
            else:
                assert w.play(key).ok
            assert w.match.state_hash() == ref.state_hash()
        held = hidden_hands(ref)
        for seat in range(players):
            secret = set().union(*(h for s, h in enumerate(held) if s != seat)) - public
            hidden_checked += len(secret)
            for name, value in sent[seat]:
                text = json.dumps(value)
                leaked = sorted(c for c in secret if named(c, text))
                assert not leaked, f"step {step} ({key}): seat {seat}'s {name} names {leaked}"
            sent[seat].clear()
    assert hidden_checked > 100  # the game really had cards in other hands to hide


def test_last_action_tells_another_seat_the_public_log_only() -> None:
    # A bot draws for the other seat: the viewer is told what the log tells.
    ref = Match.new("coc", 2, 3)
    first = ref.current_player
    assert first is not None
    w = ClashBoard(players=2, seed=3, seat=1 - first)
    teacher = ClashBoard(players=2, seed=3)
    key = str(ref.legal_actions()[0])
    out = w.play(key)
    teacher.play(key)
    assert out.ok and teacher.last_action == str(out.action)
    texts = [
        e["text"] for e in (w.match.game.event_for(e, w.seat) for e in out.events) if e.get("text")
    ]
    assert w.last_action == (" ".join(texts[:3]) or "an action")
    assert w.last_action != str(out.action)
    w.seat = first  # the actor's own view knows the key
    assert w.last_action == str(out.action)
