"""The words the wide definitions of History's kinds are made of (engine.conformance holds
each kind's listing to its wide definition): every card of the decks in play, every city
on the map, every unit, a seat's council."""

from __future__ import annotations

from ..engine.game import Frame, State
from . import cards as card_set


def every_card(state: State) -> list[str]:
    """Every card of the seats' decks, wherever it is."""
    return sorted(card_set.by_card(state))


def every_city(state: State) -> list[str]:
    """Every city on the map, whoever controls it."""
    return sorted(state["cities"])


def every_unit(state: State) -> list[str]:
    """Every unit on the map, whoever controls it."""
    return sorted(state["units"])


def council(state: State, frame: Frame) -> list[str]:
    """The cards in the council of the frame's seat (each once)."""
    return sorted(set(state["players"][frame["player"]]["council"]))


def every_target(state: State) -> list[tuple[str, ...]]:
    """None, or one card, city or unit: what a card played from the council may name."""
    return [(), *((x,) for x in every_card(state)), *((u,) for u in every_unit(state))]
