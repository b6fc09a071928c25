"""A window's probe asks whether a Special or an Object has a target, not what they all are (#27).

``specials.has_args`` and ``objects.has_args`` answer "does this effect have a target now?"
without listing every target (a window opens only for a seat that could use a card, and is
probed for every other seat after every step); ``special_usable`` and ``object_usable`` are
"would this kind's listing list anything?". At every position of random games (2-5
players, the pairs variant, the extended deck), for every seat and every effect, each must
say what the full list says. ``plague_cultures`` and ``opponents`` read faster too: they must
give what the rules asked card by card and seat by seat give.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from clash_widget.bots import make_bot
from clash_widget.engine import Match
from clash_widget.secolo import cards as catalogue
from clash_widget.secolo import logic, objects, specials

GAMES = [
    (2, {}),
    (3, {"deck": "extended"}),
    (4, {"pairs": True}),
    (4, {"deck": "extended"}),
    (5, {}),
]
"""Players and options of the random games every position is taken from."""


def positions(seeds: int = 2) -> Iterator[dict[str, Any]]:
    """Every position of random games of each kind in :data:`GAMES`."""
    for i, (players, options) in enumerate(GAMES):
        for seed in range(seeds):
            m = Match.new("secolo", players, 640 + 10 * i + seed, options, keep_undo=False)
            bot = make_bot("random", "secolo", seed)
            while not m.is_over:
                yield m.state
                m.play(bot.choose(m.game, m.state, m.legal_actions()))


def test_special_and_object_has_args_is_whether_their_targets_list_anything() -> None:
    checked = found = 0
    special_effects = [*specials.NO_ARG_SPECIALS, *specials.TARGETS]
    for state in positions():
        for seat in range(len(state["players"])):
            for eff in special_effects:
                full = bool(specials.special_args(state, seat, eff))
                assert specials.has_args(state, seat, eff) == full, (eff, seat)
                found += full
            for kind in ("draw", "act", "window", "react", "counter"):
                frame = {"kind": kind, "player": seat}
                for eff in objects.TARGETS:
                    full = bool(objects.object_args(state, frame, seat, eff))
                    assert objects.has_args(state, frame, seat, eff) == full, (eff, kind, seat)
                    found += full
                checked += 1
    assert checked > 2000 and found > 1000


def test_usable_specials_and_objects_are_whether_their_listing_lists_anything() -> None:
    """Every frame kind that takes Specials and Objects, probed for every seat (the windows
    ask ``window``; the others are the same test for the other timings)."""
    checked = listed = 0
    for state in positions():
        for seat in range(len(state["players"])):
            for kind in specials.SPECIAL_TIMINGS:
                frame = {"kind": kind, "player": seat}
                full = bool(specials.special_candidates(state, frame))
                assert specials.special_usable(state, frame) == full, (kind, seat)
                full_objects = bool(objects.object_candidates(state, frame))
                assert objects.object_usable(state, frame) == full_objects, (kind, seat)
                listed += full + full_objects
                checked += 1
    assert checked > 2000 and listed > 500


def test_plague_cultures_and_opponents_are_what_the_rules_say_card_by_card() -> None:
    checked = 0
    for state in positions():
        n = len(state["players"])
        exposed = {
            catalogue.culture(c)
            for s in range(n)
            for c in logic.characters(state, s)
            if not logic.is_protected(state, s, c)
        }
        deck = catalogue.deck_cultures(state["options"]["deck"])
        assert specials.plague_cultures(state) == [c for c in deck if c in exposed]
        for seat in range(n):
            mine = logic.team(state, seat)
            assert logic.opponents(state, seat) == [s for s in range(n) if s not in mine]
            bulwarks = logic.opponent_bulwarks(state, seat)
            assert logic.has_opponent_bulwark(state, seat) == bool(bulwarks)
            assert logic.has_open_target(state, seat) == bool(logic.open_targets(state, seat))
        checked += 1
    assert checked > 300


def test_five_culture_seats_and_standing_are_what_the_rules_say_city_by_city() -> None:
    """``five_culture_seats`` reads no further a city with fewer cards than the cultures
    needed, and ``standing`` no team without the pairs variant: at every position, for every
    number of cultures to win from 1 to 6, they say what counting each city's cultures says
    (rule end.five-cultures; end.deck-exhausted for the standing)."""
    checked = winners = 0
    for state in positions(seeds=1):
        n = len(state["players"])
        for need in range(1, 7):
            asked = dict(state, options={**state["options"], "cultures_to_win": need})
            plain = [
                s
                for s in range(n)
                if all(len(logic.cultures_in_play(state, t)) >= need for t in logic.team(state, s))
            ]
            assert logic.five_culture_seats(asked) == plain
            winners += bool(plain)
        for seat in range(n):
            team = logic.team(state, seat)
            cultures = set().union(*(logic.cultures_in_play(state, t) for t in team))
            chars = sum(len(logic.characters(state, t)) for t in team)
            assert logic.standing(state, seat) == (len(cultures), chars)
        checked += 1
    assert checked > 300 and winners > 300


def test_a_reaction_seat_is_asked_exactly_when_it_has_more_than_its_pass() -> None:
    """With ``auto_pass`` a react or counter seat whose only answer is ``pass`` is passed over
    (``Secolo.settle_step``); it asks ``windows.can_use`` instead of listing the frame up to a
    second answer. For every seat at every position, on react and counter probes (and on the
    frames waiting in the games), the two must agree."""
    from clash_widget.engine import get_game
    from clash_widget.secolo.windows import can_use

    game = get_game("secolo")
    for kind in ("react", "counter"):
        assert [k for k in game.handlers[kind].table] == ["special", "object", "pass"]
    checked = asked = 0
    for state in positions():
        frames = [{"kind": k, "player": s} for k in ("react", "counter") for s in range(4)]
        frames = [f for f in frames if f["player"] < len(state["players"])]
        frames += [f for f in state["stack"] if f["kind"] in ("react", "counter")]
        for frame in frames:
            more = len(game.handlers[frame["kind"]].first(game, state, frame, 2)) > 1
            assert can_use(state, frame) == more, frame
            asked += more
            checked += 1
    assert checked > 2000 and asked > 200


def test_the_objects_in_a_city_are_its_attachments() -> None:
    """The Object listing and the window's probe look at ``attached`` (Object -> citizen)
    first and read no further a city without one: every Object in a city is attached to a
    citizen, and nothing else is (rule play.object-holder), at every position."""
    checked = objects_seen = 0
    for state in positions():
        for p in state["players"]:
            in_city = sorted(filter(catalogue.is_object, p["city"]))
            assert sorted(p["attached"]) == in_city
            objects_seen += len(in_city)
            checked += 1
    assert checked > 2000 and objects_seen > 100
