"""The listing's shortcuts never change an answer (#27).

``first(n)`` (how the engine asks "does this decision have one answer?") stops
listing early; over whole random games of every game it must give exactly the first
``n`` actions of the full listing, at every position; ``any_legal`` (whether a kind of
action has any answer, e.g. Secolo's "could this seat use a window?") must say whether
the kind's listing is empty.
"""

from __future__ import annotations

import pytest

from clash_widget.bots import make_bot
from clash_widget.engine import GAMES, Match, get_spec


@pytest.mark.parametrize("game", list(GAMES))
def test_first_legal_is_the_start_of_the_full_listing(game: str) -> None:
    positions = 0
    for seed in range(3):
        m = Match.new(game, get_spec(game).bench_players, 500 + seed, keep_undo=False)
        bot = make_bot("random", game, seed)
        while not m.is_over:
            frame = m.state["stack"][-1]
            handler = m.game.handlers[frame["kind"]]
            full = handler.legal(m.game, m.state, frame)
            for n in (1, 2, 3):
                assert handler.first(m.game, m.state, frame, n) == full[:n], frame
            for spec in getattr(handler, "table", {}).values():
                assert spec.any_legal(m.state, frame) == bool(spec.legal(m.state, frame))
            positions += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert positions > 300


@pytest.mark.parametrize("game", list(GAMES))
def test_listing_by_category_groups_the_full_listing(game: str) -> None:
    """What the random bot reads (``Listing.by_category``, listed kind by kind) is the full
    listing grouped by ``Game.category``: the same categories, sorted, each with its actions
    in the full listing's order; and a listing read as a sequence is the full listing."""
    positions = 0
    for seed in range(3):
        m = Match.new(game, get_spec(game).bench_players, 600 + seed, keep_undo=False)
        bot = make_bot("random", game, seed)
        while not m.is_over:
            full = m.legal_actions()
            grouped: dict[str, list] = {}
            for a in full:
                grouped.setdefault(m.game.category(a), []).append(a)
            by = m.listing().by_category()
            assert list(by) == sorted(grouped)
            assert by == grouped
            assert list(m.listing()) == full and m.listing().by_category() == by
            positions += 1
            m.play(bot.choose_from(m.game, m.state, m.listing()))
    assert positions > 300


@pytest.mark.parametrize("game", list(GAMES))
def test_listing_made_while_settling_is_the_fresh_listing(game: str) -> None:
    """When settling an action already listed the legal actions of the position it came to
    rest at (``Outcome.listing``), that listing is exactly a fresh one of the position (as a
    whole and by category), and ``Match.listing(after=outcome)`` takes it only for the very
    state at this version. Over whole random games, with both kinds of bot."""
    handed_on = positions = resting = 0
    for seed in range(6):
        bots = ("random", "heuristic") if seed % 2 else ("random",)
        m = Match.new(game, get_spec(game).bench_players, 900 + seed, keep_undo=False)
        seats = [make_bot(bots[i % len(bots)], game, seed + i) for i in range(len(m.names))]
        outcome = None
        while not m.is_over:
            fresh = m.game.listing(m.state)
            listing = m.listing(after=outcome)
            if outcome is not None and outcome.listing is not None:
                assert listing is outcome.listing
                assert listing.actions() == fresh.actions()
                grouped = m.game.legal_by_category(m.state)
                assert listing.by_category() == grouped and list(grouped) == sorted(grouped)
                handed_on += 1
                resting += m.state["stack"][-1]["kind"] in ("raze", "free_advance")
            positions += 1
            seat = m.current_player
            action = seats[seat].choose_from(m.game, m.state, listing)
            outcome = m.play(action, listed=listing)
            assert outcome.ok
    assert positions > 300
    if game in ("history", "persistence"):  # they ask "one answer?" after every step
        assert handed_on > positions // 2
    if game == "coc":  # a razing or a free advance with a choice: Clash's settle_step lists
        assert resting > 0
    # A stale outcome is not taken: another state, or this one at another version.
    m = Match.new(game, get_spec(game).bench_players, 5, keep_undo=False)
    bot = make_bot("random", game, 5)
    for _ in range(300):
        outcome = m.play(bot.choose(m.game, m.state, m.legal_actions()))
        if outcome.listing is not None or m.is_over:
            break
    if outcome.listing is not None:
        m.state["version"] += 1
        assert m.listing(after=outcome) is not outcome.listing


def test_secolo_window_probe_matches_the_full_listing() -> None:
    """``usable`` (a reaction window opens only for a seat that could use it) asks
    ``any_legal``; it must agree with the full listing of the window's two kinds."""
    from clash_widget.secolo.objects import OBJECT_KIND
    from clash_widget.secolo.specials import SPECIAL_KIND
    from clash_widget.secolo.windows import WINDOW, usable

    checked = 0
    for seed in range(4):
        m = Match.new("secolo", 3, 700 + seed, keep_undo=False)
        bot = make_bot("random", "secolo", seed)
        while not m.is_over:
            for seat in range(3):
                probe = {"kind": WINDOW, "player": seat}
                full = SPECIAL_KIND.legal(m.state, probe) + OBJECT_KIND.legal(m.state, probe)
                assert usable(m.state, seat) == bool(full)
                checked += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert checked > 300


def test_secolo_targets_and_pairs_read_once_per_city_agree_with_their_rules() -> None:
    """``open_targets`` (every opponent Character ``protection`` leaves open) and
    ``attack_pairs`` (every pair ``pair_culture`` admits) read a city once; at every position
    of random games, for every seat, they give what asking the rules per card gives."""
    from itertools import combinations

    from clash_widget.secolo import logic
    from clash_widget.secolo.attack import attack_pairs, pair_culture

    checked = 0
    for seed in range(4):
        m = Match.new("secolo", 3 + seed % 2, 720 + seed, {"pairs": seed % 2 == 1}, keep_undo=False)
        bot = make_bot("random", "secolo", seed)
        while not m.is_over:
            for seat in range(len(m.names)):
                per_card = [
                    c
                    for s in logic.opponents(m.state, seat)
                    for c in logic.characters(m.state, s)
                    if logic.protection(m.state, s, c) is None
                ]
                assert logic.open_targets(m.state, seat) == per_card
                pairs = []
                for a1, a2 in combinations(sorted(logic.citizens(m.state, seat)), 2):
                    cul = pair_culture(m.state, seat, a1, a2)
                    if cul is not None:
                        pairs.append((a1, a2, cul))
                assert attack_pairs(m.state, seat) == pairs
                checked += 1
            m.play(bot.choose(m.game, m.state, m.legal_actions()))
    assert checked > 300


def test_clash_can_pay_shortcut_with_tokens_agrees_with_plan_payment() -> None:
    """``can_pay``'s shortcut covers costs of basic resources and tokens (a wonder's culture,
    an ability's mood): over many random holdings and costs it answers what the full payment
    plan answers."""
    import random

    from clash_widget.coc.economy import can_pay, plan_payment

    rnd = random.Random(27)
    keys = ["food", "wood", "ore", "gold", "ideas", "mood", "culture"]
    for _ in range(20000):
        res = {r: rnd.randint(0, 4) for r in ("food", "wood", "ore", "ideas", "gold")}
        player = {"res": res, "mood": rnd.randint(0, 3), "culture": rnd.randint(0, 3)}
        cost = {k: rnd.randint(0, 4) for k in rnd.sample(keys, rnd.randint(0, 4))}
        assert can_pay(player, cost) == (plan_payment(player, cost) is not None), (player, cost)


def test_clash_open_advances_follow_the_three_opening_rules() -> None:
    """The research listing's open advances, read from a precomputed table, are exactly
    those the checks research.government-prerequisite, research.top-of-group and
    research.prerequisite leave open (their own predicates), for many sets of owned
    advances."""
    import random

    from clash_widget.coc import content, research
    from clash_widget.engine import act

    order = content.advance_order()
    rnd = random.Random(27)
    for _ in range(3000):
        share = rnd.random()
        owned = frozenset(a for a in order if rnd.random() < share)
        expected = tuple(
            act("research", a)
            for a in order
            if a not in owned
            and research._government_open(owned, a)
            and research._top_first(owned, a)
            and research._prerequisite(owned, a)
        )
        assert research.open_advances("research", owned) == expected


@pytest.mark.parametrize("game", list(GAMES))
def test_random_bot_picks_the_same_from_a_listing_as_from_the_list(game: str) -> None:
    """Self-play hands the random bot a listing (``choose_from``, read by category); it
    must pick what ``choose`` picks from the full list, draw for draw."""
    positions = 0
    for seed in range(2):
        m = Match.new(game, get_spec(game).bench_players, 650 + seed, keep_undo=False)
        from_list, from_listing = make_bot("random", game, seed), make_bot("random", game, seed)
        while not m.is_over:
            a = from_list.choose(m.game, m.state, m.legal_actions())
            assert from_listing.choose_from(m.game, m.state, m.listing()) == a
            positions += 1
            m.play(a)
    assert positions > 100


def test_play_skips_the_check_only_for_what_this_positions_listing_listed(monkeypatch) -> None:
    """``Match.play(action, listed=listing)`` does not check again an action the listing of
    this very position listed; a listing of another position, or an action it did not
    list, is checked (and refused when illegal) as without it."""
    from clash_widget.engine import Action

    m = Match.new("coc", 2, 5, keep_undo=False)
    checked: list[Action] = []
    real = m.game.check
    monkeypatch.setattr(m.game, "check", lambda s, a: checked.append(a) or real(s, a))

    listing = m.listing()
    first = listing.by_category()[listing.categories()[0]][0]
    assert m.play(first, listed=listing).ok and checked == []

    stale = listing  # made before the action just played
    again = m.listing().actions()[0]
    assert m.play(again, listed=stale).ok and checked == [again]

    now = m.listing()
    now.by_category()
    unlisted = Action("no-such-action")
    refused = m.play(unlisted, listed=now)
    assert not refused.ok and refused.verdict.rule_id == "engine.not-now"
    assert checked == [again, unlisted]


def test_persistence_fleet_candidates_are_the_seas_fleet_coast_admits() -> None:
    """The fleet listing's candidates are found from the present Empire's lands; they must
    be exactly the Seas and Oceans, in the map's order, that ``fleet.coast`` admits."""
    from clash_widget.engine import Action
    from clash_widget.persistence import board, content
    from clash_widget.persistence.expansion import fleet_candidates, on_coast
    from clash_widget.persistence.rules import One

    checked = 0
    for seed in range(4):
        m = Match.new("persistence", 3, 800 + seed, keep_undo=False)
        bot = make_bot("random", "persistence", seed)
        while not m.is_over:
            if board.present(m.state) is not None:
                frame = m.state["stack"][-1]
                expected = [
                    w
                    for w in content.waters()
                    if on_coast.ok(m.state, frame, One(Action("fleet", (w,)), w))
                ]
                assert [a.args[0] for a in fleet_candidates(m.state, frame)] == expected
                checked += 1
            m.play(bot.choose_from(m.game, m.state, m.listing()))
    assert checked > 300
