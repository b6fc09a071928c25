"""Victory points with a per-player breakdown (Primer: "Victory Points")."""

from __future__ import annotations

from ..engine.game import State


def breakdown(state: State, p: int) -> dict[str, int]:
    o = state["options"]
    player = state["players"][p]
    pieces = sum(
        1 for c in state["cities"].values() for owner in c["pieces"].values() if owner == p
    )
    wonders = sum(len(c["wonders"]) for c in state["cities"].values() if c["owner"] == p)
    return {
        "city_pieces": pieces * o["vp_per_piece"],
        "advances": len(player["advances"]) // o["advances_per_vp"],
        "wonders": wonders * o["vp_per_wonder"],
        "objectives": len(player["objectives"]) * o["vp_per_objective"],
        "events": player["event_vp"],
    }


def vp(state: State, p: int) -> int:
    return sum(breakdown(state, p).values())


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
    """VP, with half a point per advance (not per pair) and a little public material.

    For search bots, whose playouts stop before points change hands. The material
    weights are small (a city centre is worth less than one city piece) so points
    already scored dominate; everything read here is public.
    """
    player = state["players"][p]
    b = breakdown(state, p)
    vp = (
        sum(b.values())
        - b["advances"]
        + len(player["advances"]) / state["options"]["advances_per_vp"]
    )
    cities = sum(1 for c in state["cities"].values() if c["owner"] == p)
    settlers = sum(1 for u in state["units"].values() if u["owner"] == p and u["kind"] == "settler")
    others = sum(1 for u in state["units"].values() if u["owner"] == p and u["kind"] != "settler")
    stock = sum(player["res"].values()) + player["mood"] + player["culture"]
    material = (
        0.6 * cities
        + 0.35 * min(settlers, 3)
        + 0.1 * min(others, 6)
        + 0.04 * stock
        + 0.15 * len(player["objectives_hand"])
    )
    return vp + material
