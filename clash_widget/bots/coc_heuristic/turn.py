"""The turn: how the Clash of Cultures heuristic scores each action a turn offers, from the
plan of :mod:`.plan` and the rules of thumb of :mod:`..coc_thumbs`."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from ...coc import content
from ...coc.abilities import MOOD_COST
from ...coc.board import city_size, effective_size, hex_distance
from ...coc.cards import action_cards, card_base
from ...coc.cities import draft_mood_cost, yields
from ...coc.civic import step_cost
from ...coc.economy import cap, option_cost
from ...coc.effects import PIECE_ADVANCE, source
from ...coc.vocab import ANGRY, BARBARIANS, HAPPY, NEUTRAL
from ...engine import Action
from ..coc_thumbs import ADVANCE_VALUE
from .plan import FAR, Mind, Seat, shortfall
from .reading import kept
from .trades import offer_worth

# the advances advance_worth looks out for (the rules name them by the effect they grant)
TACTICS = source("move.armies")
FISHING = source("collect.sea-food")
STORAGE = source("limit.food")
ENGINEERING = source("wonder.build")
PIECE_ADVANCES = frozenset(PIECE_ADVANCE.values())
_COLLECTS: dict[tuple[Any, ...], float] = {}  # collect_worth by what it reads
NOTED_ADVANCES = PIECE_ADVANCES | {TACTICS, FISHING, STORAGE, ENGINEERING}


# the kinds whose score has a cheap upper bound (turn_scores): scored after the others
BOUNDED = frozenset({"collect", "trade"})
NOT_NEAR = float("-inf")  # the score of an action that cannot be near the best (Mind.pick)


def turn_scores(bot: Mind, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> list[float]:
    """Each action's :func:`turn_score`, or :data:`NOT_NEAR` for a collection or a trade
    that cannot come within 0.01 of the best score: its upper bound is lower.

    The other actions are scored first (the best of them sets the bar); then each
    collection and trade is scored only if its bound reaches the bar (the bar rises
    with each one scored). An action left out could not have won, nor needed a draw: the
    bot's choice and its random stream are the same as with every action scored."""
    scores = [NOT_NEAR] * len(legal)
    later = []
    bar = NOT_NEAR
    for i, a in enumerate(legal):
        if a.kind in BOUNDED:
            later.append(i)
        else:
            v = scores[i] = turn_score(bot, seat, frame, a)
            if v > bar:
                bar = v
    for i in later:
        a = legal[i]
        # a margin over the 0.01 of a draw for the rounding of a sum of floats
        if upper_bound(bot, seat, a) + 0.02 < bar:
            continue
        v = scores[i] = turn_score(bot, seat, frame, a)
        if v > bar:
            bar = v
    return scores


def upper_bound(bot: Mind, seat: Seat, a: Action) -> float:
    """A score :func:`turn_score` never exceeds for this collection or trade (infinity: no
    bound known, with rules of thumb weighted the other way)."""
    w = bot.w
    if a.kind == "trade":
        return max(w["trade"], -1.0)  # offer_worth: the trade weight, or -1
    if w["collect"] < 0 or w["reactivate"] > 0:
        return float("inf")
    # collect_worth sums at most `picks` units, each worth at most the best worth per unit
    # of a purchase (half its worth per good) or 2 (unit_worth); reactivating a city can only
    # lower it (its weight is not positive here)
    picks = effective_size(seat.s, seat.cities[a.args[0]])
    return w["collect"] * picks * seat.best_unit_worth


def turn_score(bot: Mind, seat: Seat, frame: dict[str, Any], a: Action) -> float:
    # the kinds tested most often first (each test is an exact match: the order is free)
    w, k = bot.w, a.kind
    if k == "research":
        return advance_worth(bot, seat, a.args[0]) + seat.research_penalty
    if k == "trade":
        return offer_worth(bot, seat, a)
    if k == "collect":
        city = seat.cities[a.args[0]]
        return w["collect"] * collect_worth(seat, a.args[0]) + activation(bot, seat, city)
    if k == "end":
        return 0.0
    if k == "build":
        return build_worth(bot, seat, a.args[0])
    if k == "move":
        return seat.move_value
    if k == "grow":
        return grow_worth(bot, seat, a)
    if k == "civic":
        return civic_worth(bot, seat, voting=a.args[:1] == ("voting",))
    if k == "play":
        return card_worth(bot, seat, a.args[0])
    if k == "found":
        return found_worth(bot, seat, a.args[0])
    if k == "wonder":
        city = seat.cities[a.args[0]]
        return w["wonder"] + activation(bot, seat, city) + (5 if city["capital"] else 0)
    if k == "influence":
        return influence_worth(bot, seat, a)
    return ability_worth(bot, seat, a)


def activation(bot: Mind, seat: Seat, city: dict[str, Any]) -> float:
    if city["activations"] == 0:
        return 0.0
    return bot.w["reactivate"] * (2 if city["mood"] == NEUTRAL else 1)


def found_worth(bot: Mind, seat: Seat, h: str) -> float:
    for site, _ in seat.settler_plan.get(h, []):
        if site == h:
            return bot.w["found"]
    if not seat.settler_plan.get(h):
        # no better site in reach: a city here still beats a wandering settler
        return bot.w["found"] * (0.6 if h in seat.sites and seat.sites[h] > 0 else 0.3)
    return -1.0


@cache
def government_group(adv: str) -> str | None:
    """The group of a government's advance (None for the others): a fact of the rules' data."""
    group = content.advances()[adv]["group"]
    return group if content.groups()[group]["government"] else None


def advance_worth(bot: Mind, seat: Seat, adv: str) -> float:
    v = bot.w["research"] + ADVANCE_VALUE.get(adv, 0)
    group = government_group(adv)
    if group is not None:
        held = seat.governments
        if held and group not in held:
            return v - 200  # never give up a government's advances for another
    if adv not in NOTED_ADVANCES:
        return v
    if adv == TACTICS and (seat.threats or barbarians_near(seat)):
        v += 30
    if adv == FISHING and not any(
        seat.hexes[n]["terrain"] == "sea" for k in seat.mine for n in seat.nbrs(k)
    ):
        v -= 20
    if adv in PIECE_ADVANCES and len(seat.mine) >= 2:
        v += 6
    if adv == STORAGE and seat.grants("wonder.build"):
        v += 10
    if adv == ENGINEERING and seat.age >= 2:
        v += 6
    return v


def barbarians_near(seat: Seat) -> bool:
    return any(
        c["owner"] == BARBARIANS and min((hex_distance(h, k) for k in seat.mine), default=FAR) <= 4
        for h, c in seat.cities.items()
    )


@lru_cache(maxsize=256)
def grown_piece(spec: str) -> str:
    """The piece a grow action names (``temple:culture``, ``port@2,3``: temple, port)."""
    return spec.split(":")[0].split("@")[0]


def grow_worth(bot: Mind, seat: Seat, a: Action) -> float:
    key, spec = a.args[0], a.args[1]
    city = seat.cities[key]
    piece = grown_piece(spec)
    v = bot.w["grow"] + activation(bot, seat, city)
    if piece == "fortress" and key in seat.threats:
        v += 15
    elif piece == "academy":
        v += 8
    elif piece == "temple":
        v += 6
        wants_culture = seat.me["mood"] >= 3 or seat.grants("influence.art")
        if spec.endswith(":culture") == wants_culture:
            v += 2
    elif piece == "port":
        v += 2
    settler = a.args[2:] == ("+settler",)
    if settler:
        v += 30 if seat.wants_settler else -10
    return v + seat.grow_penalty(key, settler)


def build_worth(bot: Mind, seat: Seat, key: str) -> float:
    city = seat.cities[key]
    best = -1.0
    room = seat.s["options"]["max_units_per_space"]
    for u in seat.by_hex.get(key, ()):
        if u["on"] is None:
            room -= 1
    if room <= 0:
        return -1.0
    if seat.wants_settler and shortfall(seat.res, option_cost(seat.s, "settler_cost")) == 0:
        near = min((hex_distance(key, s) for s in seat.sites if seat.sites[s] >= 3), default=9)
        best = (
            bot.w["expand"]
            - 2 * near
            + seat.save_penalty(option_cost(seat.s, "settler_cost"), "expand")
        )
    if seat.army_wanted and (
        shortfall(seat.res, option_cost(seat.s, "army_cost")) == 0 or can_draft(seat)
    ):
        if seat.guards.get(key, 0) > seat.mine_at(key, "army"):
            v = bot.w["defend"] + 10
        elif seat.guard_deficit and not seat.grants("move.armies"):
            v = -1.0  # armies that cannot move only help where they stand
        else:
            v = seat.arm_worth
            if seat.strike:
                v -= 2 * min(seat.strike[2].get(key, 9), 9)
        best = max(best, v + seat.save_penalty(option_cost(seat.s, "army_cost"), "arm"))
    return best + activation(bot, seat, city)


def can_draft(seat: Seat) -> bool:
    return seat.grants("build.draft") and seat.me["mood"] >= draft_mood_cost(seat.me) + 1


def collect_worth(seat: Seat, key: str) -> float:
    city = seat.cities[key]
    takes: list[tuple[str, ...]] = []
    s, p, cities, foreign, hexes = seat.s, seat.p, seat.cities, seat.foreign_hexes, seat.hexes
    # what a hex gives me (yields) reads only my advances, its terrain and whether it is the
    # city's port: read once per terrain in a decision, the port apart
    by_terrain, port = seat.terrain_yields, city["port"]
    for h in (key, *seat.nbrs(key)):
        if h in foreign or (h != key and h in cities):
            continue
        t = hexes[h]["terrain"]
        got = by_terrain.get(t) if h != port else None
        if got is None:
            got = tuple(yields(s, p, h, city))
            if h != port:
                by_terrain[t] = got
        if got:
            takes.append(got)
    picks = effective_size(s, city)
    # the greedy choice is a pure function of the goods on offer, the picks and what each
    # good is worth (unit_worth, a pure function of its key): remembered across decisions
    known = (seat.unit_worth_number, tuple(takes), picks)
    worth = _COLLECTS.get(known)
    if worth is None:
        worth = kept(_COLLECTS, known, greedy_takes(seat, takes, picks)[0], 16384)
    return worth


def greedy_takes(seat: Seat, takes: Sequence[Sequence[str]], picks: int) -> tuple[float, list[int]]:
    """Choose up to ``picks`` hexes (one good each), best goods first: at each pick the first
    hex and good, in order, of the highest worth (``takes[i]``: the goods hex ``i`` offers)."""
    table = seat.unit_worth
    # what the next unit of each good is worth (a good nobody rates: nothing)
    next_worth = {r: values[0] if values else 0.0 for r, values in table.items()}
    got: dict[str, int] = {}
    left = list(enumerate(takes))  # the hexes not used yet, in order
    used: list[int] = []
    total = 0.0
    for _ in range(picks):
        best, best_j, best_r = 0.0, -1, ""
        for j, (_, options) in enumerate(left):
            for r in options:
                v = next_worth.get(r, 0.0)
                if v > best:
                    best, best_j, best_r = v, j, r
        if best_j < 0:
            break
        used.append(left.pop(best_j)[0])
        n = got[best_r] = got.get(best_r, 0) + 1
        values = table[best_r]
        next_worth[best_r] = values[n] if n < len(values) else 0.0
        total += best
    return total, used


def influence_worth(bot: Mind, seat: Seat, a: Action) -> float:
    src, dst = a.args[0], a.args[1]
    art = a.args[2:] == ("art",)
    chance, reach = seat.influence_chance(src, dst, art)
    if chance <= 0:
        return -1.0
    v = bot.w["influence"] * chance - 3 * reach
    if seat.leader is not None and seat.cities[dst]["owner"] == seat.leader:
        v += 10
    if art:
        v += 25  # no action spent
    return v


def civic_plan(seat: Seat, mood: int) -> list[tuple[str, float, int]]:
    """Mood lifts worth paying for, best first: (city, value, cost)."""
    reserve = seat.wonder_goal.cost.get("mood", 0) if seat.wonder_goal else 0
    spare = mood - reserve
    happy = sum(1 for k in seat.mine if seat.cities[k]["mood"] == HAPPY)
    content_bonus = 0.6 if seat.objectives.get("happy_cities", 0) > happy else 0.0
    plan = []
    for k in seat.mine:
        c = seat.cities[k]
        cost = step_cost(seat.s, seat.me, c)
        size = city_size(c)
        if c["mood"] == ANGRY:
            plan.append((k, 1.0 + 0.2 * size, cost))
        elif c["mood"] == NEUTRAL and spare >= cost + 2 - 2 * content_bonus:
            plan.append((k, 0.4 + 0.15 * size + content_bonus, cost))
    plan.sort(key=lambda x: -x[1])
    out, left = [], spare
    for k, v, cost in plan:
        if cost <= left:
            out.append((k, v, cost))
            left -= cost
    return out


def civic_worth(bot: Mind, seat: Seat, voting: bool) -> float:
    mood = seat.me["mood"] - (1 if voting else 0)
    plan = civic_plan(seat, mood)
    if not plan:
        return -1.0
    return bot.w["civic"] * sum(v for _, v, _ in plan) + (15 if voting else 0)


def card_worth(bot: Mind, seat: Seat, card: str) -> float:
    spec = action_cards()[card_base(card)]
    if (
        seat.grants("move.armies")
        and (seat.threats or seat.strike)
        and len(seat.me["actions_hand"]) <= 1
    ):
        return -1.0  # keep the last card for a battle
    goods = {r: n for r, n in spec["gain"].items() if r not in ("mood", "culture")}
    tokens = sum(n for r, n in spec["gain"].items() if r in ("mood", "culture"))
    worth = seat.worth_of_goods(goods) + 6 * tokens
    if goods and worth < 4 * sum(goods.values()):
        return -1.0  # the goods would mostly be wasted
    v = bot.w["card"] + worth
    return v - 30 if spec["costs_action"] else v


def ability_worth(bot: Mind, seat: Seat, a: Action) -> float:
    k, w = a.kind, bot.w["ability"]
    mood = seat.me["mood"]
    if k == "taxation":
        n = len(seat.mine)
        room = cap(seat.s, seat.me, "gold") - seat.res["gold"]
        return w * min(n, room) / 2 - 10 if n >= 2 and mood > MOOD_COST[k] else -1.0
    if k == "liberties":
        return w if mood < 3 else -1.0
    if k == "absolute_power":
        return w + 10 if mood > MOOD_COST[k] and seat.s["turn"]["actions"] == 0 else -1.0
    if k == "forced_labour":
        angry = sum(1 for c in seat.mine if seat.cities[c]["mood"] == ANGRY)
        acted = seat.s["turn"]["actions"]
        return w * angry / 2 if angry and mood > MOOD_COST[k] and acted else -1.0
    if k == "drama":
        if a.args[0] == "mood>culture":
            return w / 2 if mood >= 3 and seat.me["culture"] < 2 else -1.0
        angry = any(seat.cities[c]["mood"] == ANGRY for c in seat.mine)
        return w / 2 if angry and mood < 2 and seat.me["culture"] >= 2 else -1.0
    return -1.0  # Cartography (no ships), Bartering: not worth an action here


# -- trades ------------------------------------------------------------------------------------
