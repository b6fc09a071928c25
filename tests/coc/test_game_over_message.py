"""The game-over message counts the status phases the game really had."""

from __future__ import annotations

import pytest

from clash_widget.coc.scenario import Scenario


def _play_to_the_end(status_phases: int) -> list[str]:
    m = Scenario(players=2, seed=3, status_phases=status_phases).explore_all().turn(0).match()
    texts: list[str] = []
    for _ in range(400):
        if m.is_over:
            break
        keys = [str(a) for a in m.legal_actions()]
        out = m.play("end" if "end" in keys else keys[0])  # no actions: straight to status
        texts += [e["text"] for e in out.events if e["kind"] == "game_over"]
    assert m.is_over and m.state["status_done"] == status_phases
    return texts


@pytest.mark.parametrize(
    ("phases", "words"),
    [(1, "one status phase:"), (2, "two status phases:"), (6, "six status phases:")],
)
def test_game_over_message_names_the_status_phases_played(phases, words):
    (text,) = _play_to_the_end(phases)
    assert text.startswith(f"Game over after {words}")
