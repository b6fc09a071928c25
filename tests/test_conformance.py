"""The fast listing is each kind's wide definition filtered by every check (#35).

One engine-level check (:func:`clash_widget.engine.conformance.difference`) for every kind of
every game, at every position of random and heuristic games: the legal actions the listing
gives are, kind by kind and as sets, the wide candidates (plainly complete: every card, every
hex, every group shape) that every check admits. A mutation test shows it catches a fast
generator that silently drops a legal action.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from protocol_checks import conforms

from clash_widget.bots import make_bot
from clash_widget.engine import GAMES, Action, Match, get_game, get_spec
from clash_widget.engine.conformance import difference
from clash_widget.engine.frames import ActionKind, TableFrame

SEEDS = {"coc": 2, "secolo": 3, "persistence": 3, "history": 3}
"""Games per bot: Clash's positions are the longest to check (every hex, every group)."""


def positions_checked(game: str, bot_name: str, seed: int) -> int:
    """Play one game with ``bot_name`` at every seat; the conformance check at every position
    (the first difference fails the test with its description)."""
    players = get_spec(game).bench_players
    m = Match.new(game, players, seed, keep_undo=False)
    bots = [make_bot(bot_name, game, 97 * seed + i) for i in range(players)]
    positions = 0
    while not m.is_over:
        found = difference(m.game, m.state)
        assert found is None, f"{game} seed {seed}, action {len(m.actions)}: {found}"
        positions += 1
        seat = m.current_player
        assert seat is not None
        m.play(bots[seat].choose(m.game, m.state, m.legal_actions()))
    return positions


@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
@pytest.mark.parametrize("game", list(GAMES))
def test_fast_listing_is_the_wide_definition_checked(game: str, bot_name: str) -> None:
    positions = sum(positions_checked(game, bot_name, 350 + s) for s in range(SEEDS[game]))
    assert positions > 100


def test_every_kind_that_ensures_a_check_gives_its_wide_definition() -> None:
    """A kind whose listing skips checks (``ensured``) must say what its candidates leave out
    by construction: its wide generator, which asks nothing."""
    missing = [
        f"{name}: {frame} {kind}"
        for name in GAMES
        for frame, handler in get_game(name).handlers.items()
        if isinstance(handler, TableFrame)
        for kind, spec in handler.table.items()
        if spec.ensured and spec.wide is None
    ]
    assert not missing


def drop_settlers_beside_others(spec: ActionKind) -> ActionKind:
    """Build's unit candidates, made to drop settlers whenever another unit is offered (the
    mutation #35 tried: it hid 135 legal builds from the per-frame protocol checks)."""
    fast = spec.candidates

    def candidates(state: dict, frame: dict) -> list[Action]:
        got = list(fast(state, frame))
        if any(a.args[:1] != ("settler",) for a in got):
            return [a for a in got if a.args[:1] != ("settler",)]
        return got

    return replace(spec, candidates=candidates)


def test_a_fast_generator_that_drops_a_legal_action_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The mutation: Clash's Build frame lists no settler beside another unit. The
    conformance check must name the kind, the action left out and why it counts as legal."""
    handler = get_game("coc").handlers["build"]
    assert isinstance(handler, TableFrame)
    mutated = drop_settlers_beside_others(handler.table["unit"])
    monkeypatch.setattr(handler, "table", {**handler.table, "unit": mutated})
    with pytest.raises(AssertionError, match=r"kind 'unit'.*left out unit settler.*every check"):
        for seed in range(350, 356):
            positions_checked("coc", "heuristic", seed)


def test_the_rare_clash_decisions_list_their_wide_definitions() -> None:
    """Moving government cubes and Dogma's free advance seldom come up in whole games: their
    frames, made up for every seat at positions of a random game, with each government and
    random advances owned, list what their wide definitions (every advance) and their checks
    admit (the conformance check)."""
    from random import Random

    from clash_widget.coc import content

    rnd = Random(35)
    game = get_game("coc")
    m = Match.new("coc", 4, 351, keep_undo=False)
    bot = make_bot("random", "coc", 351)
    listed = 0
    for step in range(400):
        if m.is_over:
            break
        if step % 25 == 0:
            for seat in range(4):
                state = {**m.state, "players": list(m.state["players"])}
                owned = rnd.sample(sorted(content.advances()), rnd.randint(0, 25))
                state["players"][seat] = {**state["players"][seat], "advances": owned}
                for tree in content.governments():
                    frame = {"kind": "government_cubes", "player": seat, "tree": tree, "left": 1}
                    conforms("coc", state, frame=frame)
                    listed += len(game.handlers["government_cubes"].legal(game, state, frame))
                conforms("coc", state, frame={"kind": "dogma_advance", "player": seat})
        m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert listed > 50
