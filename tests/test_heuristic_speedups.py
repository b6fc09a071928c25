"""The Clash heuristic's speed-ups give the very answers of the plain code they replace (#27).

Each rewritten reading is compared with its first, plain definition (kept here) at every
decision of whole heuristic games (2-4 players); the caches the heuristic keeps across
decisions (goals by name, worth and cost; offers read from their arguments; what a good is
worth, the save penalty and the trade test by the goals and the stock; objectives by the
hand; settler plans by the sites, the enemy spaces and the settlers; a city's collection by
the goods on offer and their worth) are compared with cold ones: every turn action's score
and every choice must be the same when each cache is emptied before the decision.
tests/test_same_games.py pins whole games besides.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from clash_widget.bots import make_bot
from clash_widget.bots.coc_heuristic import plan, reading, trades, turn
from clash_widget.bots.coc_heuristic.armies import FAR
from clash_widget.bots.coc_heuristic.bot import CocHeuristicBot
from clash_widget.bots.coc_heuristic.plan import Goal, Seat, research_cost, shortfall
from clash_widget.coc import content
from clash_widget.coc.board import city_size, effective_size, hex_distance
from clash_widget.coc.cities import yields
from clash_widget.coc.economy import cap, option_cost
from clash_widget.coc.effects import PIECE_EFFECT, grants
from clash_widget.coc.vocab import ANGRY, BARBARIANS
from clash_widget.coc.wonders import buildable, wonder_cards
from clash_widget.engine import Action, Match
from clash_widget.engine.game import State
from clash_widget.engine.state import clone

GAMES = ((2, 41), (3, 42), (4, 43))
STEPS = 420  # actions per game: well into the second age, armies and trades included


def decisions() -> Iterator[tuple[State, list[Action], CocHeuristicBot]]:
    """Every decision of heuristic games with more than one answer: the position, the
    legal actions and the deciding bot as it is before it decides."""
    for players, seed in GAMES:
        m = Match.new("coc", players, seed, keep_undo=False)
        bots = [make_bot("heuristic", "coc", seed + q) for q in range(players)]
        for _ in range(STEPS):
            if m.is_over:
                break
            legal = m.legal_actions()
            bot = bots[m.state["stack"][-1]["player"]]
            assert isinstance(bot, CocHeuristicBot)
            if len(legal) > 1:
                yield m.state, legal, bot
            m.play(bot.choose(m.game, m.state, legal))


def seats(state: State) -> Iterator[Seat]:
    w = CocHeuristicBot().w
    for q in range(len(state["players"])):
        yield Seat(state, q, w)
        yield Seat(state, q, w, public=True)


def empty_caches() -> None:
    reading._GOALS.clear()
    plan._UNIT_WORTH.clear()
    plan._SAVE_PENALTY.clear()
    trades._SWAPS.clear()
    trades.offer.cache_clear()
    reading.objectives_of.cache_clear()
    reading._SETTLER_PLANS.clear()
    reading._SITES.clear()
    turn._COLLECTS.clear()
    # #38: the wonders in reach, the goals the options price, the numbers standing for keys
    plan._WONDER_CHOICES.clear()
    plan._OPTION_GOALS.clear()
    plan._UNIT_WORTH_NUMBERS.clear()
    plan._SWAP_NUMBERS.clear()
    plan._GOALS_NUMBERS.clear()
    reading._BOARDS.clear()
    reading._DISTANCES.clear()
    plan.pieces_allowed.cache_clear()


# -- the plain definitions -------------------------------------------------------------------
def plain_threats(seat: Seat) -> dict[str, int]:
    movers = {q for q, pl in enumerate(seat.s["players"]) if grants(pl, "move.armies")}
    enemy = [
        (u["hex"], u["owner"])
        for u in seat.units.values()
        if u["kind"] == "army"
        and u["owner"] != seat.p
        and (u["owner"] in movers or u["owner"] < 0)
        and (u["owner"] < 0 or seat.in_the_field(u))
    ]
    out = {}
    for k in seat.mine:
        count: dict[int, int] = {}
        for h, o in enemy:
            if hex_distance(h, k) <= (1 if o < 0 else 3):
                count[o] = count.get(o, 0) + 1
        if count:
            out[k] = max(count.values())
    return out


def plain_guards(seat: Seat) -> dict[str, int]:
    out = {k: min(4, n + 1) for k, n in plain_threats(seat).items()}
    movers = {
        q for q, pl in enumerate(seat.s["players"]) if q != seat.p and grants(pl, "move.armies")
    }
    rival_armies = [
        u["hex"]
        for u in seat.units.values()
        if u["kind"] == "army" and u["owner"] in movers and seat.in_the_field(u)
    ]
    for k in seat.mine:
        if k not in out and any(hex_distance(h, k) <= seat.w["guard_radius"] for h in rival_armies):
            out[k] = 1
    return out


def plain_growable(seat: Seat) -> list[str]:
    limit = min(len(seat.mine), seat.s["options"]["max_city_size"])
    out = []
    for k in seat.mine:
        c = seat.cities[k]
        if c["mood"] == ANGRY or city_size(c) + 1 > limit:
            continue
        if any(seat.grants(e) and pc not in c["pieces"] for pc, e in PIECE_EFFECT.items()):
            out.append(k)
    return out


def plain_goals(seat: Seat) -> list[tuple[str, float, dict[str, int], float]]:
    out = []
    if seat.wonder_goal:
        w = seat.wonder_goal
        out.append(Goal("wonder", w.worth, dict(w.cost)))
    if seat.wants_settler:
        out.append(Goal("expand", seat.w["found"], option_cost(seat.s, "settler_cost")))
    if plain_growable(seat):
        out.append(Goal("grow", seat.w["grow"], option_cost(seat.s, "grow_cost")))
    if seat.army_wanted:
        out.append(Goal("arm", seat.arm_worth, option_cost(seat.s, "army_cost")))
    out.append(Goal("research", seat.w["research"] + 10, research_cost(seat.s)))
    out.sort(key=lambda g: -g.per_unit)
    return [(g.name, g.worth, g.cost, g.per_unit) for g in out]


def plain_settler_plan(seat: Seat) -> dict[str, list[tuple[str, dict[str, int]]]]:
    plan: dict[str, list[tuple[str, dict[str, int]]]] = {}
    taken: set[str] = set()
    spots = sorted(
        {u["hex"] for u in seat.units.values() if u["owner"] == seat.p and u["kind"] == "settler"}
    )
    for h in spots:
        reach = seat.bfs([h])
        for _ in range(seat.mine_at(h, "settler")):
            best, best_v = None, float(-FAR)
            for k, v in seat.sites.items():
                if k in taken or k not in reach:
                    continue
                score = v - 1.2 * reach[k]
                if score > best_v:
                    best, best_v = k, score
            if best is None:
                continue
            taken.add(best)
            taken.update(seat.nbrs(best))
            plan.setdefault(h, []).append((best, seat.bfs([best])))
    return plan


def plain_needed(seat: Seat, h: str) -> int | None:
    for a in range(1, seat.s["options"]["group_size"] + 1):
        if seat.odds(a, h) >= seat.w["attack_odds"]:
            return a
    return None


def plain_strike(seat: Seat) -> tuple[str, int, dict[str, int]] | None:
    if not seat.grants("move.armies"):
        return None
    starts = [k for k in seat.mine] + [
        u["hex"] for u in seat.units.values() if u["owner"] == seat.p and u["kind"] == "army"
    ]
    if not starts:
        return None
    reach = seat.bfs(sorted(set(starts)))
    spare = seat.my_armies - sum(seat.guards.values())
    best, best_v = None, 0.0
    for k, c in seat.cities.items():
        if c["owner"] == seat.p:
            continue
        near = min((reach[n] for n in seat.nbrs(k) if n in reach), default=None)
        if near is None or near > seat.w["strike_reach"]:
            continue
        need = plain_needed(seat, k)
        if need is None:
            continue
        if c["owner"] != BARBARIANS and need > spare:
            continue
        v = seat.target_worth(k) / (1 + near / 3) - 0.1 * need
        if v > best_v:
            best, best_v = (k, need), v
    if best is None:
        return None
    return best[0], best[1], seat.bfs([best[0]])


def plain_wonder_goal(seat: Seat) -> tuple[str, float, dict[str, int]] | None:
    if not any(seat.cities[k]["mood"] != ANGRY for k in seat.mine):
        return None
    best = None
    for wd in buildable(seat.s, seat.p):
        if seat.public and wd in seat.me["wonders_reserved"]:
            continue
        reserved = wd in seat.me["wonders_reserved"] and seat.grants("wonder.monuments")
        if not (seat.grants("wonder.build") or reserved):
            continue
        cost = wonder_cards()[wd]["cost"]
        if not all(seat.me[t] >= cost.get(t, 0) for t in ("mood", "culture")):
            continue
        if cost.get("food", 0) > cap(seat.s, seat.me, "food") + seat.res["gold"]:
            continue
        short = shortfall(seat.res, cost)
        if best is None or short < best[0]:
            best = (short, wd, cost)
    return None if best is None else ("wonder", 6 * seat.w["grow"], dict(best[2]))


def plain_wants_settler(seat: Seat) -> bool:
    mine = [k for k, c in seat.cities.items() if c["owner"] == seat.p]
    settlers = sum(
        1 for u in seat.units.values() if u["owner"] == seat.p and u["kind"] == "settler"
    )
    goal = seat.w["target_cities"] if seat.age <= seat.w["last_settler_age"] else 0
    goal = max(goal, seat.objectives.get("cities", 0))
    return len(mine) + settlers < goal and any(v >= 3 for v in seat.sites.values())


def plain_build_worth(bot: Any, seat: Seat, key: str) -> float:
    best = -1.0
    room = seat.s["options"]["max_units_per_space"] - sum(
        1 for u in seat.by_hex.get(key, ()) if u["on"] is None
    )
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
        shortfall(seat.res, option_cost(seat.s, "army_cost")) == 0 or turn.can_draft(seat)
    ):
        if seat.guards.get(key, 0) > seat.mine_at(key, "army"):
            v = bot.w["defend"] + 10
        elif seat.guard_deficit and not seat.grants("move.armies"):
            v = -1.0
        else:
            v = seat.arm_worth
            if seat.strike:
                v -= 2 * min(seat.strike[2].get(key, 9), 9)
        best = max(best, v + seat.save_penalty(option_cost(seat.s, "army_cost"), "arm"))
    return best + turn.activation(bot, seat, seat.cities[key])


def plain_collect_worth(seat: Seat, key: str) -> float:
    city = seat.cities[key]
    takes: list[list[str]] = []
    for h in [key, *seat.nbrs(key)]:
        if h != key and h in seat.cities:
            continue
        if seat.foreign(h):
            continue
        got = yields(seat.s, seat.p, h, city)
        if got:
            takes.append(got)
    return turn.greedy_takes(seat, takes, effective_size(seat.s, city))[0]


def plain_advance_worth(bot: Any, seat: Seat, adv: str) -> float:
    v = bot.w["research"] + turn.ADVANCE_VALUE.get(adv, 0)
    info = content.advances()[adv]
    group = content.groups()[info["group"]]
    if group["government"]:
        held = seat.governments
        if held and info["group"] not in held:
            return v - 200
    if adv == turn.TACTICS and (seat.threats or turn.barbarians_near(seat)):
        v += 30
    if adv == turn.FISHING and not any(
        seat.hexes[n]["terrain"] == "sea" for k in seat.mine for n in seat.nbrs(k)
    ):
        v -= 20
    if adv in turn.PIECE_ADVANCES and len(seat.mine) >= 2:
        v += 6
    if adv == turn.STORAGE and seat.grants("wonder.build"):
        v += 10
    if adv == turn.ENGINEERING and seat.age >= 2:
        v += 6
    return v


def plain_group_value(seat: Seat, src: str, dst: str, n_army: int, n_settler: int) -> float:
    if seat.enemy_space(dst):
        if n_army == 0 or n_settler:
            return -100.0
        return seat.attack_value(src, dst, n_army)
    if not seat.land(dst):
        return -100.0
    mine_there = sum(
        1 for u in seat.by_hex.get(dst, ()) if u["owner"] == seat.p and u["on"] is None
    )
    if mine_there + n_army + n_settler > seat.s["options"]["max_units_per_space"]:
        return -100.0
    gains = []
    for _, dist in seat.settler_plan.get(src, [])[:n_settler]:
        gains.append(seat.w["march_settler"] * (dist.get(src, FAR) - dist.get(dst, FAR)))
    if n_settler > len(seat.settler_plan.get(src, [])):
        gains += [-5.0] * (n_settler - len(seat.settler_plan.get(src, [])))
    jobs = sorted(seat.army_jobs.get(src, []), key=lambda j: -seat._job_gain(j, src, dst))
    for job in jobs[:n_army]:
        gains.append(seat._job_gain(job, src, dst))
    if n_army > len(jobs):
        gains += [-5.0] * (n_army - len(jobs))
    if not gains:
        return -100.0
    best = max(gains)
    return best + 0.2 * (sum(gains) - best)


# -- the comparisons ---------------------------------------------------------------------
def test_readings_are_their_plain_definitions() -> None:
    """Threats, guards and their shortfall, the target city and the armies each city needs,
    cities that can grow, the wonder to save for, whether to want a settler, the goals in
    order, settler plans, the worth of building in each city, each city's collection, each
    advance's worth, each group's value and each trade test, at every decision for every
    seat."""
    positions = offers = groups = 0
    bot = CocHeuristicBot()
    for state, legal, _ in decisions():
        positions += 1
        for seat in seats(state):
            assert seat.threats == plain_threats(seat)
            assert list(seat.guards.items()) == list(plain_guards(seat).items())
            assert seat.growable == plain_growable(seat)
            assert seat.settler_plan == plain_settler_plan(seat)
            w = seat.wonder_goal
            assert (w and (w.name, w.worth, w.cost)) == (plain_wonder_goal(seat) or None)
            assert seat.wants_settler == plain_wants_settler(seat)
            assert seat.guard_deficit == sum(
                max(0, n - seat.mine_at(k, "army")) for k, n in seat.guards.items()
            )
            assert seat.foreign_hexes == frozenset(
                u["hex"] for u in seat.units.values() if u["owner"] != seat.p
            )
            for k in seat.mine:
                assert turn.build_worth(bot, seat, k) == plain_build_worth(bot, seat, k)
            assert seat.strike == plain_strike(seat)
            for k, c in seat.cities.items():
                assert seat.needed(k) == plain_needed(seat, k)
                for owner in (None, *range(-1, len(state["players"]))):
                    assert seat.armies(k, owner) == sum(
                        1
                        for u in seat.by_hex.get(k, ())
                        if u["kind"] == "army"
                        and u["on"] is None
                        and (u["owner"] == owner if owner is not None else u["owner"] != seat.p)
                    )
                if seat.armies(k) and "fortress" not in c["pieces"]:  # the same city fortified
                    walled = clone(state)
                    walled["cities"][k]["pieces"]["fortress"] = c["owner"]
                    other = Seat(walled, seat.p, seat.w, public=seat.public)
                    assert other.needed(k) == plain_needed(other, k)
            assert [(g.name, g.worth, g.cost, g.per_unit) for g in seat.goals] == plain_goals(seat)
            for k in seat.mine:
                assert turn.collect_worth(seat, k) == plain_collect_worth(seat, k)
            for adv in content.advances():
                assert turn.advance_worth(bot, seat, adv) == plain_advance_worth(bot, seat, adv)
            for h in sorted({u["hex"] for u in seat.units.values() if u["owner"] == seat.p}):
                for n in seat.nbrs(h):
                    for na in range(3):
                        for ns in range(3):
                            if na + ns:
                                groups += 1
                                assert seat.group_value(h, n, na, ns) == plain_group_value(
                                    seat, h, n, na, ns
                                )
        frame = state["stack"][-1]
        if positions % 10 == 0:  # swaps of every kind and size, over the limits too
            for seat in seats(state):
                for get in trades.BASIC + ("ideas",):
                    for give in trades.BASIC + ("gold",):
                        for n_get, n_give in ((1, 1), (3, 1), (6, 2), (1, 4)):
                            assert trades.swap_helps(
                                seat, get, n_get, give, n_give
                            ) == trades.helps(seat, {get: n_get}, {give: n_give})
        for a in legal:
            if a.kind == "trade":
                offers += 1
                me = Seat(state, frame["player"], bot.w)
                q, give, n_give, get, n_get = trades.offer(a.args)
                them = me.other(q)
                assert trades.swap_helps(me, get, n_get, give, n_give) == trades.helps(
                    me, {get: n_get}, {give: n_give}
                )
                assert trades.swap_helps(them, give, n_give, get, n_get) == trades.helps(
                    them, {give: n_give}, {get: n_get}
                )
    assert positions > 600 and offers > 300 and groups > 1000


def test_cached_choices_are_cold_choices() -> None:
    """Every turn action's score and every choice, with the caches as the game left them
    and with every cache emptied first: the same (the caches hold pure functions)."""
    positions = 0
    for state, legal, bot in decisions():
        frame = state["stack"][-1]
        cold_bot = copy.deepcopy(bot)  # the same random stream and the same offers made
        warm_bot = copy.deepcopy(bot)
        warm_state, cold_state = clone(state), clone(state)
        if frame["kind"] == "turn":
            warm = [
                turn.turn_score(warm_bot, Seat(warm_state, frame["player"], warm_bot.w), frame, a)
                for a in legal
            ]
            cold = []
            for a in legal:
                empty_caches()
                seat = Seat(cold_state, frame["player"], cold_bot.w)
                cold.append(turn.turn_score(cold_bot, seat, frame, a))
            assert warm == cold
        warm_choice = warm_bot.choose(None, warm_state, legal)  # type: ignore[arg-type]
        empty_caches()
        assert cold_bot.choose(None, cold_state, legal) == warm_choice  # type: ignore[arg-type]
        positions += 1
    assert positions > 600
