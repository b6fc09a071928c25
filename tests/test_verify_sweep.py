"""``selfplay --verify`` (#35): every action the bots play is checked in full, and the listing
is compared with each kind's wide definition at every Nth position; a difference stops the
run with its description and exit status 1.

The sweep: 30 games of every game, 2-4 players, random and heuristic bots in every seating,
verified at every 5th position (tests/test_conformance.py verifies every position of fewer
games).
"""

from __future__ import annotations

import pytest
from test_conformance import drop_settlers_beside_others

from clash_widget.__main__ import main
from clash_widget.engine import GAMES, Action, Match, get_game
from clash_widget.engine.frames import TableFrame
from clash_widget.lab.one_game import VERIFY_FAILED
from clash_widget.lab.selfplay import run


@pytest.mark.parametrize("game", list(GAMES))
def test_verify_sweep_of_every_game(game: str) -> None:
    g = get_game(game)
    players = [n for n in (2, 3, 4) if g.min_players <= n <= g.max_players]
    results = run(game, players, 30, 3500, ["random", "heuristic"], rotate=True, verify=5)
    assert [e for r in results for e in r.errors] == []
    assert all(r.finished for r in results)
    assert sum(r.actions for r in results) > 30 * 50


def _without_settlers_beside_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clash's Build frame made to drop settlers whenever another unit is offered (the
    conformance test's mutation, here for a whole self-play run)."""
    handler = get_game("coc").handlers["build"]
    assert isinstance(handler, TableFrame)
    spec = drop_settlers_beside_others(handler.table["unit"])
    monkeypatch.setattr(handler, "table", {**handler.table, "unit": spec})


def test_verify_stops_the_run_at_a_listing_that_drops_a_legal_action(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _without_settlers_beside_others(monkeypatch)
    argv = ["selfplay", "--game", "coc", "--games", "20", "--players", "4", "--brief"]
    assert main([*argv, "--bots", "heuristic", "--seed", "350", "--verify"]) == 1
    err = capsys.readouterr().err
    assert VERIFY_FAILED in err and "kind 'unit'" in err and "left out unit settler" in err


def test_a_verifying_match_checks_an_action_its_listing_listed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``play(listed=)`` skips the check of a listed action; a verifying match does not: an
    action listed by a listing that lists too much is refused."""
    for verify, refused in ((False, False), (True, True)):
        m = Match.new("coc", 2, 0, verify=verify)
        listing = m.listing()
        bogus = Action("found", ("9,9",))  # no settler stands there; off the board too
        listing._all = [*listing.actions(), bogus]  # a listing that lists too much
        if refused:
            assert not m.play(bogus, listed=listing).ok
        else:
            assert m.check(bogus) is not None  # illegal, yet taken on the listing's word
            with pytest.raises(Exception):  # noqa: B017, PT011 - the rules cannot apply it
                m.play(bogus, listed=listing)


def test_what_a_user_plays_is_always_checked() -> None:
    """Only self-play takes a listing's word for an action (``play(listed=)``): the widget,
    the server, the sessions and the lessons play what a user sends, checked in full."""
    from pathlib import Path

    import clash_widget

    root = Path(clash_widget.__file__).parent
    users = [
        *(root / "widget").rglob("*.py"),
        *(root / "server").rglob("*.py"),
        *(root / "lessons").rglob("*.py"),
        root / "engine" / "session.py",
    ]
    assert len(users) > 10
    assert [str(p) for p in users if "listed=" in p.read_text(encoding="utf-8")] == []
