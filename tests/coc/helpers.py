"""Small helpers for Clash of Cultures rule tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from clash_widget.bots import make_bot
from clash_widget.coc.board import board_neighbours
from clash_widget.coc.scenario import Scenario
from clash_widget.engine import Match


def refused(match: Match, key: str) -> str:
    """Play ``key`` expecting a refusal; returns the rule id and checks nothing changed."""
    before = match.state_hash()
    out = match.play(key)
    assert not out.ok, f"{key} was accepted"
    assert match.state_hash() == before
    return out.verdict.rule_id


def accepted(match: Match, key: str) -> None:
    out = match.play(key)
    assert out.ok, f"{key} refused: {out.verdict}"


def open_map(players: int = 2, seed: int = 3, **options: Any) -> Scenario:
    return Scenario(players=players, seed=seed, **options).explore_all().turn(0)


def neighbour_of(s: Scenario, key: str, terrain: str) -> str | None:
    for n in board_neighbours(s.state, key):
        if s.state["hexes"][n]["terrain"] == terrain and n not in s.state["cities"]:
            return n
    return None


def rig_dice(s: Scenario, *dice: int) -> Scenario:
    """Seed the state's generator so that the next die rolls are ``dice`` (search, no mocks)."""
    from clash_widget.engine import rng

    for start in range(1, 1_000_000):
        probe = {"rng": start}
        if all(rng.roll(probe) == d for d in dice):
            s.state["rng"] = start
            return s
    raise AssertionError(f"no generator state rolls {dice}")


def turn_positions(players: int, seeds: range) -> Iterator[dict[str, Any]]:
    """Every turn position of random games (the random bot, one game per seed); the state
    is the live one: read it before the next position is played."""
    for seed in seeds:
        m = Match.new("coc", players, seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        while not m.is_over:
            if m.state["stack"][-1]["kind"] == "turn":
                yield m.state
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
