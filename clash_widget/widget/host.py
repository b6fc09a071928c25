"""What the parts of a match widget share, declared once for the type checker.

:class:`~clash_widget.widget.base.MatchWidget` is assembled from small parts (its
game files, its replay, its bot seats); each part is a mixin that reads the widget's
lock, session, traits and messages. :class:`WidgetHost` declares them for type
checkers only: at run time it is an empty HasTraits (so that the parts' trait observers
are set up), and nothing here shadows the widget's own definitions or anywidget's.
"""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

import traitlets

if TYPE_CHECKING:
    from clash_widget.engine import Match, Outcome, Verdict
    from clash_widget.engine.session import Session

    from .autoplay import BotRunner
    from .router import Situation


class WidgetHost(traitlets.HasTraits):
    """The widget's lock, session, traits and messages, as its parts see them."""

    if TYPE_CHECKING:
        _lock: threading.RLock
        _session: Session
        _ready: bool
        _answers: int
        position: int | None  # the replay's (None: the live game)
        seat: int | None  # whose view (None: the teacher's)
        _runner: BotRunner | None

        @property
        def match(self) -> Match: ...
        @match.setter
        def match(self, match: Match) -> None: ...

        def send(self, content: dict[str, Any], buffers: Any = None) -> None: ...
        def send_state(self, key: Any = None) -> None: ...
        def set_state(self, sync_data: dict[str, Any]) -> None: ...
        def _situation(self) -> Situation: ...
        def _batch(self) -> AbstractContextManager[None]: ...
        def _refresh(self, *, patch: bool = False) -> None: ...
        def _replace_game(self, match: Match) -> None: ...
        def _act(self, key: str, *, seq: int | None, bot: str | None = None) -> Outcome: ...
        def _poke(self) -> None: ...
        def _say(self, ok: bool, message: str, verdict: Verdict | None, **how: Any) -> None: ...
        def _say_error(self, what: str, exc: BaseException, *, seq: int | None = None) -> None: ...
