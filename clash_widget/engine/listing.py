"""The legal actions at one position, listed as the caller reads them (#27).

A :class:`Listing` is a sequence of the legal actions, in the game's order, listed the
first time it is read as one. A type-first bot (the random bot) reads it by category
instead (:meth:`Listing.by_category`): a frame built from a table of action kinds then lists
kind by kind and files each kind's actions under the kind's category
(:meth:`~.frames.TableFrame.by_category`), with no look-up per action. Both give what
grouping the full listing gives: the same categories, sorted, and each category's actions
in the full listing's order (tests/test_fast_listing.py compares them at every position of
random games of every game).

A listing also remembers what it listed, at which version of which state, so
:meth:`~.match.Match.play` need not check again an action that comes from the listing of the
very position it is played at (the legal list is exactly what the checks accept:
tests/protocol_checks.py).

When settling an action already listed the legal actions of the position it came to rest at
(a decision with more than one answer: :meth:`~.game.Game.answer_if_only`, or a game's
``settle_step`` that lists with :meth:`~.game.Game.listing_at_rest` before answering that
it rests), the engine keeps it (``Events.listed``), the match's :class:`~.match.Outcome`
carries it as a listing, and ``Match.listing(after=outcome)`` takes it instead of listing
again. No game reads or writes any of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol, overload

from .actions import Action

State = dict[str, Any]


class Lister(Protocol):
    """What a listing asks of its game (``Game`` answers it; named here so that the game
    module may make listings without the two importing each other)."""

    def legal_actions(self, state: State) -> list[Action]: ...
    def legal_by_category(self, state: State) -> dict[str, list[Action]]: ...
    def category(self, action: Action) -> str: ...


class Listing(Sequence[Action]):
    """The legal actions of ``state`` (listed lazily); ``version`` is the state's when made."""

    __slots__ = ("_all", "_groups", "game", "state", "version")

    def __init__(self, game: Lister, state: State, actions: list[Action] | None = None) -> None:
        """``actions``: the full listing of ``state`` as it is now, when already made."""
        self.game = game
        self.state = state
        self.version: int = int(state.get("version", 0))
        self._all: list[Action] | None = actions
        self._groups: dict[str, list[Action]] | None = None

    def again(self) -> Listing:
        """This listing for the same state at its present version: for a position the rules
        say is the one this listing was made at (what was listed is copied, not shared)."""
        out = Listing(self.game, self.state, None if self._all is None else list(self._all))
        if self._groups is not None:
            out._groups = {c: list(v) for c, v in self._groups.items()}
        return out

    def actions(self) -> list[Action]:
        """The full listing (``Game.legal_actions``), made once."""
        if self._all is None:
            self._all = self.game.legal_actions(self.state)
        return self._all

    def by_category(self) -> dict[str, list[Action]]:
        """The legal actions by category (``Game.legal_by_category``), made once."""
        if self._groups is None:
            if self._all is None:
                self._groups = self.game.legal_by_category(self.state)
            else:
                # A category is a function of the action's kind alone, and a table frame
                # lists kind by kind: one look-up per run of actions of one kind.
                groups: dict[str, list[Action]] = {}
                kind, bucket = None, []
                for a in self._all:
                    if a.kind != kind:
                        kind = a.kind
                        bucket = groups.setdefault(self.game.category(a), [])
                    bucket.append(a)
                self._groups = {c: groups[c] for c in sorted(groups)}
        return self._groups

    def categories(self) -> list[str]:
        """The categories (``Game.category``) with at least one legal action, sorted."""
        return list(self.by_category())

    def in_category(self, category: str) -> list[Action]:
        """The legal actions of ``category``, in the full listing's order."""
        return self.by_category().get(category, [])

    def lists(self, action: Action) -> bool:
        """Whether ``action`` is one this listing has listed (as a whole or by category)."""
        if self._all is not None:
            return action in self._all
        if self._groups is not None:
            return action in self._groups.get(self.game.category(action), ())
        return False

    # -- a sequence: the full listing ---------------------------------------
    def __len__(self) -> int:
        return len(self.actions())

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...
    def __getitem__(self, i: Any) -> Any:
        return self.actions()[i]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions())

    def __contains__(self, action: object) -> bool:
        return action in self.actions()

    def __bool__(self) -> bool:
        if self._all is None:
            return bool(self.by_category())
        return bool(self._all)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Listing):
            return self.actions() == other.actions()
        return self.actions() == other

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so as unhashable

    def __repr__(self) -> str:
        return f"Listing({self.actions()!r})"
