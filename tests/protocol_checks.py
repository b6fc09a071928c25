"""What every game owes the engine's protocol, checked the same way for each (the four games
in tests/test_protocol.py, the toy game in tests/toy_game/): the legal list is exactly what
the checks accept, a record replays to the same position, a game file loads verified.
"""

from __future__ import annotations

from clash_widget.engine import Action, Match, get_game
from clash_widget.engine.conformance import difference
from clash_widget.engine.frames import ActionKind, TableFrame
from clash_widget.engine.match import GameFileError
from clash_widget.lab.one_game import seat_bots


def candidates(m: Match) -> list[Action]:
    """Every action the waiting frame's kinds define as could-be-legal (each kind's wide
    definition), and one of another frame's kind (refused as not-now)."""
    frame = m.state["stack"][-1]
    handler = m.game.handlers[frame["kind"]]
    out: list[Action] = []
    if isinstance(handler, TableFrame):
        for kind in handler.table.values():
            out += kind.wide_candidates(m.state, frame)
    return out + [Action("no-such-action")]


def conforms(game: str, state: dict, *kinds: str, frame: dict | None = None) -> None:
    """The engine's conformance check at ``state`` (only ``kinds`` of its waiting frame, if
    named; ``frame``: a frame made up for the test, put on top of a copy of the stack): the
    listing is the wide definition filtered by every check."""
    if frame is not None and (not state["stack"] or frame is not state["stack"][-1]):
        state = {**state, "stack": [*state["stack"], frame]}
    found = difference(get_game(game), state, kinds or None)
    assert found is None, str(found)


def kind_conforms(spec: ActionKind, state: dict, frame: dict) -> list[Action]:
    """One kind's conformance at a frame made up for the test (not on the stack, perhaps not a
    whole frame): its listing is its wide definition filtered by its gates and every check, as
    sets. The listing, for the caller's counts."""
    listed = spec.legal(state, frame)
    shut = any(not g.ok(state, frame, None) for g in spec.gate)
    want = [
        a
        for a in ([] if shut else spec.wide_candidates(state, frame))
        if spec.first_violation(state, frame, spec.parse(state, frame, a)) is None
    ]
    assert sorted(listed) == sorted(want), (spec.kind, frame)
    return listed


def check_listing(m: Match) -> None:
    """The legal list is each kind's wide definition filtered by every check (the engine's
    conformance check), and every refused candidate names its rule and reason."""
    assert m.legal_actions(), "a live game offers actions"
    found = difference(m.game, m.state)
    assert found is None, str(found)
    for a in set(candidates(m)):
        verdict = m.game.check(m.state, a)
        if verdict is not None:
            assert verdict.rule_id and verdict.reason


def play(game: str, players: int, seed: int, bots: list[str], steps: int) -> Match:
    """Bots play up to ``steps`` actions (fewer if the game ends), checking every listing."""
    m = Match.new(game, players, seed)
    seated = seat_bots(game, players, seed, bots)
    for _ in range(steps):
        if m.is_over:
            break
        check_listing(m)
        seat = m.current_player
        assert seat is not None
        outcome = m.play(seated[seat].choose(m.game, m.state, m.legal_actions()))
        assert outcome.ok, outcome.verdict
    return m


def check_record_replays(m: Match) -> None:
    again = Match.replay(m.record())
    assert again.state_hash() == m.state_hash()
    assert again.actions == m.actions


def check_game_file_loads(m: Match) -> None:
    """The game file loads verified; one with a changed position is refused."""
    text = m.to_json()
    assert Match.load(text).state_hash() == m.state_hash()
    loaded = Match.load(text)
    loaded.state["over"] = not loaded.state.get("over")
    try:
        Match.load(loaded.to_json())
    except GameFileError:
        return
    raise AssertionError("a game file whose position does not follow its record was loaded")
