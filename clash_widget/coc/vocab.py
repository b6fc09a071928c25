"""The vocabulary of Clash of Cultures, named once: terrains, resources, units, moods, pieces."""

from __future__ import annotations

from functools import lru_cache

from ..engine.actions import MalformedAction
from ..engine.seats import SEATS

TERRAINS = ("plains", "forest", "mountain", "barren", "sea")
LAND = frozenset({"plains", "forest", "mountain", "barren"})

RESOURCES = ("food", "wood", "ore", "ideas", "gold")
BASIC = ("food", "wood", "ore")  # what gold may replace (and ideas, for research)
TOKENS = ("mood", "culture")

UNIT_KINDS = ("settler", "army", "ship")
LAND_UNITS = frozenset({"settler", "army"})

ANGRY, NEUTRAL, HAPPY = 0, 1, 2
MOOD_NAMES = ("angry", "neutral", "happy")

PIECES = ("fortress", "academy", "temple", "port")

BARBARIANS = -1  # owner id of the non-player side

# Seat names and colours are every game's (engine.seats): Blue, Orange, Green, Purple.
PLAYER_NAMES = tuple(s.name for s in SEATS[:4])
PLAYER_COLOURS = tuple(s.color for s in SEATS[:4])
BARBARIAN_COLOUR = "#333333"

Hex = tuple[int, int]


def hex_key(h: Hex) -> str:
    """Axial coordinates as the text used in action keys and state: ``"q,r"``."""
    return f"{h[0]},{h[1]}"


@lru_cache(maxsize=4096)  # a board has a few hundred hexes; action text is bounded too
def parse_hex(text: str) -> Hex:
    """Read ``"q,r"``; raises MalformedAction for anything else (cached: boards are small)."""
    q, _, r = text.partition(",")
    try:
        h = int(q), int(r)
    except ValueError:
        h = None
    if h is None or f"{h[0]},{h[1]}" != text:
        raise MalformedAction(f"a hex is written q,r (like 3,-1), not {text!r}")
    return h


PLURALS = {"army": "armies", "settler": "settlers", "ship": "ships"}


def with_article(word: str) -> str:
    """``with_article("army")`` is "an army", ``with_article("temple")`` "a temple"."""
    return f"an {word}" if word[:1].lower() in "aeio" else f"a {word}"


def plural(n: int, word: str) -> str:
    """``plural(1, "hit")`` is "1 hit", ``plural(2, "culture token")`` "2 culture tokens"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def count_words(counts: dict[str, int]) -> str:
    """``{"army": 2, "settler": 1}`` in words: "2 armies and 1 settler"."""
    parts = [
        f"{n} {kind if n == 1 else PLURALS.get(kind, kind + 's')}"
        for kind, n in counts.items()
        if n
    ]
    return " and ".join(parts) or "nothing"


def mood_name(mood: int) -> str:
    return MOOD_NAMES[mood]
