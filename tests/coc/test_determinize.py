"""Determinisation: a sample for one seat keeps its view and nothing else of the original."""

from __future__ import annotations

from typing import Any

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.engine.state import clone

State = dict[str, Any]


def _midgame(players: int = 3, seed: int = 6, steps: int = 60) -> Match:
    m = Match.new("coc", players, seed, keep_undo=False)
    bot = make_bot("heuristic", "coc", seed)
    for _ in range(steps):
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    return m


def _deal(state: State, p: int, hand: str, pile: str) -> None:
    """Give player ``p`` one more private card (a wonder: reserved with Monuments)."""
    state["players"][p][hand].append(state["decks"][pile].pop(0))


def _swap(state: State, p: int, hand: str, pile: str) -> None:
    """Trade one hidden card of ``p`` for a different one still in the pile."""
    cards, deck = state["players"][p][hand], state["decks"][pile]
    assert cards and deck
    new = next(c for c in deck if c.split("#")[0] != cards[0].split("#")[0])
    deck.remove(new)
    deck.append(cards[0])
    deck.sort()
    cards[0] = new


def _hidden_twin(state: State, seat: int) -> State:
    """The same position for ``seat`` with every kind of hidden information changed."""
    alt = clone(state)
    rivals = [p for p in range(len(alt["players"])) if p != seat]
    _swap(alt, rivals[0], "objectives_hand", "objectives")
    _swap(alt, rivals[-1], "actions_hand", "actions")
    _swap(alt, rivals[0], "wonders_reserved", "wonders")
    hidden = [reg for reg in alt["regions"] if not reg["explored"]]
    assert len({reg["tile"] for reg in hidden}) > 1
    hidden[0]["tile"], hidden[-1]["tile"] = hidden[-1]["tile"], hidden[0]["tile"]
    alt["rng"] = (alt["rng"] * 7 + 12345) % (1 << 62)
    alt["seed"] += 1
    return alt


def _secret(state: State, seat: int) -> tuple[Any, ...]:
    """What ``seat`` cannot see: the others' hands and reservations, tiles, generator."""
    others = [pl for p, pl in enumerate(state["players"]) if p != seat]
    return (
        [(pl["actions_hand"], pl["objectives_hand"], pl["wonders_reserved"]) for pl in others],
        [reg["tile"] for reg in state["regions"] if not reg["explored"]],
        state["decks"],
        state["rng"],
        state["seed"],
    )


@pytest.fixture(scope="module")
def position() -> tuple[Match, State]:
    m = _midgame()
    state = clone(m.state)
    for p in range(3):
        _deal(state, p, "wonders_reserved", "wonders")
        for hand, pile in (("actions_hand", "actions"), ("objectives_hand", "objectives")):
            if not state["players"][p][hand]:
                _deal(state, p, hand, pile)
    return m, state


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_twin_differs_only_in_what_the_seat_cannot_see(position, seat):
    m, state = position
    alt = _hidden_twin(state, seat)
    assert m.game.view(alt, seat) == m.game.view(state, seat)
    assert _secret(alt, seat) != _secret(state, seat)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_sample_keeps_nothing_of_the_hidden_original(position, seat):
    """Same seed, positions differing only in hidden information: identical samples."""
    m, state = position
    alt = _hidden_twin(state, seat)
    for seed in range(5):
        assert m.game.determinize(state, seat, seed) == m.game.determinize(alt, seat, seed)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_samples_keep_the_seats_view_and_redraw_the_rest(position, seat):
    m, state = position
    samples = [m.game.determinize(state, seat, seed) for seed in (1, 2, 3, 4)]
    for s in samples:
        assert m.game.view(s, seat) == m.game.view(state, seat)
        assert m.game.invariants(s) == []
        assert s["players"][seat] == state["players"][seat]
    secrets = [_secret(s, seat) for s in samples]
    for part in range(len(secrets[0])):
        assert len({repr(x[part]) for x in secrets}) > 1, f"hidden part {part} never changes"


def test_a_rivals_reserved_wonder_is_redrawn_but_not_ones_own(position):
    m, state = position
    true = state["players"][1]["wonders_reserved"]
    seen = {
        tuple(m.game.determinize(state, 0, k)["players"][1]["wonders_reserved"]) for k in range(8)
    }
    assert len(seen) > 1  # the sample is not always the true card
    assert m.game.determinize(state, 1, 5)["players"][1]["wonders_reserved"] == true
