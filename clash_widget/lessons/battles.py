"""Drive a battle to its end from code (the notebooks' stand-in for clicking)."""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match

from .moves import as_match

CALM = ("turn", "move")  # frames that mean the battle is over
PREFERRED = ("battle continue", "pass")  # fight on, and play no combat card


def frame_kind(board_or_match: Any) -> str | None:
    m = as_match(board_or_match)
    return m.state["stack"][-1]["kind"] if m.state["stack"] else None


def finish_battle(board_or_match: Any, limit: int = 100) -> list[dict[str, Any]]:
    """Answer every battle decision (fight on, no cards; otherwise the first choice offered)
    until the game is back to a move or a turn; return the events. A board passed in is
    played through (so it redraws), a match directly."""
    play = board_or_match.play
    m = as_match(board_or_match)
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        if m.is_over or frame_kind(m) in CALM:
            break
        keys = [str(a) for a in m.legal_actions()]
        key = next((k for k in PREFERRED if k in keys), keys[0])
        events += play(key).events
    return events


MAP_SEED = 3  # a map where 2,0 (plains) and 3,0 (forest) are neighbouring land hexes


def field_battle(
    attackers: int, defenders: int, dice_seed: int = 0, fortress: bool = False
) -> Match:
    """A match (no cards, events or barbarians) right after ``attackers`` Blue armies
    moved from 2,0 onto ``defenders`` Orange armies at 3,0; ``dice_seed`` picks the rolls.
    With ``fortress``, 3,0 is an Orange city with a Fortress (Blue has no Siegecraft)."""
    from clash_widget.coc.scenario import Scenario

    s = Scenario(players=2, seed=MAP_SEED, cards=False, events=False, barbarians=False)
    s.explore_all().clear_units().advances(0, "tactics")
    if fortress:
        s.city(1, "3,0", pieces=("fortress",))
    s.units(1, "3,0", army=defenders).units(0, "2,0", army=attackers).turn(0).dice(dice_seed)
    m = s.match()
    m.play("move")
    m.play(f"group 2,0 3,0 a{attackers}")
    return m


def simulate_battles(
    attackers: int, defenders: int, games: int = 100, seed: int = 1, fortress: bool = False
) -> dict[str, float]:
    """Play ``games`` field battles (or attacks on a Fortress city) with the engine (attacker
    never retreats) and return the observed shares of ``wins``, ``loses`` and ``both`` (all
    armies gone)."""
    counts = {"wins": 0, "loses": 0, "both": 0}
    for i in range(games):
        m = field_battle(attackers, defenders, dice_seed=seed * 1_000_003 + i, fortress=fortress)
        finish_battle(m)
        left = {
            p: sum(1 for u in m.state["units"].values() if u["owner"] == p and u["kind"] == "army")
            for p in (0, 1)
        }
        if left[0] and not left[1]:
            counts["wins"] += 1
        elif left[1]:
            counts["loses"] += 1
        else:
            counts["both"] += 1
    return {k: v / games for k, v in counts.items()}
