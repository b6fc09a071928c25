"""Playthrough regression files: a seeded random game per player count, replayed line by line.

Regenerate after an intended rule change with ``UPDATE_PLAYTHROUGHS=1 pytest tests/coc``;
the diff then shows exactly what the change did to a whole game.
"""

import os
from pathlib import Path

import pytest

from clash_widget.bots import RandomBot
from clash_widget.engine import Match

DIR = Path(__file__).parent / "playthroughs"
SEEDS = {2: 101, 3: 202, 4: 303}


def render(players: int, seed: int) -> list[str]:
    m = Match.new("coc", players, seed, keep_undo=False)
    bot = RandomBot(seed)
    lines = [f"game coc players={players} seed={seed} bot=random:{seed}", f"start {m.state_hash()}"]
    step = 0
    while not m.is_over:
        a = bot.choose(m.game, m.state, m.legal_actions())
        out = m.play(a)
        assert out.ok, out.verdict
        step += 1
        line = f"{step} p{out.events[0].get('player', '-') if out.events else '-'} {a}"
        if step % 25 == 0:
            line += f"  # {m.state_hash()}"
        lines.append(line)
    lines.append(f"end {m.state_hash()} scores={m.scores()}")
    return lines


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_playthrough_replays_identically(players):
    path = DIR / f"coc_{players}p.txt"
    got = render(players, SEEDS[players])
    if os.environ.get("UPDATE_PLAYTHROUGHS"):
        path.write_text("\n".join(got) + "\n", encoding="utf-8")
    want = path.read_text(encoding="utf-8").splitlines()
    for i, (g, w) in enumerate(zip(got, want, strict=False), 1):
        assert g == w, f"wrong line {i}: got {g!r}, file has {w!r}"
    assert len(got) == len(want)


def test_every_player_count_has_a_playthrough():
    assert {p.name for p in DIR.glob("coc_*p.txt")} >= {f"coc_{n}p.txt" for n in SEEDS}
