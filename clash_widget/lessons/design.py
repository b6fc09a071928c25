"""Check cells for the design-lab exercises: the learner reads an interval and decides.

The expected answer comes from the games themselves (a paired difference), so the
check stays right whatever the bots or the rules make of it, and it is never printed
unless the learner already found it. A check never raises: an untouched exercise
cell runs fine headless.
"""

from __future__ import annotations

from typing import Any

from clash_widget.lab.paired import Difference

WORDS = {"up": "more", "down": "fewer", "unsure": "not settled"}


def expected_word(diff: Difference, words: dict[str, str] = WORDS) -> str:
    """The word a careful reader of ``diff`` answers: its direction, in ``words``."""
    return words[diff.direction()]


def check_direction(
    answer: Any, diff: Difference, hint: str, words: dict[str, str] = WORDS
) -> bool:
    """Print "Well done" and the interval, or "Not yet" and ``hint``; return whether solved."""
    allowed = ", ".join(f'"{w}"' for w in words.values())
    if answer is None:
        print(f"Not yet: set your answer to one of {allowed}. Hint: {hint}")
        return False
    if str(answer).strip().lower() not in words.values():
        print(f"Not yet: the answer is one of {allowed}, not {answer!r}. Hint: {hint}")
        return False
    if str(answer).strip().lower() != expected_word(diff, words):
        print(f"Not yet. Hint: {hint}")
        return False
    print(f"Well done: {diff}.")
    return True
