"""The turn's guard for the seven abilities never changes an answer (#27).

Listing by category, the turn frame first asks ``abilities.any_owned``: does the player own
one of the seven ability advances? Without one, every ability is shut by its own first
check (``ability.cartography``, ``ability.bartering``...), so none is asked. Here the guarded
listing is compared with the plain one (every kind of the turn asked in full, no guard) at
every turn position of random games, and at positions where the player is given exactly one
of the seven advances, so that each ability is listed through the guard alone.
"""

from __future__ import annotations

from collections import Counter

import pytest

from clash_widget.bots import make_bot
from clash_widget.coc import abilities
from clash_widget.coc.game import TURN
from clash_widget.engine import Match
from clash_widget.engine.frames import listed_by
from clash_widget.engine.reading import reading

MOST = max(abilities.MOOD_COST.values())
ABILITIES = [spec for spec in TURN.table.values() if spec.category == "ability"]


def _plain(m: Match) -> dict[str, list]:
    """The turn listed by category with no guard asked."""
    game, state = m.game, m.state
    groups = [(c, specs, None) for c, specs, _ in TURN._groups(game)]
    with reading(state):
        return listed_by(groups, state, state["stack"][-1])


def _turns(seed: int, players: int):  # noqa: ANN202
    m = Match.new("coc", players, seed, keep_undo=False)
    bot = make_bot("random", "coc", seed)
    while not m.is_over:
        if m.state["stack"][-1]["kind"] == "turn":
            yield m
        m.play(bot.choose(m.game, m.state, m.legal_actions()))


def test_every_ability_is_asked_first_for_an_advance_the_guard_knows() -> None:
    """Each ability's frame-only checks include its 'owns the advance' check, and that
    advance is one the guard looks for: a guard that says no can only mean every one is
    shut."""
    assert len(ABILITIES) == 7
    for spec in ABILITIES:
        owns = [ok for ok in spec._shut_by if ok.__qualname__.startswith("_owns.")]
        assert owns, spec.kind
        advance = owns[0].__closure__[0].cell_contents
        assert advance in abilities.ABILITY_ADVANCES, spec.kind


@pytest.mark.parametrize(("seed", "players"), [(31, 4), (32, 3), (33, 2)])
def test_guarded_turn_listing_is_the_plain_one(seed: int, players: int) -> None:
    """At every turn position, and there again with the player given exactly one of the
    seven ability advances (each in turn), the turn's listing by category equals the plain
    listing of every kind."""
    seven = sorted(abilities.ABILITY_ADVANCES)
    positions = 0
    listed: Counter[str] = Counter()
    for m in _turns(seed, players):
        assert m.game.legal_by_category(m.state) == _plain(m)
        player = m.state["players"][m.state["stack"][-1]["player"]]
        kept = list(player["advances"]), player["mood"]
        for advance in seven:
            player["advances"] = [a for a in kept[0] if a not in seven] + [advance]
            player["mood"] = max(MOST, kept[1])  # what some abilities spend
            guarded = m.game.legal_by_category(m.state)
            assert guarded == _plain(m), advance
            listed[advance] += "ability" in guarded
        player["advances"], player["mood"] = kept
        positions += 1
    assert positions > 100
    assert all(listed[a] > 10 for a in seven), listed  # each listed through the guard alone
