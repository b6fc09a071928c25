"""The Clash heuristic's shortcuts in picking the best action change no choice (#38).

The bot adds a draw times 0.01 to every legal action's score and plays the first of the
highest. It now works out a draw only for the actions scoring within 0.01 of the best
(``Stream.draws_at`` moves the stream on by one draw per action all the same), and scores
a turn's collections and trades only when their upper bound reaches within 0.01 of the best
score so far (``turn_scores``). These tests check both against the plain definitions.
"""

from __future__ import annotations

import copy
import math

from clash_widget.bots.coc_heuristic import turn
from clash_widget.bots.coc_heuristic.bot import CocHeuristicBot
from clash_widget.bots.coc_heuristic.plan import Seat
from clash_widget.engine import Action, Match
from clash_widget.engine.rng import Stream
from clash_widget.lab.one_game import seat_bots


def test_draws_at_are_the_streams_draws_and_move_it_on_by_all() -> None:
    """The draws asked for are Stream.random's at those places; the stream then goes on as
    a plain one does after the same number of draws."""
    for seed in (0, 1, 7, 12345):
        plain, ties = Stream(seed), Stream(seed)
        for n, wanted in ((5, [0, 3]), (1, [0]), (12, []), (9, list(range(9))), (3, [2])):
            drawn = [plain.random() for _ in range(n)]
            assert ties.draws_at(wanted, n) == [drawn[i] for i in wanted]
        assert ties.random() == plain.random()


def plain_best(bot: CocHeuristicBot, legal: list[Action], scores: list[float]) -> Action:
    """The best action as the bot picked it before #38: a draw for every action, in order."""
    best, best_v = legal[0], float("-inf")
    for a, s in zip(legal, scores, strict=True):
        v = s + bot.rng.random() * 0.01
        if v > best_v:
            best, best_v = a, v
    return best


def test_turn_choices_with_bounds_and_skipped_draws_are_the_plain_ones() -> None:
    """At every turn of heuristic games (2 and 3 players): an action scored NOT_NEAR is a
    collection or trade whose score is at most its bound and could not come within 0.01 of
    the best; the other scores are the plain ones; the pick and the stream after it are the
    plain definition's."""
    turns = left_out = 0
    for players, seed in ((2, 21), (3, 22)):
        m = Match.new("coc", players, seed, keep_undo=False)
        bots = seat_bots("coc", players, seed, ["heuristic"])
        for _ in range(500):
            if m.is_over:
                break
            legal = m.legal_actions()
            frame = m.state["stack"][-1]
            bot = bots[frame["player"]]
            assert isinstance(bot, CocHeuristicBot)
            if frame["kind"] == "turn" and len(legal) > 1:
                turns += 1
                seat = Seat(m.state, frame["player"], bot.w)
                plain = [turn.turn_score(bot, seat, frame, a) for a in legal]
                bounded = turn.turn_scores(bot, Seat(m.state, frame["player"], bot.w), frame, legal)
                for a, p, b in zip(legal, plain, bounded, strict=True):
                    if b == turn.NOT_NEAR and p != b:
                        left_out += 1
                        assert a.kind in turn.BOUNDED
                        assert p <= turn.upper_bound(bot, seat, a)
                        assert p + 0.01 < max(plain)
                    else:
                        assert b == p
                twin = copy.deepcopy(bot)
                assert bot.pick(legal, bounded) == plain_best(twin, legal, plain)
                assert bot.rng.random() == twin.rng.random()
                assert math.isfinite(max(bounded))
            m.play(bot.choose(m.game, m.state, legal))
    assert turns > 200 and left_out > 50
