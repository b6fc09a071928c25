"""The heuristic's armies: the threats it guards against, the city it strikes, the jobs of
its free armies and the value of each group it may move."""

from __future__ import annotations

from functools import lru_cache
from operator import neg
from typing import Any

from ...coc.board import city_size, hex_distance
from ...coc.effects import source
from ...coc.odds import battle_odds
from ...coc.vocab import BARBARIANS, LAND
from .reading import FAR, Reading, cached_property

TACTICS = source("move.armies")  # the advance that lets armies move


@lru_cache(maxsize=4096)
def _win_odds(attackers: int, defenders: int, fortress: bool, divisor: int) -> float:
    return battle_odds(attackers, defenders, fortress, divisor)["wins"]


class ArmyPlan(Reading):
    """Where my armies are wanted, and the value of moving them (on top of the reading)."""

    # -- armies -------------------------------------------------------------------------------
    def in_the_field(self, u: dict[str, Any]) -> bool:
        """An army outside its owner's cities (a city's guard is not counted as a threat)."""
        c = self.cities.get(u["hex"])
        return c is None or c["owner"] != u["owner"]

    @cached_property
    def movers(self) -> frozenset[int]:
        """The players whose armies may move (Tactics)."""
        return frozenset([q for q, pl in enumerate(self.s["players"]) if TACTICS in pl["advances"]])

    @cached_property
    def threats(self) -> dict[str, int]:
        """My cities that enemy armies in the field could attack soon, with how many."""
        movers = self.movers
        enemy = [
            (h, o) for h, o, field in self.census.others_armies if o < 0 or (o in movers and field)
        ]
        out: dict[str, int] = {}
        if not enemy:
            return out
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
        movers = self.movers
        rival_armies = [h for h, o, field in self.census.others_armies if o in movers and field]
        if not rival_armies:
            return out
        radius = self.w["guard_radius"]
        for k in self.mine:
            if k not in out and any(hex_distance(h, k) <= radius for h in rival_armies):
                out[k] = 1
        return out

    @cached_property
    def guard_deficit(self) -> int:
        total = 0
        for k, n in self.guards.items():
            short = n - self.mine_at(k, "army")
            if short > 0:
                total += short
        return total

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
        d = self.armies(h)  # odds(a, h) for each a, with what it reads of h read once
        fortress, divisor = self.fortress(h), self.s["options"]["hit_divisor"]
        want = self.w["attack_odds"]
        for a in range(1, self.s["options"]["group_size"] + 1):
            if (1.0 if d == 0 else _win_odds(a, d, fortress, divisor)) >= want:
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
        starts = self.mine + self.census.army_hexes
        if not starts:
            return None
        reach = self.bfs(sorted(set(starts)))
        spare = self.my_armies - sum(self.guards.values())
        best, best_v = None, 0.0
        for k, c in self.cities.items():
            if c["owner"] == self.p:
                continue
            near = None  # the nearest neighbour of k in reach
            for n in self.nbrs(k):
                r = reach.get(n)
                if r is not None and (near is None or r < near):
                    near = r
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
        if dst in self.enemy_hexes:  # enemy_space, read inline (a hot loop of the search)
            if n_army == 0 or n_settler:
                return -100.0
            return self.attack_value(src, dst, n_army)
        t = self.hexes[dst]["terrain"]
        if t is not None and t not in LAND:  # not land()
            return -100.0
        p = self.p
        mine_there = 0
        for u in self.by_hex.get(dst, ()):
            if u["owner"] == p and u["on"] is None:
                mine_there += 1
        if mine_there + n_army + n_settler > self.s["options"]["max_units_per_space"]:
            return -100.0
        gains = []
        if n_settler:
            plan = self.settler_plan.get(src, [])
            for _, dist in plan[:n_settler]:
                gains.append(self.w["march_settler"] * (dist.get(src, FAR) - dist.get(dst, FAR)))
            if n_settler > len(plan):
                gains += [-5.0] * (n_settler - len(plan))
        if n_army:  # no army moves: no job to rank
            # each job's gain, best first (a stable sort of the gains orders them as a
            # stable sort of the jobs by their gains would)
            jobs = self.army_jobs.get(src, [])
            ranked = sorted([self._job_gain(j, src, dst) for j in jobs], key=neg)
            gains += ranked[:n_army]
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
            strike = self.strike
            assert strike is not None  # a strike job is given only when there is a target
            weight = self.w["march_army"] * (1 + self.target_worth(strike[0]))
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
