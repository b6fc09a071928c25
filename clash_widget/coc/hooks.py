"""Where the peaceful rules hand over to events, cards and wonders.

Each hook is the one place a later rule module plugs into; until that module
is loaded the hook only records what would happen.
"""

from __future__ import annotations

from ..engine.game import Events, State
from .common import bump_stat


def track_event(state: State, p: int, track: str, ev: Events) -> None:
    """A Mood or Culture track reached 3, 5 or 7: draw an event and resolve it at once."""
    player = state["players"][p]
    level = player[f"{track}_track"]
    bump_stat(state, "track_event")
    if state["options"]["events"]:
        from . import events  # loaded lazily: events need the whole rules core

        events.draw_event(state, p, ev)
    else:
        ev.emit("event_skipped", f"{player['name']}'s {track} track reaches {level}.")


def writing_cards(state: State, p: int, ev: Events) -> None:
    """Writing: draw an action and an objective card once you hold a government advance."""
    from . import content

    player = state["players"][p]
    if not any(content.advances()[a]["group"] in content.GOVERNMENTS for a in player["advances"]):
        return
    if "writing_cards" in player.get("flags", []):
        return
    player.setdefault("flags", []).append("writing_cards")
    if state["options"]["cards"]:
        from . import cards

        cards.draw_action(state, p, ev)
        cards.draw_objective(state, p, ev)


def reveal_wonder(state: State, p: int, advance: str, ev: Events) -> None:
    """Engineering and Monuments reveal the top wonder (Primer: Wonders)."""
    from . import wonders

    wonders.reveal(state, p, advance, ev)
