"""The History table's feedback line says one thing once (issue #37, item 7).

A pass that ends the action phase writes seven log lines (the passes, the consults, the
initiative); the feedback line read four of them again, above the log that shows them
all. Now it is the move's first line, once, and how many more lines the log has.
"""

from __future__ import annotations

import random
import re

from match_checks import send

from clash_widget.engine import Match
from clash_widget.history import lesson
from clash_widget.widget import HistoryTable

# Where one sentence ends and another starts (card names in words carry no full stops).
SENTENCE_BREAK = re.compile(r"[.!?] +\S")


def _one_sentence(text: str) -> bool:
    return text.endswith(".") and not SENTENCE_BREAK.search(text)


def _lines_repeated(text: str, written: list[str]) -> int:
    """How many of the move's log lines the feedback line says again."""
    return sum(line.rstrip(".") in text for line in written)


def test_a_pass_that_ends_the_phase_is_one_sentence() -> None:
    m = Match.new("history", 2, 1)
    rng = random.Random(1)
    for _ in range(13):  # seeded: the next move is Orange's last pass of turn 2
        m.play(rng.choice(m.legal_actions()))
    w = HistoryTable(m)
    before = len(w.view["log"])
    fb = send(w, type="act", key="pass")
    written = len(w.view["log"]) - before
    assert fb["kind"] == "played" and written >= 5, (written, fb["text"])
    assert _one_sentence(fb["text"]), fb["text"]
    lines = [e["text"] for e in w.view["log"][before:]]
    assert _lines_repeated(fb["text"], lines) == 1
    assert fb["text"] == f"Orange passes ({written - 1} more lines in the log)."


def test_an_attack_says_its_first_line_once() -> None:
    """The attack's line (its blows and what was destroyed) is said; the passes and the
    next turn's consults after it are left to the log."""
    w = HistoryTable(lesson.battle_demo())
    key = next(a["key"] for a in w.view["legal"] if a["label"].startswith("Attack Stonehold"))
    before = len(w.view["log"])
    fb = send(w, type="act", key=key)
    lines = [e["text"] for e in w.view["log"][before:]]
    assert len(lines) >= 5 and _lines_repeated(fb["text"], lines) == 1, fb["text"]
    assert fb["text"].startswith("Blue attacks Stonehold (8 of Stars) from Hilltop (ace of Suns)")
    assert lines[0].startswith("Blue attacks Stonehold")  # the log keeps the whole story


def test_a_move_of_one_line_says_that_line() -> None:
    m = Match.new("history", 2, 1)
    m.play(m.legal_actions()[0])  # Orange deploys a capital: eight lines
    w = HistoryTable(m)
    key = next(a["key"] for a in w.view["legal"] if a["kind"] == "grow")
    fb = send(w, type="act", key=key)
    assert fb["text"] == w.view["log"][-1]["text"], fb["text"]
