"""Decision frames of 600 il Secolo di Ferro: which action kinds answer each one.

``pick``    each player in turn chooses a Protagonist (setup).
``draw``    the turn player marks cards to discard one by one, then ``redraw`` (or ``keep``).
``act``     the turn player puts cards of one culture into play, attacks once, plays
            Specials and Object powers, then ``end``\\ s the turn.
``react``   reaction window after an Attack is declared: every other player in turn
            order may play Specials or use Objects, or ``pass``.
``counter`` after a Special stops an Attack, every other player may answer it with a
            Countermand, or ``pass``.
``window``  «in qualsiasi momento»: after each step of the turn, the other players who
            could use a Special or an Object now may, one by one, or ``pass``
            (:mod:`.windows`).

The checks, candidates and effects of each kind live in its topic module
(``turn_frames``, ``play``, ``attack``, ``specials``, ``objects``).
"""

from __future__ import annotations

from ..engine import FrameHandler
from ..engine.frames import TableFrame
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import cards as catalogue
from .attack import ATTACK_KIND
from .objects import OBJECT_KIND
from .play import PLAY_KIND
from .specials import SPECIAL_KIND
from .turn_frames import DISCARD, KEEP, PASS_ATTACK, PASS_SPECIAL, PICK, REDRAW
from .windows import END, PASS_WINDOW, StepFrame, WindowFrame


def _pick_prompt(state: State, frame: Frame) -> str:
    return f"{who(state, frame['player'])}: choose your Protagonist."


def _draw_prompt(state: State, frame: Frame) -> str:
    n = len(frame["marked"])
    if n:
        cards = f"{n} card{'s' if n != 1 else ''}"
        return f"{who(state, frame['player'])}: {cards} chosen; choose more or redraw."
    if not state["options"].get("redraw", True):
        return f"{who(state, frame['player'])}: keep your hand and draw (no redrawing here)."
    return f"{who(state, frame['player'])}: choose cards to discard and redraw, or keep your hand."


def _act_prompt(state: State, frame: Frame) -> str:
    return (
        f"{who(state, frame['player'])}: put cards of one culture into play, attack, "
        "play Specials or Objects, or end your turn."
    )


def _react_prompt(state: State, frame: Frame) -> str:
    att = frame["attack"]
    return (
        f"{who(state, frame['player'])}: {who(state, att['by'])} attacks "
        f"{catalogue.label(att['target'])} "
        f"in {who(state, att['city'])}'s city. Play a Special or an Object, or pass."
    )


def _counter_prompt(state: State, frame: Frame) -> str:
    p = frame["pending"]
    return (
        f"{who(state, frame['player'])}: {who(state, p['by'])} stops the Attack with "
        f"{catalogue.label(p['card'])}. Answer with a Countermand, or pass."
    )


def _window_prompt(state: State, frame: Frame) -> str:
    when = (
        f"{who(state, frame['turn_seat'])} has ended the turn"
        if frame["then"] == "next_turn"
        else f"{who(state, state['turn']['seat'])} has just played"
    )
    if "answer" in frame:  # a card used in the window: the others may answer it
        by, card = frame["answer"]["seat"], frame["answer"]["card"]
        when += f", and {who(state, by)} has just used {catalogue.label(card)}"
    return f"{who(state, frame['player'])}: {when}. Play a Special or use an Object now, or pass."


HANDLERS: dict[str, FrameHandler] = {
    h.kind: h
    for h in (
        TableFrame("pick", [PICK], _pick_prompt, not_now="choose a Protagonist first"),
        StepFrame(
            "draw",
            [DISCARD, REDRAW, KEEP, SPECIAL_KIND, OBJECT_KIND],
            _draw_prompt,
            not_now="draw first: discard, redraw or keep your hand",
        ),
        StepFrame(
            "act",
            [PLAY_KIND, ATTACK_KIND, SPECIAL_KIND, OBJECT_KIND, END],
            _act_prompt,
            not_now="that is not an action of your turn",
        ),
        TableFrame(
            "react",
            [SPECIAL_KIND, OBJECT_KIND, PASS_ATTACK],
            _react_prompt,
            not_now="an Attack waits for answers: a Special, an Object or a pass",
        ),
        TableFrame(
            "counter",
            [SPECIAL_KIND, OBJECT_KIND, PASS_SPECIAL],
            _counter_prompt,
            not_now="a Special waits for a Countermand or a pass",
        ),
        WindowFrame(
            "window",
            [SPECIAL_KIND, OBJECT_KIND, PASS_WINDOW],
            _window_prompt,
            not_now="this is a moment for Specials and Objects: play one, or pass",
        ),
    )
}
