"""A match widget's view lock: one player's board, whatever its browser sends.

``lock_view`` (set by Python only) makes a widget one player's: the browser may not
change the traits that choose what it sees (:attr:`ViewLock.VIEW_TRAITS`) nor send the
intents that would hand it hidden information (:attr:`ViewLock.VIEW_INTENTS`: a game
file re-deals every hand); both are refused with ``widget.view-locked`` (the router
refuses the intents). Replay stays, drawn in the locked seat's view. Browser trait
changes are filtered in :meth:`ViewLock.set_state`, the one door through which the front
end's state enters (Python assignments never pass it), and the refused values are sent
back so the browser shows them again.
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from .browser import from_browser
from .host import WidgetHost
from .intents import VIEW_LOCKED
from .router import lock_detail, refused_traits


class ViewLock(WidgetHost):
    """Filters the browser's trait changes through the view lock."""

    # Set from Python only; the front end hides the controls it locks.
    lock_view = traitlets.Bool(False).tag(sync=True)

    # Under ``lock_view``: traits the browser may not change, intents it may not send.
    # A locked widget keeps its seat, never follows the mover, and keeps the game file
    # (seed + actions re-deal every hand) and the game itself in Python.
    VIEW_TRAITS: ClassVar[frozenset[str]] = frozenset({"seat", "hotseat"})
    VIEW_INTENTS: ClassVar[frozenset[str]] = frozenset({"save", "load"})

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Trait values from the browser: refuse (and send back) what the view lock forbids.

        A validator cannot tell the browser from Python; this method only ever
        receives the front end's updates, so the lock holds against a scripted
        browser too, not only against the control bar.
        """
        sync_data = from_browser(sync_data)
        current = {k: getattr(self, k, None) for k in self.VIEW_TRAITS | {"lock_view"}}
        refused = refused_traits(
            sync_data, current, lock_view=self.lock_view, view_traits=self.VIEW_TRAITS
        )
        if refused:
            with self._batch():
                self._say(False, "", VIEW_LOCKED.refuse(lock_detail(self._situation())), seq=None)
            sync_data = {k: v for k, v in sync_data.items() if k not in refused}
            self.send_state(refused)  # the browser shows Python's values again
        if sync_data:
            super().set_state(sync_data)
