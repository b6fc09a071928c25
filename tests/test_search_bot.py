"""The search bot: legal, reproducible under a playout budget, and its paired playouts.

Timing budgets depend on the machine, so no test asserts an outcome under ``seconds``;
the playout budget is the reproducible one (docs/bots.md, "Time budget").
"""

from __future__ import annotations

from clash_widget.bots import make_bot
from clash_widget.bots.playout import play_out
from clash_widget.bots.search import SearchBot
from clash_widget.engine import Action, Match


def _play(seed: int, decisions: int, **settings: int) -> tuple[list[Action], str, dict]:
    """A two-player game, the search bot in seat 1 against the heuristic."""
    m = Match.new("coc", 2, seed, keep_undo=False)
    search = SearchBot(seed, **({"playouts": 6, "paired": 3} | settings))
    bots = [make_bot("heuristic", "coc", seed), search]
    picks: list[Action] = []
    while len(picks) < decisions and not m.is_over:
        legal = m.legal_actions()
        seat = m.current_player
        action = bots[seat].choose(m.game, m.state, legal)
        assert action in legal
        if seat == 1 and len(legal) > 1:
            picks.append(action)
        assert m.play(action).ok
    return picks, m.state_hash(), search.stats()


def test_search_plays_legal_moves_and_the_same_game_for_a_seed_under_a_playout_budget():
    first = _play(7, 25)
    assert len(first[0]) == 25
    assert _play(7, 25)[:2] == first[:2]  # same seed, same playouts: the same moves and position


def test_own_turn_playouts_with_a_confirmation_are_legal_and_reproducible():
    """Trial games that stop as the seat's own turn ends (``turns=1``), a winning challenger
    played again one turn further (``confirm=1``): still legal, still one game per seed."""
    settings = {"playouts": 20, "paired": 5, "turns": 1, "confirm": 1}
    first = _play(4, 20, **settings)
    assert len(first[0]) == 20
    assert first[2]["confirm_checks"] > 0  # the confirmation was played, not only set
    assert _play(4, 20, **settings)[:2] == first[:2]


def _turn_start(seed: int) -> Match:
    """A position where a turn has just begun, some way into a heuristic game."""
    m = Match.new("coc", 2, seed, keep_undo=False)
    bot = make_bot("heuristic", "coc", seed)
    seen = 0
    while seen < 6:
        out = m.play(bot.choose(m.game, m.state, m.legal_actions()))
        seen += sum(1 for e in out.events if e["kind"] == "turn")
    return m


def test_a_paired_playout_stops_as_the_seats_next_turn_begins():
    m = _turn_start(3)
    seat = m.current_player
    s = m.game.determinize(m.state, seat, 99)
    steps = play_out(m.game, s, make_bot("heuristic", "coc", 1), depth=500, turns=2)
    assert 0 < steps < 500
    assert m.game.current_player(s) == seat  # the rival's turn is over, the seat's begins
    assert s["turn"] != m.state["turn"]  # ... a later turn than the one the playout left


def test_without_turns_a_playout_runs_its_depth():
    m = _turn_start(3)
    s = m.game.determinize(m.state, m.current_player, 5)
    assert play_out(m.game, s, make_bot("heuristic", "coc", 1), depth=7) == 7


def test_two_paired_rounds_never_overrule_the_favourite():
    fav, other = Action("research", ("myths",)), Action("collect", ("1,1",))
    bot = SearchBot(5, paired=2, margin=1.0)
    assert bot._verdict({fav: [0.4, 0.5], other: [0.6, 0.7]}, fav) == fav  # could be luck
    assert bot._verdict({fav: [0.4, 0.5, 0.5], other: [0.6, 0.7, 0.6]}, fav) == other


def test_a_time_budget_alone_compares_five_moves_to_the_end_of_the_turn_and_confirms():
    """The settings docs/bots.md measured at 0.1 s: the policy's 5 best moves, trial games
    to the end of the seat's own turn, a winner checked one turn further."""
    bot = make_bot("search:seconds=0.1", "coc", 1)
    assert (bot.paired, bot.turns, bot.confirm) == (5, 1, 1)
    plain = make_bot("search", "coc", 1)  # a playout budget: the tree search, unchanged
    assert (plain.paired, plain.turns, plain.confirm) == (0, None, 0)
