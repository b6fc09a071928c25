"""Trades between players, and the income of Trade Routes.

Primer: "Trades". Resources, action cards, objective cards and mood/culture
tokens change hands once both players agree, all at once. One side may be
nothing (a loan or a gift): promises are not enforced by the game.

Goods are written ``good:amount`` joined by ``+`` (``-`` for nothing):
``wood:2+mood:1``. A card from the offerer's own hand is ``card:<card>``
(``card:bumper_crop#0``). The partner's hand is hidden, so the offerer asks
for a number of their cards, ``action_cards:1`` or ``objective_cards:1``, and
the partner chooses which when accepting (``reply accept scholars#1``).
Card names reach only the two players: public texts say "an action card".

Primer: "Advances" (Economics). Trade Routes count the best assignment of
settlers and ships to other players' non-angry cities; with Currency the
player chooses how many routes give gold instead of food.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import Any

from ..engine import Action, act
from ..engine.actions import whole_number
from ..engine.frames import ActionKind, TableFrame
from ..engine.game import Events, Frame, State
from .board import hex_distance
from .cards import action_cards, card_base, objective_cards
from .common import bump_stat
from .economy import cap, gain
from .effects import grants
from .rulebook import RULES
from .state_types import TradeReplyFrame, TradeRoutesFrame
from .vocab import ANGRY, BARBARIANS, BASIC, RESOURCES, TOKENS
from .windows import answering

SECTION = "Primer: Trades"
ROUTES = "Primer: Advances (Economics: Trade Routes, Currency)"
GOODS = (*RESOURCES, *TOKENS)
CARD = "card:"  # prefix of a named card from the offerer's own hand
PICKS = {"action_cards": "actions_hand", "objective_cards": "objectives_hand"}
HANDS = {"actions_hand": "action", "objectives_hand": "objective"}
MAX_ROUTES = 4  # Primer: "Max 4, only 1 per city."
MAX_SEATS = 4  # the most players a game has (ClashOfCultures.max_players)


# == goods: reading and plain words ==========================================


def _goods(text: str) -> dict[str, int]:
    """The goods an offer writes, e.g. ``food:1+card:x`` (a new dict each time)."""
    return dict(_goods_items(text))


@lru_cache(maxsize=4096)
def _goods_items(text: str) -> tuple[tuple[str, int], ...]:
    """:func:`_goods` as items: a pure function of the text (the same few swaps are
    offered again and again); a text that does not read raises, and is not kept."""
    return tuple(_read_goods(text).items())


def _read_goods(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    if text == "-":
        return out
    for part in text.split("+"):
        if part.startswith(CARD):
            out[part] = out.get(part, 0) + 1
            continue
        g, _, n = part.partition(":")
        out[g] = out.get(g, 0) + whole_number(n, f"the count of {g or 'a good'}")
    return out


def _hand_of(player: dict[str, Any], card: str) -> str | None:
    for hand in HANDS:
        if card in player[hand]:
            return hand
    return None


def _card_type(card: str) -> str:
    return "action" if card_base(card) in action_cards() else "objective"


def card_name(card: str) -> str:
    base = card_base(card)
    spec = action_cards().get(base) or objective_cards().get(base)
    return f"{spec['name'] if spec else base} ({_card_type(card)} card)"


def _count(n: int, noun: str) -> str:
    return f"an {noun} card" if n == 1 else f"{n} {noun} cards"


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts) or "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def words(goods: dict[str, int], *, named: bool, chooser: str = "") -> str:
    """Goods in plain words. ``named``: card names shown (only to the two players);
    ``chooser``: whose choice the asked-for cards are ("their", "your"), else counts."""
    return _words(tuple(goods.items()), named, chooser)


@lru_cache(maxsize=4096)
def _words(items: tuple[tuple[str, int], ...], named: bool, chooser: str) -> str:
    """:func:`words` of the goods' items: a pure function of them (card names come
    from the fixed catalogue), so a kept answer cannot go stale."""
    parts: list[str] = []
    hidden = {"action": 0, "objective": 0}
    for g, n in sorted(items):
        if g.startswith(CARD):
            if named:
                parts.append(card_name(g[len(CARD) :]))
            else:
                hidden[_card_type(g[len(CARD) :])] += n
        elif g in PICKS:
            noun = HANDS[PICKS[g]]
            if chooser:
                parts.append(f"{_count(n, noun)} of {chooser} choice")
            else:
                hidden[noun] += n
        elif g in TOKENS:
            parts.append(f"{n} {g} token{'' if n == 1 else 's'}")
        else:
            parts.append(f"{n} {g}")
    parts += [_count(n, noun) for noun, n in hidden.items() if n]
    return _join(parts)


def _holds(player: dict[str, Any], goods: dict[str, int]) -> bool:
    for g, n in goods.items():
        if g.startswith(CARD):
            have = 1 if _hand_of(player, g[len(CARD) :]) else 0
        elif g in PICKS:
            have = len(player[PICKS[g]])
        elif g in TOKENS:
            have = player[g]
        else:
            have = player["res"][g]
        if have < n:
            return False
    return True


# == the offer ===============================================================


def parse_offer(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    to = whole_number(a.args[0], "the player traded with")
    return {"to": to, "give": _goods(a.args[1]), "get": _goods(a.args[2])}


@RULES.check("trade.partner", "Trade with another player in the game.", SECTION)
def partner_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return 0 <= args["to"] < len(state["players"]) and args["to"] != frame["player"]


def _good_ok(g: str, n: int) -> bool:
    if g.startswith(CARD):
        return n == 1  # each card exists once
    return (g in GOODS or g in PICKS) and n > 0


@RULES.check(
    "trade.goods",
    "Trades hand over resources, action cards, objective cards and mood or culture tokens, "
    "in positive amounts. Something must change hands, but one side may be nothing (-): a "
    "loan or a gift, whose promises the game does not enforce.",
    SECTION,
)
def goods_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    both = list(args["give"].items()) + list(args["get"].items())
    return bool(both) and all(_good_ok(g, n) for g, n in both)


@RULES.check(
    "trade.card-terms",
    "Name the cards you offer from your own hand; your partner's hand is hidden, so ask "
    "for a number of their action or objective cards and they choose which.",
    SECTION,
    source="ours",
)
def card_terms_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return not any(g in PICKS for g in args["give"]) and not any(
        g.startswith(CARD) for g in args["get"]
    )


@RULES.check("trade.you-hold", "You do not hold what you offer.", SECTION)
def giver_holds(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _holds(state["players"][frame["player"]], args["give"])


@RULES.check("trade.they-hold", "Your partner does not hold what you ask for.", SECTION)
def taker_holds(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return _holds(state["players"][args["to"]], args["get"])


def offer_candidates(state: State, frame: Frame) -> list[Action]:
    """One-for-one swaps of basic resources: a small, useful slice of all possible trades.

    Any other trade (cards, tokens, gold, several goods) is legal when typed.
    """
    p = frame["player"]
    players = state["players"]
    # Which basic goods a player holds at least one of (what _holds asks of a swap): bit i
    # for BASIC[i], written out (asked of every player at every turn listing).
    res = players[p]["res"]
    mine = (res["food"] > 0) + 2 * (res["wood"] > 0) + 4 * (res["ore"] > 0)
    out: list[Action] = []
    if not mine:
        return out
    for q, partner in enumerate(players):
        if q != p:
            res = partner["res"]
            theirs = (res["food"] > 0) + 2 * (res["wood"] > 0) + 4 * (res["ore"] > 0)
            out += _SWAPS[q, mine, theirs]
    return out


assert BASIC == ("food", "wood", "ore"), "offer_candidates writes the basic goods' bits out"


def _swap_table() -> dict[tuple[int, int, int], tuple[Action, ...]]:
    """Per partner seat, basic goods the offerer holds and basic goods the partner holds
    (bit ``i`` for ``BASIC[i]``): the swaps offered to that partner, for each good given (in
    the order of ``BASIC``) each other basic good asked for, when each side holds its good.
    Each passes every offer check by construction (the kind's ``ensured`` list): another
    seat, one basic good each way, and only goods each side holds (at least 1, as _holds
    asks). Made once for every seat and holdings (actions are immutable), so a listing
    looks up one entry per partner."""
    swap = {
        (q, g, t): act("trade", q, f"{g}:1", f"{t}:1")
        for q in range(MAX_SEATS)
        for g in BASIC
        for t in BASIC
        if t != g
    }
    every = range(1 << len(BASIC))
    return {
        (q, mine, theirs): tuple(
            swap[q, g, t]
            for i, g in enumerate(BASIC)
            if mine >> i & 1
            for j, t in enumerate(BASIC)
            if j != i and theirs >> j & 1
        )
        for q in range(MAX_SEATS)
        for mine in every
        for theirs in every
    }


_SWAPS = _swap_table()


def apply_offer(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    p = frame["player"]
    reply: TradeReplyFrame = {
        "kind": "trade_reply",
        "player": args["to"],
        "from": p,
        "give": args["give"],
        "get": args["get"],
    }
    state["stack"].append(reply)
    shown = sorted(g[len(CARD) :] for g in args["give"] if g.startswith(CARD))
    extra: dict[str, Any] = {}
    if shown:  # the partner now sees these cards: no undo past this point
        extra = {"barrier": True, "private": {"seat": args["to"], "cards": shown}}
    ev.emit(
        "trade_offer",
        f"{state['players'][p]['name']} offers {words(args['give'], named=False)} to "
        f"{state['players'][args['to']]['name']} for {words(args['get'], named=False)}.",
        player=p,
        **extra,
    )


def wide_swaps(state: State, frame: Frame) -> list[Action]:
    """The listing's scope, whole: every seat offered every one-for-one swap of two different
    basic goods, held or not (any other trade is legal when typed, and never listed)."""
    return [
        act("trade", q, f"{g}:1", f"{t}:1")
        for q in range(len(state["players"]) + 1)
        for g in BASIC
        for t in BASIC
        if t != g
    ]


def wide_replies(state: State, frame: Frame) -> list[Action]:
    """Accept (naming no cards, and naming each set of cards the partner could give) and
    decline."""
    choices = [c for c in card_choices(state, frame) if c]
    return [_ACCEPT, _DECLINE, *(act("reply", "accept", "+".join(c)) for c in choices)]


def _label_action(state: State, frame: Frame, a: Action) -> str:
    return label(state, a) or str(a)


OFFER = ActionKind(
    "trade",
    parse_offer,
    [partner_ok, goods_ok, card_terms_ok, giver_holds, taker_holds],
    offer_candidates,
    apply_offer,
    category="trade",
    ensured=[partner_ok, goods_ok, card_terms_ok, giver_holds, taker_holds],
    wide=wide_swaps,
    arity=(3, 3),
    usage="trade <seat> <goods> <goods>",
    example="trade 1 wood:1 ore:1",
    label=_label_action,
)


# == the reply ===============================================================


def parse_reply(state: State, frame: Frame, a: Action) -> dict[str, Any]:
    cards = a.args[1].split("+") if len(a.args) > 1 else None
    return {"answer": a.args[0] if a.args else "", "cards": cards}


@RULES.check("trade.reply", "Answer a trade offer with accept or decline.", SECTION)
def reply_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    return args["answer"] == "accept" or (args["answer"] == "decline" and args["cards"] is None)


def _needs(frame: Frame) -> dict[str, int]:
    """The hand -> how many cards the offerer asked for from it."""
    return {PICKS[g]: n for g, n in frame["get"].items() if g in PICKS}


def card_choices(state: State, frame: Frame) -> list[tuple[str, ...]]:
    """The partner's real choices of cards to give: one per set of different cards
    (two copies of a card are the same choice)."""
    need = _needs(frame)
    if not need:
        return [()]
    player = state["players"][frame["player"]]
    per_hand = []
    for hand, n in sorted(need.items()):
        seen: dict[tuple[str, ...], tuple[str, ...]] = {}
        for combo in combinations(sorted(player[hand]), n):
            seen.setdefault(tuple(sorted(card_base(c) for c in combo)), combo)
        per_hand.append(list(seen.values()))
    return [tuple(c for part in parts for c in part) for parts in product(*per_hand)]


@RULES.check(
    "trade.choose-cards",
    "To accept, choose the cards you give: exactly as many action and objective cards "
    "as were asked for, from your own hand (nothing to choose when no card is asked for).",
    SECTION,
    source="ours",
)
def cards_ok(state: State, frame: Frame, args: dict[str, Any]) -> bool:
    if args["answer"] != "accept":
        return True
    need = _needs(frame)
    picked = args["cards"]
    if picked is None:  # fine when there is nothing, or only one thing, to choose
        return len(card_choices(state, frame)) == 1
    if not need or len(set(picked)) != len(picked):
        return False
    player = state["players"][frame["player"]]
    counts: dict[str, int] = {}
    for c in picked:
        hand = _hand_of(player, c)
        if hand is None:
            return False
        counts[hand] = counts.get(hand, 0) + 1
    return counts == need


def reply_candidates(state: State, frame: Frame) -> list[Action]:
    """Accept (naming the cards given, one choice each, when there is more than one) or
    decline: each passes trade.reply and trade.choose-cards by construction (``ensured``)."""
    choices = card_choices(state, frame)
    if len(choices) == 1:
        return [_ACCEPT, _DECLINE]
    return [*(act("reply", "accept", "+".join(c)) for c in choices), _DECLINE]


_ACCEPT = act("reply", "accept")
_DECLINE = act("reply", "decline")


def apply_reply(state: State, frame: Frame, args: dict[str, Any], ev: Events) -> None:
    state["stack"].pop()
    a, b = state["players"][frame["from"]], state["players"][frame["player"]]
    if args["answer"] == "decline":
        ev.emit("trade_declined", f"{b['name']} declines the trade.", player=frame["player"])
        # the offer only asked: nothing else changed hands (unless a free card was played)
        ev.restores_previous = not frame.get("free_used", False)
        return
    picked = list(args["cards"] or card_choices(state, frame)[0])
    for g, n in frame["give"].items():
        _move(state, a, b, g, n)
    for g, n in frame["get"].items():
        if g not in PICKS:
            _move(state, b, a, g, n)
    for c in picked:
        _move(state, b, a, CARD + c, 1)
    bump_stat(state, "trade")
    extra: dict[str, Any] = {}
    if picked:  # the offerer now sees the cards chosen for them
        extra = {"barrier": True, "private": {"seat": frame["from"], "cards": sorted(picked)}}
    ev.emit(
        "trade",
        f"{a['name']} and {b['name']} trade: {a['name']} gives "
        f"{words(frame['give'], named=False)}, {b['name']} gives "
        f"{words(frame['get'], named=False)}.",
        player=frame["from"],
        **extra,
    )


def _move(state: State, src: dict[str, Any], dst: dict[str, Any], g: str, n: int) -> None:
    if g.startswith(CARD):
        card = g[len(CARD) :]
        hand = _hand_of(src, card)
        assert hand is not None
        src[hand].remove(card)
        dst[hand].append(card)
        return
    # Limits apply to what is received, so any excess is wasted like any other gain.
    if g in TOKENS:
        src[g] -= n
    else:
        src["res"][g] -= n
    gain(state, dst, g, n)


REPLY = ActionKind(
    "reply",
    parse_reply,
    [reply_ok, cards_ok],
    reply_candidates,
    apply_reply,
    category="reply",
    ensured=[reply_ok, cards_ok],
    wide=wide_replies,
    arity=(1, 2),
    usage="reply accept [<card>+<card>] | reply decline",
    example="reply accept",
    label=_label_action,
)


def _reply_prompt(state: State, frame: Frame) -> str:
    names = [pl["name"] for pl in state["players"]]
    return (
        f"{names[frame['player']]}: {names[frame['from']]} offers "
        f"{words(frame['give'], named=False)} for {words(frame['get'], named=False)}. "
        "Accept or decline the trade."
    )


# Prompts worded from the frame (public: they name no hidden card).
def _free_used(frame: Frame) -> None:
    frame["free_used"] = True


REPLY_FRAME = answering("trade_reply", [REPLY], _reply_prompt, _free_used)


# == Trade Routes (and Currency) =============================================


def route_count(state: State, p: int) -> int:
    """Trade routes of ``p``: the largest matching of their settlers and ships to other
    players' non-angry cities within two spaces (one unit per city, one city per unit),
    capped at the maximum. Augmenting paths, so no greedy pass can undercount."""
    cities = sorted(
        k
        for k, c in state["cities"].items()
        if c["owner"] not in (p, BARBARIANS) and c["mood"] != ANGRY
    )
    reach = {
        uid: [k for k in cities if hex_distance(u["hex"], k) <= 2]
        for uid, u in sorted(state["units"].items())
        if u["owner"] == p and u["kind"] in ("settler", "ship")
    }
    owner: dict[str, str] = {}  # city -> the unit whose route it is
    n = 0
    for uid in reach:
        if n < MAX_ROUTES and _augment(reach, owner, uid, set()):
            n += 1
    return n


def _augment(reach: dict[str, list[str]], owner: dict[str, str], uid: str, seen: set[str]) -> bool:
    """Give ``uid`` a city, moving other units to other cities if need be (an augmenting
    path; a module-level function: a nested one that calls itself is a reference cycle)."""
    for k in reach[uid]:
        if k not in seen:
            seen.add(k)
            if k not in owner or _augment(reach, owner, owner[k], seen):
                owner[k] = uid
                return True
    return False


def _route_gains(state: State, player: dict[str, Any], n: int, gold: int) -> tuple[int, int]:
    """(food, gold) actually kept when ``gold`` of ``n`` routes give gold."""
    room = {r: cap(state, player, r) - player["res"][r] for r in ("food", "gold")}
    return min(n - gold, room["food"]), min(gold, room["gold"])


def start_of_turn(state: State, p: int, ev: Events) -> None:
    """Trade Routes income; with Currency and a real choice, ask food or gold per route."""
    player = state["players"][p]
    if not grants(player, "status.trade-routes"):
        return
    n = route_count(state, p)
    if not n:
        return
    if grants(player, "status.currency"):
        outcomes = {_route_gains(state, player, n, k) for k in range(n + 1)}
        if len(outcomes) > 1:
            routes: TradeRoutesFrame = {"kind": "trade_routes", "player": p, "routes": n}
            state["stack"].append(routes)
            return
    _take(state, p, n, 0, ev)


def _take(state: State, p: int, n: int, gold: int, ev: Events) -> None:
    player = state["players"][p]
    kept = {r: gain(state, player, r, w) for r, w in (("food", n - gold), ("gold", gold))}
    got = [f"{kept[r]} {r}" for r in ("food", "gold") if kept[r]]
    lost = [f"{w - kept[r]} {r}" for r, w in (("food", n - gold), ("gold", gold)) if w > kept[r]]
    text = f"Trade routes bring {player['name']} {_join(got)}."
    if lost:
        text = text[:-1] + f" (lost over the limit: {_join(lost)})."
    ev.emit("trade_routes", text, player=p)


def parse_routes(state: State, frame: Frame, a: Action) -> int:
    return whole_number(a.args[0], "the trade route choice")


@RULES.check(
    "trade.routes-gold",
    "With Currency, choose how many of your trade routes give gold instead of food: "
    "from none to all of them.",
    ROUTES,
)
def routes_ok(state: State, frame: Frame, gold: int) -> bool:
    return 0 <= gold <= frame["routes"]


def routes_candidates(state: State, frame: Frame) -> list[Action]:
    """One answer per different result (gold that would all be lost is no new choice)."""
    player = state["players"][frame["player"]]
    n = frame["routes"]
    seen: dict[tuple[int, int], int] = {}
    for k in range(n, -1, -1):
        seen.setdefault(_route_gains(state, player, n, k), k)
    return [act("routes", k) for k in sorted(seen.values(), reverse=True)]


def apply_routes(state: State, frame: Frame, gold: int, ev: Events) -> None:
    state["stack"].pop()
    _take(state, frame["player"], frame["routes"], gold, ev)


ROUTES_KIND = ActionKind(
    "routes",
    parse_routes,
    [routes_ok],
    routes_candidates,
    apply_routes,
    category="routes",
    arity=(1, 1),
    usage="routes <how many as gold>",
    example="routes 1",
    label=_label_action,
)


def _routes_prompt(state: State, frame: Frame) -> str:
    player = state["players"][frame["player"]]
    n = frame["routes"]
    room = {r: cap(state, player, r) - player["res"][r] for r in ("food", "gold")}
    return (
        f"Trade routes: {n} route{'' if n == 1 else 's'} this turn. With Currency each may give "
        f"1 gold instead of 1 food. You have room for {room['food']} more food and "
        f"{room['gold']} more gold; anything over a limit is lost. How many give gold?"
    )


ROUTES_FRAME = TableFrame("trade_routes", [ROUTES_KIND], _routes_prompt)


# == labels (shown only to the deciding seat and the teacher) ===================


def label(state: State, a: Action) -> str | None:
    """Plain-words label of a trade, reply or routes action; None if it cannot be read."""
    try:
        if a.kind == "trade":
            args = parse_offer(state, {}, a)
            give = words(args["give"], named=True)
            get = words(args["get"], named=True, chooser="their")
            return f"Offer {state['players'][args['to']]['name']} {give} for {get}"
        frame = state["stack"][-1]
        if a.kind == "reply" and frame["kind"] == "trade_reply":
            return _reply_label(state, frame, parse_reply(state, frame, a))
        if a.kind == "routes" and frame["kind"] == "trade_routes":
            return _routes_label(state, frame, parse_routes(state, frame, a))
    except (ValueError, KeyError, IndexError, TypeError):
        return None
    return None


def _reply_label(state: State, frame: Frame, args: dict[str, Any]) -> str:
    if args["answer"] != "accept":
        return "Decline the trade"
    picked = args["cards"] or card_choices(state, frame)[0]
    give = {g: n for g, n in frame["get"].items() if g not in PICKS}
    give.update({CARD + c: 1 for c in picked})
    return f"Accept: receive {words(frame['give'], named=True)}, give {words(give, named=True)}"


def _routes_label(state: State, frame: Frame, gold: int) -> str:
    n = frame["routes"]
    food, kept_gold = _route_gains(state, state["players"][frame["player"]], n, gold)
    text = f"Trade routes: {n - gold} as food, {gold} as gold"
    lost = [f"{w - k} {r}" for r, w, k in (("food", n - gold, food), ("gold", gold, kept_gold))]
    lost = [x for x in lost if not x.startswith("0 ")]
    return text + (f" (lost over your limit: {_join(lost)})" if lost else "")
