"""«In qualsiasi momento»: Specials and Object powers at any moment (engine.reactions).

The seed lets any player play a Special «in qualsiasi momento» and discard an Object for
its power «in qualsiasi momento». The turn player may use them in their draw and act steps;
every other player gets a **window** (frame ``window``) after each step of the turn: after
the draw step, after each card put into play, Special or Object power of the act step, and
after the turn ends, before the next one begins (so a player holding Exile can stop an
opponent's fifth culture, which wins only «all'inizio di un turno»). An Attack opens its own
window (``react``). A window asks, in turn order, only the players who hold a Special or
Object they could use then; each uses it or passes (``pass``), and a window nobody could use
is never opened (rule reaction.window).

A card used in a window may itself be answered «da ogni giocatore»: the player who used it
stays asked while they can use more, then every other player in turn order after them is
asked again (those who had passed too). In the end-of-turn window that includes the player
whose turn just ended, so a Special that would win at the start of the next turn can be
answered before that turn begins; in a window inside the turn the turn player is left out,
as their own step comes next and they may answer there.
"""

from __future__ import annotations

from ..engine import Action, Events
from ..engine.frames import TableFrame, bare
from ..engine.game import Frame, Game, State
from ..engine.reactions import WINDOW, open_window, pass_on, still_usable
from ..engine.seats import name as who
from . import logic
from .objects import object_usable
from .specials import special_usable, taken

STEPS = {"act": ("play", "special", "object"), "draw": ("keep", "redraw")}
"""The turn player's steps after which the others get a window (from the act frame)."""


def usable(state: State, seat: int) -> bool:
    """Does ``seat`` hold a Special or an Object it could use in a window now?"""
    p = state["players"][seat]
    # Asked for every other seat after every step: a seat with no window Special in hand and
    # no Object in its city (every Object there is attached to a citizen) has no candidate of
    # either kind (special_candidates, object_candidates), so nothing to list (3 calls in 4).
    if not p["attached"] and taken(WINDOW).isdisjoint(p["hand"]):
        return False
    return can_use(state, {"kind": WINDOW, "player": seat})


def can_use(state: State, frame: Frame) -> bool:
    """Would the frame's Special or Object listing list anything (for its player)? Found
    without listing every target (``special_usable``, ``object_usable``)."""
    return special_usable(state, frame) or object_usable(state, frame)


def after_step(state: State, seat: int, ev: Events) -> None:
    """The turn player ``seat`` finished a step: a window for the others, if any can use it."""
    if not state["over"]:
        open_window(state, logic.turn_order_after(state, seat), usable)


def _closed(state: State, frame: Frame, ev: Events) -> None:
    """What comes after a closed window: the next turn, after the end-of-turn window."""
    if frame["then"] == "next_turn" and not state["over"]:
        logic.start_turn(state, (frame["turn_seat"] + 1) % logic.n_players(state), ev)


class StepFrame(TableFrame):
    """The turn player's frame (``draw``, ``act``): after each of its steps the other players
    get a window."""

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        TableFrame.apply(self, game, state, frame, action, ev)  # no super object each step
        top = state["stack"][-1] if state["stack"] else None
        if (
            action.kind in STEPS.get(self.kind, ())
            and top is not None
            and top["kind"] == "act"
            and top["player"] == frame["player"]
        ):
            after_step(state, frame["player"], ev)


def answerers(state: State, frame: Frame, seat: int) -> list[int]:
    """Who may answer what ``seat`` just used in the window: every other player in turn order
    after them; the turn player only at the end of the turn (else their own step comes next)."""
    turn_seat = state["turn"]["seat"]
    return [
        s
        for s in logic.turn_order_after(state, seat)
        if s != turn_seat or frame["then"] == "next_turn"
    ]


class WindowFrame(TableFrame):
    """The window: a player who used a card stays asked while they can use more, then every
    other player may answer it (:func:`answerers`)."""

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        seat = frame["player"]
        TableFrame.apply(self, game, state, frame, action, ev)
        if action.kind == "pass":
            return
        if any(f is frame for f in state["stack"]):
            frame["queue"] = answerers(state, frame, seat)
            frame["answer"] = {"seat": seat, "card": action.args[0]}
        if not still_usable(state, frame, usable):
            if not any(f is frame for f in state["stack"]):
                _closed(state, frame, ev)


def apply_end(state: State, frame: Frame, args: object, ev: Events) -> None:
    """End of the turn: the others' window, then the next turn (its start checks the win)."""
    seat = frame["player"]
    ev.emit("turn_end", f"{who(state, seat)} ends the turn", seat=seat)
    logic.pop_frame(state, frame)
    w = open_window(
        state, logic.turn_order_after(state, seat), usable, then="next_turn", turn_seat=seat
    )
    if w is None:
        logic.start_turn(state, (seat + 1) % logic.n_players(state), ev)


def apply_pass_window(state: State, frame: Frame, args: object, ev: Events) -> None:
    if not pass_on(state, frame, usable):
        _closed(state, frame, ev)


END = bare("end", apply_end)
PASS_WINDOW = bare("pass", apply_pass_window)
