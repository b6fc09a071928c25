"""The research menu never changes an answer (#27, round eight).

Research and the status phase's free advance list the advances a player's owned advances
leave open (``research.research_menu``, kept per tuple of owned advances). The open advances
are now worked out from the answer for the same advances but the last one
(``research._open_names``: owning one more advance closes it and may open only advances that
need it) instead of a pass over the whole catalogue, and the menu from their names. Here the
menu is compared with the plain one written out below (the three opening rules asked of every
advance of the catalogue) at every position of random 2-, 3- and 4-player games for every
player and both kinds of action, and for made-up sequences of advances gained and lost (a
change of government loses advances), with the kept answers and with none kept.
"""

from __future__ import annotations

import random

from clash_widget.bots.registry import make_bot
from clash_widget.coc import content, research
from clash_widget.coc.effects import FREED_BY
from clash_widget.engine import Match, act


def plain_menu(kind: str, advances: tuple[str, ...]) -> research.Menu:
    """The menu as defined: every advance of the catalogue asked the three opening rules
    (research.government-prerequisite, research.top-of-group, research.prerequisite), then
    the same without Steel Weapons, and those cost_of() may discount."""
    owned = set(advances)
    opened = tuple(
        act(kind, a)
        for a in content.advance_order()
        if a not in owned
        and research._government_open(owned, a)
        and research._top_first(owned, a)
        and research._prerequisite(owned, a)
    )
    without_steel = tuple(a for a in opened if a.args[0] != research.STEEL)
    discountable = tuple(
        (a, FREED_BY.get(a.args[0]) in owned)
        for a in opened
        if FREED_BY.get(a.args[0]) in owned
        or content.advances()[a.args[0]]["group"] == content.SCIENCE_GROUP
    )
    return research.Menu(opened, without_steel, len(without_steel) < len(opened), discountable)


def _same(advances: tuple[str, ...]) -> None:
    for kind in ("research", "advance"):
        assert research.research_menu(kind, advances) == plain_menu(kind, advances), advances


def _positions(players: int, seeds: range):
    for seed in seeds:
        m = Match.new("coc", players, seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        while not m.is_over:
            yield m.state
            m.play(bot.choose(m.game, m.state, m.legal_actions()))


def test_menus_match_the_plain_ones_in_random_games():
    """At every position of random 2-, 3- and 4-player games, for every player and both
    kinds (research, free advance): the same menu."""
    met: set[tuple[str, ...]] = set()
    for players, seeds in ((4, range(3300, 3303)), (3, range(3310, 3312)), (2, range(3320, 3322))):
        for state in _positions(players, seeds):
            for player in state["players"]:
                advances = tuple(player["advances"])
                if advances not in met:
                    _same(advances)
                    met.add(advances)
    assert len(met) > 150  # about 200 different runs of advances


def _made_up_sequences(rnd: random.Random) -> list[list[tuple[str, ...]]]:
    """Runs of a player's advances: each run gains open advances one at a time (or any
    advance at all), and now and then loses some, as a change of government does."""
    runs = []
    for _ in range(60):
        owned: list[str] = []
        run = [tuple(owned)]
        for _ in range(rnd.randint(5, 40)):
            r = rnd.random()
            if r < 0.1 and owned:
                for a in rnd.sample(owned, rnd.randint(1, min(3, len(owned)))):
                    owned.remove(a)
            else:
                menu = plain_menu("research", tuple(owned))
                pool = [a.args[0] for a in menu.opened] if r < 0.8 and menu.opened else None
                pool = pool or [a for a in content.advance_order() if a not in owned]
                if not pool:
                    break
                owned.append(rnd.choice(pool))
            run.append(tuple(owned))
        runs.append(run)
    return runs


def test_menus_match_the_plain_ones_for_made_up_advances():
    """Made-up runs of advances gained (open or not) and lost, asked in order with the kept
    answers, and asked again with nothing kept: the same menu."""
    runs = _made_up_sequences(random.Random(27))
    for run in runs:
        for advances in run:
            _same(advances)
    research._open_names.cache_clear()
    research.research_menu.cache_clear()
    for run in reversed(runs):
        for advances in reversed(run):
            _same(advances)


def test_open_advances_are_the_menus():
    """``open_advances`` (of a set of advances, in no order) is the menu's open advances."""
    rnd = random.Random(8)
    order = content.advance_order()
    for _ in range(300):
        owned = [a for a in order if rnd.random() < rnd.random()]
        rnd.shuffle(owned)
        assert research.open_advances("research", frozenset(owned)) == (
            plain_menu("research", tuple(owned)).opened
        )
