"""Hands and cities filtered by set operations and cached city readings (#27, round seven).

A hand is filtered by one set operation with the ids of a card type (``cards.of_type``) or
of the Specials a frame takes (``specials.taken``); a city's unguarded Characters are read
once per city content (``logic._unguarded``, under ``open_in_city``). Each must give what
reading the cards one by one gives: the sets for every card of the catalogue, the open
Characters at every position of random games (2-5 players, the pairs variant, the extended
deck) against ``protection`` asked card by card.
"""

from __future__ import annotations

from clash_widget.secolo import cards as catalogue
from clash_widget.secolo import logic
from clash_widget.secolo.specials import SPECIAL_TIMINGS, taken

from .test_fast_probes import positions

TYPES = ("protagonist", "character", "bulwark", "object", "attack", "special")


def test_card_sets_are_the_cards_of_each_type_and_timing() -> None:
    cards = catalogue.catalogue()
    assert {c["type"] for c in cards.values()} == set(TYPES)
    for t in TYPES:
        assert catalogue.of_type(t) == {cid for cid, c in cards.items() if c["type"] == t}
    playable = catalogue.of_type(*catalogue.PLAYABLE_TYPES)
    assert playable == {cid for cid, c in cards.items() if c["type"] in catalogue.PLAYABLE_TYPES}
    for kind, timings in SPECIAL_TIMINGS.items():
        want = {
            cid for cid, c in cards.items() if c["type"] == "special" and c["timing"] in timings
        }
        assert taken(kind) == want, kind
        assert want, kind


def test_open_characters_of_a_city_are_those_protection_leaves_open() -> None:
    """Rule attack.target-unprotected's three protections (a Bulwark of the culture, an
    attached Object, the Printed Bible), read once per city: at every position, for every
    city, the open Characters in city order are those ``protection`` leaves open."""
    checked = guarded = held = 0
    for state in positions():
        for p in state["players"]:
            seat = p["seat"]
            plain = [
                c for c in logic.characters(state, seat) if logic.protection(state, seat, c) is None
            ]
            assert list(logic.open_in_city(p)) == plain
            reasons = [logic.protection(state, seat, c) for c in logic.characters(state, seat)]
            guarded += "bulwark" in reasons
            held += "object" in reasons
            checked += 1
    assert checked > 2000 and guarded > 100 and held >= 5, (checked, guarded, held)


def test_special_listing_is_what_every_check_admits() -> None:
    """The Specials' candidates (a hand filtered by ``taken``) are the kind's wide definition
    (every card in hand, alone and with every target word on the table) that passes every
    check of the kind, at every position of random games, for every seat (in each frame kind
    that takes Specials, a kind a position in turn)."""
    from clash_widget.secolo.specials import SPECIAL_KIND

    listed = 0
    kinds = list(SPECIAL_TIMINGS)
    for i, state in enumerate(positions(seeds=1)):
        for seat in range(len(state["players"])):
            kind = kinds[(i + seat) % len(kinds)]
            frame = {"kind": kind, "player": seat}
            got = SPECIAL_KIND.legal(state, frame)
            want = [
                a
                for a in SPECIAL_KIND.wide_candidates(state, frame)
                if SPECIAL_KIND.first_violation(state, frame, SPECIAL_KIND.parse(state, frame, a))
                is None
            ]
            assert sorted(got) == sorted(want), (kind, seat)
            # card by card in sorted order (a Plague's cultures come in the deck's order)
            assert [a.args[0] for a in got] == sorted(a.args[0] for a in got)
            listed += len(got)
    assert listed > 1000, listed


def test_standings_citizens_characters_and_bulwarks_are_what_the_cards_say() -> None:
    """``standings`` (every seat's score after every turn, one pass) is ``standing`` of each
    seat; ``citizens``, ``characters`` and ``opponent_bulwarks`` (cities filtered by a set's
    test) are the cards of those types in seat and city order: at every position of random
    games, pairs variant included."""
    checked = 0
    for state in positions(seeds=1):
        n = len(state["players"])
        assert logic.standings(state) == [logic.standing(state, s) for s in range(n)]
        for s in range(n):
            city = state["players"][s]["city"]
            types = [catalogue.ctype(c) for c in city]
            citizens = [
                c for c, t in zip(city, types, strict=True) if t in ("protagonist", "character")
            ]
            assert logic.citizens(state, s) == citizens
            bulwarks = [
                c
                for t in logic.opponents(state, s)
                for c in state["players"][t]["city"]
                if catalogue.ctype(c) == "bulwark"
            ]
            assert logic.opponent_bulwarks(state, s) == bulwarks
            assert logic.characters(state, s) == [
                c for c, t in zip(city, types, strict=True) if t == "character"
            ]
        checked += 1
    assert checked > 300


def test_fitting_cards_are_those_with_a_culture_mode() -> None:
    """``play.fitting`` (rule play.one-culture and the Workshop Mistress's bonus, for a whole
    hand) keeps exactly the cards ``culture_mode`` gives a mode, at every position of random
    games, for every seat's hand asked as the turn player."""
    from clash_widget.secolo.play import culture_mode, fitting

    checked = bonus = 0
    for state in positions():
        for seat in range(len(state["players"])):
            hand = sorted(logic.hand(state, seat))
            plain = [c for c in hand if culture_mode(state, seat, c) is not None]
            assert sorted(fitting(state, seat, hand)) == plain
            bonus += any(culture_mode(state, seat, c) == "bonus" for c in hand)
            checked += 1
    assert checked > 2000 and bonus > 20, (checked, bonus)


def test_turn_order_and_opponents_are_the_seats_around_the_table() -> None:
    """``turn_order_after`` (remembered per table size and seat) is every other seat in turn
    order; ``opponents`` (remembered per size, seat and variant) the seats outside the team,
    the partner sitting opposite in the pairs variant; each a fresh list."""
    for n in range(2, 6):
        for pairs in (False, True) if n == 4 else (False,):
            state = {"players": [{"seat": s} for s in range(n)], "options": {"pairs": pairs}}
            for seat in range(n):
                order = logic.turn_order_after(state, seat)
                assert order == [(seat + i) % n for i in range(1, n)]
                order.append(99)
                assert logic.turn_order_after(state, seat) == [(seat + i) % n for i in range(1, n)]
                team = {seat, (seat + n // 2) % n} if pairs else {seat}
                assert logic.opponents(state, seat) == [s for s in range(n) if s not in team]


def _draw_card_by_card(state, seat: int, n: int, ev, why: str = "draw") -> int:
    """``logic.draw`` as it was written before (#27): one card at a time, the deck's end
    looked for after each card."""
    got = pending = 0
    for _ in range(n):
        deck = state["deck"]
        if state["over"] or not deck:
            break
        logic.to_hand(state, seat, deck.pop(), known=False)
        got += 1
        pending += 1
        if not deck:
            logic._drew(state, seat, pending, ev, why)
            pending = 0
            logic.deck_ran_out(state, ev)
    if pending:
        logic._drew(state, seat, pending, ev, why)
    return got


def test_draw_takes_the_cards_and_tells_the_events_card_by_card_drawing_does() -> None:
    """``logic.draw`` moves the cards a run at a time up to the deck's end (rule
    end.deck-exhausted: a reshuffle, or the game's end, when the deck runs out): from every
    position of random games, with the deck cut short so that it runs out mid-draw, drawing
    1-4 cards leaves the state and the events card-by-card drawing leaves."""
    from clash_widget.engine import Events
    from clash_widget.engine.state import clone

    checked = ran_out = 0
    for i, state in enumerate(positions(seeds=1)):
        if state["over"]:
            continue
        for cut in (0, 1, 2, 3, None):
            for n in (1, 2, 4):
                a, b = clone(state), clone(state)
                if cut is not None:
                    for s in (a, b):
                        s["discard"].extend(s["deck"][cut:])
                        del s["deck"][cut:]
                ev_a, ev_b = Events(), Events()
                seat = i % len(state["players"])
                assert logic.draw(a, seat, n, ev_a) == _draw_card_by_card(b, seat, n, ev_b)
                assert a == b and ev_a == ev_b
                ran_out += not b["deck"]
                checked += 1
    assert checked > 3000 and ran_out > 1000, (checked, ran_out)
