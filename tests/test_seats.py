"""Seats: one place names them and gives them colours (clash_widget/engine/seats.py).

Every game calls seat 0 "Blue" (never "player 0"); a match may be given its players' names,
which its record keeps, so a saved game loads with them and replays to the same state.
"""

from __future__ import annotations

import json

import pytest

from clash_widget.engine import GAMES, Match
from clash_widget.engine.match import GameFileError
from clash_widget.engine.seats import SEATS, default_name, joined, names_problem
from clash_widget.engine.session import Session


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_default_names_are_colours_counted_from_one_past_the_palette() -> None:
    assert [default_name(s) for s in range(4)] == ["Blue", "Orange", "Green", "Purple"]
    assert default_name(len(SEATS)) == f"Player {len(SEATS) + 1}"  # never "Player 0"
    assert len({s.name for s in SEATS}) == len({s.color for s in SEATS}) == len(SEATS)


def test_every_seats_ink_reads_on_white_at_wcag_aa() -> None:
    """The ink shade of each colour has a contrast of at least 4.5:1 on white (WCAG AA)."""
    for seat in SEATS:
        assert (1.05 / (_luminance(seat.ink) + 0.05)) >= 4.5, seat


def test_every_game_has_enough_seat_colours() -> None:
    assert max(Match.new(g).game.max_players for g in GAMES) <= len(SEATS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_match_started_with_names_keeps_them_in_its_record(game: str) -> None:
    m = Match.new(game, ["Ada", "Ben"], 3)
    assert m.names == ["Ada", "Ben"] and m.record()["names"] == ["Ada", "Ben"]
    again = Match.replay(m.record())
    assert again.names == ["Ada", "Ben"] and again.state_hash() == m.state_hash()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_match_without_names_has_the_record_it_always_had(game: str) -> None:
    m = Match.new(game, 2, 3)
    assert m.names == ["Blue", "Orange"] and "names" not in m.record()
    assert "names" not in m.state


def test_bad_names_are_refused_in_words() -> None:
    assert names_problem(["Ada"], 2) == "2 names are needed, one per seat, not 1"
    assert names_problem(["Ada", "ada"], 2) == "two players have the same name"
    assert names_problem(["Ada", " "], 2) is not None
    with pytest.raises(ValueError, match="same name"):
        Match.new("coc", ["Ada", "Ada"])
    with pytest.raises(ValueError, match="number or a list"):
        Match.new("coc", "Ada")  # type: ignore[arg-type]


def test_a_game_file_with_bad_names_is_refused() -> None:
    data = json.loads(Match.new("secolo", ["Ada", "Ben"], 1).to_json())
    data["record"]["names"] = ["Ada"]
    with pytest.raises(GameFileError, match="names"):
        Match.load(data)


def test_a_session_takes_names_too() -> None:
    s = Session.new("persistence", ["Ada", "Ben", "Cy"], 2)
    assert [p["name"] for p in s.view(None)["players"]] == ["Ada", "Ben", "Cy"]


def test_joined_names_read_as_a_list() -> None:
    state = {"players": [{}, {}, {}]}
    assert joined(state, [0]) == "Blue"
    assert joined(state, [0, 2]) == "Blue and Green"
    assert joined(state, [0, 1, 2]) == "Blue, Orange and Green"
