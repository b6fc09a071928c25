"""What the front ends read of the coach: a hint's payload, and where a move is on a table.

:func:`hint_payload` is a hint as every table reads it (the Jupyter widgets' ``hint`` trait,
the classroom's play page): its words, and the move's key and board targets only to mark it.
The board targets of a legal action are as the tables mark them.

A game's view lists each legal action with what its table's picker reads (Clash of Cultures'
``hexes``, Secolo's ``cards``, Persistence's ``area``, ``card`` and ``empire``, History's card
ids among its ``args``). :func:`targets` turns that entry into the data-* attributes of the
elements the table draws for it (``{"q": "1", "r": "-2"}`` is the hex with ``data-q="1"``
and ``data-r="-2"``), so that the front end can mark a hinted or reviewed move on the board
without knowing a rule: an element is marked when its data-* values are all those of one
target. Pure: no Jupyter import.
"""

from __future__ import annotations

import re
from typing import Any

# A History CCG card id ("1-07"): its cards carry data-card, its cities data-city too.
_CARD_ID = re.compile(r"^\d+-\d\d$")

Target = dict[str, str]


def _hex(ref: Any) -> Target | None:
    if isinstance(ref, str) and "," in ref:
        ref = ref.split(",")
    if isinstance(ref, (list, tuple)) and len(ref) == 2:
        return {"q": str(int(ref[0])), "r": str(int(ref[1]))}
    return None


def targets(entry: dict[str, Any] | None) -> list[Target]:
    """The board targets of one legal-action entry of a view (none for a button-only move)."""
    if not entry:
        return []
    out: list[Target] = []
    for ref in entry.get("hexes") or ():
        t = _hex(ref)
        if t is not None:
            out.append(t)
    for card in entry.get("cards") or ():
        out.append({"card": str(card)})
    for name in ("card", "area", "empire"):
        if isinstance(entry.get(name), str) and entry[name]:
            out.append({name: entry[name]})
    for arg in entry.get("args") or ():
        if isinstance(arg, str) and _CARD_ID.match(arg):
            out += [{"card": arg}, {"city": arg}]
    unique: list[Target] = []
    for t in out:
        if t not in unique:
            unique.append(t)
    return unique


def targets_of(view: dict[str, Any], key: str) -> list[Target]:
    """The board targets of the legal action ``key`` in ``view`` (none if it is not listed)."""
    for entry in view.get("legal") or ():
        if entry.get("key") == key:
            return targets(entry)
    return []


def hint_payload(given: Any, version: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
    """The hint ``given`` (``coach.Hint``) for the front ends: its words, the key of the move's
    button and the move's board targets (``view``: the seat's view the hint was asked on),
    both only to mark the move, never shown; ``version``: the position it was asked on."""
    key = str(given.action)
    return {
        "version": version,
        "seat": given.seat,
        "player": given.player,
        "key": key,
        "targets": targets_of(view, key) if view else [],
        "label": given.label,
        "reasons": list(given.reasons),
        "alternatives": [
            {"label": o.label, "text": o.estimate_text(), "about_equal": o.about_equal}
            for o in given.options[1:]
        ],
        "text": given.text,
    }


def _points(x: float) -> float:
    """Winning chances (0..1) as points (0..100), rounded for the page."""
    return round(100 * x, 1)


def decision_views(match: Any, seat: int) -> dict[int, dict[str, Any]]:
    """``seat``'s view at each of its decisions with a choice (actions recorded before it ->
    the view), replaying ``match``'s record once: where a reviewed move lies on the table."""
    from .review import decisions

    game = match.game
    return {
        i: type(match).from_state(game, state, keep_undo=False).view(seat)
        for i, state, _ in decisions(match, seat)
    }


def review_payload(
    result: Any, views: dict[int, dict[str, Any]], hints: dict[int, tuple[int, str]]
) -> dict[str, Any]:
    """The finished review (``coach.Review``) as every review screen reads it (the Jupyter
    tables' ``review`` trait, the classroom's review page): the summary, the advantage series
    and each judged decision with the replay position to jump to, its verdict, the loss in
    points of winning chances, the simulated games it rests on, the rules of thumb for the
    better move and the board targets of the move played and of the better one, read off the
    reviewed seat's own view at the decision (``views``, by actions recorded before it), so
    that nothing hidden from that seat is named. ``hints``: actions recorded before a
    decision -> (seat, the hinted move's key), to say where a hint was taken or not."""
    from .review import THRESHOLDS

    seat = result.seat
    how = result.budget.playout(result.game)  # the game's own setting where the budget has none
    decisions = []
    for d in result.decisions:
        view = views.get(d.index, {})
        asked = hints.get(d.index)
        hint = ""
        if asked is not None and asked[0] == seat:
            hint = "taken" if asked[1] == str(d.played_action) else "asked"
        same = d.best_action == d.played_action
        decisions.append(
            {
                "index": d.index,
                "move": d.move,
                "played": d.played,
                "best": d.best,
                "same": same,
                "verdict": d.verdict,
                "loss": _points(d.loss),
                "low": _points(d.low),
                "high": _points(d.high),
                "played_chances": _points(d.played_chances),
                "best_chances": _points(d.best_chances),
                "games": d.games,
                "choices": d.choices,
                "chances": [_points(c) for c in d.chances],
                "reasons": list(d.thumbs),
                "hint": hint,
                "text": d.text,
                "played_targets": targets_of(view, str(d.played_action)),
                "best_targets": [] if same else targets_of(view, str(d.best_action)),
            }
        )
    return {
        "game": result.game,
        "seat": seat,
        "player": result.player,
        "players": list(result.players),
        "summary": result.summary,
        "outcome": result.outcome,
        "decisions": decisions,
        "series": [[m, [_points(c) for c in cs]] for m, cs in result.series],
        "counts": {v: result.count(v) for v in ("good", "inaccuracy", "mistake", "blunder")},
        "thresholds": [{"verdict": name, "points": _points(at)} for name, at in THRESHOLDS],
        "rounds": how.rounds,
        "turns": how.turns,
        "horizon": how.words(),  # how far each simulated game was played, in words
    }
