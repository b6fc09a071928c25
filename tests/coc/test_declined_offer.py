"""A declined trade offer changes nothing, so the match hands on the listing it had (#27).

Primer (Trade): a trade is offered and the partner may accept or refuse it; refused, nothing
changes hands. The rules say so to the engine (``Events.restores_previous``), and
``Match.play`` then hands on the listing the offer was picked from instead of listing the
position again. These tests check the claim itself (the whole state is as it was before the
offer) and that the listing is handed on only when it is that position's.
"""

from clash_widget.bots import make_bot
from clash_widget.engine import Action, Match
from clash_widget.engine.state import clone


def _strip(state):
    return {k: v for k, v in state.items() if k != "version"}


def _to_an_offer(seed):
    """A random 4-player game up to a turn position where a trade can be offered."""
    m = Match.new("coc", 4, seed, keep_undo=True)
    bot = make_bot("random", "coc", seed)
    while True:
        listing = m.listing()
        offers = listing.by_category().get("trade", [])
        if m.state["stack"][-1]["kind"] == "turn" and offers:
            return m, listing, offers[0]
        m.play(bot.choose_from(m.game, m.state, listing), listed=listing)


def test_trade_declined_leaves_the_whole_state_as_it_was_before_the_offer():
    """At every declined offer of random games the state is the one the offer was made at
    (only the version counts on), and the listing handed on is a fresh listing of it."""
    declines = played_first = 0
    for seed in range(3):
        m = Match.new("coc", 4, 40 + seed, keep_undo=False)
        bot = make_bot("random", "coc", seed)
        outcome = None
        while not m.is_over:
            listing = m.listing(after=outcome)
            action = bot.choose_from(m.game, m.state, listing)
            if action.kind == "trade":
                before_offer = clone(_strip(m.state))
            elif m.state["stack"][-1]["kind"] == "trade_reply" and action.kind != "reply":
                before_offer = None  # a free card played before answering (anytime.where)
            outcome = m.play(action, listed=listing)
            if action == Action("reply", ("decline",)):
                if before_offer is None:  # something changed: no listing handed on
                    played_first += 1
                    assert outcome.listing is None
                    continue
                declines += 1
                assert _strip(m.state) == before_offer
                assert outcome.listing is not None
                assert outcome.listing.by_category() == m.game.legal_by_category(m.state)
                assert outcome.listing.actions() == m.game.legal_actions(m.state)
    assert declines > 20 and played_first > 0


def test_declined_offer_hands_on_only_that_positions_listing():
    """The listing is handed on when the offer was picked from the listing of the position it
    was made at; not when the offer came without one, nor after an undo."""
    m, listing, offer = _to_an_offer(8)
    m.play(offer, listed=listing)
    out = m.play("reply decline", listed=m.listing())
    assert out.listing is not None and out.listing is not listing
    assert out.listing.by_category() == listing.by_category()
    assert m.listing(after=out) is out.listing

    m.play(offer)  # typed, not picked from a listing
    assert m.play("reply decline").listing is None

    listing = m.listing()
    listing.by_category()
    m.play(offer, listed=listing)
    assert m.undo()
    m.play(offer)
    assert m.play("reply decline").listing is None

    accepted_offer = m.listing()
    m.play(offer, listed=accepted_offer)
    assert m.play("reply accept").listing is None  # goods changed hands: listed afresh
