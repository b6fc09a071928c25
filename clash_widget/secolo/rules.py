"""The rule book of 600 il Secolo di Ferro: sections, shared helpers, rules that are no check.

Every legality condition is a named check registered next to the action it guards
(``turn_frames``, ``play``, ``attack``, ``specials``, ``objects``), so the legal list is
the candidates those same checks admit. Sections name the part of the seed rulebook
(Italian) a rule comes from; rules marked ``source="ours"`` are our design where the
seed is silent (card powers and their timings). "At any time" («in qualsiasi momento»)
becomes the windows of :mod:`.windows` (the engine's reaction windows).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..engine import Action, RuleBook
from ..engine.frames import Detail, Explained
from ..engine.game import MALFORMED, Frame, State
from ..engine.rules import Predicate

BOOK = RuleBook("secolo")
R = BOOK.rule

PREP = "Regolamento: Preparazione del gioco"
PLAY = "Regolamento: Svolgimento del gioco"
DRAW = "Regolamento: Pesca"
ACTIONS = "Regolamento: Azioni"
ATTACK = "Regolamento: Svolgimento di un Attacco"
BULWARK = "Regolamento: Effetti dei Baluardi"
OBJECT = "Regolamento: Effetti degli Oggetti"
PAIRS = "Regolamento: Variante Gioco A Coppie"
CLARIFY = "Regolamento: Chiarimenti sulle carte"
OURS = "Carte: poteri di nostro design (cards.json)"


def well_formed(why: Detail) -> Callable[[Predicate], Explained]:
    """Decorator: a check on the action's shape, refused by the kernel's malformed rule
    as ``<action>: <why>`` (the arguments carry their ``action``)."""

    def bind(fn: Predicate) -> Explained:
        return Explained(MALFORMED, fn, False, lambda s, f, a: f"{a.action}: {why(s, f, a)}")

    return bind


class Use(NamedTuple):
    """``special <card> [target]`` and ``object <card> [target]``."""

    action: Action
    cid: str
    rest: tuple[str, ...]


def parse_use(state: State, frame: Frame, action: Action) -> Use:
    return Use(action, action.args[0], action.args[1:])


def one_arg(state: State, frame: Frame, action: Action) -> str:
    return action.args[0]


def no_args(state: State, frame: Frame, action: Action) -> Any:
    return None


# -- rules that are not action checks (documented here, tested by behaviour) -----
WIN_FIVE = R(
    "end.five-cultures",
    "At the start of any turn, a player with citizens of enough different cultures in play "
    "wins (five in the seed's game; the option cultures_to_win sets it; pairs variant: both "
    "partners' cities need them).",
    PLAY,
)
DECK_END = R(
    "end.deck-exhausted",
    "The first time the deck runs out the discard pile is shuffled into a new deck; the second "
    "time the game ends at once: most different cultures in play wins (in the pairs variant, "
    "the different cultures across both partners' cities, a culture in both counting once), "
    "then most Characters, else a draw.",
    PLAY,
)
OBJECT_WITH_HOLDER = R(
    "object.discarded-with-holder",
    "When a citizen holding an Object is discarded, the Object is discarded too.",
    OBJECT,
)
REACT_WINDOW = R(
    "reaction.window",
    "Specials and Object powers may be used at any moment: the turn player in the draw and act "
    "steps; every other player, in turn order, in a window after each step (the draw, each "
    "card put into play, Special or Object power, an Attack declared, the end of the turn "
    "before the next begins). A card used in a window may be answered by every other player, "
    "the one whose turn just ended included. A window asks only the players who could use "
    "something then.",
    PLAY,
)
