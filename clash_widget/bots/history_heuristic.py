"""A readable greedy strategy for History CCG.

Every legal action gets a score from a few rules of thumb and the bot takes the best (ties
broken by its own random stream). It reads only what its seat may see: its own council
and the public map.

1. Grow: found a city whenever one can be paid for (the largest city pays); put food
   terrains next to the smallest cities; attach mods; spend trade on culture once the
   research is paid.
2. Research what unlocks a card in hand, then the cheapest tech.
3. Produce wonders in cities with material to spare, a defender where a city has none,
   otherwise the cheapest card.
4. Clash for culture when the culture counters give the better odds (two or more), against
   the rival with the largest population; attack only when the blow captures the city.
5. Keep the council lean: discard known techs, surplus cities and terrains first.
6. Try to grow every city whose pull can reach the need (the highest ranks could); a city
   that cannot grow keeps its cards in the treasury.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine import Action, Game
from ..engine.game import State
from ..history import cards as card_set
from ..history import combat, flow, zones
from .base import Bot


@cache
def _top_rank(deck: str) -> int:
    """The highest rank in a deck (a deck's cards never change)."""
    return max(card.rank for card in card_set.deck_list(deck))


class HistoryHeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._memo: dict[tuple[str, ...], Any] = {}  # this decision's readings, by what they read

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        self._memo = {}
        best, best_score = legal[0], float("-inf")
        for a in legal:
            s = self.score(state, a) + self.rng.random() * 0.01
            if s > best_score:
                best, best_score = a, s
        return best

    # -- scores --------------------------------------------------------------------------------
    def score(self, state: State, a: Action) -> float:

        frame = state["stack"][-1]
        seat = frame["player"]
        k, args = a.kind, a.args
        if k in ("capital", "home", "terrain"):
            return self._terrain_value(state, args[0]) if k != "capital" else 1
        if frame["kind"] == "trade":
            return self._trade(state, seat, frame, a)
        if k in ("discard",):
            return -self._keep_value(state, seat, args[0])
        if k == "grow":
            return 10 if self._can_grow(state, args[0]) else -1
        if k == "shrink":
            return state["cities"][args[0]]["population"]
        if k == "research" and args and not args[0].isdigit():
            return 60 + self._tech_value(state, seat, args[0])
        if k == "produce":
            city = frame["city"] if len(args) == 1 else args[0]
            card = args[-1]
            return 55 + self._production_value(state, seat, city, card)
        if k == "found":
            return 90 + (state["cities"][args[1]]["population"] if len(args) > 1 else 0)
        if k == "take":
            t = card_set.ctype(state, args[0])
            return {"city": 85, "terrain": 70, "discovery": 65, "mod": 60}.get(t, 0)
        if k == "play":
            return self._play_value(state, seat, args)
        if k == "clash":
            culture = state["players"][seat]["culture"]
            if culture < 2:
                return 5
            return 50 + 3 * culture + zones.population(state, int(args[1]))
        if k == "attack":
            return 95 if self._captures(state, seat, args[0], args[1]) else -10
        if k == "explore":
            return 30 if card_set.design(state, args[0])["attack"] == 0 else 12
        if k == "heal":
            return 20
        if k == "pull":  # a new city's three pulls: more terrains to choose from, then choose
            return 25
        if k == "move":
            return self._move_value(state, seat, args[0], args[1])
        if k == "ability":
            return 40
        if k in ("done", "none"):
            return 0
        if k == "pass":
            return 1
        return 0

    def _can_grow(self, state: State, city: str) -> bool:
        """Could the pull reach the need at all (every card of the deck's top rank)?"""
        key = ("grow", city)
        ok = self._memo.get(key)
        if ok is None:
            deck = state["players"][state["cities"][city]["controller"]]["deck"]
            pulls = flow.growth_pulls(state, city)
            ok = self._memo[key] = pulls * _top_rank(deck) >= flow.growth_need(state, city)
        return bool(ok)

    # -- trade ----------------------------------------------------------------------------------
    def _trade(self, state: State, seat: int, frame: dict, a: Action) -> float:
        opts = state["options"]
        p = state["players"][seat]
        if a.kind == "research":
            n, need = int(a.args[0]), zones.research_need(state, seat)
            return 50 + min(n, need) - (n - need if n > need else 0)  # what it needs, no more
        if a.kind == "culture":
            return 40 if p["culture"] < 4 else 10
        if a.kind == "consult":
            return 30 if frame["left"] < opts["trade_culture"] or p["culture"] >= 4 else 20
        if a.kind == "cycle":
            return 15
        return 0

    # -- cards ------------------------------------------------------------------------------------
    @staticmethod
    def _terrain_value(state: State, cid: str) -> float:

        y = card_set.design(state, cid)["yields"]
        return 3 * y.get("food", 0) + 2 * y.get("material", 0) + y.get("trade", 0)

    def _tech_value(self, state: State, seat: int, cid: str) -> float:

        design = card_set.instance(state, cid).design
        unlocks = sum(
            1
            for c in state["players"][seat]["council"]
            if card_set.design(state, c).get("requires") == design
        )
        return 10 * unlocks - card_set.design(state, cid)["cost"]

    def _production_value(self, state: State, seat: int, city: str, card: str) -> float:

        d = card_set.design(state, card)
        key = ("material", city)
        material = self._memo.get(key)
        if material is None:
            material = self._memo[key] = zones.city_yields(state, city)["material"]
        defended = any(state["units"][u]["controller"] == seat for u in zones.units_at(state, city))
        if d["type"] == "unit":
            return 20 if not defended and d["defence"] >= 1 else 4 - d["cost"] / 10
        if d.get("kind") == "wonder":
            return 18 + material - d["cost"] / 4
        return 10 - d["cost"] / 4

    def _play_value(self, state: State, seat: int, args: tuple[str, ...]) -> float:

        t = card_set.ctype(state, args[0])
        if t == "terrain":
            pop = state["cities"][args[1]]["population"]
            return 70 + self._terrain_value(state, args[0]) - pop
        if t == "mod":
            return 65
        if t == "policy":
            return 45
        eff = card_set.design(state, args[0]).get("effect", {})
        if "grow" in eff:
            return 75 - state["cities"][args[1]]["population"]
        if "attack_bonus" in eff or "heal_all" in eff:
            return 2
        return 50

    def _keep_value(self, state: State, seat: int, cid: str) -> float:

        d = card_set.design(state, cid)
        t = d["type"]
        if t == "tech":
            return -5 if zones.knows(state, seat, card_set.instance(state, cid).design) else 5
        if t == "city":
            return 3 if len(zones.cities_of(state, seat)) < 4 else 1
        if t in ("unit", "creation"):
            return 6 if zones.meets_requirement(state, seat, cid) else 2
        if t == "terrain":
            return 4 + self._terrain_value(state, cid) / 3
        return 5

    # -- fighting----------------------------------------------------------------------------------
    def _captures(self, state: State, seat: int, home: str, target: str) -> bool:
        """Would the attack take the city (our blow kills every defender, theirs leaves us one)?"""
        key = ("captures", home, target)
        ok = self._memo.get(key)
        if ok is None:
            ok = self._memo[key] = self._blow_takes(state, seat, home, target)
        return bool(ok)

    @staticmethod
    def _blow_takes(state: State, seat: int, home: str, target: str) -> bool:

        att = combat.attackers(state, seat, home)
        dfn = zones.units_at(state, target)
        hit = combat.attack_strength(state, seat, att)
        back = combat.defence_strength(state, target, dfn)
        return hit >= sum(zones.health_left(state, u) for u in dfn) and back < sum(
            zones.health_left(state, u) for u in att
        )

    @staticmethod
    def _move_value(state: State, seat: int, unit: str, city: str) -> float:

        here = state["units"][unit]["city"]
        alone_there = not zones.units_at(state, city)
        crowded_here = len(zones.units_at(state, here)) > 1
        return 25 if alone_there and crowded_here else -1
