"""Notebook 22's exercise (clash_widget/history/lesson.py), built with the scenario builder.

Battle rules (ours, rule battle.strike): the attackers strike with their attack, the
defenders with their defence plus the city's defence; a city with no defender left falls
to a surviving attacker (battle.capture). The exercise must be solvable with the rules the
notebook teaches, and its check must not be fooled by doing nothing.
"""

from __future__ import annotations

from clash_widget.history import lesson
from clash_widget.lessons import choices


def _play(m, *words: str) -> None:
    for w in words:
        key = next(c.key for c in choices(m) if c.words == w)
        assert m.play(key).ok, w


def test_exercise_is_not_solved_at_the_start_and_one_attack_is_not_enough() -> None:
    """battle.strike: one Warriors (attack 1) against Archers (defence 2) in a city (defence 1)
    leaves the Archers standing."""
    m = lesson.exercise()
    assert not lesson.solved(m)
    _play(m, "Attack Stonehold (8 of Stars) from Hilltop (ace of Suns)")
    assert not lesson.solved(m)


def test_exercise_is_solved_with_the_attack_bonus_and_two_attacks() -> None:
    """battle.capture: the second attack meets no defender and its Warriors survive."""
    m = lesson.exercise()
    _play(
        m,
        "Play War Cry (10 of Leaves)",
        "Attack Stonehold (8 of Stars) from Hilltop (ace of Suns)",
        "Attack Stonehold (8 of Stars) from Ironford (king of Stars)",
    )
    assert lesson.solved(m)


def test_hint_points_to_the_rule_not_the_answer(capsys) -> None:
    for word in ("war cry", "ironford", "hilltop", "two attacks"):
        assert word not in lesson.HINT.lower()
    lesson.check(lesson.exercise())
    assert "Not yet" in capsys.readouterr().out


def test_battle_demo_trades_both_units_and_takes_no_city() -> None:
    """battle.strike: Spearmen (attack 2) destroy Warriors (health 2); Warriors (defence 1)
    plus the city (1) destroy the Spearmen (health 2): nobody is left to move in."""
    m = lesson.battle_demo()
    _play(m, "Attack Stonehold (8 of Stars) from Hilltop (ace of Suns)")
    v = m.view(None)
    assert all(not c["units"] for p in v["players"] for c in p["cities"])
    assert all(c["controller"] == 1 for c in v["players"][1]["cities"])
