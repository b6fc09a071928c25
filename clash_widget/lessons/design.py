"""Check cells for the design-lab exercises: the learner reads an interval and decides.

The expected answer comes from the games themselves (a paired difference), so the
check stays right whatever the bots or the rules make of it, and it is never printed
unless the learner already found it. A check never raises: an untouched exercise
cell runs fine headless.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, TypeVar

from clash_widget.lab.paired import Difference

T = TypeVar("T")

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


def with_progress(items: Iterable[T], what: str = "games") -> Iterator[T]:
    """``items`` one by one, with a progress bar (tqdm when installed, else a line per tenth)."""
    todo = list(items)
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional
        step = max(1, len(todo) // 10)
        for i, item in enumerate(todo, 1):
            yield item
            if i % step == 0 or i == len(todo):
                print(f"{what}: {i} of {len(todo)}", flush=True)  # "i/n" reads as a path
        return
    yield from tqdm(todo, desc=what)
