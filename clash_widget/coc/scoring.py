"""Victory points with a per-player breakdown (Primer: "Victory Points")."""

from __future__ import annotations

from typing import Any

from ..engine.game import State
from .board import city_size, hex_distance
from .cards import card_base, objective_cards
from .effects import grants
from .vocab import ANGRY, HAPPY
from .wonders import wonder_cards

PARTS = ("city_pieces", "advances", "wonders", "objectives", "events")
"""The sources of a seat's points, in the order :func:`_parts` gives them."""


def breakdown(state: State, p: int) -> dict[str, int]:
    pieces = sum(
        1 for c in state["cities"].values() for owner in c["pieces"].values() if owner == p
    )
    wonders = sum(len(c["wonders"]) for c in state["cities"].values() if c["owner"] == p)
    parts = _parts(state["options"], state["players"][p], pieces, wonders)
    return dict(zip(PARTS, parts, strict=True))


def _parts(
    o: dict[str, int], player: dict[str, Any], pieces: int, wonders: int
) -> tuple[int, int, int, int, int]:
    """A seat's points by source (``PARTS``), from its city pieces and wonders counted on
    the board."""
    return (
        pieces * o["vp_per_piece"],
        len(player["advances"]) // o["advances_per_vp"],
        wonders * o["vp_per_wonder"],
        len(player["objectives"]) * o["vp_per_objective"],
        player["event_vp"],
    )


def vp(state: State, p: int) -> int:
    return sum(breakdown(state, p).values())


def every_vp(state: State) -> list[int]:
    """Every seat's :func:`vp`, the board's pieces and wonders counted in one pass (the
    score of every seat is read after every turn of a self-play game)."""
    players = state["players"]
    n = len(players)
    pieces = [0] * n
    wonders = [0] * n
    for c in state["cities"].values():
        if c["pieces"]:  # most cities have none
            for owner in c["pieces"].values():
                if 0 <= owner < n:
                    pieces[owner] += 1
        if c["wonders"] and 0 <= c["owner"] < n:
            wonders[c["owner"]] += len(c["wonders"])
    o = state["options"]
    # _parts summed, written out here (no tuple made and summed per seat; the same sum, in
    # the order of PARTS): tests/coc/test_fast_scores.py holds it to each seat's breakdown.
    per_piece, per_advances = o["vp_per_piece"], o["advances_per_vp"]
    per_wonder, per_objective = o["vp_per_wonder"], o["vp_per_objective"]
    return [
        pieces[p] * per_piece
        + len(player["advances"]) // per_advances
        + wonders[p] * per_wonder
        + len(player["objectives"]) * per_objective
        + player["event_vp"]
        for p, player in enumerate(players)
    ]


def final_text(state: State) -> str:
    scores = [(vp(state, p), state["players"][p]["name"]) for p in range(len(state["players"]))]
    best = max(s for s, _ in scores)
    winners = [n for s, n in scores if s == best]
    table = ", ".join(f"{n} {s} VP" for s, n in scores)
    phases = _phases(state["status_done"])
    return f"Game over after {phases}: {table}. Winner: {' and '.join(winners)}."


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _phases(n: int) -> str:
    """'one status phase', 'six status phases' (the lab may shorten or lengthen a game)."""
    word = _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)
    return f"{word} status phase" + ("" if n == 1 else "s")


def position_value(state: State, p: int) -> float:
    """What a seat's position is worth in VP, for search bots (``Game.evaluate``).

    Points already scored (advances at half a point each, not per pair), plus what the
    position promises: cities (more while many turns are left to use them), settlers,
    armies, happy cities, goods and tokens (worth more while time is left), goods that
    a wonder needs once the seat can build one (that is how the heuristic saves), the
    seat's objective cards by how near each is to fulfilled, less what its cities near
    rival armies stand to lose (:func:`_at_risk`). It reads
    only what seat ``p`` may see: public facts and its own hand, never another seat's
    hidden cards. Search bots stop their trial games a turn or two ahead, before most
    points change hands, so these promises are what tell one plan from another.
    """
    o = state["options"]
    player = state["players"][p]
    b = breakdown(state, p)
    vp = sum(b.values()) - b["advances"] + len(player["advances"]) / o["advances_per_vp"]
    left = _time_left(state)
    mine = [c for c in state["cities"].values() if c["owner"] == p]
    happy = sum(1 for c in mine if c["mood"] == HAPPY)
    angry = sum(1 for c in mine if c["mood"] == ANGRY)
    settlers = others = 0
    for u in state["units"].values():
        if u["owner"] == p:
            if u["kind"] == "settler":
                settlers += 1
            else:
                others += 1
    res = player["res"]
    goods = sum(res.values())
    tokens = player["mood"] + player["culture"]
    material = (
        (0.5 + 1.0 * left) * len(mine)
        + 0.5 * left * min(settlers, 3)
        + 0.15 * min(others, 6)
        + 0.1 * happy
        - 0.2 * angry
        + (0.05 + 0.15 * left) * goods
        + 0.08 * min(tokens, 6)
        + _objective_progress(state, p, mine)
        + _wonder_progress(state, player)
        - _at_risk(state, p, mine)
    )
    return vp + material


THREAT_REACH = 2  # spaces from which armies can strike a city next turn (a march and a fight)


def _at_risk(state: State, p: int, mine: list[dict]) -> float:
    """Points a seat may lose next turn: each of its cities that more armies of others
    stand near than it holds inside counts a quarter of its points (pieces, wonders, the
    city itself) for each army missing, up to half. Captures swing games, and a search that
    stops its trial games as its own turn ends does not see the rival's answer."""
    armies: dict[str, dict[int, int]] = {}
    for u in state["units"].values():
        if u["kind"] == "army" and u["on"] is None:
            at = armies.setdefault(u["hex"], {})
            at[u["owner"]] = at.get(u["owner"], 0) + 1
    if not armies:
        return 0.0
    o = state["options"]
    risk = 0.0
    for h, c in state["cities"].items():
        if c["owner"] != p:
            continue
        guards = armies.get(h, {}).get(p, 0)
        near = sum(
            n
            for x, at in armies.items()
            if x != h and hex_distance(x, h) <= THREAT_REACH
            for q, n in at.items()
            if q != p
        )
        if near > guards:
            worth = (
                1 + len(c["pieces"]) * o["vp_per_piece"] + len(c["wonders"]) * o["vp_per_wonder"]
            )
            risk += worth * min(0.5, 0.25 * (near - guards))
    return risk


def _time_left(state: State) -> float:
    """The share of the game's rounds still to play (1 at the start, 0 at the end)."""
    o = state["options"]
    total = o["status_phases"] * o["turns_per_age"]
    t = state["turn"]
    played = (t["age"] - 1) * o["turns_per_age"] + t["round"] - 1
    return max(0.0, 1.0 - played / max(1, total))


def _objective_progress(state: State, p: int, mine: list[dict]) -> float:
    """The seat's own objective cards: a fulfilled one is scored at the next status phase
    unless it is lost before (most of its points), one half-way a little."""
    player = state["players"][p]
    specs = objective_cards()
    have = {
        "cities": len(mine),
        "advances": len(player["advances"]),
        "city_size": max((city_size(c) for c in mine), default=0),
        "happy_cities": sum(1 for c in mine if c["mood"] == HAPPY),
        "armies": sum(
            1 for u in state["units"].values() if u["owner"] == p and u["kind"] == "army"
        ),
        "gold": player["res"]["gold"],
    }
    share = 0.0
    for card in player["objectives_hand"]:
        spec = specs[card_base(card)]
        got = have.get(spec["test"], 0) / max(1, spec["n"])
        share += 0.8 if got >= 1 else 0.5 * got * got
    return share * state["options"]["vp_per_objective"]


def _wonder_progress(state: State, player: dict) -> float:
    """Goods and tokens already held toward the nearest wonder the seat could build.

    Counted only with Engineering (or a wonder reserved with Monuments: which one is
    hidden, so every wonder's cost is tried), a fifth of a point per unit held of the
    cheapest one (12 goods and 2 tokens make 5 VP).
    """
    cards = wonder_cards()
    if player["wonders_reserved"]:
        names = list(cards)
    elif grants(player, "wonder.build"):  # Engineering
        names = state.get("public_wonders", [])
    else:
        return 0.0
    stock = dict(player["res"], mood=player["mood"], culture=player["culture"])
    best = 0
    for w in names:
        cost = cards[w]["cost"]
        held = sum(min(n, stock.get(r, 0)) for r, n in cost.items())
        best = max(best, held)
    return 0.2 * best
