"""What the four games share lives once in the engine (issue 24): the settle loop with its
one step cap, playing a decision's only answer, who decides, and the winners of a finished
game. That no game overrides the engine's methods (the settle loop, winners, who decides) is
checked by mypy (``@final``) and by tests/test_protocol_final.py."""

from __future__ import annotations

import pytest

from clash_widget.engine import Events, Match, get_game
from clash_widget.engine.game import SETTLE_CAP, Game
from clash_widget.engine.registry import GAMES as REGISTERED

GAMES = list(REGISTERED)  # every game of the catalogue


def test_a_settle_that_never_rests_raises_at_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    m = Match.new("persistence", 2, seed=1)
    steps = {"n": 0}

    def forever(self: Game, state: dict, ev: Events) -> bool:
        steps["n"] += 1
        return True

    monkeypatch.setattr(type(m.game), "settle_step", forever)
    before = m.state_hash()
    with pytest.raises(RuntimeError, match=f"did not come to rest after {SETTLE_CAP} steps"):
        m.play(m.legal_actions()[0])
    assert steps["n"] == SETTLE_CAP
    assert m.state_hash() == before  # and play() rolled the action back


def test_only_answer_is_played_and_only_then() -> None:
    g = get_game("history")
    m = Match.new(g, 2, seed=3)
    legal = m.legal_actions()
    assert len(legal) > 1 and g.only_answer(m.state) is None
    assert g.answer_if_only(m.state, Events()) is False


@pytest.mark.parametrize("game", GAMES)
def test_winners_of_a_finished_game(game: str) -> None:
    """The game's recorded result when it has one (pairs, tie-breaks), else the best score."""
    from clash_widget.lab.one_game import play_match

    m = play_match(game, 2, 2, ["random"])
    g = m.game
    result = m.state.get("result")
    if isinstance(result, dict) and "winners" in result:
        assert g.winners(m.state) == list(result["winners"])
    else:
        best = max(m.scores())
        assert g.winners(m.state) == [i for i, v in enumerate(m.scores()) if v == best]
