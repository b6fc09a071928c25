"""What the Clash of Cultures heuristic reads of its seat for one decision (the board, its
counts, sites for new cities, culture, the leader) and the costs it compares."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import count
from operator import itemgetter
from typing import Any, Generic, Self, TypeVar

from ...coc.board import board_neighbours, city_size, hex_distance
from ...coc.cards import card_base, objective_cards
from ...coc.effects import grants
from ...coc.odds import influence_success
from ...coc.vocab import HAPPY, LAND
from ...engine.game import State

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
# Seat.settler_plan by what it reads
_SETTLER_PLANS: dict[tuple[Any, ...], dict[str, list[tuple[str, dict[str, int]]]]] = {}
_TERRAIN = itemgetter("terrain")
_DISTANCES: dict[tuple[Any, ...], dict[str, int]] = {}  # Seat.bfs by what it reads
# Seat.terrain: each board (hexes and terrains in order) -> its number, from a counter
_BOARDS: dict[tuple[tuple[str, ...], tuple[str | None, ...]], int] = {}
_NUMBERS = count()  # numbered()'s, shared by its tables
K = TypeVar("K")


def numbered(table: dict[K, int], key: K) -> int:
    """The number of ``key`` in ``table`` (a new one, from a counter, for a new key): a
    cheap stand-in for a long key in the keys of other tables. Numbers are never reused,
    so a number stands for one key only, even once the table has been emptied."""
    number = table.get(key)
    if number is None:
        if len(table) > 16384:
            table.clear()
        number = table[key] = next(_NUMBERS)
    return number


def kept(table: dict[K, T], key: K, value: T, limit: int) -> T:
    """Store ``value`` under ``key`` in one of the tables remembered across decisions (keys
    hold everything the value reads) and return it; a table past ``limit`` entries is emptied
    first, as a search keeps meeting new positions."""
    if len(table) > limit:
        table.clear()
    table[key] = value
    return value


class Census:
    """One seat's count of the units, in one pass: my armies and settlers and where they
    stand, where every other seat's units stand, and their armies (with whether each is in
    the field, outside its owner's cities: a city's guard threatens nobody)."""

    __slots__ = (
        "armies",
        "army_hexes",
        "others_armies",
        "others_hexes",
        "settler_hexes",
        "settlers",
    )

    def __init__(self, p: int, units: dict[str, dict[str, Any]], cities: dict[str, Any]) -> None:
        self.armies = self.settlers = 0
        self.army_hexes: list[str] = []
        self.settler_hexes: list[str] = []
        self.others_armies: list[tuple[str, int, bool]] = []  # (hex, owner, in the field)
        self.others_hexes: list[str] = []  # where the other seats' units stand
        for u in units.values():
            o, kind = u["owner"], u["kind"]
            if o == p:
                if kind == "army":
                    self.armies += 1
                    self.army_hexes.append(u["hex"])
                elif kind == "settler":
                    self.settlers += 1
                    self.settler_hexes.append(u["hex"])
                continue
            self.others_hexes.append(u["hex"])
            if kind == "army":
                c = cities.get(u["hex"])
                self.others_armies.append((u["hex"], o, c is None or c["owner"] != o))


class Goal:
    """A purchase the bot saves for: its worth and its cost in goods and tokens."""

    __slots__ = ("_parts", "cost", "name", "per_unit", "research", "worth")

    def __init__(self, name: str, worth: float, cost: dict[str, int]) -> None:
        self.name, self.worth, self.cost = name, worth, cost
        self.research = name == "research"  # ideas may stand in for its food
        # worth per good of its cost (the cost is never changed once the goal is made)
        self.per_unit = worth / max(1, sum(cost.values()))
        # per good of the cost: how many, whether gold may stand in, whether ideas may
        self._parts = tuple(
            (r, n, r in BASIC, self.research and r == "food") for r, n in cost.items()
        )

    def short(self, stock: dict[str, int]) -> int:
        """``shortfall(stock, self.cost, self.research)`` with the cost read once, when
        the goal was made (the hottest loop of the heuristic; the same integer)."""
        basic = other = 0
        get = stock.get
        for r, n, is_basic, ideas_too in self._parts:
            have = get(r, 0)
            if ideas_too:
                have += get("ideas", 0)
            if n > have:
                if is_basic:
                    basic += n - have
                else:
                    other += n - have
        basic -= get("gold", 0)
        return (basic if basic > 0 else 0) + other


_GOALS: dict[tuple[Any, ...], Goal] = {}  # goal() by name, worth and cost


def goal(name: str, worth: float, cost: dict[str, int]) -> Goal:
    """``Goal(name, worth, cost)``, made once for each name, worth and cost (in its order)
    and then shared: nothing changes a goal or its cost once it is made."""
    key = (name, worth, *cost.items())
    made = _GOALS.get(key)
    if made is None:
        made = kept(_GOALS, key, Goal(name, worth, dict(cost)), 1024)
    return made


@lru_cache(maxsize=1024)
def objectives_of(hand: tuple[str, ...]) -> Mapping[str, int]:
    """Objective cards in a hand: test -> the number it asks for (callers only read it)."""
    out: dict[str, int] = {}
    for c in hand:
        spec = objective_cards().get(card_base(c))
        if spec:
            out[spec["test"]] = spec["n"]
    return out


def research_cost(state: State) -> dict[str, int]:
    """What an advance costs by the rules options (``research_cost`` food; ideas or gold may
    stand in)."""
    return {"food": state["options"]["research_cost"]}


def missing_goods(
    stock: dict[str, int], cost: dict[str, int], research: bool = False
) -> dict[str, int]:
    """Goods still missing for ``cost`` (gold, the wildcard, not counted yet)."""
    out = {}
    for r, n in cost.items():
        have = stock.get(r, 0)
        if research and r == "food":
            have += stock.get("ideas", 0)
        if n > have:
            out[r] = n - have
    return out


def shortfall(stock: dict[str, int], cost: dict[str, int], research: bool = False) -> int:
    """Units missing after gold has stood in for what it can (:func:`missing_goods`, summed
    by whether gold may stand in, without building the dictionary: a hot loop of the search)."""
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


class Reading:
    """What one seat reads for one decision: the board, its counts, sites for new cities,
    culture and the leader, worked out lazily (each part at most once)."""

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
        self._board: int | None = None  # the board's key, made at the first nbrs() asked
        self._others: dict[int, Self] = {}
        self._memo: dict[Any, Any] = {}
        self._nbrs: dict[str, list[str]] = {}
        # what a hex of each terrain gives me (not a port): filled by collect_worth
        self.terrain_yields: dict[str | None, tuple[str, ...]] = {}

    def other(self, q: int) -> Self:
        """Another seat, judged from public facts only (kept for this decision)."""
        seat = self._others.get(q)
        if seat is None:
            seat = self._others[q] = type(self)(self.s, q, self.w, public=True)
            # what reads the whole board is the same from every seat: handed over as read
            seat._board, seat._nbrs = self._board, self._nbrs
            for name in ("terrain", "by_hex"):
                if name in self.__dict__:
                    seat.__dict__[name] = self.__dict__[name]
        return seat

    # -- the board -----------------------------------------------------------------------
    def nbrs(self, h: str) -> list[str]:
        n = self._nbrs.get(h)  # this decision's board: no key to build
        if n is None:
            board = self._board
            if board is None:
                board = self._board = hash(tuple(self.hexes))
            key = (board, h)
            n = _NEIGHBOURS.get(key)
            if n is None:
                n = _NEIGHBOURS[key] = board_neighbours(self.s, h)
            self._nbrs[h] = n
        return n

    def grants(self, effect: str) -> bool:
        """Whether I own the advance that grants ``effect``."""
        return grants(self.me, effect)

    @cached_property
    def mine(self) -> list[str]:
        p = self.p
        out = [k for k, c in self.cities.items() if c["owner"] == p]
        out.sort()
        return out

    @cached_property
    def by_hex(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for u in self.units.values():
            out.setdefault(u["hex"], []).append(u)
        return out

    @cached_property
    def foreign_hexes(self) -> frozenset[str]:
        return frozenset(self.census.others_hexes)

    @cached_property
    def enemy_hexes(self) -> frozenset[str]:
        p = self.p
        return self.foreign_hexes | {k for k, c in self.cities.items() if c["owner"] != p}

    def foreign(self, h: str) -> bool:
        return h in self.foreign_hexes

    def enemy_space(self, h: str) -> bool:
        return h in self.enemy_hexes

    def land(self, h: str) -> bool:
        t = self.hexes[h]["terrain"]
        return t is None or t in LAND

    def armies(self, h: str, owner: int | None = None) -> int:
        """Armies on land at ``h`` (of ``owner``, or of anyone but me)."""
        n = 0
        for u in self.by_hex.get(h, ()):
            if u["kind"] == "army" and u["on"] is None:
                if u["owner"] == owner if owner is not None else u["owner"] != self.p:
                    n += 1
        return n

    def mine_at(self, h: str, kind: str) -> int:
        n, p = 0, self.p
        for u in self.by_hex.get(h, ()):
            if u["owner"] == p and u["kind"] == kind:
                n += 1
        return n

    @cached_property
    def terrain(self) -> int:
        """The board as the distances and sites read it (every hex, in order, and their
        terrains), as a small number: the key of the caches that read the board. Each board
        gets its own number, never reused, so a key holding it holds the whole board, and
        hashing it is cheap (a tuple of the hundred hexes is hashed afresh at every lookup)."""
        return numbered(_BOARDS, (tuple(self.hexes), tuple(map(_TERRAIN, self.hexes.values()))))

    def bfs(self, sources: list[str]) -> dict[str, int]:
        """Land distances from ``sources`` through spaces free of enemies (my units pass).

        Remembered across decisions under what they read (the board, the enemy spaces, the
        sources); callers only read the distances."""
        key = (self.terrain, self.enemy_hexes, tuple(sources))
        dist = _DISTANCES.get(key)
        if dist is None:
            dist = kept(_DISTANCES, key, self._bfs(sources), 4096)
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

    # -- counts ----------------------------------------------------------------------------
    @cached_property
    def objectives(self) -> Mapping[str, int]:
        """My objective cards in hand: test -> the number it asks for."""
        if self.public:
            return {}
        return objectives_of(tuple(self.me["objectives_hand"]))

    @cached_property
    def census(self) -> Census:
        """The units as the plan counts them, read in one pass."""
        return Census(self.p, self.units, self.cities)

    @property
    def settlers(self) -> int:
        return self.census.settlers

    @property
    def my_armies(self) -> int:
        return self.census.armies

    # -- sites for new cities ---------------------------------------------------------------
    @cached_property
    def sites(self) -> dict[str, float]:
        """Where a new city would stand, with how good the place is (face-down hexes: exploring).

        Remembered across decisions under everything it reads (the board's hexes in order,
        who owns which city, where the other seats' units and land armies stand, two
        advances and the spacing weight): a search plays many decisions on one board.
        Callers only read the dictionary."""
        key = self.sites_key
        out = _SITES.get(key)
        if out is None:
            out = kept(_SITES, key, self._sites(), 2048)
        return out

    @cached_property
    def sites_key(self) -> tuple[Any, ...]:
        """Everything :attr:`sites` reads (so the sites are a pure function of it)."""
        return (
            self.p,
            self.grants("collect.barren-food"),
            self.grants("collect.sea-food"),
            self.w["spacing"],
            self.terrain,
            tuple([(k, c["owner"]) for k, c in self.cities.items()]),
            frozenset(
                [
                    (u["hex"], u["kind"] == "army" and u["on"] is None)
                    for u in self.units.values()
                    if u["owner"] != self.p
                ]
            ),
        )

    def _sites(self) -> dict[str, float]:
        out: dict[str, float] = {}
        irrigation, fishing = self.grants("collect.barren-food"), self.grants("collect.sea-food")
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
        """Per settler hex: each settler's site and the distances to it.

        Remembered across decisions under all it reads: the sites (by their key, which
        holds the board), the spaces enemies bar and my settlers by hex. Callers only
        read the plan."""
        spots = sorted(set(self.census.settler_hexes))
        settlers = tuple((h, self.mine_at(h, "settler")) for h in spots)
        if not settlers:
            return {}
        key = (self.sites_key, self.enemy_hexes, settlers)
        plan = _SETTLER_PLANS.get(key)
        if plan is None:
            plan = kept(_SETTLER_PLANS, key, self._settler_plan(settlers), 2048)
        return plan

    def _settler_plan(
        self, settlers: tuple[tuple[str, int], ...]
    ) -> dict[str, list[tuple[str, dict[str, int]]]]:
        plan: dict[str, list[tuple[str, dict[str, int]]]] = {}
        taken: set[str] = set()
        for h, n in settlers:
            reach = self.bfs([h])
            for _ in range(n):
                best, best_v = None, float(-FAR)
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

    # -- culture --------------------------------------------------------------------------------
    def blocked(self, dst: str) -> bool:
        c = self.cities[dst]
        owner = self.s["players"][c["owner"]]
        if grants(owner, "influence.separation") and c["mood"] == HAPPY:
            return True
        if grants(owner, "influence.totalitarianism") and self.armies(dst, c["owner"]):
            return True
        return grants(owner, "influence.devotion") and "temple" in c["pieces"]

    def influence_chance(self, src: str, dst: str, art: bool) -> tuple[float, int]:
        o = self.s["options"]
        need = (
            o["conversion_success"]
            if self.grants("influence.conversion")
            else o["influence_success"]
        )
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
        from ...coc.scoring import vp

        scores = [vp(self.s, q) for q in range(len(self.s["players"]))]
        best = max(scores)
        return scores.index(best) if scores.count(best) == 1 else None
