"""Every game speaks plain words: prompts, button labels, log lines and refusals.

Random games of each game are played and every text a person reads is scanned for what is
not the game's language: snake_case ids, copy numbers (``#0``), card ids of the card games
(``cat-bw-1``, ``0-06``, ``red-rebellion``), Python's words (``None``, ``Traceback``,
``KeyError``), plural dodges (``card(s)``) and "a" before a vowel. Clash of Cultures has a
deeper scan of its own (tests/coc/test_plain_words.py).
"""

from __future__ import annotations

import re

import pytest

from clash_widget.bots import RandomBot
from clash_widget.engine import Match

NOT_PLAIN = re.compile(
    r"\b[a-z]+_[a-z_]+\b|#\d|Traceback|invalid literal|KeyError|object has no attribute"
    r"|\(s\)|jsnull|\bNone\b|\b[Aa] [aeioAEIO]\w*"
    r"|\b[a-z]{3}-[a-z]{2}-\d\b|\b\d-\d\d\b|\b[a-z]+-[a-z]+-[a-z]+\b"
)
# Keys a person might type by mistake; their refusals must read as plain words too.
PROBES = ["foo", "pass 1 2", "end now", "play", "done x"]


@pytest.mark.parametrize(("game", "players"), [("secolo", 3), ("persistence", 3), ("history", 2)])
def test_every_text_a_person_reads_is_plain_words(game: str, players: int) -> None:
    m = Match.new(game, players, 1, keep_undo=False)
    bot = RandomBot(1)
    found: dict[str, str] = {}
    steps = 0
    while not m.is_over and steps < 600:
        view = m.view(None)
        texts = [view.get("prompt") or ""] + [item["label"] for item in view["legal"]]
        if steps % 40 == 0:
            texts += [v.reason for k in PROBES if (v := m.check(k)) is not None]
        out = m.play(bot.choose(m.game, m.state, m.legal_actions()))
        texts += [e.get("text", "") for e in out.events]
        for text in texts:
            for token in NOT_PLAIN.findall(text):
                found.setdefault(token, text)
        steps += 1
    assert steps > 100
    assert not found, found
