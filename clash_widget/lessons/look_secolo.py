"""600 il Secolo di Ferro in the lesson's words: cards by their names, moves by what they do.

A notebook cell says ``play_card(table, "Ossessa")`` or ``attack(table, "Mozzo",
pair=("Ossessa", "La Strega Madre"))`` and reads ``city(table, 0) == ["La Strega
Madre", "Ossessa"]``; the card ids and the action keys stay inside. Everything is read
from the teacher's view (every hand shown), never from the rules' state.

A move that the rules allow is played as the legal action that uses those cards; one
they refuse is still sent (so the engine's refusal names the rule) and comes back as
a refused :class:`~clash_widget.engine.Outcome`.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Outcome
from clash_widget.engine.seats import name as seat_name

from .moves import as_match


def _view(where: Any) -> dict[str, Any]:
    return as_match(where).view(None)


def _cards(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every card the teacher sees: pool, hands, cities, discard pile."""
    found = list(view.get("pool", [])) + list(view.get("discard", []))
    for p in view["players"]:
        if p.get("protagonist"):
            found.append(p["protagonist"])
        found += p.get("hand") or []
        found += [c for group in p.get("city", []) for c in group["cards"]]
    return found


def card_id(where: Any, name: str, seat: int | None = None) -> str:
    """The card called ``name`` (Italian name or English gloss): in ``seat``'s hand or city
    first, else anywhere on the table."""
    view = _view(where)
    mine: list[dict[str, Any]] = []
    if seat is not None:
        p = view["players"][seat]
        mine = (p.get("hand") or []) + [c for g in p.get("city", []) for c in g["cards"]]
    for card in mine + _cards(view):
        if name in (card["name"], card.get("gloss")):
            return str(card["id"])
    raise LookupError(f"no card called {name!r} on the table")


def _names(cards: list[dict[str, Any]]) -> list[str]:
    return [str(c["name"]) for c in cards]


def hand(where: Any, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s hand (seat 0 is the first player)."""
    return _names(_view(where)["players"][seat].get("hand") or [])


def city(where: Any, seat: int) -> list[str]:
    """The names of the cards in ``seat``'s city, culture by culture."""
    groups = _view(where)["players"][seat].get("city", [])
    return [str(c["name"]) for g in groups for c in g["cards"]]


def discard_pile(where: Any) -> list[str]:
    """The names of the cards on the discard pile, oldest first."""
    return _names(_view(where).get("discard", []))


def protagonists_left(where: Any) -> list[str]:
    """The Protagonists still waiting to be chosen."""
    return _names(_view(where).get("pool", []))


def _move(where: Any, kind: str, names: tuple[str, ...]) -> str:
    """The key of the ``kind`` move using the cards ``names``: the legal one if there is
    one, else the move as it would be written (for the engine to refuse)."""
    view = _view(where)
    by_id = {c["id"]: c for c in _cards(view)}
    wanted = sorted(names)
    for action in view["legal"]:
        if action["kind"] != kind:
            continue
        used = [by_id[i]["name"] for i in action["cards"] if i in by_id]
        glosses = [by_id[i].get("gloss") for i in action["cards"] if i in by_id]
        if sorted(used) == wanted or sorted(str(g) for g in glosses) == wanted:
            return str(action["key"])
        if kind == "attack" and sorted(used[1:]) == wanted:  # any Attack card will do
            return str(action["key"])
    seat = view["current_player"]
    return " ".join([kind] + [card_id(where, n, seat) for n in names])


def play(where: Any, kind: str, *names: str) -> Outcome:
    """Play the ``kind`` move ("pick", "play", "special"...) that uses the named cards."""
    return where.play(_move(where, kind, names))  # a widget or a match: the same call


def pick(where: Any, protagonist: str) -> Outcome:
    """Choose a Protagonist from the pool."""
    return play(where, "pick", protagonist)


def play_card(where: Any, name: str, on: str | None = None) -> Outcome:
    """Put a card of the mover's hand into their city (an Object ``on`` one of its citizens)."""
    return play(where, "play", *((name,) if on is None else (name, on)))


def special(where: Any, name: str) -> Outcome:
    """Answer with a Special from the hand."""
    return play(where, "special", name)


def _attack_key(where: Any, target: str, pair: tuple[str, str]) -> str:
    key = _move(where, "attack", (*pair, target))
    if len(key.split()) == 4:  # not a legal move: write it with an Attack card of the hand
        view = _view(where)
        hand_ = view["players"][view["current_player"]].get("hand") or []
        card = next((c["id"] for c in hand_ if c["type"] == "attack"), "no-attack-card")
        key = f"attack {card} " + key.split(" ", 1)[1]
    return key


def attack(where: Any, target: str, pair: tuple[str, str]) -> Outcome:
    """Attack the Character ``target`` with the two citizens of ``pair`` (an Attack card from
    the mover's hand is used)."""
    return where.play(_attack_key(where, target, pair))


def explain_attack(where: Any, target: str, pair: tuple[str, str]) -> str:
    """``"legal"`` or why the rules refuse that Attack."""
    return as_match(where).explain(_attack_key(where, target, pair))


def explain_move(where: Any, kind: str, *names: str) -> str:
    """``"legal"`` or why the rules refuse the ``kind`` move with those cards."""
    return as_match(where).explain(_move(where, kind, names))


def moves(where: Any, kind: str | None = None) -> list[str]:
    """The legal moves now, in words (only those of ``kind`` if given)."""
    return [str(a["label"]) for a in _view(where)["legal"] if kind in (None, a["kind"])]


def protection(where: Any, seat: int) -> dict[str, str | None]:
    """Each citizen of ``seat``'s city (Protagonist, Characters) -> what protects it
    ("bulwark", "object") or None."""
    groups = _view(where)["players"][seat].get("city", [])
    return {
        str(c["name"]): c.get("protected")
        for g in groups
        for c in g["cards"]
        if c["type"] in ("protagonist", "character")
    }


def attached(where: Any, seat: int) -> dict[str, str]:
    """Each Object in ``seat``'s city -> the name of the citizen it hangs on."""
    cards = [c for g in _view(where)["players"][seat].get("city", []) for c in g["cards"]]
    names = {c["id"]: c["name"] for c in cards}
    return {
        str(c["name"]): str(names.get(c["attached_to"], c["attached_to"]))
        for c in cards
        if c["type"] == "object" and c.get("attached_to")
    }


def attacks_this_turn(where: Any) -> int:
    """How many Attacks the player to move has made this turn."""
    return int(_view(where)["turn"]["attacks"])


def keep(where: Any) -> Outcome:
    """The draw step without redrawing: keep the hand and draw two."""
    return play(where, "keep")


def end_turn(where: Any) -> Outcome:
    """End the mover's turn.

    The next turn does not always start at once: Specials and Objects may be used at any
    moment, so after each step of a turn (the draw, each card put into play, the end of the
    turn) the other players who hold one they could use now are asked, one after another, in
    a *window*. The game then waits for them: :func:`asked` says who, :func:`pass_window`
    lets them pass."""
    return play(where, "end")


WINDOWS = ("window", "react", "counter")
"""The moments when a player other than the one whose turn it is may answer: after a step of
the turn, after an Attack, after a Special that stops it."""


def asked(where: Any) -> str:
    """The name of the player the game waits for now (in a window, the one asked to answer)."""
    match = as_match(where)
    seat = match.current_player
    return "" if seat is None else seat_name(match.state, seat)


def in_window(where: Any) -> bool:
    """Is the game waiting for an answer in a window (not for the turn player's next step)?"""
    stack = as_match(where).state["stack"]
    return bool(stack) and stack[-1]["kind"] in WINDOWS


def pass_window(where: Any, player: str | None = None) -> Outcome:
    """The player asked in a window uses nothing and passes. Name them (``"Blue"``) so that a
    pass never goes to someone else: the name must be the one :func:`asked` gives."""
    if player is not None and player != asked(where):
        raise ValueError(f"{player} is not asked now; the game waits for {asked(where)}.")
    return play(where, "pass")


def result(where: Any) -> dict[str, Any] | None:
    """The game's result once it is over (``winners``: seats), else None."""
    return _view(where).get("result")


# -- notebook 20's exercise: the Truce without the Countermand ----------------------------------
PLACES = ("city", "discard pile", "hand")
TRUCE_HINT = (
    "Reread what a Special that stops an Attack does to it, and what section 4 says happens to "
    "the Attack card itself; then follow each card to its place."
)


def _where(where: Any, cid: str) -> str:
    view = _view(where)
    if any(c["id"] == cid for c in view.get("discard", [])):
        return "discard pile"
    for p in view["players"]:
        if any(c["id"] == cid for c in p.get("hand") or []):
            return "hand"
        if any(c["id"] == cid for g in p.get("city", []) for c in g["cards"]):
            return "city"
    return "out of the game"


def truce_without_countermand() -> dict[str, str]:
    """Play notebook 20's game with the engine up to Orange's Truce, let Blue pass instead of
    answering with the Countermand, and say where Mozzo and the Attack card are."""
    from clash_widget.engine import Match

    m = Match.new("secolo", players=2, seed=2)
    for step in (
        lambda: pick(m, "La Strega Madre"),
        lambda: pick(m, "La Badessa"),
        lambda: keep(m),
        lambda: play_card(m, "Ossessa"),
        lambda: end_turn(m),
        lambda: keep(m),
        lambda: play_card(m, "Mozzo"),
        lambda: pass_window(m, "Blue"),
        lambda: end_turn(m),
        lambda: pass_window(m, "Blue"),
        lambda: keep(m),
    ):
        if not step().ok:
            raise RuntimeError("notebook 20's game no longer plays this way")
    mozzo = card_id(m, "Mozzo", 1)
    key = _attack_key(m, "Mozzo", ("Ossessa", "La Strega Madre"))
    used = key.split()[1]
    for out in (m.play(key), special(m, "Tregua"), play(m, "pass")):
        if not out.ok:
            raise RuntimeError("notebook 20's game no longer plays this way")
    return {"mozzo": _where(m, mozzo), "attack_card": _where(m, used)}


def check_truce(mozzo: Any, attack_card: Any) -> bool:
    """Notebook 20's check: "Well done" or the hint (never the answer); never raises."""
    words = [str(a).strip().lower() if isinstance(a, str) else a for a in (mozzo, attack_card)]
    if any(w not in PLACES for w in words):
        print(f"Not yet: each answer is one of {', '.join(map(repr, PLACES))}. Hint: {TRUCE_HINT}")
        return False
    truth = truce_without_countermand()
    ok = words == [truth["mozzo"], truth["attack_card"]]
    print("Well done." if ok else f"Not yet. Hint: {TRUCE_HINT}")
    return ok
