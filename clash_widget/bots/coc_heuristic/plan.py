"""The plan the Clash of Cultures heuristic works out afresh at every decision: what it saves
for, where its settlers go, what its armies guard and strike (see the package's docstring)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cached_property, lru_cache
from typing import Any, Protocol

from ...coc.board import board_neighbours, city_size, hex_distance
from ...coc.cards import card_base, objective_cards
from ...coc.economy import cap, option_cost
from ...coc.effects import PIECE_EFFECT, grants
from ...coc.odds import battle_odds, influence_success
from ...coc.vocab import ANGRY, BARBARIANS, HAPPY, LAND
from ...coc.wonders import wonder_cards
from ...engine import Action
from ...engine.game import State
from ...engine.rng import Stream

BASIC = ("food", "wood", "ore")
RESOURCES = ("food", "wood", "ore", "ideas", "gold")
FERTILE = frozenset({"plains", "forest", "mountain"})
FAR = 99
_NEIGHBOURS: dict[tuple[int, str], list[str]] = {}  # (board, hex) -> its neighbours


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


def shortfall(stock: dict[str, int], cost: dict[str, int], research: bool = False) -> int:
    """Units missing after gold has stood in for what it can."""
    miss = _need(stock, cost, research)
    basic = sum(n for r, n in miss.items() if r in BASIC)
    other = sum(n for r, n in miss.items() if r not in BASIC)
    return max(0, basic - stock.get("gold", 0)) + other


Score = Callable[["Seat", dict[str, Any], Action], float]


class Mind(Protocol):
    """What the turn's scores and the answers read of the bot: its rules of thumb, its random
    stream (for ties), the trade offers it made this turn, and its pick of the best action."""

    w: dict[str, float]
    rng: Stream
    offers: tuple[tuple[int, int, int], set[Action]]

    def best(
        self, seat: Seat, frame: dict[str, Any], legal: list[Action], score: Score
    ) -> Action: ...


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

    def other(self, q: int) -> Seat:
        """Another seat, judged from public facts only (kept for this decision)."""
        seat = self._others.get(q)
        if seat is None:
            seat = self._others[q] = Seat(self.s, q, self.w, public=True)
        return seat

    # -- the board -----------------------------------------------------------------------
    def nbrs(self, h: str) -> list[str]:
        key = (self._board, h)
        n = _NEIGHBOURS.get(key)
        if n is None:
            n = _NEIGHBOURS[key] = board_neighbours(self.s, h)
        return n

    def grants(self, effect: str) -> bool:
        """Whether I own the advance that grants ``effect``."""
        return grants(self.me, effect)

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

    def bfs(self, sources: list[str]) -> dict[str, int]:
        """Land distances from ``sources`` through spaces free of enemies (my units pass)."""
        dist = dict.fromkeys(sources, 0)
        todo = deque(sources)
        enemy, hexes = self.enemy_hexes, self.hexes
        while todo:
            h = todo.popleft()
            d = dist[h] + 1
            for n in self.nbrs(h):
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
        from ...coc.wonders import buildable

        if not any(self.cities[k]["mood"] != ANGRY for k in self.mine):
            return None
        best = None
        for wd in buildable(self.s, self.p):
            if self.public and wd in self.me["wonders_revealed"]:
                continue
            reserved = wd in self.me["wonders_revealed"] and self.grants("wonder.monuments")
            if not (self.grants("wonder.build") or reserved):
                continue
            cost = wonder_cards()[wd]["cost"]
            if not self.tokens_ok(cost):
                continue
            if cost.get("food", 0) > cap(self.s, self.me, "food") + self.res["gold"]:
                continue
            short = shortfall(self.res, cost)
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
            if any(self.grants(e) and pc not in c["pieces"] for pc, e in PIECE_EFFECT.items()):
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
            more = shortfall(after_stock, g.cost, research) - shortfall(self.res, g.cost, research)
            worst = max(worst, more * g.per_unit)
        return self.w["save"] * worst

    # -- sites for new cities ---------------------------------------------------------------
    @cached_property
    def sites(self) -> dict[str, float]:
        """Where a new city would stand, with how good the place is (face-down hexes: exploring)."""
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
        movers = {q for q, pl in enumerate(self.s["players"]) if grants(pl, "move.armies")}
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
            q for q, pl in enumerate(self.s["players"]) if q != self.p and grants(pl, "move.armies")
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
        if not self.grants("move.armies"):
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
            if missing <= 0 or not self.grants("move.armies"):
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
        tactics = self.grants("move.armies")
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
