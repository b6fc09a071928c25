"""The coach (issue 38): a hint is a legal move with its reasons in words, seeded, judged
from what the seat knows; a review judges every real decision of one seat of a game file;
the ``review`` command reads seats from 1. Budgets are tiny: these check behaviour, not the
quality of the advice (scripts/coach_quality.py measures that)."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from clash_widget.__main__ import main
from clash_widget.bots import make_bot
from clash_widget.coach import REVIEW_BUDGET, Budget, Cancelled, hint, review
from clash_widget.coach.hint import came_back
from clash_widget.coach.review import VERDICTS, Judged, judged_words
from clash_widget.engine import Action, Match, get_game, state_hash
from clash_widget.engine.game import KERNEL_RULES
from clash_widget.engine.session import Session

GAMES = ("coc", "secolo", "persistence", "history")
TINY = Budget(rounds=3, candidates=3, turns=1, depth=30)


def position(game: str, seed: int = 3, steps: int = 40) -> Match:
    """A position some way into a heuristic game, with a real choice for the seat to move."""
    m = Match.new(game, 2, seed=seed)
    bot = make_bot("heuristic", game, seed)
    for k in range(steps * 4):
        if m.is_over:
            break
        legal = m.legal_actions()
        if k >= steps and len(legal) > 1:
            break
        m.play(bot.choose(m.game, m.state, legal))
    assert not m.is_over and len(m.legal_actions()) > 1
    return m


def rule_ids(game: str) -> set[str]:
    return {r.id for book in (get_game(game).rules, KERNEL_RULES) for r in book}


@pytest.mark.parametrize("game", GAMES)
def test_hint_is_a_legal_move_of_the_listing(game: str) -> None:
    m = position(game)
    h = hint(m, budget=TINY)
    legal = m.legal_actions()
    assert h.action in legal
    assert h.seat == m.current_player
    assert all(o.action in legal for o in h.options)
    assert len({o.action for o in h.options}) == len(h.options)
    assert m.check(h.action) is None


@pytest.mark.parametrize("game", GAMES)
def test_hint_speaks_plain_words(game: str) -> None:
    m = position(game)
    h = hint(m, budget=TINY)
    text = h.text
    for o in h.options:
        key = str(o.action)
        if " " in key or "_" in key:  # a bare kind like "end" may be an ordinary word
            assert key not in text
        assert o.label in text
    for rule in rule_ids(game):
        assert rule not in text
    assert "simulated games" in text and "winning chances" in text
    # every percentage says what it is a share of
    for share in re.findall(r"\d+%[^.;]*", text):
        assert "winning chances" in share or "interval" in share or "over" in share, share
    assert not re.search(r"\b(?:player|seat) \d", text, re.I)


@pytest.mark.parametrize("game", GAMES)
def test_same_position_and_settings_give_the_same_hint(game: str) -> None:
    m = position(game)
    again = Match.load(m.to_json())
    assert hint(m, budget=TINY) == hint(again, budget=TINY)


def test_another_seed_is_another_set_of_simulated_games() -> None:
    m = position("coc")
    a = hint(m, budget=TINY)
    b = hint(m, budget=replace(TINY, seed=1))
    assert [o.chances for o in a.options] != [o.chances for o in b.options]


@pytest.mark.parametrize("game", ("secolo", "history", "persistence"))
def test_hint_reads_nothing_the_seat_cannot_see(game: str) -> None:
    """The rival's hand and the piles resampled (the seat's own knowledge kept): the hint,
    its estimates included, does not change."""
    m = position(game)
    seat = m.current_player
    assert seat is not None
    other = m.game.determinize(m.state, seat, 12345)
    assert other != m.state  # something hidden did change
    assert hint(Match.from_state(game, other), budget=TINY) == hint(m, budget=TINY)


def test_one_legal_move_is_said_without_searching() -> None:
    m = Match.new("coc", 2, seed=1)
    bot = make_bot("heuristic", "coc", 1)
    while len(m.legal_actions()) != 1:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    h = hint(m, budget=TINY)
    assert h.only and h.action == m.legal_actions()[0]
    assert "only move" in h.text


def test_no_hint_for_a_seat_that_is_not_deciding() -> None:
    m = position("secolo")
    other = 1 - (m.current_player or 0)
    with pytest.raises(ValueError, match="decides now"):
        hint(m, other, budget=TINY)


def test_session_hint_goes_through_the_coach_and_is_noted() -> None:
    s = Session(position("history"))
    h = s.hint(budget=TINY)
    assert h.action in s.match.legal_actions()
    assert s.hints == {len(s.match.actions): (h.seat, str(h.action))}
    asked = []
    custom = Session(position("history"), coach=lambda m, seat, **kw: asked.append(seat))
    custom.hint(1)
    assert asked == [1]


# -- review -----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    s = Session.new("secolo", 2, seed=4, bots=["heuristic", "random"])
    s.run(400)
    assert s.match.is_over
    path = tmp_path_factory.mktemp("coach") / "game.json"
    path.write_text(json.dumps(s.game_file()), encoding="utf-8")
    return str(path)


def test_review_judges_every_decision_with_a_choice(game_file: str) -> None:
    seen: list[tuple[int, int]] = []
    r = review(game_file, 1, budget=TINY, progress=lambda d, t: seen.append((d, t)))
    m = Match.load(open(game_file, encoding="utf-8").read())
    replay = Match.from_state(m.game, m.start_state())
    expected = []
    for i, key in enumerate(m.actions):
        if replay.current_player == 1 and len(replay.legal_actions()) > 1:
            expected.append((i, key))
        replay.play(key)
    assert [(d.index, str(d.played_action)) for d in r.decisions] == expected
    assert expected  # the game had decisions to judge
    assert all(d.verdict in VERDICTS for d in r.decisions)
    assert all(d.verdict == "good" or d.loss > 0 for d in r.decisions)
    assert seen[0] == (0, len(expected)) and seen[-1] == (len(expected), len(expected))
    assert len(r.series) == len(expected) + 1  # and the result
    assert all(abs(sum(c) - 1) < 1e-9 for _, c in r.series)
    assert r.player in r.summary


def test_review_is_the_same_twice_and_with_workers(game_file: str) -> None:
    a = review(game_file, 0, budget=TINY).to_dict()
    assert review(game_file, 0, budget=TINY).to_dict() == a
    assert review(game_file, 0, budget=TINY, workers=2).to_dict() == a


def test_review_can_be_cancelled(game_file: str) -> None:
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(Cancelled):
        review(game_file, 0, budget=TINY, cancel=cancel)


def test_a_move_worse_than_the_rest_is_flagged() -> None:
    """Clash of Cultures, first turn: ending the turn at once with three actions unused and a
    city to found... the review of that game calls it a mistake or worse."""
    m = Match.new("coc", 2, seed=2)
    bot = make_bot("heuristic", "coc", 2)
    while m.current_player != 0 or "end" not in {a.kind for a in m.legal_actions()}:
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert len(m.legal_actions()) > 3
    m.play("end")
    r = review(m, 0, budget=Budget(rounds=12, turns=2))
    assert r.decisions[-1].played == "End turn"
    assert r.decisions[-1].verdict in ("mistake", "blunder")


def test_a_flagged_move_s_reason_reads_as_one_sentence() -> None:
    """A flagged decision gives the better move's rule of thumb in brackets; the rule is a
    sentence of its own, so its full stop must not stand inside them (it read "...Objects).):")."""
    d = Judged(
        index=4, move=5, played="Play Inquisitor", best="Play Huguenot",
        played_action=Action("play", ("inq",)), best_action=Action("play", ("hug",)),
        verdict="mistake", loss=0.12, low=0.02, high=0.21, played_chances=0.66,
        best_chances=0.78, games=104, choices=6, chances=(0.66, 0.34),
        thumbs=("Put cards into play, a new culture for your city first.",),
    )  # fmt: skip
    better = "Play Huguenot was better (Put cards into play, a new culture for your city first): "
    assert better in d.text
    assert ".)" not in d.text


# -- the command ------------------------------------------------------------------------------
def test_review_command_numbers_seats_from_one(
    game_file: str, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["review", game_file, "--seat", "2", "--rounds", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    names = Match.load(open(game_file, encoding="utf-8").read()).names
    assert f"Review of {names[1]}'s game" in out
    assert main(["review", game_file, "--seat", names[0], "--rounds", "2", "--no-progress"]) == 0
    assert f"Review of {names[0]}'s game" in capsys.readouterr().out
    assert main(["review", game_file, "--seat", "0", "--rounds", "2"]) == 2
    assert "the players are 1 (" in capsys.readouterr().err
    page = tmp_path / "review.html"
    args = ["review", game_file, "--seat", "1", "--rounds", "2", "--html", str(page)]
    assert main([*args, "--no-progress"]) == 0
    html = page.read_text(encoding="utf-8")
    assert "<svg" in html and 'data-graph="advantage"' in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_review_on_a_dask_client_is_the_same(game_file: str) -> None:
    dd = pytest.importorskip("dask.distributed")
    with dd.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as c:
        on_dask = review(game_file, 0, budget=TINY, client=c).to_dict()
    assert on_dask == review(game_file, 0, budget=TINY).to_dict()


def test_review_marks_the_hints_taken(game_file: str) -> None:
    m = Match.load(open(game_file, encoding="utf-8").read())
    first = review(m, 0, budget=TINY).decisions[0]
    hints = {first.index: (0, str(first.played_action))}
    marked = review(m, 0, budget=TINY, hints=hints).decisions
    assert [d.hint_taken for d in marked] == [d.index == first.index for d in marked]
    assert "(hint taken)" in marked[0].text


def test_a_hint_never_repeats_a_move_that_changes_nothing() -> None:
    """A trade offer the rival declines brings the seat back to the very same position, where
    the same hint would be given again: a learner following hints would offer it forever. The
    coach leaves such moves out; this game, coach against the rule-of-thumb bot, ends."""
    from clash_widget.coach.estimate import changes_nothing, position_key, position_seed

    m = Match.new("coc", 2, seed=0)
    rival = make_bot("heuristic", "coc", 1)
    budget = Budget(rounds=8)
    seen: dict[str, int] = {}
    noop = 0
    for _ in range(500):
        if m.is_over:
            break
        legal = m.legal_actions()
        if m.current_player == 0 and len(legal) > 1:
            h = hint(m, budget=budget)
            base = position_seed(m.game, m.state, 0, budget.seed)
            noop += changes_nothing(m.game, m.state, 0, h.action, base)
            key = position_key(m.game, m.state, 0)  # the position as the seat sees it, log aside
            seen[key] = seen.get(key, 0) + 1
            m.play(h.action)
        else:
            m.play(rival.choose(m.game, m.state, legal))
    assert m.is_over and noop == 0
    assert max(seen.values()) == 1


LOOP = Path(__file__).parent / "coach_files" / "declined_offer_loop.json"


def test_a_hint_never_offers_again_what_was_just_declined() -> None:
    """Found in a match of the hint seat (Blue) against the rule-of-thumb bot, deal 33: Blue
    offers Orange 1 food for 1 ore, Orange declines, and Blue is back at the very position the
    offer was made from. The same position gives the same hint, and the coach offered it
    again over 2,000 times (the samples' Orange would have accepted). A move that brought the
    seat back to this position in the game itself is not hinted again."""
    m = Match.replay(json.loads(LOOP.read_text(encoding="utf-8")), keep_undo=True)
    back = came_back(m, 0)
    assert Action.parse("trade 1 food:1 ore:1") in back
    given = hint(m).action
    assert given not in back and given in m.legal_actions()


def test_recent_positions_are_the_same_with_and_without_undo_snapshots() -> None:
    """``Match.recent`` reads the undo snapshots, or the last ``keep_recent`` positions, when
    the match keeps them, else replays the record: the same positions every way."""
    record = json.loads(LOOP.read_text(encoding="utf-8"))
    ways = [
        Match.replay(record, keep_undo=True).recent(7),
        Match.replay(record, keep_recent=7).recent(7),
        Match.replay(record).recent(7),
    ]
    for got in ways:
        assert [k for _, k in got] == record["actions"][-7:]
        assert [state_hash(s) for s, _ in got] == [state_hash(s) for s, _ in ways[-1]]


def test_a_summary_counts_in_plain_english() -> None:
    """The summary names several inaccuracies as "inaccuracies", not "inaccuracys"."""
    from clash_widget.coach.review import Judged, Review

    end = Action.parse("end")

    def judged(verdict: str) -> Judged:
        words = "End the turn"
        return Judged(0, 1, words, words, end, end, verdict, 0.1, 0.06, 0.14, 0.4, 0.5, 32, 2, ())

    verdicts = ("inaccuracy", "inaccuracy", "mistake")
    r = Review("coc", 0, ["Blue", "Orange"], [judged(v) for v in verdicts])
    assert "1 mistake, 2 inaccuracies." in r.summary


QUALITY = Path(__file__).parents[1] / "share" / "coach" / "quality" / "coc.jsonl"


def test_the_review_finds_a_clash_mistake_two_turns_miss(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A certified Clash of Cultures mistake (share/coach/quality/coc.jsonl, line 81: 96
    paired whole games, the better move wins at least 15 points more often) that trial games
    of two turns call about equal: the review (two turns only to screen the favourites, then
    the move played and the best other played on for up to 160 steps) and ``review --deep``
    (every candidate played on) both name it a mistake or worse."""
    row = json.loads(QUALITY.read_text(encoding="utf-8").splitlines()[80])
    assert row["kind"] == "planted" and row["certified"]["low"] >= 0.05
    m = Match.load(row["file"])
    assert m.play(row["planted"])
    two_turns = replace(REVIEW_BUDGET, turns=2, depth=80)
    assert review(m, row["seat"], budget=two_turns).decisions[-1].verdict not in (
        "mistake",
        "blunder",
    )
    path = tmp_path / "planted.json"
    path.write_text(m.to_json(), encoding="utf-8")
    args = ["review", str(path), "--seat", str(row["seat"] + 1), "--json", "--no-progress"]

    def verdict(*extra: str) -> str:
        assert main([*args, *extra]) == 0
        return str(json.loads(capsys.readouterr().out)["decisions"][-1]["verdict"])

    assert verdict() in ("mistake", "blunder")
    assert verdict("--deep") in ("mistake", "blunder")


def test_a_review_says_in_words_how_it_judged() -> None:
    """The review's last line says how each move was judged, in the game's own setting:
    Clash of Cultures' screen over two turns, then the two moves played on (up to 32
    games each, as a settling review may stop early); Secolo's games to the end."""
    coc = judged_words(REVIEW_BUDGET.playout("coc"))
    assert coc.startswith(
        "The rule-of-thumb bot's favourite moves were first compared over 2 turns;"
    )
    assert (
        "the move played and the best other were then judged on up to 32 simulated games each"
        in coc
    )
    assert "played on for up to 160 steps" in coc
    secolo = judged_words(REVIEW_BUDGET.playout("secolo"))
    assert secolo.startswith(
        "Each move was judged on 32 simulated games (96 more for a close call)"
    )
    assert "played on to the end of the game" in secolo


@pytest.mark.parametrize(("game", "rounds"), [("coc", 80), ("secolo", 40)])
def test_a_hint_rests_on_its_game_s_own_rounds(game: str, rounds: int) -> None:
    """The default hint plays each game's own number of rounds (Clash of Cultures' hints, the
    quickest, 80; the others 40): the best move's estimate rests on that many games (the best
    is never dropped from the race), and the hint's words say so."""
    h = hint(position(game))
    assert not h.only
    best = h.options[0]
    assert best.games == rounds
    assert f"over {rounds} simulated games" in h.text
