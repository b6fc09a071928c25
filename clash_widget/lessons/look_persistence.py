"""Read a Persistence of Culture position the way notebook 21 talks about it.

Check cells use these instead of the state's keys, so a check reads like the rule it checks:
``culture_in_play(m) == {"Science": "Romans"}``, ``empire(m, "Romans").capital == "Italy"``,
``victory_points(m, 0).culture == 2``, ``captures(m)[0].within_faction``. Cards, Empires
and areas come back by their names; players by seat (seat 0 is called Blue, engine.seats).
Each helper takes a ``Match`` or a widget showing one, and returns a snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clash_widget.persistence import board, content, paths
from clash_widget.persistence.culture import fate_name

from .moves import as_match, events_of

# How a Culture card was destroyed (the log's cause), in words.
_CAUSES = {"minor": "a Minor Empire", "no_capital": "an Empire without a Capital"}


def _empire_id(which: str) -> str:
    """An Empire by its id ("romans") or its name ("Romans")."""
    if which in content.empires():
        return which
    return next(e for e, data in content.empires().items() if data["name"].lower() == which.lower())


def _area_id(which: str) -> str:
    """A land, sea or ocean by its id ("north_sea") or its name ("North Sea")."""
    if which in content.areas():
        return which
    return next(a for a, data in content.areas().items() if data["name"].lower() == which.lower())


# -- the cards ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class EventCard:
    """An Event card as printed: its pile (colour), Time Frames and, for Culture cards, VP."""

    name: str
    pile: str
    label: str  # as players call it: "Treachery (red card, V–VII)"; a Culture card by its name
    time_frames: str  # "I–III and VI–VII"
    vp: int | None  # Victory Points a turn (Culture cards only)
    culture: bool
    source: str  # where the card comes from, in words: "the article" or "ours"


# "seed" is a dice seed to a learner: the card data's source named as the document it is.
SOURCE_WORDS = {"seed": "the article", "ours": "ours"}


def event_card(card: str) -> EventCard:
    """A card by its id ("science")."""
    c = content.cards()[card]
    return EventCard(
        name=c["name"],
        pile=c["pile"],
        label=content.card_label(card),
        time_frames=content.frames_text(card),
        vp=c.get("vp"),
        culture=content.is_culture(card),
        source=SOURCE_WORDS.get(c.get("source", ""), c.get("source", "")),
    )


def hand_of(board_or_match: Any, seat: int) -> list[EventCard]:
    """The Event cards in a player's hand (the teacher's view: hands are hidden in play)."""
    return [event_card(c) for c in as_match(board_or_match).state["players"][seat]["hand"]]


def in_hand(board_or_match: Any, seat: int, name: str) -> bool:
    """Does the player still hold the card called ``name``, unplayed?"""
    return any(c.name == name for c in hand_of(board_or_match, seat))


def box_size(board_or_match: Any) -> int:
    """How many Event cards nobody drew (back in the box, face down)."""
    return len(as_match(board_or_match).state["box"])


def box_visible_to(board_or_match: Any, seat: int | None) -> bool:
    """Does that player's screen (None: the teacher's) show the box at all?"""
    return "box" in as_match(board_or_match).view(seat)


def discard_pile(board_or_match: Any) -> list[str]:
    """The Event cards declared and discarded, by name."""
    return [content.cards()[c]["name"] for c in as_match(board_or_match).state["discard"]]


def culture_in_play(board_or_match: Any) -> dict[str, str]:
    """Each Culture card in play -> the Empire that possesses it: ``{"Law": "Greeks"}``."""
    state = as_match(board_or_match).state
    return {content.name(c): board.empire_name(e) for c, e in state["culture"].items()}


def destroyed_cards(board_or_match: Any) -> list[str]:
    """The Culture cards destroyed for good, by name."""
    return [content.name(c) for c in as_match(board_or_match).state["destroyed"]]


def fate_card(effect: str, epoch: int, region: str | None = None) -> str:
    """The id of a card with that effect ("treachery") declarable in ``epoch`` (and aimed at
    ``region``, for Barbarians), to put in a scenario's hand."""
    return next(
        c
        for c in sorted(content.cards())
        if content.cards()[c]["effect"] == effect
        and content.in_time_frame(c, epoch)
        and (region is None or content.cards()[c].get("region") == region)
    )


# -- Empires, the map and the score -------------------------------------------------------------
@dataclass(frozen=True)
class Empire:
    """An Empire: whose it is, its Capital, lands and Culture cards (names)."""

    name: str
    player: int | None  # None: nobody chose it
    capital: str | None  # the land of its Capital, if one stands
    lands: tuple[str, ...]
    cards: tuple[str, ...]  # Culture cards it possesses (located in its Capital)
    minor: bool
    start: str  # the land its first army must enter


def empire(board_or_match: Any, which: str) -> Empire:
    """An Empire by name ("Romans") or id ("romans")."""
    state = as_match(board_or_match).state
    e = _empire_id(which)
    chosen = e in state["empires"]
    capital = board.capital(state, e) if chosen else None
    return Empire(
        name=board.empire_name(e),
        player=board.owner(state, e) if chosen else None,
        capital=content.name(capital) if capital else None,
        lands=tuple(content.name(a) for a in board.empire_lands(state, e)),
        cards=tuple(content.name(c) for c in board.cards_of(state, e)),
        minor=board.is_minor(e),
        start=content.name(content.empires()[e]["start"]),
    )


@dataclass(frozen=True)
class VictoryPoints:
    """A player's Victory Points so far, by source (the Victory Point phase)."""

    regions: int
    capitals: int
    monuments: int
    culture: int
    total: int


def victory_points(board_or_match: Any, seat: int) -> VictoryPoints:
    p = as_match(board_or_match).state["players"][seat]
    return VictoryPoints(**p["vp_by"], total=p["vp"])


@dataclass(frozen=True)
class Strait:
    """A Strait: two lands linked across a Sea (ids, to ask the map about them)."""

    name: str
    lands: tuple[str, str]
    sea: str


def all_straits() -> list[Strait]:
    return [Strait(s["name"], tuple(s["lands"]), s["sea"]) for s in content.straits().values()]


@dataclass(frozen=True)
class Route:
    """A friendly path (6.12): its areas as the map names them, and their ids (to draw it)."""

    names: tuple[str, ...]
    areas: tuple[str, ...]  # a Strait crossed is "strait:<id>", between its two lands


def transfer_path(board_or_match: Any, start: str, goal: str, seat: int) -> Route | None:
    """The shortest friendly path for ``seat`` from one land to another, or None."""
    state = as_match(board_or_match).state
    found = paths.path(state, _area_id(start), _area_id(goal), seat)
    if found is None:
        return None
    names = tuple(
        content.straits()[a.split(":", 1)[1]]["name"]
        if a.startswith("strait:")
        else content.name(a)
        for a in found
    )
    return Route(names=names, areas=tuple(found))


def epoch_now(board_or_match: Any) -> int:
    """The Epoch in play (1 to 7)."""
    return int(as_match(board_or_match).state["epoch"])


def finish_turn(board_or_match: Any) -> None:
    """Play out the turn of the player to move: armies into the first land listed, then end
    (and done at the transfer step)."""
    m = as_match(board_or_match)
    seat = m.current_player
    while m.state["turn"] and m.state["turn"]["player"] == seat:
        legal = m.legal_actions()
        enters = [a for a in legal if a.kind == "enter"]
        m.play(enters[0] if enters else next(a for a in legal if a.kind in ("end", "done")))


# -- the log, by name ---------------------------------------------------------------------------
@dataclass(frozen=True)
class CultureScored:
    """A Culture card scoring in a Victory Point phase (4.1)."""

    card: str
    empire: str
    player: int
    vp: int
    text: str


def culture_scored(happened: Any) -> list[CultureScored]:
    """The Culture cards scored in an outcome or a log, in order."""
    return [
        CultureScored(
            content.name(e["card"]), board.empire_name(e["empire"]), e["seat"], e["vp"], e["text"]
        )
        for e in events_of(happened)
        if e["kind"] == "culture_scored"
    ]


def vp_lines(happened: Any) -> list[str]:
    """The Victory Point phase's log lines: each Culture card, then the player's total."""
    return [e["text"] for e in events_of(happened) if e["kind"] in ("culture_scored", "vp")]


@dataclass(frozen=True)
class Capture:
    """A Culture card captured with a Capital (5.1)."""

    card: str
    empire: str  # the capturing Empire
    from_empire: str
    player: int
    from_player: int
    within_faction: bool  # both Empires belong to one player
    text: str


def captures(happened: Any) -> list[Capture]:
    return [
        Capture(
            card=content.name(e["card"]),
            empire=board.empire_name(e["empire"]),
            from_empire=board.empire_name(e["from_empire"]),
            player=e["seat"],
            from_player=e["from_seat"],
            within_faction=bool(e["within_faction"]),
            text=e["text"],
        )
        for e in events_of(happened)
        if e["kind"] == "culture_captured"
    ]


@dataclass(frozen=True)
class Destruction:
    """A Culture card destroyed for good (5.11), and what took its Capital."""

    card: str
    empire: str  # the Empire that lost it
    cause: str  # "Civil War", "a Minor Empire", ...
    text: str


def destructions(happened: Any) -> list[Destruction]:
    return [
        Destruction(
            card=content.name(e["card"]),
            empire=board.empire_name(e["empire"]),
            cause=_CAUSES.get(e["cause"]) or fate_name(e["cause"]),
            text=e["text"],
        )
        for e in events_of(happened)
        if e["kind"] == "culture_destroyed"
    ]


__all__ = [
    "Capture",
    "CultureScored",
    "Destruction",
    "Empire",
    "EventCard",
    "Route",
    "Strait",
    "VictoryPoints",
    "all_straits",
    "box_size",
    "box_visible_to",
    "captures",
    "culture_in_play",
    "culture_scored",
    "destroyed_cards",
    "destructions",
    "discard_pile",
    "empire",
    "epoch_now",
    "event_card",
    "fate_card",
    "finish_turn",
    "hand_of",
    "in_hand",
    "transfer_path",
    "victory_points",
    "vp_lines",
]


# -- moves by name -----------------------------------------------------------------------------
def _card_id(which: str) -> str:
    """An Event card by its id ("science") or its name ("Science")."""
    if which in content.cards():
        return which
    return next(c for c in content.cards() if content.name(c).lower() == which.lower())


def _move_key(kind: str, *names: str) -> str:
    """The move as the map sends it: ("transfer", "Law", "Britain") -> "transfer law britain"."""
    ids = [_card_id(n) if n.lower() in _card_names() else _area_id(n) for n in names]
    return " ".join([kind, *ids])


def _card_names() -> set[str]:
    return {content.name(c).lower() for c in content.cards()} | set(content.cards())


def enter(board_or_match: Any, land: str) -> Any:
    """Send the next army into ``land`` (by its name): the click on that land."""
    return board_or_match.play(_move_key("enter", land))


def declare(board_or_match: Any, card: str, target: str | None = None) -> Any:
    """Declare the Event card ``card`` from the hand (a fate names the land it strikes)."""
    return board_or_match.play(_move_key("declare", card, *([target] if target else [])))


def transfer(board_or_match: Any, card: str, capital: str) -> Any:
    """Move the Culture card ``card`` to the Capital in ``capital`` (the transfer step)."""
    return board_or_match.play(_move_key("transfer", card, capital))


def why_not(board_or_match: Any, kind: str, *names: str) -> str:
    """The word "legal", or why the rules refuse the move (its rule, reason and section)."""
    return as_match(board_or_match).explain(_move_key(kind, *names))


def refusing_rule(board_or_match: Any, kind: str, *names: str) -> str | None:
    """The name of the rule that refuses the move (as in docs/rules.md), or None if legal."""
    verdict = as_match(board_or_match).check(_move_key(kind, *names))
    return None if verdict is None else verdict.rule_id
