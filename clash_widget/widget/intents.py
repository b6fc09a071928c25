"""What the widgets accept from the front end, without any Jupyter import.

``WIDGET_RULES`` are the refusals the widgets themselves give (the engine's own
refusals keep their ids); ``malformed`` says what is wrong with an intent's
shape, ``field_problem`` with the fields of the game-file and board intents.
Kept apart from the widgets so ``python -m clash_widget rules`` can list the
widget rules in docs/rules.md without importing anywidget.
"""

from __future__ import annotations

import pathlib
import traceback
from collections.abc import Mapping
from typing import Any

from clash_widget.engine import RuleBook

WIDGET_RULES = RuleBook("widget")
NO_UNDO = WIDGET_RULES.rule(
    "widget.no-undo",
    "There is nothing to undo, or the last action rolled dice or revealed hidden information.",
    "Widget: undo and redo",
    source="ours",
)
NO_REDO = WIDGET_RULES.rule(
    "widget.no-redo", "There is nothing to redo.", "Widget: undo and redo", source="ours"
)
ERROR = WIDGET_RULES.rule(
    "widget.error",
    "Something went wrong inside the widget or the game engine (a bug, not a wrong move).",
    "Widget",
    source="ours",
)
NOT_YOUR_TURN = WIDGET_RULES.rule(
    "widget.not-your-turn",
    "This view belongs to a player who is not the one to move; switch to their view "
    "(or the teacher view) to act for them.",
    "Widget: seats",
    source="ours",
)
NO_HINT = WIDGET_RULES.rule(
    "widget.no-hint",
    "The coach gives a hint only for a decision at hand: nobody decides once the game is over.",
    "Widget: the coach",
    source="ours",
)
REVIEW_OWN_SEAT = WIDGET_RULES.rule(
    "widget.review-own-seat",
    "From a player's view the coach reviews only that player's own game: another player's "
    "review would name the moves they made from a hand this view must not see. The "
    "teacher's view may review any player.",
    "Widget: the coach",
    source="ours",
)
BOT_SEAT = WIDGET_RULES.rule(
    "widget.bot-seat",
    "A bot plays this seat; make the seat human to act for it.",
    "Widget: bots",
    source="ours",
)
READ_ONLY_REPLAY = WIDGET_RULES.rule(
    "widget.replay-read-only",
    "The board is showing a replay position; go back to the live game to act.",
    "Widget: replay",
    source="ours",
)
BAD_SETTING = WIDGET_RULES.rule(
    "widget.bad-setting",
    "That setting is not possible here (unknown bot, seat or replay position).",
    "Widget: settings",
    source="ours",
)
VIEW_LOCKED = WIDGET_RULES.rule(
    "widget.view-locked",
    "The notebook locked this board to one view: the browser cannot switch whose view "
    "it shows, follow the player to move (hot-seat), or save or load the game file "
    "(a game file re-deals every hand). The notebook's code can still change them.",
    "Widget: view lock",
    source="ours",
)

BAD_FILE = WIDGET_RULES.rule(
    "widget.bad-file",
    "That file is not a game file this board can load (not JSON, no record, an action in "
    "it is refused, or it does not replay to the position it stores); the current game is "
    "unchanged.",
    "Widget: save and load",
    source="ours",
)

# The intents every match widget takes, with their fields.
BASE_FIELDS: dict[str, frozenset[str]] = {
    "act": frozenset({"key"}),
    "undo": frozenset(),
    "redo": frozenset(),
}
# Every match widget's game files: "save" (send the game file to the front end, which
# downloads it) and "load" (a file's text; its "name" may be left out).
FILE_FIELDS: dict[str, frozenset[str]] = {
    "save": frozenset(),
    "load": frozenset({"text", "name"}),
    # A new game of the same kind and seats, dealt from the next seed (the end panel's
    # "New game"; the finished game stays in the save file a person saved).
    "new": frozenset(),
}
# Every match widget's coach: "hint" (the coach's best move for the seat to play).
HINT_FIELDS: dict[str, frozenset[str]] = {
    "hint": frozenset(),
    # a review of one seat's game (its seat from 0), and stopping it
    "review": frozenset({"seat"}),
    "review_cancel": frozenset(),
}
# Intents answered whatever the version: they change no position (a review reads the record).
COACH_UNVERSIONED = frozenset({"review", "review_cancel"})
# ClashBoard's own: "select" a hex, "resync" (the front end's view is not the one a
# patch was made for; send it whole).
BOARD_FIELDS: dict[str, frozenset[str]] = {
    "select": frozenset({"q", "r"}),
    "resync": frozenset(),
    **FILE_FIELDS,
    **HINT_FIELDS,
}
INTENT_TYPES = (
    "select",
    "act",
    "undo",
    "redo",
    "resync",
    "save",
    "load",
    "new",
    "hint",
    "review",
    "review_cancel",
)
MAX_FILE_CHARS = 5_000_000


def where(exc: BaseException) -> str:
    """Where an exception was raised, in one line (file:line in function)."""
    tb = traceback.extract_tb(exc.__traceback__)
    if not tb:
        return type(exc).__name__
    f = tb[-1]
    return f"raised at {pathlib.Path(f.filename).name}:{f.lineno} in {f.name}"


def is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def malformed(
    intent: Any,
    fields: Mapping[str, frozenset[str]],
    optional: Mapping[str, frozenset[str]] | None = None,
) -> str | None:
    """What is wrong with the intent's shape (``fields``: each type's fields), or None.

    Checks the envelope (``seq``, ``version``, ``type``), the field names and the
    ``act`` key; other types' field values are the widget's to check.
    """
    if not isinstance(intent, dict):
        return f"an intent must be an object, not {type(intent).__name__}"
    for name in ("seq", "version"):
        if not is_int(intent.get(name)):
            return f"{name!r} must be an integer"
    kind = intent.get("type")
    if kind not in fields:
        return f"unknown intent type {kind!r} (known: {', '.join(fields)})"
    extra = set(intent) - {"seq", "version", "type"} - fields[kind]
    if extra:
        return f"unexpected field(s) {', '.join(sorted(map(str, extra)))} for {kind!r}"
    if kind == "act":
        key = intent.get("key")
        if not isinstance(key, str) or not key.strip():
            return "'key' must be a non-empty string"
        return None
    missing = fields[kind] - (optional or {}).get(kind, frozenset()) - set(intent)
    if missing:
        return f"missing field(s) {', '.join(sorted(missing))} for {kind!r}"
    return None


def field_problem(
    kind: str,
    intent: dict[str, Any],
    hexes: set[tuple[int, int]] | dict[tuple[int, int], Any] | None = None,
) -> str | None:
    """What is wrong with the fields of a "load" or (``hexes``: the board's) "select" intent."""
    if kind == "select":
        q, r = intent.get("q"), intent.get("r")
        if not (is_int(q) and is_int(r)):
            return "'q' and 'r' must be integers"
        if (q, r) not in (hexes or ()):
            return f"{q},{r} is not a hex of this map"
    if kind == "review" and not is_int(intent.get("seat")):
        return "'seat' must be an integer (the player to review, from 0)"
    if kind == "load":
        text, name = intent.get("text"), intent.get("name", "")
        if not isinstance(text, str) or not text.strip():
            return "'text' must be the file's text"
        if len(text) > MAX_FILE_CHARS:
            return f"the file is over {MAX_FILE_CHARS} characters"
        if not isinstance(name, str):
            return "'name' must be a string"
    return None
