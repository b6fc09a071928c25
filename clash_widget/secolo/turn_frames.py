"""The steps around the turn: choosing Protagonists, the draw step, ending the turn and
passing in a window.

``pick <protagonist>`` (setup), ``discard <card>`` / ``redraw`` / ``keep`` (the draw
step), ``pass`` (a reaction or counter window). Ending the turn: :mod:`.windows`.
"""

from __future__ import annotations

from functools import cache

from ..engine import Action, Events
from ..engine.frames import ActionKind, bare, explained, fixed
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import cards as catalogue
from . import logic
from .attack import apply_block, resolve_attack
from .rules import BOOK, DRAW, PREP, no_args, one_arg


# -- setup: choosing Protagonists ----------------------------------------------------------
@explained(lambda s, f, cid: catalogue.named(cid))
@BOOK.check("setup.pick-protagonist", "Choose one of the Protagonists still on the table.", PREP)
def in_pool(state: State, frame: Frame, cid: str) -> bool:
    return cid in state["pool"]


def pick_candidates(state: State, frame: Frame) -> list[Action]:
    return [Action("pick", (c,)) for c in sorted(state["pool"])]


def apply_pick(state: State, frame: Frame, cid: str, ev: Events) -> None:
    seat = frame["player"]
    state["pool"].remove(cid)
    p = state["players"][seat]
    p["protagonist"] = cid
    p["city"].append(cid)
    ev.emit(
        "protagonist_chosen",
        f"{who(state, seat)} chooses {catalogue.label(cid)}",
        seat=seat,
        card=cid,
    )
    if frame["queue"]:
        frame["player"] = frame["queue"].pop(0)
        return
    state["removed"].extend(sorted(state["pool"]))
    state["pool"] = []
    for s in range(logic.n_players(state)):
        logic.draw(state, s, state["options"]["hand_size"], ev, "starting hand")
    state["stack"] = []
    logic.start_turn(state, 0, ev)


PICK = ActionKind(
    "pick",
    one_arg,
    [in_pool],
    pick_candidates,
    apply_pick,
    category="pick",
    arity=(1, 1),
    usage="pick <protagonist>",
    ensured=[in_pool],
    wide=lambda s, f: [Action("pick", (c,)) for c in sorted(catalogue.catalogue())],  # every card
)


# -- the draw step: mark cards, then redraw them, or keep the hand ---------------------------
@BOOK.check(
    "draw.redraw-off",
    "This table plays without the discard-and-redraw rule (option redraw=False): keep your hand.",
    DRAW,
    source="ours",
    frame_only=True,
)
def redraw_on(state: State, frame: Frame, args: object) -> bool:
    return state["options"].get("redraw", True)


@explained(lambda s, f, cid: catalogue.named(cid))
@BOOK.check(
    "draw.card-in-hand",
    "You can only set aside for discarding a card that is in your hand and not already chosen.",
    DRAW,
)
def unmarked_in_hand(state: State, frame: Frame, cid: str) -> bool:
    return cid in logic.hand(state, frame["player"]) and cid not in frame["marked"]


@BOOK.check(
    "draw.redraw-needs-discards",
    "To discard and redraw you must first choose at least one card to discard.",
    DRAW,
    frame_only=True,
)
def something_marked(state: State, frame: Frame, args: object) -> bool:
    return bool(frame["marked"])


@explained(lambda s, f, args: f"{len(f['marked'])} marked")
@BOOK.check(
    "draw.keep-without-discards",
    "You chose cards to discard: redraw them (all at once), or undo the choice before keeping.",
    DRAW,
    frame_only=True,
)
def nothing_marked(state: State, frame: Frame, args: object) -> bool:
    return not frame["marked"]


@cache  # an action is immutable: one per card
def _discard_action(cid: str) -> Action:
    return Action("discard", (cid,))


def discard_candidates(state: State, frame: Frame) -> list[Action]:
    hand = state["players"][frame["player"]]["hand"]
    if frame["marked"]:
        hand = set(hand).difference(frame["marked"])
    return list(map(_discard_action, sorted(hand)))  # a card is in one place: no repeats


def apply_discard(state: State, frame: Frame, cid: str, ev: Events) -> None:
    frame["marked"].append(cid)


def apply_redraw(state: State, frame: Frame, args: object, ev: Events) -> None:
    seat = frame["player"]
    marked = sorted(frame["marked"])
    for c in marked:
        logic.from_hand(state, seat, c)
        logic.to_discard(state, c, seat)
    ev.emit(
        "redraw_discard",
        f"{who(state, seat)} discards {len(marked)} card{'s' if len(marked) > 1 else ''}: "
        + ", ".join(map(catalogue.label, marked)),
        seat=seat,
        cards=marked,
    )
    extra = 1 if logic.protagonist_power(state, seat) == "naturalist" else 0
    logic.draw(state, seat, len(marked) + extra, ev, "redraw")
    apply_keep(state, frame, args, ev)


def apply_keep(state: State, frame: Frame, args: object, ev: Events) -> None:
    """The turn's draw, then the act step."""
    seat = frame["player"]
    logic.draw(state, seat, logic.turn_draw(state, seat), ev, "turn draw")
    if not state["over"]:
        logic.pop_frame(state, frame)
        state["stack"].append({"kind": "act", "player": seat})


DISCARD = ActionKind(
    "discard",
    one_arg,
    [redraw_on, unmarked_in_hand],
    discard_candidates,
    apply_discard,
    category="discard",
    arity=(1, 1),
    usage="discard <card>",
    ensured=[unmarked_in_hand],
    wide=lambda s, f: [Action("discard", (c,)) for c in sorted(catalogue.catalogue())],
)
REDRAW = ActionKind(
    "redraw",
    no_args,
    [something_marked],
    fixed(Action("redraw")),
    apply_redraw,
    category="redraw",
    usage="redraw takes no arguments",
)
KEEP = ActionKind(
    "keep",
    no_args,
    [nothing_marked],
    fixed(Action("keep")),
    apply_keep,
    category="keep",
    usage="keep takes no arguments",
)


# -- windows: every other seat in turn may answer, then the window closes -----------------------
def advance(state: State, frame: Frame, ev: Events) -> None:
    """The deciding seat of a window is done: ask the next seat, or close the window."""
    if state["over"]:
        return
    if frame["queue"]:
        frame["player"] = frame["queue"].pop(0)
    elif frame["kind"] == "react":
        resolve_attack(state, frame, ev)
    else:
        apply_block(state, frame, ev)


def apply_pass_attack(state: State, frame: Frame, args: object, ev: Events) -> None:
    ev.emit("pass", f"{who(state, frame['player'])} lets the Attack go on", seat=frame["player"])
    advance(state, frame, ev)


def apply_pass_special(state: State, frame: Frame, args: object, ev: Events) -> None:
    ev.emit("pass", f"{who(state, frame['player'])} lets the Special stand", seat=frame["player"])
    advance(state, frame, ev)


PASS_ATTACK = bare("pass", apply_pass_attack)
PASS_SPECIAL = bare("pass", apply_pass_special)
