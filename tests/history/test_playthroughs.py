"""Playthrough regression files: a seeded random game per player count, replayed line by line.

Regenerate after an intended rule change with::

    UPDATE_PLAYTHROUGHS=1 pytest tests/history/test_playthroughs.py

The diff then shows exactly what the change did to a whole game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from clash_widget.bots import RandomBot
from clash_widget.engine import Match

HERE = Path(__file__).parent / "playthroughs"
HASH_EVERY = 10

CASES = {
    "history_2p": (2, 2, {}),
    "history_3p": (3, 3, {"growth_multiplier": 5}),
    "history_4p": (4, 4, {}),
    "history_2p_plain52": (2, 52, {"deck": "plain52", "population_to_win": 25}),
}


def render(players: int, seed: int, options: dict, actions: list[str]) -> str:
    m = Match.new("history", players, seed, options, keep_undo=False)
    lines = [
        "# History CCG playthrough (seeded random bots).",
        "# Regenerate: UPDATE_PLAYTHROUGHS=1 pytest tests/history/test_playthroughs.py",
        f"players {players}",
        f"seed {seed}",
        f"options {json.dumps(m.options.to_dict(), sort_keys=True)}",
        f"hash 0 {m.state_hash()}",
    ]
    for i, key in enumerate(actions, 1):
        seat = m.current_player
        o = m.play(key)
        if not o.ok:
            lines.append(f"REFUSED {i} {key}: {o.verdict}")
            break
        kinds = ",".join(e["kind"] for e in o.events)
        lines.append(f"step {i} p{seat} {key}" + (f" -> {kinds}" if kinds else ""))
        if i % HASH_EVERY == 0:
            lines.append(f"hash {i} {m.state_hash()} scores {m.scores()}")
    lines.append(f"final {m.state_hash()} result {json.dumps(m.state['result'], sort_keys=True)}")
    return "\n".join(lines) + "\n"


def generate(players: int, seed: int, options: dict) -> str:
    m = Match.new("history", players, seed, options, keep_undo=False)
    bots = [RandomBot(seed * 100 + s) for s in range(players)]
    while not m.is_over:
        m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
    return render(players, seed, options, m.actions)


def read_actions(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.startswith("step "):
            out.append(line.split(" ", 3)[3].split(" -> ")[0])
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_replays_identically(name):
    players, seed, options = CASES[name]
    path = HERE / f"{name}.txt"
    if os.environ.get("UPDATE_PLAYTHROUGHS") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(generate(players, seed, options))
    assert path.exists(), f"missing {path}; run with UPDATE_PLAYTHROUGHS=1"
    expected = path.read_text()
    got = render(players, seed, options, read_actions(expected))
    for n, (a, b) in enumerate(zip(expected.splitlines(), got.splitlines(), strict=False), 1):
        assert a == b, f"{path.name}: wrong line {n}:\n  file: {a}\n  now:  {b}"
    assert expected == got
    assert "final" in got and '"winners"' in got


def test_every_player_count_has_a_playthrough():
    assert {players for players, _, _ in CASES.values()} == {2, 3, 4}
    assert {p.stem for p in HERE.glob("history_*.txt")} >= set(CASES)
