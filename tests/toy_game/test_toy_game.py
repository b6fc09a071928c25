"""The toy fifth game, registered for these tests only, plays through everything a game gets
for free from the engine: Match, bots (its heuristic, random, search), the lab's one-game
runner, the generic protocol checks, refusals named by its one rule."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from protocol_checks import check_game_file_loads, check_listing, check_record_replays, play

from clash_widget.bots import make_bot
from clash_widget.engine import Match, get_game
from clash_widget.engine.registry import GAMES, registered
from clash_widget.lab.one_game import play_game, play_match

from .heuristic import ToyHeuristicBot
from .spec import SPEC


@pytest.fixture(autouse=True, scope="module")
def toy() -> Iterator[None]:
    with registered(SPEC):  # the one registration line
        yield
    assert "toy" not in GAMES


def test_the_toy_is_a_registered_game() -> None:
    g = get_game("toy")
    assert (g.name, g.title) == (SPEC.id, SPEC.name)
    assert isinstance(make_bot("heuristic", "toy", seed=1), ToyHeuristicBot)


def test_toy_in_hand_refuses_a_card_not_in_hand() -> None:
    """toy.in-hand: a player plays only a card still in their hand."""
    m = Match.new("toy", 2, seed=3)
    hand = m.state["players"][0]["hand"]
    other = next(c for c in range(1, 7) if c not in hand)
    outcome = m.play(f"play {other}")
    assert not outcome.ok and outcome.verdict.rule_id == "toy.in-hand"
    assert f"card {other}" in outcome.verdict.reason
    assert m.play("play x").verdict.rule_id == "engine.malformed"
    assert m.play(f"play {hand[0]}").ok


def test_the_heuristic_takes_a_trick_with_its_lowest_winning_card() -> None:
    m = Match.new("toy", 2, seed=3)
    m.state["players"][0]["hand"], m.state["players"][1]["hand"] = [2, 5], [1, 3]
    assert m.play("play 2").ok
    bot = ToyHeuristicBot(0)
    assert str(bot.choose(m.game, m.state, m.legal_actions())) == "play 3"


@pytest.mark.parametrize("bot", ["heuristic", "random", "search:playouts=4"])
def test_bots_play_the_toy_to_the_end_in_the_lab(bot: str) -> None:
    result = play_game("toy", 3, seed=2, bots=[bot, "heuristic"])
    assert result.finished and not result.errors and not result.invariant_violations
    assert result.actions == 6 and sum(result.scores) == 2
    m = play_match("toy", 2, seed=2, bots=[bot])
    assert m.is_over and m.game.winners(m.state) == m.state["result"]["winners"]


@pytest.mark.parametrize("seed", range(5))
def test_the_toy_keeps_the_protocol(seed: int) -> None:
    m = play("toy", 2, seed, bots=["random"], steps=3)
    check_record_replays(m)
    check_game_file_loads(m)
    m = play("toy", 2, seed, bots=["random"], steps=100)
    assert m.is_over
    check_record_replays(m)
    check_game_file_loads(m)


def test_check_listing_sees_a_refused_candidate() -> None:
    """The listing check is not empty: the deck's other cards are candidates that the same
    check (toy.in-hand) keeps out of the legal list and refuses."""
    m = Match.new("toy", 2, seed=1)
    check_listing(m)
    frame = m.state["stack"][-1]
    offered = m.game.handlers["play"].table["play"].candidates(m.state, frame)
    assert len(m.legal_actions()) == 2 < len(offered) == 6


def test_the_toys_picture_and_css_prefix_come_from_its_spec_alone() -> None:
    """A fifth game registers its still picture and its table's CSS prefix in its spec: the
    picture module draws it and the classroom's play page hides its room-only controls with
    nothing else changed outside the toy's folder (its one registration line: registered)."""
    from clash_widget.server.pages import play_page
    from clash_widget.widget.picture import picture

    still = picture(Match.new("toy", 2, seed=3).view(None))
    assert "<title>Two Cards</title>" in still and "On the table" in still
    assert ".toy-control-bots" in play_page(teacher=False)
