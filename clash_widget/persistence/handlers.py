"""The decision frames: choosing an Empire, the Expansion phase, the transfer step."""

from __future__ import annotations

from ..engine.frames import TableFrame
from ..engine.game import Frame, FrameHandler, State
from ..engine.seats import name as who
from . import board, content
from .epochs import CHOOSE
from .events import DECLARE
from .expansion import END, ENTER, FLEET
from .rules import count
from .transfer import DONE, EARLY_TRANSFER, TRANSFER


def choose_prompt(state: State, frame: Frame) -> str:
    return (
        f"Epoch {content.ROMAN[state['epoch']]}: {who(state, frame['player'])}, choose an Empire."
    )


def expand_prompt(state: State, frame: Frame) -> str:
    turn = state["turn"]
    e = turn["empire"]
    if not board.empire_lands(state, e) and turn["armies"]:
        where = f"; the first army enters {content.name(content.empires()[e]['start'])}"
    else:
        where = ""
    return (
        f"{who(state, frame['player'])}, Expansion phase of the {board.empire_name(e)}: "
        f"{count(turn['armies'], 'army')} and {count(turn['fleets'], 'fleet')} to place{where}. "
        "Declare Event cards at any time; end when your armies are placed."
    )


def transfer_prompt(state: State, frame: Frame) -> str:
    return (
        f"{who(state, frame['player'])}, the very end of the Expansion phase: transfer Culture "
        "cards between your Capitals along friendly paths, or be done."
    )


HANDLERS: dict[str, FrameHandler] = {
    "choose": TableFrame("choose", [CHOOSE], choose_prompt),
    "expand": TableFrame("expand", [ENTER, FLEET, DECLARE, END, EARLY_TRANSFER], expand_prompt),
    "transfer": TableFrame("transfer", [TRANSFER, DONE], transfer_prompt),
}
FRAME_KINDS = tuple(HANDLERS)
