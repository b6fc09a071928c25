"""A readable rule-of-thumb strategy for Clash of Cultures that plays every part of the game.

For each decision the bot reads the position from its seat (the board, every city and unit,
every player's public stock, and its own hand of cards: never another player's hand or the
piles), works out a small plan, and scores every legal action with the rules of thumb in
:mod:`.coc_thumbs`. It plays the best-scoring action; ties are broken by its own random
stream. The plan is worked out afresh at every decision (the only memory the bot keeps is
the list of trade offers it made this turn):

* **Purchases it saves for**, best first: a wonder it can build (once it owns Engineering,
  Storage and the tokens), a settler while it has fewer cities than ``target_cities``, a
  city piece, armies, an advance. Collecting takes the goods those purchases still lack;
  spending goods the best one still lacks is penalised (the ``save`` rule).
* **Sites for settlers**: free fertile land two or more spaces from every city, rated by
  the land around it, near its own cities; face-down regions count as places to explore.
  Each settler walks to the best site it can reach (``march_settler``) and founds there.
* **Armies**: a city that enemy armies could reach next turn wants one more army than the
  threat (``defend``); the rest march on the best target city (a barbarian city or a
  rival's) and attack when the exact odds of :func:`clash_widget.coc.odds.battle_odds`
  reach ``attack_odds`` (``attack``); after a round they retreat when the odds fall below
  ``retreat_odds``. A target that needs more armies makes the bot build them (``arm``).
* **Culture**: influence a rival's city when the chance (with culture tokens for range
  and for the roll) is good (``influence``); lift angry cities (``civic``).
* **Trades**: swap a spare good for one it lacks, when the partner is short of the first
  and has the second to spare; accept the same kind of swap. Each offer is made at most
  once a turn, so a refused offer is never repeated.

Every other decision frame (collecting, building, moving, combat cards, casualties,
Siegecraft, the refugee's city, influence boosts, trade replies and routes, status-phase
advances, Monuments, Dogma, government cubes, event mood) is answered from the same plan,
always with one of the legal actions.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Generic, TypeVar

from ..coc import content
from ..coc.board import board_neighbours, city_size, effective_size, hex_distance, terrain
from ..coc.cards import action_cards, card_base, objective_cards
from ..coc.cities import yields
from ..coc.economy import cap, option_cost
from ..coc.effects import PIECE_ADVANCE
from ..coc.odds import battle_odds, influence_success
from ..coc.vocab import ANGRY, BARBARIANS, HAPPY, LAND, NEUTRAL
from ..coc.windows import gives
from ..coc.wonders import wonder_cards
from ..engine import Action, Game
from ..engine.game import State
from .base import Bot
from .coc_thumbs import ADVANCE_VALUE, WEIGHTS

T = TypeVar("T")


class cached_property(Generic[T]):  # noqa: N801 - functools' name, functools' behaviour
    """``functools.cached_property`` without the lock Python 3.11's takes on every first
    read (a Seat lives for one decision, in one thread): the value is stored in the
    instance, which then answers without calling this again."""

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn
        self.name = fn.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> T:
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


BASIC = ("food", "wood", "ore")
RESOURCES = ("food", "wood", "ore", "ideas", "gold")
FERTILE = frozenset({"plains", "forest", "mountain"})
FAR = 99
_NEIGHBOURS: dict[tuple[int, str], list[str]] = {}  # (board, hex) -> its neighbours
_SITES: dict[tuple[Any, ...], dict[str, float]] = {}  # Seat.sites by what it reads
_DISTANCES: dict[tuple[Any, ...], dict[str, int]] = {}  # Seat.bfs by what it reads


@lru_cache(maxsize=4096)
def _win_odds(attackers: int, defenders: int, fortress: bool, divisor: int) -> float:
    return battle_odds(attackers, defenders, fortress, divisor)["wins"]


class Goal:
    """A purchase the bot saves for: its worth and its cost in goods and tokens."""

    __slots__ = ("cost", "name", "worth")

    def __init__(self, name: str, worth: float, cost: dict[str, int]) -> None:
        self.name, self.worth, self.cost = name, worth, cost

    @property
    def per_unit(self) -> float:
        return self.worth / max(1, sum(self.cost.values()))


def research_cost(state: State) -> dict[str, int]:
    """What an advance costs by the rules options (``research_cost`` food; ideas or gold may
    stand in)."""
    return {"food": state["options"]["research_cost"]}


def _need(stock: dict[str, int], cost: dict[str, int], research: bool = False) -> dict[str, int]:
    """Goods still missing for ``cost`` (gold, the wildcard, not counted yet)."""
    out = {}
    for r, n in cost.items():
        have = stock.get(r, 0)
        if research and r == "food":
            have += stock.get("ideas", 0)
        if n > have:
            out[r] = n - have
    return out


def _short(stock: dict[str, int], cost: dict[str, int], research: bool = False) -> int:
    """Units missing after gold has stood in for what it can (:func:`_need`, summed by
    whether gold may stand in, without building the dictionary: a hot loop of the search)."""
    basic = other = 0
    for r, n in cost.items():
        have = stock.get(r, 0)
        if research and r == "food":
            have += stock.get("ideas", 0)
        if n > have:
            if r in BASIC:
                basic += n - have
            else:
                other += n - have
    return max(0, basic - stock.get("gold", 0)) + other


class Seat:
    """What one seat reads for one decision, worked out lazily (each part at most once)."""

    def __init__(self, state: State, p: int, w: dict[str, float], *, public: bool = False) -> None:
        self.s = state
        self.public = public  # judging another seat: leave out its hidden cards
        self.p = p
        self.w = w
        self.me = state["players"][p]
        self.res = self.me["res"]
        self.hexes = state["hexes"]
        self.cities = state["cities"]
        self.units = state["units"]
        self.age = state["turn"]["age"]
        self._board = hash(tuple(self.hexes))
        self._others: dict[int, Seat] = {}
        self._memo: dict[Any, Any] = {}
        self._nbrs: dict[str, list[str]] = {}

    def other(self, q: int) -> Seat:
        """Another seat, judged from public facts only (kept for this decision)."""
        seat = self._others.get(q)
        if seat is None:
            seat = self._others[q] = Seat(self.s, q, self.w, public=True)
        return seat

    # -- the board -----------------------------------------------------------------------
    def nbrs(self, h: str) -> list[str]:
        n = self._nbrs.get(h)  # this decision's board: no key to build
        if n is None:
            key = (self._board, h)
            n = _NEIGHBOURS.get(key)
            if n is None:
                n = _NEIGHBOURS[key] = board_neighbours(self.s, h)
            self._nbrs[h] = n
        return n

    def has(self, adv: str) -> bool:
        return adv in self.me["advances"]

    @cached_property
    def mine(self) -> list[str]:
        return sorted(k for k, c in self.cities.items() if c["owner"] == self.p)

    @cached_property
    def by_hex(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for u in self.units.values():
            out.setdefault(u["hex"], []).append(u)
        return out

    @cached_property
    def foreign_hexes(self) -> frozenset[str]:
        return frozenset(u["hex"] for u in self.units.values() if u["owner"] != self.p)

    @cached_property
    def enemy_hexes(self) -> frozenset[str]:
        return self.foreign_hexes | {k for k, c in self.cities.items() if c["owner"] != self.p}

    def foreign(self, h: str) -> bool:
        return h in self.foreign_hexes

    def enemy_space(self, h: str) -> bool:
        return h in self.enemy_hexes

    def land(self, h: str) -> bool:
        t = self.hexes[h]["terrain"]
        return t is None or t in LAND

    def armies(self, h: str, owner: int | None = None) -> int:
        """Armies on land at ``h`` (of ``owner``, or of anyone but me)."""
        return sum(
            1
            for u in self.by_hex.get(h, ())
            if u["kind"] == "army"
            and u["on"] is None
            and (u["owner"] == owner if owner is not None else u["owner"] != self.p)
        )

    def mine_at(self, h: str, kind: str) -> int:
        return sum(1 for u in self.by_hex.get(h, ()) if u["owner"] == self.p and u["kind"] == kind)

    @cached_property
    def terrain(self) -> tuple[tuple[str, str | None], ...]:
        """The board as the distances and sites read it: every hex, in order, with its terrain."""
        return tuple((k, h["terrain"]) for k, h in self.hexes.items())

    def bfs(self, sources: list[str]) -> dict[str, int]:
        """Land distances from ``sources`` through spaces free of enemies (my units pass).

        Remembered across decisions under what they read (the board, the enemy spaces, the
        sources); callers only read the distances."""
        key = (self.terrain, self.enemy_hexes, tuple(sources))
        dist = _DISTANCES.get(key)
        if dist is None:
            if len(_DISTANCES) > 4096:
                _DISTANCES.clear()
            dist = _DISTANCES[key] = self._bfs(sources)
        return dist

    def _bfs(self, sources: list[str]) -> dict[str, int]:
        dist = dict.fromkeys(sources, 0)
        todo = deque(sources)
        enemy, hexes, known = self.enemy_hexes, self.hexes, self._nbrs
        while todo:
            h = todo.popleft()
            d = dist[h] + 1
            ns = known.get(h)
            for n in self.nbrs(h) if ns is None else ns:
                if n in dist or n in enemy:
                    continue
                t = hexes[n]["terrain"]
                if t is not None and t not in LAND:
                    continue
                dist[n] = d
                todo.append(n)
        return dist

    # -- purchases -----------------------------------------------------------------------
    @cached_property
    def objectives(self) -> dict[str, int]:
        """My objective cards in hand: test -> the number it asks for."""
        out: dict[str, int] = {}
        if self.public:
            return out
        for c in self.me["objectives_hand"]:
            spec = objective_cards().get(card_base(c))
            if spec:
                out[spec["test"]] = spec["n"]
        return out

    @cached_property
    def settlers(self) -> int:
        return sum(
            1 for u in self.units.values() if u["owner"] == self.p and u["kind"] == "settler"
        )

    @cached_property
    def my_armies(self) -> int:
        return sum(1 for u in self.units.values() if u["owner"] == self.p and u["kind"] == "army")

    @cached_property
    def wants_settler(self) -> bool:
        have = len(self.mine) + self.settlers
        goal = self.w["target_cities"] if self.age <= self.w["last_settler_age"] else 0
        goal = max(goal, self.objectives.get("cities", 0))
        return have < goal and any(v >= 3 for v in self.sites.values())

    def tokens_ok(self, cost: dict[str, int]) -> bool:
        return all(self.me[t] >= cost.get(t, 0) for t in ("mood", "culture"))

    @cached_property
    def wonder_goal(self) -> Goal | None:
        """The cheapest wonder I could build once I hold its goods (None if out of reach)."""
        from ..coc.wonders import buildable

        if not any(self.cities[k]["mood"] != ANGRY for k in self.mine):
            return None
        best = None
        for wd in buildable(self.s, self.p):
            if self.public and wd in self.me["wonders_revealed"]:
                continue
            reserved = wd in self.me["wonders_revealed"] and self.has("monuments")
            if not (self.has("engineering") or reserved):
                continue
            cost = wonder_cards()[wd]["cost"]
            if not self.tokens_ok(cost):
                continue
            if cost.get("food", 0) > cap(self.s, self.me, "food") + self.res["gold"]:
                continue
            short = _short(self.res, cost)
            if best is None or short < best[0]:
                best = (short, wd, cost)
        if best is None:
            return None
        return Goal("wonder", 6 * self.w["grow"], dict(best[2]))

    @cached_property
    def growable(self) -> list[str]:
        """My cities that could take another piece now (not angry, room, an advance)."""
        limit = min(len(self.mine), self.s["options"]["max_city_size"])
        out = []
        for k in self.mine:
            c = self.cities[k]
            if c["mood"] == ANGRY or city_size(c) + 1 > limit:
                continue
            if any(self.has(a) and pc not in c["pieces"] for pc, a in PIECE_ADVANCE.items()):
                out.append(k)
        return out

    @cached_property
    def goals(self) -> list[Goal]:
        out = []
        if self.wonder_goal:
            out.append(self.wonder_goal)
        if self.wants_settler:
            out.append(Goal("expand", self.w["found"], option_cost(self.s, "settler_cost")))
        if self.growable:
            out.append(Goal("grow", self.w["grow"], option_cost(self.s, "grow_cost")))
        if self.army_wanted:
            out.append(Goal("arm", self.arm_worth, option_cost(self.s, "army_cost")))
        out.append(Goal("research", self.w["research"] + 10, research_cost(self.s)))
        out.sort(key=lambda g: -g.per_unit)
        return out

    @cached_property
    def unit_worth(self) -> dict[str, list[float]]:
        """Per good, what the 1st, 2nd, ... extra unit is worth: to the best purchase still
        short of it (half its worth per good: collecting is half the way), 2 for a good
        nobody needs yet, 0 over the limit (wasted)."""
        wants: dict[str, list[tuple[int, float]]] = {r: [] for r in RESOURCES}
        for g in self.goals:
            worth = g.per_unit * 0.5
            research = g.name == "research"
            miss = _need(self.res, g.cost, research)
            basic = 0
            for r, n in miss.items():
                if r in wants:
                    wants[r].append((n, worth))
                if r in BASIC:
                    basic += n
            if research and "food" in miss:
                wants["ideas"].append((miss["food"], worth))
            if basic:
                wants["gold"].append((basic, worth))
        table: dict[str, list[float]] = {}
        for r in RESOURCES:
            room = max(0, cap(self.s, self.me, r) - self.res.get(r, 0))
            table[r] = [
                max([2.0, *(worth for short, worth in wants[r] if short >= k)])
                for k in range(1, room + 1)
            ]
        return table

    def worth_of_goods(self, got: dict[str, int]) -> float:
        """What extra goods are worth to the purchases I save for (see ``unit_worth``)."""
        total = 0.0
        table = self.unit_worth
        for r, n in got.items():
            values = table.get(r)
            if values:
                total += sum(values[:n])
        return total

    def save_penalty(self, cost: dict[str, int], serves: str) -> float:
        """The ``save`` rule: spending goods the best wanted purchase still lacks."""
        key = (tuple(sorted(cost.items())), serves)
        memo = self._memo.get(("save", key))
        if memo is None:
            memo = self._memo[("save", key)] = self._save_penalty(cost, serves)
        return memo

    def _save_penalty(self, cost: dict[str, int], serves: str) -> float:
        """Spending ``cost`` for the purchase ``serves``: the worst harm it does to a
        purchase worth more per good (what that purchase then lacks more, times its worth)."""
        after_stock = dict(self.res)
        for r, n in cost.items():
            if r in after_stock:
                take = min(n, after_stock[r])
                after_stock[r] -= take
                if n > take:
                    after_stock["gold"] = max(0, after_stock["gold"] - (n - take))
        worst = 0.0
        for g in self.goals:
            if g.name == serves:
                break  # the goals below are worth less per good than this purchase
            research = g.name == "research"
            more = _short(after_stock, g.cost, research) - _short(self.res, g.cost, research)
            worst = max(worst, more * g.per_unit)
        return self.w["save"] * worst

    # -- sites for new cities ---------------------------------------------------------------
    @cached_property
    def sites(self) -> dict[str, float]:
        """Where a new city would stand, with how good the place is (face-down hexes: exploring).

        Remembered across decisions under everything it reads (the board's hexes in order,
        who owns which city, where the other seats' units and land armies stand, two
        advances and the spacing weight): a search plays many decisions on one board.
        Callers only read the dictionary."""
        key = (
            self.p,
            self.has("irrigation"),
            self.has("fishing"),
            self.w["spacing"],
            self.terrain,
            tuple((k, c["owner"]) for k, c in self.cities.items()),
            frozenset(
                (u["hex"], u["kind"] == "army" and u["on"] is None)
                for u in self.units.values()
                if u["owner"] != self.p
            ),
        )
        out = _SITES.get(key)
        if out is None:
            if len(_SITES) > 2048:
                _SITES.clear()
            out = _SITES[key] = self._sites()
        return out

    def _sites(self) -> dict[str, float]:
        out: dict[str, float] = {}
        irrigation, fishing = self.has("irrigation"), self.has("fishing")
        near_rival: set[str] = set()
        for k, c in self.cities.items():
            if c["owner"] != self.p:
                ring = {k, *self.nbrs(k)}
                near_rival |= ring | {n for h in ring for n in self.nbrs(h)}
        near_army = {
            n
            for u in self.units.values()
            if u["kind"] == "army" and u["owner"] != self.p and u["on"] is None
            for n in self.nbrs(u["hex"])
        }
        city_ring = {n for k in self.cities for n in self.nbrs(k)}
        for k, h in self.hexes.items():
            t = h["terrain"]
            if t is not None and t not in FERTILE:
                continue
            if k in self.cities or k in self.foreign_hexes:
                continue
            if t is None:
                if not any(self.hexes[n]["terrain"] is not None for n in self.nbrs(k)):
                    continue
                v = 4.0
            else:
                v, kinds = 0.0, set()
                for n in [k, *self.nbrs(k)]:
                    tn = self.hexes[n]["terrain"]
                    if tn in FERTILE:
                        v += 1.2 if tn == "plains" else 1.0
                        kinds.add(tn)
                    elif tn == "barren":
                        v += 1.0 if irrigation else 0.3
                    elif tn == "sea":
                        v += 0.8 if fishing else 0.4
                    elif tn is None:
                        v += 0.6
                v += 0.8 * len(kinds)
                if k in city_ring:
                    v -= 6
            near_own = min((hex_distance(k, c) for c in self.mine), default=0)
            if near_own > 3:
                v -= 1.5 * (near_own - 3)
            elif near_own == 2:
                v -= self.w["spacing"]  # leave the land between cities some room
            if k in near_rival:
                v -= 3
            if k in near_army:
                v -= 4
            out[k] = v
        return out

    @cached_property
    def settler_plan(self) -> dict[str, list[tuple[str, dict[str, int]]]]:
        """Per settler hex: each settler's site and the distances to it."""
        plan: dict[str, list[tuple[str, dict[str, int]]]] = {}
        taken: set[str] = set()
        spots = sorted(
            {
                u["hex"]
                for u in self.units.values()
                if u["owner"] == self.p and u["kind"] == "settler"
            }
        )
        for h in spots:
            reach = self.bfs([h])
            for _ in range(self.mine_at(h, "settler")):
                best, best_v = None, -FAR
                for k, v in self.sites.items():
                    if k in taken or k not in reach:
                        continue
                    score = v - 1.2 * reach[k]
                    if score > best_v:
                        best, best_v = k, score
                if best is None:
                    continue
                taken.add(best)
                taken.update(self.nbrs(best))
                plan.setdefault(h, []).append((best, self.bfs([best])))
        return plan

    # -- armies -------------------------------------------------------------------------------
    def in_the_field(self, u: dict[str, Any]) -> bool:
        """An army outside its owner's cities (a city's guard is not counted as a threat)."""
        c = self.cities.get(u["hex"])
        return c is None or c["owner"] != u["owner"]

    @cached_property
    def threats(self) -> dict[str, int]:
        """My cities that enemy armies in the field could attack soon, with how many."""
        movers = {q for q, pl in enumerate(self.s["players"]) if "tactics" in pl["advances"]}
        enemy: list[tuple[str, int]] = [
            (u["hex"], u["owner"])
            for u in self.units.values()
            if u["kind"] == "army"
            and u["owner"] != self.p
            and (u["owner"] in movers or u["owner"] < 0)
            and (u["owner"] < 0 or self.in_the_field(u))
        ]
        out = {}
        for k in self.mine:
            count: dict[int, int] = {}
            for h, o in enemy:
                d = hex_distance(h, k)
                if d <= (1 if o < 0 else 3):
                    count[o] = count.get(o, 0) + 1
            if count:
                out[k] = max(count.values())
        return out

    @cached_property
    def guards(self) -> dict[str, int]:
        """How many armies each city should hold: one more than the armies that could
        attack it next turn, and one wherever a rival's army is in the field nearby."""
        out = {k: min(4, n + 1) for k, n in self.threats.items()}
        movers = {
            q
            for q, pl in enumerate(self.s["players"])
            if q != self.p and "tactics" in pl["advances"]
        }
        rival_armies = [
            u["hex"]
            for u in self.units.values()
            if u["kind"] == "army" and u["owner"] in movers and self.in_the_field(u)
        ]
        for k in self.mine:
            if k not in out and any(
                hex_distance(h, k) <= self.w["guard_radius"] for h in rival_armies
            ):
                out[k] = 1
        return out

    @cached_property
    def guard_deficit(self) -> int:
        return sum(max(0, n - self.mine_at(k, "army")) for k, n in self.guards.items())

    def fortress(self, h: str) -> bool:
        c = self.cities.get(h)
        return c is not None and "fortress" in c["pieces"]

    def odds(self, attackers: int, h: str) -> float:
        d = self.armies(h)
        if d == 0:
            return 1.0
        return _win_odds(attackers, d, self.fortress(h), self.s["options"]["hit_divisor"])

    def needed(self, h: str) -> int | None:
        """The fewest attackers (at most a full group) that reach ``attack_odds`` at ``h``."""
        for a in range(1, self.s["options"]["group_size"] + 1):
            if self.odds(a, h) >= self.w["attack_odds"]:
                return a
        return None

    def target_worth(self, h: str) -> float:
        """What winning at ``h`` is worth, as a multiple of the ``attack`` weight."""
        c = self.cities.get(h)
        if c is None:
            units = self.by_hex.get(h, ())
            return 0.25 + 0.1 * len(units)
        size = city_size(c)
        if c["owner"] == BARBARIANS:
            return 1.0 + 0.1 * size
        theirs = sum(1 for o in c["pieces"].values() if o == c["owner"])
        return 0.9 + 0.15 * theirs + 0.6 * len(c["wonders"])

    @cached_property
    def strike(self) -> tuple[str, int, dict[str, int]] | None:
        """The city my free armies march on: (city, armies needed, distances to it)."""
        if not self.has("tactics"):
            return None
        starts = [k for k in self.mine] + [
            u["hex"] for u in self.units.values() if u["owner"] == self.p and u["kind"] == "army"
        ]
        if not starts:
            return None
        reach = self.bfs(sorted(set(starts)))
        spare = self.my_armies - sum(self.guards.values())
        best, best_v = None, 0.0
        for k, c in self.cities.items():
            if c["owner"] == self.p:
                continue
            near = min((reach[n] for n in self.nbrs(k) if n in reach), default=None)
            if near is None or near > self.w["strike_reach"]:
                continue
            need = self.needed(k)
            if need is None:
                continue
            if c["owner"] != BARBARIANS and need > spare:
                continue  # rivals: only with armies to spare, never armies built for it
            v = self.target_worth(k) / (1 + near / 3) - 0.1 * need
            if v > best_v:
                best, best_v = (k, need), v
        if best is None:
            return None
        return best[0], best[1], self.bfs([best[0]])

    @cached_property
    def army_wanted(self) -> int:
        """How many more armies to build now (not judged for another seat)."""
        if self.public:
            return 0
        room = int(self.w["max_armies"]) - self.my_armies
        if room <= 0:
            return 0
        want = self.guard_deficit
        if self.strike:
            k, need, dist = self.strike
            free = self.my_armies - sum(self.guards.values())
            want += max(0, need - max(0, free))
        want = max(want, self.objectives.get("armies", 0) - self.my_armies)
        return max(0, min(room, want))

    @cached_property
    def arm_worth(self) -> float:
        """What one more army is worth: guarding a city, or taking the target city."""
        if self.guard_deficit:
            return self.w["defend"]
        if self.strike:
            return self.w["arm"] * (1 + self.target_worth(self.strike[0]))
        return self.w["arm"]

    @cached_property
    def army_jobs(self) -> dict[str, list[tuple[str, dict[str, int] | None]]]:
        """Per hex, a job for each of my armies there: guard (stay), go guard a city, strike."""
        jobs: dict[str, list[tuple[str, dict[str, int] | None]]] = {}
        free: dict[str, int] = {}
        for u in self.units.values():
            if u["owner"] == self.p and u["kind"] == "army" and u["on"] is None:
                free[u["hex"]] = free.get(u["hex"], 0) + 1
        for k, n in self.guards.items():
            keep = min(n, free.get(k, 0))
            if keep:
                jobs.setdefault(k, []).extend([("stay", None)] * keep)
                free[k] -= keep
        for k, n in sorted(self.guards.items(), key=lambda x: -x[1]):
            missing = n - self.mine_at(k, "army")
            if missing <= 0 or not self.has("tactics"):
                continue
            dist = self.bfs([k])
            for h in sorted((h for h in free if free[h] and h in dist), key=lambda h: dist[h]):
                while free[h] and missing:
                    jobs.setdefault(h, []).append(("guard", dist))
                    free[h] -= 1
                    missing -= 1
        if self.strike:
            dist = self.strike[2]
            for h, n in free.items():
                jobs.setdefault(h, []).extend([("strike", dist)] * n)
        return jobs

    # -- moving ----------------------------------------------------------------------------------
    def movable(self, h: str) -> tuple[int, int]:
        """My armies and settlers at ``h`` that may still move this turn."""
        a = s = 0
        tactics = self.has("tactics")
        for u in self.by_hex.get(h, ()):
            if u["owner"] != self.p or u["stop"] or u["fought"] or u["on"] is not None:
                continue
            if u["kind"] == "settler":
                s += 1
            elif u["kind"] == "army" and tactics:
                a += 1
        return a, s

    def attack_value(self, src: str, dst: str, n: int) -> float:
        win = self.odds(n, dst)
        if win < self.w["attack_odds"]:
            return -60.0
        return self.w["attack"] * win * self.target_worth(dst)

    def group_value(self, src: str, dst: str, n_army: int, n_settler: int) -> float:
        """What moving these units from ``src`` to ``dst`` is worth."""
        if self.enemy_space(dst):
            if n_army == 0 or n_settler:
                return -100.0
            return self.attack_value(src, dst, n_army)
        if not self.land(dst):
            return -100.0
        mine_there = sum(
            1 for u in self.by_hex.get(dst, ()) if u["owner"] == self.p and u["on"] is None
        )
        if mine_there + n_army + n_settler > self.s["options"]["max_units_per_space"]:
            return -100.0
        gains = []
        for _, dist in self.settler_plan.get(src, [])[:n_settler]:
            gains.append(self.w["march_settler"] * (dist.get(src, FAR) - dist.get(dst, FAR)))
        if n_settler > len(self.settler_plan.get(src, [])):
            gains += [-5.0] * (n_settler - len(self.settler_plan.get(src, [])))
        jobs = sorted(
            self.army_jobs.get(src, []),
            key=lambda j: -self._job_gain(j, src, dst),
        )
        for job in jobs[:n_army]:
            gains.append(self._job_gain(job, src, dst))
        if n_army > len(jobs):
            gains += [-5.0] * (n_army - len(jobs))
        if not gains:
            return -100.0
        best = max(gains)
        return best + 0.2 * (sum(gains) - best)

    def _job_gain(self, job: tuple[str, dict[str, int] | None], src: str, dst: str) -> float:
        kind, dist = job
        if dist is None:
            return self.w["leave_guard"]
        d_src, d_dst = dist.get(src, FAR), dist.get(dst, FAR)
        if kind == "strike" and d_dst == 0:
            return 0.0  # entering the target is an attack, valued apart
        if kind == "strike" and d_src <= 1:
            return -2.0  # wait next to the target for the others
        if kind == "guard":
            weight = self.w["defend"] / 2
        else:
            weight = self.w["march_army"] * (1 + self.target_worth(self.strike[0]))
        return weight * (d_src - d_dst)

    def best_group(self, h: str) -> float:
        a, s = self.movable(h)
        if not a + s:
            return 0.0
        size = self.s["options"]["group_size"]
        best = 0.0
        for n in self.nbrs(h):
            for na in range(min(a, size) + 1):
                for ns in range(min(s, size - na) + 1):
                    if na + ns:
                        best = max(best, self.group_value(h, n, na, ns))
        return best

    @cached_property
    def move_value(self) -> float:
        """A Move action: the best groups from up to three places."""
        spots = sorted({u["hex"] for u in self.units.values() if u["owner"] == self.p})
        vals = sorted((self.best_group(h) for h in spots), reverse=True)
        return sum(v for v in vals[: self.s["options"]["groups_per_move"]] if v > 0)

    # -- culture --------------------------------------------------------------------------------
    def blocked(self, dst: str) -> bool:
        c = self.cities[dst]
        owner = self.s["players"][c["owner"]]["advances"]
        if "separation_of_power" in owner and c["mood"] == HAPPY:
            return True
        if "totalitarianism" in owner and self.armies(dst, c["owner"]):
            return True
        return "devotion" in owner and "temple" in c["pieces"]

    def influence_chance(self, src: str, dst: str, art: bool) -> tuple[float, int]:
        o = self.s["options"]
        need = o["conversion_success"] if self.has("conversion") else o["influence_success"]
        reach = max(0, hex_distance(src, dst) - city_size(self.cities[src]))
        tokens = self.me["culture"] - (1 if art else 0)
        if tokens < reach:
            return 0.0, 0
        if self.blocked(dst):
            tokens = reach
        return influence_success(tokens, reach, need), reach

    # -- the leader --------------------------------------------------------------------------------
    @cached_property
    def leader(self) -> int | None:
        from ..coc.scoring import vp

        scores = [vp(self.s, q) for q in range(len(self.s["players"]))]
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None


class CocHeuristicBot(Bot):
    """Scores every legal action with the rules of thumb of :mod:`.coc_thumbs`."""

    name = "heuristic"

    def __init__(self, seed: int = 0, **weights: float) -> None:
        super().__init__(seed)
        unknown = set(weights) - set(WEIGHTS)
        if unknown:
            raise TypeError(f"unknown rule(s) of thumb: {', '.join(sorted(unknown))}")
        self.w = {**WEIGHTS, **weights}
        self._offers: tuple[tuple[int, int, int], set[Action]] = ((-1, -1, -1), set())

    # -- choosing ------------------------------------------------------------------------------
    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        frame = state["stack"][-1]
        seat = Seat(state, frame["player"], self.w)
        answer = getattr(self, "on_" + frame["kind"], None)
        picked = answer(seat, frame, legal) if answer is not None else None
        if picked is None or picked not in legal:
            picked = self._best(seat, frame, legal, self._generic)
        if picked.kind == "trade":
            self.note_offer(state, picked)
        return picked

    def _best(self, seat: Seat, frame: dict[str, Any], legal: list[Action], score: Any) -> Action:
        best, best_v = legal[0], float("-inf")
        for a in legal:
            v = score(seat, frame, a) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        return best

    def _generic(self, seat: Seat, frame: dict[str, Any], a: Action) -> float:
        """Frames without their own rule: anything but passing or declining."""
        return -1.0 if a.kind in ("pass", "decline") else 0.0

    # -- the turn -------------------------------------------------------------------------------
    def on_turn(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return self._best(seat, frame, legal, self.turn_score)

    def turn_score(self, seat: Seat, frame: dict[str, Any], a: Action) -> float:
        w, k = self.w, a.kind
        if k == "end":
            return 0.0
        if k == "found":
            return self._found(seat, a.args[0])
        if k == "wonder":
            city = seat.cities[a.args[0]]
            return w["wonder"] + self._activation(seat, city) + (5 if city["capital"] else 0)
        if k == "research":
            cost = research_cost(seat.s)
            return self._advance(seat, a.args[0]) + seat.save_penalty(cost, "research")
        if k == "grow":
            return self._grow(seat, a)
        if k == "build":
            return self._build_here(seat, a.args[0])
        if k == "collect":
            city = seat.cities[a.args[0]]
            return w["collect"] * self._collect_worth(seat, a.args[0]) + self._activation(
                seat, city
            )
        if k == "move":
            return seat.move_value
        if k == "influence":
            return self._influence(seat, a)
        if k == "civic":
            return self._civic(seat, voting=a.args[:1] == ("voting",))
        if k == "play":
            return self._card(seat, a.args[0])
        if k == "trade":
            return self._offer(seat, a)
        return self._ability(seat, a)

    def _activation(self, seat: Seat, city: dict[str, Any]) -> float:
        if city["activations"] == 0:
            return 0.0
        return self.w["reactivate"] * (2 if city["mood"] == NEUTRAL else 1)

    def _found(self, seat: Seat, h: str) -> float:
        for site, _ in seat.settler_plan.get(h, []):
            if site == h:
                return self.w["found"]
        if not seat.settler_plan.get(h):
            # no better site in reach: a city here still beats a wandering settler
            return self.w["found"] * (0.6 if h in seat.sites and seat.sites[h] > 0 else 0.3)
        return -1.0

    def _advance(self, seat: Seat, adv: str) -> float:
        v = self.w["research"] + ADVANCE_VALUE.get(adv, 0)
        info = content.advances()[adv]
        group = content.groups()[info["group"]]
        if group["government"]:
            held = {
                content.advances()[x]["group"]
                for x in seat.me["advances"]
                if content.groups()[content.advances()[x]["group"]]["government"]
            }
            if held and info["group"] not in held:
                return v - 200  # never give up a government's advances for another
        if adv == "tactics" and (seat.threats or self._barbarians_near(seat)):
            v += 30
        if adv == "fishing" and not any(
            seat.hexes[n]["terrain"] == "sea" for k in seat.mine for n in seat.nbrs(k)
        ):
            v -= 20
        piece = next((pc for pc, x in PIECE_ADVANCE.items() if x == adv), None)
        if piece and len(seat.mine) >= 2:
            v += 6
        if adv == "storage" and seat.has("engineering"):
            v += 10
        if adv == "engineering" and seat.age >= 2:
            v += 6
        return v

    def _barbarians_near(self, seat: Seat) -> bool:
        return any(
            c["owner"] == BARBARIANS
            and min((hex_distance(h, k) for k in seat.mine), default=FAR) <= 4
            for h, c in seat.cities.items()
        )

    def _grow(self, seat: Seat, a: Action) -> float:
        key, spec = a.args[0], a.args[1]
        city = seat.cities[key]
        piece = spec.split(":")[0].split("@")[0]
        v = self.w["grow"] + self._activation(seat, city)
        if piece == "fortress" and key in seat.threats:
            v += 15
        elif piece == "academy":
            v += 8
        elif piece == "temple":
            v += 6
            wants_culture = seat.me["mood"] >= 3 or seat.has("art_and_sculptures")
            if spec.endswith(":culture") == wants_culture:
                v += 2
        elif piece == "port":
            v += 2
        cost = option_cost(seat.s, "grow_cost")
        if a.args[2:] == ("+settler",):
            v += 30 if seat.wants_settler else -10
            cost["food"] = cost.get("food", 0) + 1
        return v + seat.save_penalty(cost, "grow")

    def _build_here(self, seat: Seat, key: str) -> float:
        city = seat.cities[key]
        best = -1.0
        room = seat.s["options"]["max_units_per_space"] - sum(
            1 for u in seat.by_hex.get(key, ()) if u["on"] is None
        )
        if room <= 0:
            return -1.0
        if seat.wants_settler and _short(seat.res, option_cost(seat.s, "settler_cost")) == 0:
            near = min((hex_distance(key, s) for s in seat.sites if seat.sites[s] >= 3), default=9)
            best = (
                self.w["expand"]
                - 2 * near
                + seat.save_penalty(option_cost(seat.s, "settler_cost"), "expand")
            )
        if seat.army_wanted and (
            _short(seat.res, option_cost(seat.s, "army_cost")) == 0 or self._can_draft(seat)
        ):
            if seat.guards.get(key, 0) > seat.mine_at(key, "army"):
                v = self.w["defend"] + 10
            elif seat.guard_deficit and not seat.has("tactics"):
                v = -1.0  # armies that cannot move only help where they stand
            else:
                v = seat.arm_worth
                if seat.strike:
                    v -= 2 * min(seat.strike[2].get(key, 9), 9)
            best = max(best, v + seat.save_penalty(option_cost(seat.s, "army_cost"), "arm"))
        return best + self._activation(seat, city)

    def _can_draft(self, seat: Seat) -> bool:
        need = 2 if seat.has("civil_liberties") else 1
        return seat.has("draft") and seat.me["mood"] >= need + 1

    def _collect_worth(self, seat: Seat, key: str) -> float:
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
        picks = effective_size(seat.s, city)
        return self._greedy_takes(seat, takes, picks)[0]

    def _greedy_takes(
        self, seat: Seat, takes: list[list[str]], picks: int
    ) -> tuple[float, list[int]]:
        """Choose up to ``picks`` hexes (one good each), best goods first."""
        table = seat.unit_worth
        got: dict[str, int] = {}
        used: list[int] = []
        total = 0.0
        for _ in range(picks):
            best, best_i, best_r = 0.0, -1, ""
            for i, options in enumerate(takes):
                if i in used:
                    continue
                for r in options:
                    values = table.get(r, ())
                    n = got.get(r, 0)
                    v = values[n] if n < len(values) else 0.0
                    if v > best:
                        best, best_i, best_r = v, i, r
            if best_i < 0:
                break
            used.append(best_i)
            got[best_r] = got.get(best_r, 0) + 1
            total += best
        return total, used

    def _influence(self, seat: Seat, a: Action) -> float:
        src, dst = a.args[0], a.args[1]
        art = a.args[2:] == ("art",)
        chance, reach = seat.influence_chance(src, dst, art)
        if chance <= 0:
            return -1.0
        v = self.w["influence"] * chance - 3 * reach
        if seat.leader is not None and seat.cities[dst]["owner"] == seat.leader:
            v += 10
        if art:
            v += 25  # no action spent
        return v

    def _civic_plan(self, seat: Seat, mood: int) -> list[tuple[str, float, int]]:
        """Mood lifts worth paying for, best first: (city, value, cost)."""
        from ..coc.civic import step_cost

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

    def _civic(self, seat: Seat, voting: bool) -> float:
        mood = seat.me["mood"] - (1 if voting else 0)
        plan = self._civic_plan(seat, mood)
        if not plan:
            return -1.0
        return self.w["civic"] * sum(v for _, v, _ in plan) + (15 if voting else 0)

    def _card(self, seat: Seat, card: str) -> float:
        spec = action_cards()[card_base(card)]
        if (
            seat.has("tactics")
            and (seat.threats or seat.strike)
            and len(seat.me["actions_hand"]) <= 1
        ):
            return -1.0  # keep the last card for a battle
        goods = {r: n for r, n in spec["gain"].items() if r not in ("mood", "culture")}
        tokens = sum(n for r, n in spec["gain"].items() if r in ("mood", "culture"))
        worth = seat.worth_of_goods(goods) + 6 * tokens
        if goods and worth < 4 * sum(goods.values()):
            return -1.0  # the goods would mostly be wasted
        v = self.w["card"] + worth
        return v - 30 if spec["costs_action"] else v

    def _ability(self, seat: Seat, a: Action) -> float:
        k, w = a.kind, self.w["ability"]
        mood = seat.me["mood"]
        if k == "taxation":
            n = len(seat.mine)
            room = cap(seat.s, seat.me, "gold") - seat.res["gold"]
            return w * min(n, room) / 2 - 10 if n >= 2 and mood >= 2 else -1.0
        if k == "liberties":
            return w if mood < 3 else -1.0
        if k == "absolute_power":
            return w + 10 if mood >= 3 and seat.s["turn"]["actions"] == 0 else -1.0
        if k == "forced_labour":
            angry = sum(1 for c in seat.mine if seat.cities[c]["mood"] == ANGRY)
            return w * angry / 2 if angry and mood >= 2 and seat.s["turn"]["actions"] else -1.0
        if k == "drama":
            if a.args[0] == "mood>culture":
                return w / 2 if mood >= 3 and seat.me["culture"] < 2 else -1.0
            angry = any(seat.cities[c]["mood"] == ANGRY for c in seat.mine)
            return w / 2 if angry and mood < 2 and seat.me["culture"] >= 2 else -1.0
        return -1.0  # Cartography (no ships), Bartering: not worth an action here

    # -- trades ------------------------------------------------------------------------------------
    @staticmethod
    def _helps(seat: Seat, receive: dict[str, int], give: dict[str, int]) -> bool:
        """A swap helps when my three best purchases lack less afterwards (weighted by
        what a good is worth to each)."""
        key = ("helps", tuple(sorted(receive.items())), tuple(sorted(give.items())))
        memo = seat._memo.get(key)
        if memo is not None:
            return memo
        ok = False
        if all(r in BASIC for r in [*receive, *give]):
            after = dict(seat.res)
            for r, n in give.items():
                after[r] -= n
            for r, n in receive.items():
                after[r] = min(cap(seat.s, seat.me, r), after[r] + n)
            if all(after[r] >= 0 for r in give):
                goals = seat.goals[:3]

                def lack(stock: dict[str, int]) -> float:
                    return sum(
                        g.per_unit * _short(stock, g.cost, g.name == "research") for g in goals
                    )

                ok = lack(after) < lack(seat.res) - 1e-9
        seat._memo[key] = ok
        return ok

    def _offer(self, seat: Seat, a: Action) -> float:
        turn = seat.s["turn"]
        key = (turn["age"], turn["round"], seat.p)
        if self._offers[0] == key and (a in self._offers[1] or len(self._offers[1]) >= 2):
            return -1.0
        q = int(a.args[0])
        give = {a.args[1].split(":")[0]: int(a.args[1].split(":")[1])}
        get = {a.args[2].split(":")[0]: int(a.args[2].split(":")[1])}
        if not self._helps(seat, get, give):
            return -1.0
        if not self._helps(seat.other(q), give, get):
            return -1.0
        return self.w["trade"]

    def note_offer(self, state: State, a: Action) -> None:
        turn = state["turn"]
        key = (turn["age"], turn["round"], state["stack"][-1]["player"])
        if self._offers[0] != key:
            self._offers = (key, set())
        self._offers[1].add(a)

    # -- sub-frames --------------------------------------------------------------------------------
    def on_trade_reply(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        # frame["give"] is what I would receive, frame["get"] what I would hand over
        if self._helps(seat, frame["give"], frame["get"]):
            for a in legal:
                if a.args[:1] == ("accept",):
                    return a
        return Action("reply", ("decline",))

    def on_collect(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        got: dict[str, int] = {}
        for _, r in frame["picks"]:
            got[r] = got.get(r, 0) + 1
        base = seat.worth_of_goods(got)
        best, best_v = None, 0.0
        for a in legal:
            if a.kind != "take":
                continue
            more = dict(got)
            more[a.args[1]] = more.get(a.args[1], 0) + 1
            v = seat.worth_of_goods(more) - base + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return best
        done = [a for a in legal if a.kind == "done"]
        return done[0] if done else legal[0]

    def on_build(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        built = frame["built"]
        kinds = {a.args[0]: a for a in legal if a.kind == "unit" and len(a.args) == 1}
        draft = [a for a in legal if a.kind == "unit" and a.args[1:] == ("draft",)]
        settlers_wanted = seat.wants_settler and built.count("settler") < max(
            1, int(self.w["target_cities"]) - len(seat.mine) - seat.settlers
        )
        guard = seat.guards.get(frame["city"], 0) - seat.mine_at(frame["city"], "army")
        if guard > 0 and "army" in kinds:
            return kinds["army"]
        if "settler" in kinds and settlers_wanted and not built.count("settler"):
            return kinds["settler"]
        if seat.army_wanted > 0 or (
            built.count("army") == 0 and seat.guards.get(frame["city"], 0) > 0
        ):
            if draft and self._can_draft(seat):
                return draft[0]
            if "army" in kinds:
                return kinds["army"]
        if "settler" in kinds and settlers_wanted:
            return kinds["settler"]
        done = [a for a in legal if a.kind == "done"]
        if done:
            culture = [a for a in done if a.args == ("culture",)]
            return culture[0] if culture and seat.me["mood"] >= 3 else done[0]
        return legal[0]

    def on_move(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        best, best_v = None, 0.0
        for a in legal:
            if a.kind != "group":
                continue
            src, dst, spec = a.args[0], a.args[1], a.args[2]
            if len(a.args) > 3:
                continue  # Roads: paying goods to go further is left out
            if "h" in spec:
                continue  # ships: the bot builds none
            n_army, n_settler = self._spec(spec)
            v = seat.group_value(src, dst, n_army, n_settler) + self.rng.random() * 0.01
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return best
        done = [a for a in legal if a.kind == "done"]
        if done:
            return done[0]
        groups = [a for a in legal if a.kind == "group" and len(a.args) == 3]
        return self._best(
            seat,
            frame,
            groups or legal,
            lambda s, f, a: (
                s.group_value(a.args[0], a.args[1], *self._spec(a.args[2]))
                if a.kind == "group"
                else -1
            ),
        )

    def on_which_units(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        """Send the units that keep their options: a fresh unit over one that entered a forest
        (it may still attack from where it goes), an empty ship over a loaded one (the cargo
        stays where it is) unless the ship sails to a new shore its cargo could land on, and
        land units aboard the empty ship (the loaded one keeps its room for its own)."""
        src, to = frame["args"]["from"], frame["args"]["to"]
        shore = {k for k in board_neighbours(seat.s, to) if terrain(seat.s, k) in LAND}
        new_shore = bool(shore - set(board_neighbours(seat.s, src)) - {src})

        def keeps_options(a: Action) -> tuple[int, str]:
            good = 0
            for cls in a.args[0].split("+"):
                if cls.endswith("-fresh") or cls == "aboard-ship-empty":
                    good += 1
                elif cls == "ship-empty":
                    good += 0 if new_shore else 1
                elif cls.startswith("ship-carrying-"):
                    good += 1 if new_shore else 0
            return good, a.args[0]

        picks = [a for a in legal if a.kind == "pick" and a.args]
        return max(picks, key=keeps_options) if picks else legal[0]

    @staticmethod
    def _spec(spec: str) -> tuple[int, int]:
        n_army = n_settler = 0
        for letter, n in zip(spec[::2], spec[1::2], strict=False):
            if letter == "a":
                n_army += int(n)
            elif letter == "s":
                n_settler += int(n)
        return n_army, n_settler

    def on_civic(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        """Lift the planned cities with mood tokens, then done."""
        for k, _, _ in self._civic_plan(seat, seat.me["mood"]):
            a = Action("improve", (k,))
            if a in legal:
                return a
        done = [a for a in legal if a.kind == "done"]
        return done[0] if done else legal[0]

    def on_retreat(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        at = frame["at"]
        if frame.get("naval"):
            return Action("battle", ("continue",))
        mine = seat.armies(at, seat.p)
        theirs = sum(
            1
            for u in seat.by_hex.get(at, ())
            if u["owner"] == frame["defender"] and u["kind"] == "army" and u["on"] is None
        )
        if theirs == 0:
            return Action("battle", ("continue",))
        win = battle_odds(mine, theirs, False, seat.s["options"]["hit_divisor"])["wins"]
        return Action("battle", ("continue" if win >= self.w["retreat_odds"] else "retreat",))

    def on_barbarian_city(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return Action("city", ("keep",))

    def on_combat_card(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        cards = [a for a in legal if a.kind == "tactic"]
        if not cards:
            return Action("pass")
        strength = {"dice": 3, "cancel": 3, "bonus": 2}

        def power(a: Action) -> float:
            spec = action_cards()[card_base(a.args[0])].get("combat") or {}
            return strength.get(spec.get("effect", ""), 0) * spec.get("n", 1)

        return max(cards, key=power)

    def on_casualties(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        def cargo(a: Action) -> int:
            return sum(1 for u in seat.units.values() if u["on"] == a.args[0])

        return min(legal, key=lambda a: (cargo(a), a.args))

    def on_siegecraft(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        for pay in ("both", "ore", "wood", "nothing"):
            a = Action("siege", (pay,))
            if a in legal:
                return a
        return legal[0]

    def _award_city(self, seat: Seat, legal: list[Action]) -> Action:
        def need(a: Action) -> tuple[int, str]:
            k = a.args[0]
            return (-(seat.guards.get(k, 0) - seat.mine_at(k, "army")), k)

        return min(legal, key=need)

    def on_refugee_city(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return self._award_city(seat, legal)

    def on_fanaticism_city(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return self._award_city(seat, legal)

    def on_influence_boost(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        boost = Action("boost")
        return boost if boost in legal else legal[0]

    def on_window(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        """A window opens when I am short of something (culture for an influence roll, mood
        for Myths, food for a famine): use what gives it, else pass."""
        need = frame.get("need", "")
        useful = [a for a in legal if gives(a, need) > 0]
        return max(useful, key=lambda a: gives(a, need)) if useful else Action("pass")

    def on_influence_piece(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        order = {"temple": 0, "academy": 1, "fortress": 2, "port": 3}
        return min(legal, key=lambda a: order.get(a.args[0], 9))

    def on_research_payment(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        """Pay for an advance with what is worth least to the purchases I save for."""
        return min(legal, key=lambda a: (self._payment_loss(seat, a.args[0]), a.args))

    def on_payment(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        """Gold or the resource: pay with what is worth least to the purchases I save for."""
        return min(legal, key=lambda a: (self._payment_loss(seat, a.args[0]), a.args))

    @staticmethod
    def _payment_loss(seat: Seat, key: str) -> float:
        from ..coc.research import read_payment

        try:
            take = read_payment(key)  # "free": a discount taken, nothing paid
        except ValueError:
            return FAR
        keep = {"ideas": 1.0, "gold": 12.0}
        loss = 0.0
        for r, n in take.items():
            if r in keep:
                loss += keep[r] * n
            elif r in seat.res:  # tokens (a wonder's) cost the same whichever way: skip
                stock = dict(seat.res)
                before = seat.worth_of_goods({})
                stock[r] = max(0, stock[r] - n)
                loss += (
                    sum(
                        g.per_unit * (_short(stock, g.cost) - _short(seat.res, g.cost))
                        for g in seat.goals[:3]
                        if g.name != "research"
                    )
                    + 2 * n
                    + before * 0
                )
        return loss

    def on_trade_routes(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        def worth(a: Action) -> float:
            n, gold = frame["routes"], int(a.args[0])
            return (
                seat.worth_of_goods({"food": n - gold}) + seat.worth_of_goods({"gold": gold}) * 1.2
            )

        return max(legal, key=worth)

    def on_free_advance(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: self._advance(seat, a.args[0]) if a.args else -1)

    def on_raze(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return Action("pass") if Action("pass") in legal else legal[0]

    def on_monuments_pick(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return min(legal, key=lambda a: _short(seat.res, wonder_cards()[a.args[0]]["cost"]))

    def on_dogma_advance(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: ADVANCE_VALUE.get(a.args[0], 0))

    def on_government_cubes(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        return max(legal, key=lambda a: ADVANCE_VALUE.get(a.args[0], 0))

    def on_event_mood(self, seat: Seat, frame: dict[str, Any], legal: list[Action]) -> Action:
        myths = Action("myths")
        if myths in legal and seat.me["mood"] >= 2:
            return myths
        cities = [a for a in legal if a.kind == "lower"]
        if not cities:
            return legal[0]

        def cost(a: Action) -> tuple[int, int, str]:
            c = seat.cities[a.args[0]]
            return (0 if c["mood"] == HAPPY else 1, city_size(c), a.args[0])

        return min(cities, key=cost)
