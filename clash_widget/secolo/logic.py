"""State helpers: cities, protection, drawing, discarding, turns and game end.

All functions work on the JSON-shaped state (plain dicts and lists). Cards are
always in exactly one place: ``deck``, ``discard``, ``removed``, a player's
``hand`` or a player's ``city`` (Objects are in a city and listed in
``attached`` as object -> citizen).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..engine import Events
from ..engine.rng import shuffle
from ..engine.seats import joined
from ..engine.seats import name as who
from . import cards as catalogue
from .state_types import Turn

State = dict[str, Any]


# -- seats --------------------------------------------------------------------------
def n_players(state: State) -> int:
    return len(state["players"])


def pairs(state: State) -> bool:
    return bool(state["options"]["pairs"])


def partner(state: State, seat: int) -> int | None:
    if not pairs(state):
        return None
    return partner_seat(n_players(state), seat)


def partner_seat(n: int, seat: int) -> int:
    """In the pairs variant, the partner of ``seat`` at a table of ``n``: the seat opposite."""
    return (seat + n // 2) % n


def team(state: State, seat: int) -> list[int]:
    p = partner(state, seat)
    return [seat] if p is None else sorted((seat, p))


def opponents(state: State, seat: int) -> list[int]:
    return list(_opponents(len(state["players"]), seat, state["options"]["pairs"]))


@lru_cache(maxsize=64)  # a pure function of the table's size and seating (asked in every listing)
def _opponents(n: int, seat: int, pairs: bool) -> tuple[int, ...]:
    """The seats outside ``seat``'s team, in seat order (the partner is ``n // 2`` seats on)."""
    mine = (seat, partner_seat(n, seat)) if pairs else (seat,)
    return tuple(s for s in range(n) if s not in mine)


def play_cities(state: State, seat: int) -> list[int]:
    """Cities where ``seat`` may put cards: its own, and its partner's in the pairs variant."""
    return team(state, seat) if state["options"]["pairs"] else [seat]


def turn_order_after(state: State, seat: int) -> list[int]:
    return list(_turn_order_after(len(state["players"]), seat))


@lru_cache(maxsize=64)  # a pure function of the table's size (asked after every step)
def _turn_order_after(n: int, seat: int) -> tuple[int, ...]:
    return tuple((seat + i) % n for i in range(1, n))


# -- cities ---------------------------------------------------------------------------
def city(state: State, seat: int) -> list[str]:
    return state["players"][seat]["city"]


def every_target(state: State) -> list[tuple[str, ...]]:
    """The wide definition's targets of a Special or an Object: none, or one of every card in
    a city or the discard pile, every culture of the deck, every seat."""
    cards = {c for p in state["players"] for c in p["city"]}.union(state["discard"])
    words = [*sorted(cards), *catalogue.deck_cultures(state["options"]["deck"])]
    return [(), *((w,) for w in words), *((str(s),) for s in range(len(state["players"])))]


def hand(state: State, seat: int) -> list[str]:
    return state["players"][seat]["hand"]


def city_of(state: State, cid: str) -> int | None:
    for p in state["players"]:
        if cid in p["city"]:
            return p["seat"]
    return None


def owner(state: State, cid: str) -> int:
    """The seat whose city holds ``cid``, a card the rules already found in a city (a legal
    target): one that is in none is a bug."""
    seat = city_of(state, cid)
    if seat is None:
        raise ValueError(f"{cid} is in no city")
    return seat


def citizens(state: State, seat: int) -> list[str]:
    city = state["players"][seat]["city"]
    return list(filter(catalogue.of_type(*catalogue.CITIZEN_TYPES).__contains__, city))


def characters(state: State, seat: int) -> list[str]:
    return list(filter(catalogue.is_character, state["players"][seat]["city"]))


def cultures_in_play(state: State, seat: int) -> set[str]:
    return {catalogue.culture(c) for c in citizens(state, seat)}


def protagonist_power(state: State, seat: int) -> str | None:
    pr = state["players"][seat]["protagonist"]
    return catalogue.effect(pr) if pr else None


def protection(state: State, seat: int, cid: str) -> str | None:
    """Why the card ``cid`` in ``seat``'s city cannot be targeted, or None if it can."""
    p = state["players"][seat]
    if p["sheltered"]:
        return "bible"
    if cid in p["attached"].values():
        return "object"
    cult = catalogue.culture(cid)
    for other in p["city"]:
        if catalogue.ctype(other) == "bulwark" and catalogue.culture(other) == cult:
            return "bulwark"
    return None


def is_protected(state: State, seat: int, cid: str) -> bool:
    return protection(state, seat, cid) is not None


@lru_cache(maxsize=4096)  # a pure function of the city's cards (read for every seat, every step)
def _unguarded(city: tuple[str, ...]) -> tuple[str, ...]:
    """A city's Characters with no Bulwark of their culture in it, in city order."""
    out = tuple(filter(catalogue.is_character, city))
    if out:
        guarded = {catalogue.culture(b) for b in filter(catalogue.is_bulwark, city)}
        if guarded:
            out = tuple(c for c in out if catalogue.culture(c) not in guarded)
    return out


def open_in_city(p: dict[str, Any]) -> Sequence[str]:
    """The Characters of one player's city (``p``, an entry of ``state["players"]``) that
    :func:`protection` leaves open, in city order: its three reasons read once for the city,
    not once per Character (the Bulwarks' once for the city's cards, :func:`_unguarded`)."""
    if p["sheltered"]:
        return ()
    out = _unguarded(tuple(p["city"]))
    if out and p["attached"]:
        held = p["attached"].values()
        out = tuple(c for c in out if c not in held)
    return out


def open_targets(state: State, actor: int) -> list[str]:
    """The opponents' Characters that :func:`protection` leaves open, in seat and city
    order."""
    players = state["players"]
    out: list[str] = []
    for s in _opponents(len(players), actor, state["options"]["pairs"]):
        out += open_in_city(players[s])
    return out


def has_open_target(state: State, actor: int) -> bool:
    """Whether :func:`open_targets` lists anything (stops at the first city with one)."""
    players = state["players"]
    for s in _opponents(len(players), actor, state["options"]["pairs"]):
        if open_in_city(players[s]):
            return True
    return False


def opponent_bulwarks(state: State, actor: int) -> list[str]:
    players = state["players"]
    out: list[str] = []
    for s in _opponents(len(players), actor, state["options"]["pairs"]):
        out += filter(catalogue.is_bulwark, players[s]["city"])
    return out


def has_opponent_bulwark(state: State, actor: int) -> bool:
    """Whether :func:`opponent_bulwarks` lists anything."""
    players = state["players"]
    bulwarks = catalogue.of_type("bulwark")
    for s in _opponents(len(players), actor, state["options"]["pairs"]):
        if not bulwarks.isdisjoint(players[s]["city"]):
            return True
    return False


# -- moving cards ------------------------------------------------------------------------
def to_discard(state: State, cid: str, by: int) -> None:
    state["discard"].append(cid)
    state["discarded_by"][cid] = by
    state["revealed"].pop(cid, None)


def from_hand(state: State, seat: int, cid: str) -> None:
    state["players"][seat]["hand"].remove(cid)
    state["revealed"].pop(cid, None)


def to_hand(state: State, seat: int, cid: str, *, known: bool) -> None:
    state["players"][seat]["hand"].append(cid)
    if known:
        state["revealed"][cid] = seat
    else:
        state["revealed"].pop(cid, None)


def leave_city(state: State, seat: int, cid: str, by: int) -> list[str]:
    """Take ``cid`` out of ``seat``'s city; Objects attached to it are discarded with it."""
    p = state["players"][seat]
    p["city"].remove(cid)
    p["attached"].pop(cid, None)  # cid was an Object
    gone = []
    for obj, holder in sorted(p["attached"].items()):
        if holder == cid:
            del p["attached"][obj]
            p["city"].remove(obj)
            to_discard(state, obj, by)
            gone.append(obj)
    return gone


def discard_from_city(state: State, seat: int, cid: str, by: int, ev: Events, why: str) -> None:
    gone = leave_city(state, seat, cid, by)
    to_discard(state, cid, by)
    text = f"{catalogue.label(cid)} is discarded from {who(state, seat)}'s city ({why})"
    if gone:
        text += "; with it goes " + ", ".join(catalogue.label(o) for o in gone)
    ev.emit("card_discarded", text, seat=seat, card=cid, objects=gone, by=by)


def enter_city(state: State, seat: int, cid: str, holder: str | None = None) -> None:
    p = state["players"][seat]
    p["city"].append(cid)
    if holder is not None:
        p["attached"][cid] = holder


# -- drawing and the end of the deck ---------------------------------------------------------
def draw(state: State, seat: int, n: int, ev: Events, why: str = "draw") -> int:
    """Draw ``n`` cards; reshuffles or ends the game when the deck runs out. Returns cards drawn."""
    got = 0
    while got < n:
        deck = state["deck"]  # a new list after a reshuffle
        if state["over"] or not deck:
            break
        k = n - got if n - got < len(deck) else len(deck)  # up to the deck's end
        for _ in range(k):
            to_hand(state, seat, deck.pop(), known=False)
        got += k
        _drew(state, seat, k, ev, why)
        if not deck:
            deck_ran_out(state, ev)
    return got


def _drew(state: State, seat: int, count: int, ev: Events, why: str) -> None:
    ev.emit(
        "draw",
        f"{who(state, seat)} draws {count} card{'s' if count > 1 else ''} ({why})",
        seat=seat,
        count=count,
        barrier=True,
    )


def deck_ran_out(state: State, ev: Events) -> None:
    """The deck is empty: shuffle the discards into a new deck, or end the game."""
    while not state["deck"] and not state["over"]:
        state["runouts"] += 1
        if state["runouts"] > state["options"]["max_reshuffles"]:
            end_game(state, "deck_exhausted", ev)
            return
        state["deck"] = state["discard"]
        state["discard"] = []
        state["discarded_by"] = {}
        shuffle(state, state["deck"])
        ev.emit(
            "reshuffle",
            f"The deck ran out: {len(state['deck'])} discarded cards are shuffled into a new deck",
            count=len(state["deck"]),
            barrier=True,
        )


# -- turns and the end of the game -------------------------------------------------------------
def fresh_turn(seat: int, number: int) -> Turn:
    return {
        "seat": seat,
        "number": number,
        "cultures": [],  # cultures put into play this turn (normally at most one)
        "extra_cultures": 0,  # from the Alliance
        "bonus_used": False,  # the Workshop Mistress's extra Character
        "played": [],  # [card, culture, "normal" | "bonus"]
        "attacks": 0,
    }


def start_turn(state: State, seat: int, ev: Events) -> None:
    state["turn"] = fresh_turn(seat, state["turn"]["number"] + 1)
    state["players"][seat]["sheltered"] = False
    if check_five_cultures(state, ev):
        return
    ev.emit("turn", f"Turn {state['turn']['number']}: {who(state, seat)}", seat=seat)
    state["stack"] = [{"kind": "draw", "player": seat, "marked": []}]


def turn_draw(state: State, seat: int) -> int:
    """Cards ``seat`` draws in the draw step after redrawing (the Court Astronomer one more)."""
    return state["options"]["draw"] + (1 if protagonist_power(state, seat) == "astronomer" else 0)


@lru_cache(maxsize=4096)  # a pure function of the city's cards (asked for every score)
def _city_standing(city: tuple[str, ...]) -> tuple[frozenset[str | None], int]:
    """A city's cultures in play (its citizens') and its number of Characters."""
    return (
        frozenset(
            catalogue.culture(c) for c in city if catalogue.ctype(c) in catalogue.CITIZEN_TYPES
        ),
        sum(1 for c in city if catalogue.ctype(c) == "character"),
    )


def standing(state: State, seat: int) -> tuple[int, int]:
    """(different cultures in play, Characters in play); for a pair, the different cultures
    across both cities (a culture in both counts once, rule end.deck-exhausted) and the
    Characters of both."""
    if not state["options"]["pairs"]:  # asked for every seat's score after every turn
        cultures, chars = _city_standing(tuple(state["players"][seat]["city"]))
        return len(cultures), chars
    seats = team(state, seat)
    parts = [_city_standing(tuple(city(state, s))) for s in seats]
    return len(frozenset().union(*(p[0] for p in parts))), sum(p[1] for p in parts)


def standings(state: State) -> list[tuple[int, int]]:
    """:func:`standing` of every seat, in seat order (each seat's score after every turn)."""
    if state["options"]["pairs"]:
        return [standing(state, s) for s in range(len(state["players"]))]
    out = []
    for p in state["players"]:
        cultures, chars = _city_standing(tuple(p["city"]))
        out.append((len(cultures), chars))
    return out


def five_culture_seats(state: State) -> list[int]:
    """The seats whose city (in the pairs variant: both partners' cities) holds citizens of
    enough different cultures to win (rule end.five-cultures)."""
    need = state["options"]["cultures_to_win"]
    # A city of fewer cards than ``need`` cannot hold ``need`` cultures: asked at every turn,
    # most cities are read no further.
    ready = []
    for p in state["players"]:  # a plain loop: cheaper than a comprehension's own frame
        city = p["city"]
        ready.append(len(city) >= need and len(_city_standing(tuple(city))[0]) >= need)
    if not any(ready):
        return []
    return [s for s in range(n_players(state)) if all(ready[t] for t in team(state, s))]


def check_five_cultures(state: State, ev: Events) -> bool:
    ok = five_culture_seats(state)
    if not ok:
        return False
    end_game(state, "five_cultures", ev, among=ok)
    return True


def end_game(state: State, reason: str, ev: Events, among: list[int] | None = None) -> None:
    seats = among if among is not None else list(range(n_players(state)))
    best = max(standing(state, s) for s in seats)
    winners = [s for s in seats if standing(state, s) == best]
    teams = {tuple(team(state, s)) for s in winners}
    state["over"] = True
    state["stack"] = []
    state["result"] = {"reason": reason, "winners": winners, "draw": len(teams) > 1}
    names = joined(state, winners)
    if reason == "five_cultures":
        ev.emit(
            "win_five_cultures",
            f"{names} {'have' if len(winners) > 1 else 'has'} citizens of "
            f"{state['options']['cultures_to_win']} cultures in play and "
            f"win{'' if len(winners) > 1 else 's'}",
            winners=winners,
        )
    else:
        verdict = "draw between" if len(teams) > 1 else "won by"
        ev.emit(
            "end_deck_exhausted",
            f"The deck ran out for the second time: the game ends, {verdict} {names}",
            winners=winners,
            draw=len(teams) > 1,
        )


def outcome(state: State) -> str:
    """The end of the game in words: a draw, or who won."""
    res = state["result"]
    names = joined(state, res["winners"])
    if res["draw"]:
        return f"The game is over: a draw between {names}."
    return f"The game is over: {names} win{'' if len(res['winners']) > 1 else 's'}."


def unmark_gone(state: State, frame: dict[str, Any]) -> None:
    """In the draw step, cards chosen for discarding that left the hand (played as a
    Special, painted by the Palette) are no longer chosen."""
    if frame["kind"] == "draw":
        frame["marked"] = [c for c in frame["marked"] if c in hand(state, frame["player"])]


def pop_frame(state: State, frame: dict[str, Any]) -> None:
    """Remove ``frame`` from the stack if it is still there (the game may have ended)."""
    stack = state["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is frame:
            del stack[i]
            return
