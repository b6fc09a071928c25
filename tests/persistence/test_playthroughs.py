"""Playthrough regression files: a seeded random game per player count, replayed line by line.

Regenerate after an intended rule change with::

    UPDATE_PLAYTHROUGHS=1 pytest tests/persistence/test_playthroughs.py
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
    "persistence_2p": (2, 2, {}),
    "persistence_3p": (3, 3, {}),
    "persistence_4p": (4, 4, {}),
    "persistence_3p_no_transfer": (3, 33, {"transfer": False}),
}


def render(players: int, seed: int, options: dict, actions: list[str]) -> str:
    m = Match.new("persistence", players, seed, options, keep_undo=False)
    lines = [
        "# The Persistence of Culture playthrough (seeded random bots).",
        "# Regenerate: UPDATE_PLAYTHROUGHS=1 pytest tests/persistence/test_playthroughs.py",
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
    m = Match.new("persistence", players, seed, options, keep_undo=False)
    bots = [RandomBot(seed * 100 + s) for s in range(players)]
    while not m.is_over:
        m.play(bots[m.current_player].choose(m.game, m.state, m.legal_actions()))
    return render(players, seed, options, m.actions)


def read_actions(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if line.startswith("step "):
            key = line.split(" ", 3)[3]
            out.append(key.split(" -> ")[0])
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


def test_every_player_count_has_a_playthrough():
    counts = {players for players, _, _ in CASES.values()}
    assert counts == {2, 3, 4}
    assert any(o.get("transfer") is False for _, _, o in CASES.values())
