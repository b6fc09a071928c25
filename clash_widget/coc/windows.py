"""Free abilities and free action cards "at any time" (engine.reactions).

Primer, Actions (Expanded): anything that does not cost an action "may be used at any time
with the exception of military skills on Action Cards". "Any time" is read as **whenever the
game waits on you** (rule ``anytime.where``), in three ways, none of which asks a question of
its own:

1. In your own turn the turn frame lists them between actions.
2. Every other question the game puts to you lists them beside its own answers
   (:data:`ANSWERING`: a trade offer's reply, the battle's questions, the status phase's free
   advance and razing, an event's mood): you may use one, and the question stays open until
   you answer it. They never turn a decision with one real answer into a question (the game
   counts only the question's own answers: :func:`own_answers`), so holding a free card
   asks nothing more of you.
3. A **window** (the engine's reaction window, frame ``window``) asks you where nothing else
   would, but using one could change what happens: a die or an event has just shown its
   result and you are short of what it asks for, and a free card or Drama and Music could
   make it up:

- the cultural influence roll missed and the culture tokens to lift it are short (rule
  ``anytime.influence-roll``);
- an event lowers a city's mood, the player has Myths and no mood token to pay instead
  (``anytime.myths``);
- a famine takes a food the player does not have (``anytime.famine``).

A window asks only that player, lists every free action card in hand and Drama and Music (the
same free things as the turn frame, never an action card's combat half: that needs Tactics and
is played in the battle's own frame) and ``pass``; it never opens when nothing free could make
up the shortfall, and it closes by itself once the shortfall is made up.

Why not a question to every player after every step of every turn: what a free card or Drama
gives (resources, culture and mood tokens) is spent only by its owner, and only in their own
turn, in the questions above and at the three moments, so using it at any other moment
changes nothing its owner's next chance would not; another player's action that concerns you
(a trade offer, an attack) asks you something first, and you may use them there before it
takes effect (rules ``anytime.free``, ``anytime.where``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ..engine import Action
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
    "At any time, in practice: whenever the game waits on you. In your own turn between "
    "actions; beside the answers of any other question put to you (a trade offer, a battle, "
    "the status phase, an event), which stays open until you answer it; and in a window where "
    "a free card or ability could change what happens (an influence roll, Myths, a famine). "
    "What they give is spent only by you at those moments, so no other moment asks.",
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


@cache  # a card's copies are a bounded set; asked at every question a player answers
def costs_no_action(card: str) -> bool:
    """Whether the action card's civil effect costs no action (a free card)."""
    return not action_cards()[card_base(card)]["costs_action"]


def free_cards(player: dict[str, Any]) -> list[str]:
    """The action cards in hand whose civil effect costs no action."""
    hand = player["actions_hand"]
    return sorted(c for c in hand if costs_no_action(c)) if hand else []


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
    return costs_no_action(card)


def _free_candidates(state: State, frame: Frame) -> tuple[Action, ...]:
    return cards.free_plays(me(state, frame)["actions_hand"])


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


FREE: tuple[ActionKind, ...] = (PLAY_FREE, abilities.DRAMA)
"""What may be used at any time: the free action cards in hand and Drama and Music."""
FREE_KINDS = frozenset(k.kind for k in FREE)

ANSWERING = frozenset(
    (
        "trade_reply",
        "battle_round",
        "combat_card",
        "casualties",
        "siegecraft",
        "barbarian_city",
        "refugee_city",
        "fanaticism_city",
        "free_advance",
        "raze",
        "event_mood",
    )
)
"""The questions put to a player, other than their turn and the window, that list the free
cards and abilities beside their own answers (rule anytime.where): those another player's
action, a battle, the status phase or an event asks. The steps inside the turn player's own
action (collecting, building, paying...) do not: the turn frame lists them between actions."""


class AnsweringFrame(TableFrame):
    """A question of :data:`ANSWERING`: its own answers, then the free cards and abilities;
    its prompt says so when the player has one to use. A free card or ability used there
    leaves the question open; ``on_free`` tells its game that one was used (a declined trade
    then no longer restores the position the offer was made at)."""

    def __init__(
        self,
        kind: str,
        table: list[ActionKind],
        prompt: str | Callable[[State, Frame], str],
        on_free: Callable[[Frame], None] | None = None,
    ) -> None:
        assert kind in ANSWERING, kind
        self._on_free = on_free
        super().__init__(kind, [*table, *FREE], prompt)

    def prompt(self, game: Game, state: State, frame: Frame) -> str:
        text = TableFrame.prompt(self, game, state, frame)
        if any(k.any_legal(state, frame) for k in FREE):
            text += " You may first play a free action card or use a free ability."
        return text

    def apply(self, game: Game, state: State, frame: Frame, action: Action, ev: Events) -> None:
        TableFrame.apply(self, game, state, frame, action, ev)
        if action.kind in FREE_KINDS and self._on_free is not None:
            self._on_free(frame)


answering = AnsweringFrame


def own_answers(frame: Frame, legal: list[Action]) -> list[Action]:
    """The answers a question asks for, without the free cards and abilities it also lists:
    what decides whether it has a real choice (a choice with one real answer is not asked)."""
    if frame["kind"] not in ANSWERING:
        return legal
    return [a for a in legal if a.kind not in FREE_KINDS]


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
