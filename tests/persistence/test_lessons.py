"""The notebook's helpers: the exercise, the survival study and the SVG picture."""

from __future__ import annotations

from types import SimpleNamespace

from clash_widget.persistence import content, lesson, survival
from clash_widget.persistence.picture import Picture, svg

from .test_transfer_rules import PATH, world


def test_exercise_accepts_only_the_free_sea():
    """The Western Mediterranean holds a Greek fleet: a Roman fleet there shares a Sea with
    an enemy, which is no friendly path (rule transfer.shared-sea) and closes the Strait of
    Sicily; only the vacant Eastern Mediterranean links Carthage to Italy."""
    assert lesson.solved("fleet eastern_med") and lesson.solved("Eastern Mediterranean")
    for wrong in (
        None,
        3,
        "fleet western_med",
        "Western Mediterranean",
        "fleet atlantic",
        "fleet north_sea",
        "fleet nowhere",
        "end",
    ):
        assert not lesson.solved(wrong)


def test_exercise_check_never_raises_and_never_tells(capsys):
    assert not lesson.check(None) and not lesson.check("fleet western_med")
    out = capsys.readouterr().out
    assert "eastern" not in out.lower()
    assert "eastern" not in lesson.HINT.lower()  # the hint points to the rule, not the answer
    assert lesson.check("eastern mediterranean")


def test_lifetimes_from_a_log():
    """Law: declared on turn 1, captured by another player on turn 3, destroyed on turn 5.
    Science: declared on turn 2 and still in play at the end (turn 9)."""
    log = [
        {"kind": "culture_declared", "card": "law", "turn_no": 1},
        {"kind": "culture_declared", "card": "science", "turn_no": 2},
        {"kind": "culture_captured", "card": "science", "turn_no": 3, "within_faction": True},
        {"kind": "culture_captured", "card": "law", "turn_no": 3, "within_faction": False},
        {"kind": "culture_destroyed", "card": "law", "turn_no": 5, "cause": "civil_war"},
    ]
    match = SimpleNamespace(log=log, state={"turn_no": 9})
    law, science = survival.lifetimes(match)
    assert (law.turns, law.kept, law.destroyed, law.cause) == (4, 2, True, "civil_war")
    assert (science.turns, science.kept, science.destroyed) == (7, 7, False)


def test_difference_interval_brackets_the_estimate():
    a = [[survival.Life("law", 0, 6, True, 6, "civil_war")], [survival.Life("law", 0, 8, False, 8)]]
    b = [[survival.Life("law", 0, 2, True, 1, "treachery")], [survival.Life("law", 0, 4, True, 4)]]
    diff, lo, hi = survival.difference_interval(a, b, resamples=500)
    assert diff == 4.0 and lo <= diff <= hi
    assert survival.causes(b) == {"treachery": 1, "": 1}


def test_picture_draws_every_area_and_the_path():
    m = world().match()
    text = svg(m.view(0), path=PATH)
    for a in content.areas():
        assert f'data-area="{a}"' in text
    assert 'data-strait="sicily"' in text and "is-path" in text
    assert 'data-card="law"' in text and 'data-card="science"' in text
    assert Picture(m)._repr_svg_().startswith("<svg")
