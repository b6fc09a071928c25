"""Free abilities and free action cards "at any time" (engine.reactions).

Primer, Actions (Expanded): anything that does not cost an action "may be used at any time
with the exception of military skills on Action Cards". In your own turn the turn frame lists
them between actions. Elsewhere a **window** (the engine's reaction window, frame ``window``)
opens at the moments where using one could change what happens: a die or an event has just
shown its result and the player is short of what it asks for, and a free card or Drama and
Music could make it up:

- the cultural influence roll missed and the culture tokens to lift it are short (rule
  ``anytime.influence-roll``);
- an event lowers a city's mood, the player has Myths and no mood token to pay instead
  (``anytime.myths``);
- a famine takes a food the player does not have (``anytime.famine``).

A window asks only that player, lists every free action card in hand and Drama and Music (the
same free things as the turn frame, never an action card's combat half: that needs Tactics and
is played in the battle's own frame) and ``pass``; it never opens when nothing free could make
up the shortfall, and it closes by itself once the shortfall is made up. Why not after every
step of every turn: what a free card or Drama gives is spent only in its owner's own turn, in
a trade (whose offer may only ask for what the partner already holds) and in these three
moments, so using it at any other moment changes nothing its owner's next chance would not
(rules ``anytime.free``, ``anytime.where``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action, act
from ..engine.frames import ActionKind, TableFrame, bare
from ..engine.game import Events, Frame, Game, State
from ..engine.reactions import WINDOW, Usable, open_window, pass_on, still_usable
from . import abilities, cards
from .cards import action_cards, card_base
from .common import me
from .rulebook import RULES

SECTION = "Primer: Actions (Expanded)"

RULES.rule(
    "anytime.free",
    "Free abilities and action cards whose effect costs no action may be used at any time, "
    "except the military skills on action cards (those need Tactics, in a battle).",
    SECTION,
)
RULES.rule(
    "anytime.where",
    "At any time, in practice: in your own turn between actions, and in a window where a free "
    "card or ability could change what happens (an influence roll, Myths, a famine). What "
    "they give is spent only in your turn, in a trade that asks for what you hold already, "
    "and at those moments, so no other moment asks.",
    SECTION,
    source="ours",
)
RULES.rule(
    "anytime.turn-actions",
    "Abilities that make one of your turn's actions free or change your turn (Art and "
    "Sculptures, Voting, Monuments, Economic Liberty, Absolute Power, Forced Labour) are used "
    "in your own turn: the actions they change are taken only there.",
    SECTION,
    source="ours",
)
RULES.rule(
    "anytime.influence-roll",
    "When your influence roll misses and you lack the culture tokens to lift it, you may first "
    "play a free action card or Drama and Music for culture tokens.",
    SECTION,
    source="ours",
)
RULES.rule(
    "anytime.myths",
    "When an event lowers a city's mood and you have Myths but no mood token, you may first "
    "play a free action card or Drama and Music for one.",
    SECTION,
    source="ours",
)
RULES.rule(
    "anytime.famine",
    "When a famine takes a food you do not have, you may first play a free action card for "
    "food; then the famine strikes.",
    SECTION,
    source="ours",
)
RULES.rule(
    "anytime.drama-once",
    "Drama and Music works once between the start of your turn and the start of your next, "
    "whether used in your turn or in a window.",
    "Primer: Advances, CULTURE (Drama and Music)",
    source="ours",
)


# -- what a seat could gain now ----------------------------------------------------------


def free_cards(player: dict[str, Any]) -> list[str]:
    """The action cards in hand whose civil effect costs no action."""
    return sorted(
        c for c in player["actions_hand"] if not action_cards()[card_base(c)]["costs_action"]
    )


def _stock(player: dict[str, Any], what: str) -> int:
    return int(player[what]) if what in ("culture", "mood") else int(player["res"][what])


def gives(a: Action, what: str) -> int:
    """How much of ``what`` the window's action ``a`` gives (a free card, Drama's swap)."""
    if a.kind == "play":
        return int(action_cards()[card_base(a.args[0])]["gain"].get(what, 0))
    if a.kind == "drama":
        return 1 if a.args[0].endswith(">" + what) else 0
    return 0


def could_gain(state: State, seat: int, what: str) -> int:
    """How much of ``what`` (a resource or token) the seat's free cards and Drama and Music
    could give it now, before limits: read from the window's own listing for the seat, so
    the window and its legal actions agree."""
    probe = {"kind": WINDOW, "player": seat}
    return sum(gives(a, what) for k in (PLAY_FREE, abilities.DRAMA) for a in k.legal(state, probe))


def short_and_helped(need: str, amount: int) -> Usable:
    """The window's predicate: the seat holds less than ``amount`` of ``need`` and something
    free could give it some."""

    def usable(state: State, seat: int) -> bool:
        player = state["players"][seat]
        return _stock(player, need) < amount and could_gain(state, seat, need) > 0

    return usable


def _usable(frame: Frame) -> Usable:
    return short_and_helped(frame["need"], frame["amount"])


def offer(state: State, seat: int, need: str, amount: int, then: str = "") -> bool:
    """Open a window for ``seat`` if it is short of ``amount`` ``need`` and a free card or
    ability could help; True if a window was opened (the game waits for it)."""
    return (
        open_window(
            state, [seat], short_and_helped(need, amount), then=then, need=need, amount=amount
        )
        is not None
    )


# What a window held back, by its ``then``: registered by the module that opens such a
# window (the famine: coc.events), so this module needs none of them.
HELD_BACK: dict[str, Callable[[State, int, Events], None]] = {}


def _closed(state: State, frame: Frame, ev: Events) -> None:
    """What the window held back (the famine) happens once its window is closed."""
    then = HELD_BACK.get(frame["then"])
    if then is not None and not state["over"]:
        then(state, frame["player"], ev)


# -- the window's table ----------------------------------------------------------------------


@RULES.check(
    "anytime.free-card",
    "Outside your turn's actions only an action card whose effect costs no action may be played.",
    SECTION,
)
def free_card(state: State, frame: Frame, card: str) -> bool:
    return not action_cards()[card_base(card)]["costs_action"]


def _free_candidates(state: State, frame: Frame) -> list[Action]:
    return [act("play", c) for c in sorted(set(free_cards(me(state, frame))))]


PLAY_FREE = ActionKind(
    "play",
    cards.parse_play,
    [cards.in_hand, free_card],
    _free_candidates,
    cards.apply_play,
    category="card",
    arity=(1, 1),
    usage="play <card>",
    example="play bumper_crop#0",
    label=cards._play_label,
)


def apply_pass(state: State, frame: Frame, args: object, ev: Events) -> None:
    if not pass_on(state, frame, _usable(frame)):
        _closed(state, frame, ev)


PASS = bare("pass", apply_pass, label="Pass: use nothing now")

_WHY = {
    "culture": "The influence roll missed and you lack the culture tokens to lift it",
    "mood": "An event lowers a city's mood and Myths needs a mood token",
    "food": "A famine takes a food you do not have",
}


def _prompt(state: State, frame: Frame) -> str:
    return (
        f"{_WHY.get(frame['need'], 'Now')}: you may first play a free action card or ability, "
        "or pass."
    )


class WindowFrame(TableFrame):
    """The window: a seat that used something stays asked while it is still short and could
    use more; the window closes by itself once the shortfall is made up."""

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        super().apply(game, state, frame, action, ev)
        if action.kind != "pass" and not still_usable(state, frame, _usable(frame)):
            if not any(f is frame for f in state["stack"]):
                _closed(state, frame, ev)


FRAME = WindowFrame(WINDOW, [PLAY_FREE, abilities.DRAMA, PASS], _prompt)
