"""Every widget speaks plain words: a scan of everything a person reads during random play.

Each of the four widgets is played at random through the same path a click takes (the
``intent`` trait: ``{seq, version, type: "act", key}``), in hot-seat so the view follows
the player to move. At every step the scan collects what a person reads: the widget's
message (``feedback.text``), the prompt, the labels of the legal actions, the log, the
players' names and every other worded field of the view; now and then it also sends
deliberately refused intents (a button that was legal earlier, a click from another
seat's view, a click on a replay, an undo with nothing to undo, keys a person might type)
and reads their refusals. It then asserts, issue #22's "Done means":

- no action key in a message (a move is told in the log's words);
- no seat numbered from 0 or by its index ("player 0", "seat 1"): seats have names;
- no internal ids: no argument of any action key that is not a word (card ids like
  ``0-06`` or ``ind-pr-1``, data keys like ``red-monument``), no ``snake_case`` words;
- no rule id inside a sentence: a refusal's rule travels apart, in ``feedback.rule``;
- nothing said twice in one label or prompt, no "one of the 1";
- Python's own words never reach a person (``None``, ``Traceback``, ``KeyError``, ``(s)``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from match_checks import send

from clash_widget.engine import Match, get_game
from clash_widget.engine.game import KERNEL_RULES
from clash_widget.widget.base import MatchWidget
from clash_widget.widget.board import ClashBoard
from clash_widget.widget.history_table import HistoryTable
from clash_widget.widget.intents import WIDGET_RULES
from clash_widget.widget.persistence_map import PersistenceMap
from clash_widget.widget.secolo_table import SecoloTable

WIDGETS: dict[str, type[MatchWidget]] = {
    "coc": ClashBoard,
    "secolo": SecoloTable,
    "persistence": PersistenceMap,
    "history": HistoryTable,
}
SEAT_BY_NUMBER = re.compile(r"\b(?:player|seat)s? \d", re.I)
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
PYTHON = re.compile(
    r"Traceback|KeyError|IndexError|object has no attribute|\(s\)|jsnull"
    r"|(?<=[a-z,:(=] )None\b|\(None\)|=None"  # Python's None, not "None of your cities"
)
ID_SHAPED = re.compile(r"[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)+")
# A phrase said twice in one label or prompt ("costs an action: ... (costs an action)"),
# and a count that cannot be ("one of the 1").
REPEATED = re.compile(r"\b(\w+ \w+ \w+)\b.*\b\1\b", re.I)
ONE_OF_ONE = re.compile(r"\bone of the 1\b", re.I)
# A History CCG card's face in words ("6 of Leaves"): two players' decks hold equal faces, so
# "Attack Oasis (6 of Leaves) from Crossroads (6 of Leaves)" names two cards, not one twice.
CARD_FACE = re.compile(r"\b(?:\d+|ace|jack|queen|king) of [A-Z][a-z]+\b")
COORDINATES = re.compile(r"^-?\d+,-?\d+$")  # Clash of Cultures names hexes by q,r
# Keys a person might type in a notebook; their refusals are read too.
TYPED = ["foo", "pass 1 2", "end now", "play", "done x"]
# The fields of a view that hold words a person reads (ids and numbers are not read).
WORDED = {"prompt", "label", "text", "name", "title", "message", "headline", "summary"}


def worded(value: Any, key: str = "") -> Iterator[str]:
    """Every string a view shows as words: the values of its worded fields."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from worded(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from worded(v, key)
    elif isinstance(value, str) and key in WORDED:
        yield value


def id_tokens(key: str) -> set[str]:
    """The arguments of an action key that are ids, not words (``ind-pr-1``, ``0-06``)."""
    out = set()
    for part in re.split(r"[\s@]+", key)[1:]:
        if COORDINATES.match(part):
            continue
        for token in re.split(r"[:,]", part):
            if ID_SHAPED.fullmatch(token) or re.fullmatch(r"\d+-?\w*", token or "x"):
                out.add(token)
    return {t for t in out if not t.isdigit()}


class Scan:
    """What a person read, where, and what in it is not plain words."""

    def __init__(self, game: str) -> None:
        self.rule_ids = {
            r.id for book in (get_game(game).rules, WIDGET_RULES, KERNEL_RULES) for r in book
        }
        self.ids: set[str] = set()
        self.found: dict[str, str] = {}
        self.read = 0
        self.over = False

    def key_seen(self, key: str) -> None:
        self.ids |= id_tokens(key)

    def text(self, text: str, where: str, *, key: str | None = None) -> None:
        self.read += 1
        problems = SEAT_BY_NUMBER.findall(text) + SNAKE.findall(text) + PYTHON.findall(text)
        problems += [r for r in self.rule_ids if r in text]
        problems += [t for t in self.ids if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", text)]
        if key is not None and " " in key and key in text:
            problems.append(f"the key {key!r}")
        for p in problems:
            self.found.setdefault(f"{where}: {p}", text)

    def view(self, w: MatchWidget) -> None:
        v = w.view
        for text in worded({k: x for k, x in v.items() if k != "log"}):
            self.text(text, "view")
        for text in [v.get("prompt") or ""] + [item["label"] for item in v.get("legal", [])]:
            for p in REPEATED.findall(CARD_FACE.sub("", text)) + ONE_OF_ONE.findall(text):
                self.found.setdefault(f"said twice: {p}", text)
        for entry in v.get("log", []):
            self.text(entry.get("text", ""), "log")
        for p in v.get("players", []):
            assert p.get("name") and p.get("color"), f"a player without name or colour: {p}"

    def feedback(self, w: MatchWidget, where: str, *, key: str | None = None) -> dict[str, Any]:
        fb = dict(w.feedback)
        self.text(fb["text"], where, key=key)
        if fb["kind"] == "refused":
            assert fb["rule"] and fb["rule"]["id"] in self.rule_ids, fb
        return fb


def refusals(
    w: MatchWidget, scan: Scan, rng: random.Random, earlier: list[str], hotseat: bool
) -> None:
    """Send the clicks a person makes by mistake; each is refused in words."""
    m = w.match
    legal = [str(a) for a in m.legal_actions()]
    stale = [k for k in earlier if k not in legal]
    if stale:  # a button that was there a moment ago
        key = rng.choice(stale)
        send(w, type="act", key=key)
        scan.feedback(w, "refusal (stale button)", key=key)
    for key in rng.sample(TYPED, 2):
        send(w, type="act", key=key)
        scan.feedback(w, "refusal (typed key)")  # echoing what was typed helps the typist
    mover = m.current_player
    if mover is not None and legal and m.players > 1:
        w.hotseat = False
        w.seat = (mover + 1) % m.players  # someone else's view
        fb = send(w, type="act", key=legal[0])
        assert fb["kind"] == "refused", fb
        scan.feedback(w, "refusal (not your turn)", key=legal[0])
        w.seat = None
        w.hotseat = hotseat
    if m.actions:
        w.scrub(0)
        scan.feedback(w, "replay")
        scan.view(w)
        if legal:
            send(w, type="act", key=legal[0])
            scan.feedback(w, "refusal (replay)", key=legal[0])
        w.live()
        scan.feedback(w, "back to live")


def play(game: str, players: list[str] | int, seed: int, steps: int, hotseat: bool = True) -> Scan:
    """Random play by clicks, in hot-seat (the mover's own view) or the teacher's view."""
    rng = random.Random(seed)
    w = WIDGETS[game](players=players, seed=seed, hotseat=hotseat)
    scan = Scan(game)
    send(w, type="undo")  # nothing to undo yet
    scan.feedback(w, "undo")
    seen: list[str] = []
    for step in range(steps):
        scan.view(w)
        legal = w.view.get("legal", [])
        if w.match.is_over or not legal:
            break
        for item in legal:
            scan.key_seen(item["key"])
        seen += [item["key"] for item in legal if item["key"] not in seen][:5]
        if step % 15 == 3:
            refusals(w, scan, rng, seen, hotseat)
        item = rng.choice(legal)
        fb = send(w, type="act", key=item["key"])
        assert fb["kind"] == "played", fb
        assert fb["by"]["name"] in w.match.names
        scan.feedback(w, "after a move", key=item["key"])
        if step % 40 == 20 and w.match.can_undo():
            send(w, type="undo")
            scan.feedback(w, "undo")
            send(w, type="redo")
            scan.feedback(w, "redo")
    scan.view(w)
    scan.over = w.match.is_over
    return scan


SCANS = [  # every game, its fewest and most players, hot-seat and the teacher's view
    ("coc", 2, 11, 500, True),
    ("coc", 4, 12, 500, False),
    ("secolo", 2, 13, 900, True),
    ("secolo", 5, 14, 900, False),
    ("persistence", 2, 15, 900, False),
    ("persistence", 4, 16, 900, True),
    ("history", 2, 17, 700, True),
    ("history", 4, 18, 250, False),
]


@pytest.mark.parametrize(("game", "players", "seed", "steps", "hotseat"), SCANS)
def test_everything_a_widget_shows_during_random_play_is_plain_words(
    game: str, players: int, seed: int, steps: int, hotseat: bool
) -> None:
    scan = play(game, players, seed, steps, hotseat)
    assert scan.read > 1000 and scan.ids, "the scan read too little to mean anything"
    assert not scan.found, "\n".join(f"{k}  <<{v}>>" for k, v in list(scan.found.items())[:25])


def test_the_scan_reaches_the_end_of_a_game() -> None:
    """The words of a game's end are scanned too (who won, a draw): Secolo ends soonest."""
    ended = [
        play(g, n, seed, 2000, True) for g, n, seed in [("secolo", 2, 31), ("persistence", 2, 32)]
    ]
    assert all(scan.over for scan in ended)
    for scan in ended:
        assert not scan.found, list(scan.found.items())[:10]


@pytest.mark.parametrize("game", sorted(WIDGETS))
def test_players_named_once_are_named_so_everywhere(game: str) -> None:
    """``players=["Ada", "Ben"]``: the views, the log and the messages use those names."""
    w = WIDGETS[game](players=["Ada", "Ben"], seed=5, hotseat=True)
    assert [p["name"] for p in w.view["players"]] == ["Ada", "Ben"]
    texts: list[str] = []
    for _ in range(40):
        legal = w.view.get("legal", [])
        if not legal:
            break
        send(w, type="act", key=legal[0]["key"])
        texts.append(w.feedback["text"])
        texts += [e.get("text", "") for e in w.view.get("log", [])]
        texts.append(w.view.get("prompt") or "")
    words = " ".join(texts)
    assert "Ada" in words or "Ben" in words, words[:500]
    for colour in ("Blue", "Orange"):  # the default names are gone
        assert not re.search(rf"\b{colour}\b", words), (colour, words[:500])
    # the names are part of the record: a saved game loads with them
    again = Match.load(w.match.to_json())
    assert again.names == ["Ada", "Ben"] and again.state_hash() == w.match.state_hash()


def test_seats_have_the_same_colour_and_name_in_every_game() -> None:
    seen = {}
    for game, cls in WIDGETS.items():
        w = cls(players=2, seed=1)
        seen[game] = [(p["name"], p["color"]) for p in w.view["players"]]
    assert len({tuple(v) for v in seen.values()}) == 1, seen
    assert seen["coc"][0][0] == "Blue" and seen["coc"][1][0] == "Orange"
