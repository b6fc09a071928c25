"""What a match widget says: its ``feedback`` trait, set one way for every answer.

The message's shape is :func:`.feedback.message`'s (docs/design.md, "Messages"); an
exception is shown as ``widget.error``, with where it was raised for whoever fixes it.
"""

from __future__ import annotations

from typing import Any

import traitlets

from clash_widget.engine import Verdict
from clash_widget.engine.match import UNCHANGED_NOTE

from . import feedback
from .host import WidgetHost
from .intents import ERROR, where


class Messages(WidgetHost):
    """Numbered answers in ``feedback``: refusals, moves, settings and errors."""

    feedback = traitlets.Dict().tag(sync=True)

    def _say(self, ok: bool, message: str, verdict: Verdict | None, **how: Any) -> None:
        """Set ``feedback`` (the ``n``-th answer); ``how`` is the rest of
        :func:`.feedback.message`'s keywords (``seq`` always, ``by``, ``then``, ``detail``)."""
        self._answers += 1
        self.feedback = feedback.message(self._answers, ok, message, verdict, **how)

    def _say_error(self, what: str, exc: BaseException, *, seq: int | None = None) -> None:
        """Show an exception (``widget.error``; ``detail`` says where it was raised). It says
        the game is unchanged only when it is: the engine noted that it rolled the failed
        action back (``Match.play`` is atomic)."""
        rolled_back = UNCHANGED_NOTE in getattr(exc, "__notes__", ())
        self._say(
            False,
            what,
            ERROR.refuse(),
            seq=seq,
            then="The game is unchanged." if rolled_back else "",
            detail=f"{type(exc).__name__}: {exc} ({where(exc)})",
        )
