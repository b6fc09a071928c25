"""Speed work changes no game (#27): fixed-seed self-play gives the very same games.

Twenty random games per game (seeds 2000-2019, the benchmark's player count) and four
heuristic ones are summed up as their final state hashes, scores, winners, action counts
and counts of each action kind; the hash of that summary was computed on the commit
before the speed work (de977b7) and must never move unless the rules change on purpose.
The playthrough tests pin the logs and states of the scripted games in the same way.
Clash of Cultures' two hashes were recomputed when a state key and a frame kind were renamed
(#24): the summaries other than the final hashes, and the search bot's choices, are the same.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from clash_widget.engine import get_game
from clash_widget.lab.selfplay import play_game

EXPECTED = {
    "coc": "0e9207f4733c8407",
    "secolo": "281b8de88e0d7f72",
    "persistence": "99249fa3f71d2706",
    "history": "7e26235a597875c0",
}


def summary_hash(game: str) -> str:
    players = get_game(game).bench_players
    rows = []
    for bots, seeds in ((["random"], range(2000, 2020)), (["heuristic"], range(3000, 3004))):
        for seed in seeds:
            r = play_game(game, players, seed, bots, check_invariants=False)
            assert not r.errors, r.errors
            rows.append(
                [r.final_hash, r.scores, r.winners, r.actions, sorted(r.action_kinds.items())]
            )
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_self_play_summary_unchanged(game: str) -> None:
    assert summary_hash(game) == EXPECTED[game]


SEARCHED = {
    "coc": "884dfc154f432f81",
    "secolo": "c7495d4de90dde59",
    "persistence": "f1b5a0d0dd028e42",
    "history": "60a65db3e814cd78",
}
"""The state after ten search-bot decisions (default budget: a fixed number of playouts,
so the same on any machine) from a 2-player position after 60 random steps, seed 5;
computed on de977b7."""


@pytest.mark.parametrize("game", sorted(SEARCHED))
def test_search_bot_decisions_unchanged(game: str) -> None:
    from clash_widget.bots import make_bot
    from clash_widget.bots.search import SearchBot
    from clash_widget.engine import Match

    m = Match.new(game, 2, 5, keep_undo=False)
    walker = make_bot("random", game, 5)
    for _ in range(60):
        m.play(walker.choose(m.game, m.state, m.legal_actions()))
    bot = SearchBot(1, seconds=None)
    for _ in range(10):
        if m.is_over:
            break
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert m.state_hash() == SEARCHED[game]
