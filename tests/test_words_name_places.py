"""No coordinates in what a person reads (issue #37, item 6): the map hides them, so the
engines' labels, prompts, log lines and refusals name places in words ("the forest next to
Blue's capital"); coordinates stay in the action keys (internal), the map's toggle and its
tooltips. Scanned over whole games of every game, played by the random and heuristic bots.
"""

from __future__ import annotations

import random
import re

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import GAMES, Match, get_game
from clash_widget.engine.frames import TableFrame
from clash_widget.engine.game import waiting

COORDINATES = re.compile(r"-?\d+,-?\d+")
STEPS = 4000
"""At most this many positions per game (a whole game, unless random bots trade for long)."""
TYPED = {"engine.malformed"}
"""Refusals of text that does not read: they quote what was typed, coordinates and all."""


def texts_of_a_game(game: str, bot_name: str, seed: int) -> list[tuple[str, str]]:
    """(where, text) for every sentence a person reads in one game: each position's prompt,
    the labels of its legal actions, refusals of wide candidates (every 7th position), the
    log and the outcome."""
    g = get_game(game)
    m = Match.new(game, g.bench_players, seed, keep_undo=False)
    bots = [make_bot(bot_name, game, 31 * seed + i) for i in range(g.bench_players)]
    pick = random.Random(seed)
    out = [(f"log {e['kind']}", e["text"]) for e in m.log]
    for step in range(STEPS):
        if m.is_over:
            out.append(("outcome", g.outcome_text(m.state)))
            break
        state, legal = m.state, m.legal_actions()
        out.append(("prompt", g.prompt(state)))
        out += [(f"label {a.kind}", g.describe(state, a)) for a in legal]
        frame = waiting(state)
        handler = g.handlers[frame["kind"]] if frame else None
        if step % 7 == 0 and isinstance(handler, TableFrame):
            for spec in handler.table.values():
                wide = list(spec.wide_candidates(state, frame))
                for a in pick.sample(wide, min(8, len(wide))):
                    v = g.check(state, a)
                    if v is not None and v.rule_id not in TYPED:
                        out.append((f"refusal {v.rule_id}", v.text))
        seat = m.current_player
        assert seat is not None
        before = len(m.log)
        m.play(bots[seat].choose(g, state, legal))
        out += [(f"log {e['kind']}", e["text"]) for e in m.log[before:]]
    return out


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("game", list(GAMES))
def test_no_sentence_names_a_place_by_its_coordinates(game: str, bot_name: str) -> None:
    texts = texts_of_a_game(game, bot_name, 5) + texts_of_a_game(game, bot_name, 6)
    assert len(texts) > 200
    found = sorted({f"{where}: {text}" for where, text in texts if COORDINATES.search(text)})
    assert not found, f"{len(found)} sentences with coordinates, e.g. {found[:8]}"
