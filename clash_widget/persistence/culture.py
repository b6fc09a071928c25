"""The variant: Culture cards declared, located in a Capital, scored, captured and destroyed.

A Culture card in play is an entry ``state["culture"][card] = empire``: the Empire
that possesses it (the seed's army marker on the card), located in that Empire's
Capital. Declaring is one case of ``declare`` (:mod:`.events`); the checks here are
the ones only Culture cards have. Transfers are in :mod:`.transfer`.
"""

from __future__ import annotations

from ..engine import Events
from ..engine.frames import explained
from ..engine.game import Frame, State
from ..engine.seats import name as who
from . import board, content
from .rules import BOOK, S31, S311, Declare


# -- declaring (3.1, 3.11) ------------------------------------------------------------------------
def _is_culture(args: Declare) -> bool:
    return args.card in content.cards() and content.is_culture(args.card)


@explained(
    lambda s, f, a: (
        f"{content.name(a.card)} may be declared in Epoch {content.frames_text(a.card)}; "
        f"this is Epoch {content.ROMAN[s['epoch']]}"
    )
)
@BOOK.check(
    "culture.declare-time-frame",
    "A Culture card is declared like any Event card, and only in an Epoch of its Time Frame.",
    S31,
)
def culture_in_frame(state: State, frame: Frame, args: Declare) -> bool:
    return not _is_culture(args) or content.in_time_frame(args.card, state["epoch"])


@explained(lambda s, f, a: f"the {board.empire_name(board.present(s))} are a Minor Empire")
@BOOK.check(
    "culture.no-minor-empires",
    "Minor Empires cannot play or possess Culture cards.",
    S311,
)
def not_minor(state: State, frame: Frame, args: Declare) -> bool:
    return not _is_culture(args) or not board.is_minor(board.present(state))


@explained(
    lambda s, f, a: (
        f"the {board.empire_name(board.present_empire(s))} found their Capital in "
        f"{content.name(content.empires()[board.present_empire(s)]['start'])} with their first "
        "army"
    )
)
@BOOK.check(
    "culture.declare-after-capital",
    "A Culture card is located in its Empire's Capital, so it cannot be declared before the "
    "Empire's first army has founded the Capital.",
    S311,
    source="ours",
)
def capital_founded(state: State, frame: Frame, args: Declare) -> bool:
    if not _is_culture(args):
        return True
    e = board.present(state)
    return not (board.founds_capital(e) and not state["empires"][e]["founded"])


@explained(lambda s, f, a: f"the {board.empire_name(board.present(s))} have no Capital standing")
@BOOK.check(
    "culture.needs-capital",
    "Empires without Capitals cannot play or possess Culture cards.",
    S311,
)
def has_capital(state: State, frame: Frame, args: Declare) -> bool:
    if not _is_culture(args):
        return True
    e = board.present(state)
    if board.founds_capital(e) and not state["empires"][e]["founded"]:
        return True  # not founded yet: culture.declare-after-capital says why
    return not board.without_capital(state, e)


CULTURE_CHECKS = [culture_in_frame, not_minor, capital_founded, has_capital]


def declare(state: State, card: str, ev: Events) -> None:
    """3.1 / 3.11: the card stays in play, marked with the present Empire, in its Capital."""
    e = board.present(state)
    seat = board.owner(state, e)
    state["culture"][card] = e
    where = content.name(board.capital(state, e) or "")
    ev.emit(
        "culture_declared",
        f"{who(state, seat)} declares {content.name(card)}: the {board.empire_name(e)} keep it in "
        "their "
        f"Capital in {where}",
        seat=seat,
        card=card,
        empire=e,
        epoch=state["epoch"],
        turn_no=state["turn_no"],
        barrier=True,
    )


# -- a land falls: Capitals, capture (5.1) and destruction (5.11) ---------------------------------
CAUSES = {
    "conquest": "conquered",
    "treachery": "lost to Treachery",
    "rebellion": "lost to Rebellion",
    "civil_war": "lost to Civil War",
    "barbarians": "lost to Barbarians",
}


def land_falls(state: State, land: str, ev: Events, *, cause: str) -> list[str]:
    """Remove the army marker of ``land``. A Capital there falls; return its Culture cards."""
    old = state["lands"].pop(land)
    if board.capital(state, old) != land:
        return []
    state["empires"][old]["capital"] = None
    cards = board.cards_of(state, old)
    ev.emit(
        "capital_falls",
        f"The Capital of the {board.empire_name(old)} in {content.name(land)} is {CAUSES[cause]}",
        seat=board.owner(state, old),
        empire=old,
        land=land,
        cause=cause,
    )
    return cards


def settle_cards(
    state: State, cards: list[str], ev: Events, *, cause: str, by: str | None, land: str
) -> None:
    """The Culture cards of a fallen Capital: captured by a conqueror, or destroyed."""
    for card in cards:
        loser = state["culture"][card]
        if cause != "conquest" or by is None:
            why = f"its Capital in {content.name(land)} fell to {fate_name(cause)}"
            _destroy(state, card, ev, why, cause)
        elif board.is_minor(by):
            why = f"the {board.empire_name(by)}, a Minor Empire, took its Capital"
            _destroy(state, card, ev, why, "minor")
        elif board.without_capital(state, by):
            why = f"the {board.empire_name(by)}, an Empire without a Capital, took it"
            _destroy(state, card, ev, why, "no_capital")
        else:
            state["culture"][card] = by
            seat, old_seat = board.owner(state, by), board.owner(state, loser)
            own = seat == old_seat
            ev.emit(
                "culture_captured",
                f"The {board.empire_name(by)} capture {content.name(card)} from the "
                f"{board.empire_name(loser)}"
                + (" (their own Faction)" if own else "")
                + f": it moves to their Capital in {content.name(board.capital(state, by) or '')}",
                seat=seat,
                card=card,
                empire=by,
                from_empire=loser,
                from_seat=old_seat,
                within_faction=own,
                epoch=state["epoch"],
                turn_no=state["turn_no"],
            )


def fate_name(cause: str) -> str:
    return {"civil_war": "Civil War"}.get(cause, cause.capitalize())


def _destroy(state: State, card: str, ev: Events, why: str, cause: str) -> None:
    loser = state["culture"].pop(card)
    state["destroyed"].append(card)
    ev.emit(
        "culture_destroyed",
        f"{content.name(card)} of the {board.empire_name(loser)} is destroyed: {why}",
        seat=board.owner(state, loser),
        card=card,
        empire=loser,
        cause=cause,
        epoch=state["epoch"],
        turn_no=state["turn_no"],
    )


# -- scoring (4.1, 7.1) ----------------------------------------------------------------------------
def card_points(state: State, card: str) -> int:
    """The Victory Points a Culture card in play is worth this turn (7.1; Religion spreads only
    with the option vp_spread, ours)."""
    c = content.cards()[card]
    vp = int(c["vp"])
    if c.get("spread"):
        e = state["culture"][card]
        seat = board.owner(state, e)
        home = board.capital(state, e)
        if home is not None:
            others = {
                land for land, x in board.capitals(state).items() if board.owner(state, x) != seat
            }
            vp += state["options"]["vp_spread"] * len(board.near_lands(home) & others)
    return vp


def faction_cards(state: State, seat: int) -> list[str]:
    """Culture cards possessed by any Empire of the seat's Faction."""
    mine = set(board.faction(state, seat))
    return sorted(c for c, e in state["culture"].items() if e in mine)


def score(state: State, seat: int, ev: Events) -> int:
    total = 0
    for card in faction_cards(state, seat):
        vp = card_points(state, card)
        total += vp
        e = state["culture"][card]
        ev.emit(
            "culture_scored",
            f"{content.name(card)} of the {board.empire_name(e)} scores {vp} VP for "
            f"{who(state, seat)}",
            seat=seat,
            card=card,
            empire=e,
            vp=vp,
        )
    return total
