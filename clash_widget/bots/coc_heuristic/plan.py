"""The plan the Clash of Cultures heuristic works out afresh at every decision: what it saves
for (:class:`Seat`), on top of its reading of the board (:mod:`.reading`) and its armies
(:mod:`.armies`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter
from typing import Any, Protocol

from ...coc import content
from ...coc.board import city_size
from ...coc.cities import grow_cost
from ...coc.economy import Cost, cap, option_cost
from ...coc.effects import PIECE_EFFECT, source
from ...coc.vocab import ANGRY
from ...coc.wonders import buildable, wonder_cards
from ...engine import Action
from ...engine.rng import Stream
from .armies import ArmyPlan
from .reading import (
    BASIC,
    FAR,
    RESOURCES,
    Goal,
    cached_property,
    goal,
    kept,
    missing_goods,
    numbered,
    research_cost,
    shortfall,
)

__all__ = ["BASIC", "FAR", "Goal", "Mind", "Score", "Seat", "research_cost", "shortfall"]

_PER_UNIT = attrgetter("per_unit")
# Seat.unit_worth by what it reads (the goals, the stock, the limits)
_UNIT_WORTH: dict[tuple[Any, ...], dict[str, list[float]]] = {}
_UNIT_WORTH_NUMBERS: dict[tuple[Any, ...], int] = {}  # Seat.unit_worth_number
_GOALS_NUMBERS: dict[tuple[Any, ...], int] = {}  # Seat.goals_number
_SWAP_NUMBERS: dict[tuple[Any, ...], int] = {}  # Seat.swap_number
_OPTION_GOALS: dict[tuple[Any, ...], Goal] = {}  # the goals priced by the options, by them
_SAVE_PENALTY: dict[tuple[Any, ...], float] = {}  # Seat._save_penalty by what it reads
# Seat._wonder_choices by what they read
_WONDER_CHOICES: dict[tuple[Any, ...], tuple[Goal, ...]] = {}

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

    def pick(self, legal: list[Action], scores: list[float]) -> Action: ...


def best_worths(wanted: list[tuple[int, float]], room: int) -> list[float]:
    """For the 1st, 2nd, ... ``room``-th extra unit of a good: the best worth among the
    purchases still short of at least that many (``wanted``: (short by, worth)), at least 2."""
    out = [2.0] * room
    for short, worth in wanted:  # a maximum is the same whatever order it is taken in
        for k in range(min(short, room)):
            if worth > out[k]:
                out[k] = worth
    return out


@lru_cache(maxsize=1024)
def pieces_allowed(advances: tuple[str, ...]) -> tuple[str, ...]:
    """The city pieces these advances let a player build (a fact of the rules' data)."""
    return tuple(pc for pc, e in PIECE_EFFECT.items() if source(e) in advances)


class Seat(ArmyPlan):
    """What one seat reads and plans for one decision, worked out lazily (each part at most
    once): the reading, the armies, and the purchases it saves for."""

    # -- purchases -----------------------------------------------------------------------
    @cached_property
    def wants_settler(self) -> bool:
        have = len(self.mine) + self.settlers
        goal = self.w["target_cities"] if self.age <= self.w["last_settler_age"] else 0
        goal = max(goal, self.objectives.get("cities", 0))
        if have >= goal:
            return False
        for v in self.sites.values():  # a site worth settling
            if v >= 3:
                return True
        return False

    def tokens_ok(self, cost: dict[str, int]) -> bool:
        me = self.me
        return me["mood"] >= cost.get("mood", 0) and me["culture"] >= cost.get("culture", 0)

    @cached_property
    def wonder_goal(self) -> Goal | None:
        """The cheapest wonder I could build once I hold its goods (None if out of reach)."""
        build = self.grants("wonder.build")
        monuments = self.grants("wonder.monuments")
        reserved = self.me["wonders_reserved"]
        if not build and not (reserved and monuments):
            return None  # no wonder may be built (the loop below would pass over each)
        cities = self.cities
        for k in self.mine:
            if cities[k]["mood"] != ANGRY:
                break
        else:
            return None  # every city of mine is angry
        wonders = buildable(self.s, self.p)
        # which wonders I could build once I hold their goods is a pure function of the
        # wonders on offer (their costs are the cards'), what allows building them, my tokens
        # and my food limit: remembered across decisions
        food_limit = cap(self.s, self.me, "food") + self.res["gold"]
        me = self.me
        key: tuple[Any, ...] = (tuple(wonders), tuple(reserved), build, monuments, self.public)
        key += (me["mood"], me["culture"], food_limit, self.w["grow"])
        choices = _WONDER_CHOICES.get(key)
        if choices is None:
            choices = self._wonder_choices(wonders, reserved, food_limit)
            kept(_WONDER_CHOICES, key, choices, 4096)
        # the first of those my goods leave the fewest goods short of (Goal.short: shortfall)
        best, best_short, res = None, 0, self.res
        for g in choices:
            short = g.short(res)
            if best is None or short < best_short:
                best, best_short = g, short
        return best

    def _wonder_choices(
        self, wonders: list[str], reserved: list[str], food_limit: int
    ) -> tuple[Goal, ...]:
        """The wonders (in order) I could build once I hold their goods, as goals."""
        build = self.grants("wonder.build")
        monuments = self.grants("wonder.monuments")
        out = []
        cards = wonder_cards()
        for wd in wonders:
            mine = wd in reserved
            if self.public and mine:
                continue
            if not (build or (mine and monuments)):
                continue
            cost = cards[wd]["cost"]
            if not self.tokens_ok(cost):
                continue
            if cost.get("food", 0) > food_limit:
                continue
            out.append(goal("wonder", 6 * self.w["grow"], cost))
        return tuple(out)

    @cached_property
    def growable(self) -> list[str]:
        """My cities that could take another piece now (not angry, room, an advance)."""
        limit = min(len(self.mine), self.s["options"]["max_city_size"])
        out: list[str] = []
        pieces = pieces_allowed(tuple(self.me["advances"]))  # those I may build
        if not pieces:
            return out
        for k in self.mine:
            c = self.cities[k]
            if c["mood"] == ANGRY or city_size(c) + 1 > limit:
                continue
            have = c["pieces"]
            for pc in pieces:
                if pc not in have:
                    out.append(k)
                    break
        return out

    @cached_property
    def governments(self) -> frozenset[str]:
        """The groups of my advances that are governments (at most one, by the rules)."""
        advances, groups = content.advances(), content.groups()
        return frozenset(
            advances[x]["group"]
            for x in self.me["advances"]
            if groups[advances[x]["group"]]["government"]
        )

    @cached_property
    def goals(self) -> list[Goal]:
        out = []
        if self.wonder_goal:
            out.append(self.wonder_goal)
        if self.wants_settler:
            out.append(self.option_goal("expand", self.w["found"], "settler_cost"))
        if self.growable:
            out.append(self.option_goal("grow", self.w["grow"], "grow_cost"))
        if self.army_wanted:
            out.append(self.option_goal("arm", self.arm_worth, "army_cost"))
        research = self.w["research"] + 10
        out.append(self.option_goal("research", research, "research_cost", research_cost))
        # best worth per good first, ties in the order above (a stable sort, reversed)
        out.sort(key=_PER_UNIT, reverse=True)
        return out

    def option_goal(
        self, name: str, worth: float, option: str, price: Callable[[Any], Cost] | None = None
    ) -> Goal:
        """``goal(name, worth, cost)``, the cost ``option_cost(state, option)`` (or
        ``price(state)``), remembered by the option's value (the cost is a pure function of it)."""
        key = (name, worth, self.s["options"][option])
        made = _OPTION_GOALS.get(key)
        if made is None:
            cost = option_cost(self.s, option) if price is None else price(self.s)
            made = kept(_OPTION_GOALS, key, goal(name, worth, cost), 256)
        return made

    @cached_property
    def stock(self) -> tuple[tuple[str, int], ...]:
        """My goods as they are, as a key of the caches below."""
        return tuple(self.res.items())

    @cached_property
    def unit_worth(self) -> dict[str, list[float]]:
        """Per good, what the 1st, 2nd, ... extra unit is worth: to the best purchase still
        short of it (half its worth per good: collecting is half the way), 2 for a good
        nobody needs yet, 0 over the limit (wasted).

        Remembered across decisions under all it reads: the goals (which never change once
        made), my goods and my limits. Callers only read the table."""
        key = self.unit_worth_key
        table = _UNIT_WORTH.get(key)
        if table is None:
            table = kept(_UNIT_WORTH, key, self._unit_worth(key[2]), 4096)
        return table

    @cached_property
    def unit_worth_key(self) -> tuple[Any, ...]:
        """Everything :attr:`unit_worth` reads: the goals, the stock and my limits."""
        return tuple(self.goals), self.stock, tuple(self.caps.values())

    @cached_property
    def caps(self) -> dict[str, int]:
        """The most I may hold of each good (``cap``), in the order of RESOURCES."""
        s, me = self.s, self.me
        return {r: cap(s, me, r) for r in RESOURCES}

    @cached_property
    def goals_number(self) -> int:
        """My goals (made once, never changed) and my goods, as a number: the save
        penalties' key holds it."""
        return numbered(_GOALS_NUMBERS, (tuple(self.goals), self.stock))

    @cached_property
    def swap_number(self) -> int:
        """What a swap's worth to me reads of me besides the swap (my three best purchases,
        made once and never changed, and my goods), as a number: the trades' key holds it."""
        return numbered(_SWAP_NUMBERS, (self.top_goals, self.stock))

    @cached_property
    def best_unit_worth(self) -> float:
        """The most a unit of any good is worth in :attr:`unit_worth` (without building it):
        each is the worth of a purchase short of it (half its worth per good) or 2."""
        best = 2.0
        for g in self.goals:
            if g.per_unit * 0.5 > best:
                best = g.per_unit * 0.5
        return best

    @cached_property
    def unit_worth_number(self) -> int:
        """:attr:`unit_worth_key` as a number (each collect action's key holds it)."""
        return numbered(_UNIT_WORTH_NUMBERS, self.unit_worth_key)

    def _unit_worth(self, caps: tuple[int, ...]) -> dict[str, list[float]]:
        wants: dict[str, list[tuple[int, float]]] = {r: [] for r in RESOURCES}
        for g in self.goals:
            worth = g.per_unit * 0.5
            research = g.research
            miss = missing_goods(self.res, g.cost, research)
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
        for r, limit in zip(RESOURCES, caps, strict=True):
            room = max(0, limit - self.res.get(r, 0))
            table[r] = best_worths(wants[r], room)
        return table

    def lack(self, stock: dict[str, int]) -> float:
        """What my three best purchases lack with ``stock``, weighted by what a good is
        worth to each (a swap helps when it lowers this)."""
        total: float = 0  # the same sum as sum(...) over the three: 0 + each in turn
        for g in self.top_goals:
            total += g.per_unit * g.short(stock)
        return total

    @cached_property
    def top_goals(self) -> tuple[Goal, ...]:
        """My three best purchases (what :meth:`lack` weighs)."""
        return tuple(self.goals[:3])

    @cached_property
    def lack_now(self) -> float:
        """:meth:`lack` of my stock as it is."""
        return self.lack(self.res)

    @cached_property
    def research_penalty(self) -> float:
        """The save penalty of buying an advance (the same for every advance)."""
        return self.save_penalty(research_cost(self.s), "research")

    def worth_of_goods(self, got: dict[str, int]) -> float:
        """What extra goods are worth to the purchases I save for (see ``unit_worth``)."""
        total = 0.0
        table = self.unit_worth
        for r, n in got.items():
            values = table.get(r)
            if values:
                total += sum(values[:n])
        return total

    def grow_penalty(self, key: str, settler: bool) -> float:
        """The save penalty of growing ``key`` (with a settler or not) at the full price
        (State Religion's free food left out), as the rules price it: asked once per city
        and settler in a decision (a city's grow actions differ by the piece only)."""
        memo = self._memo.get(("grow", key, settler))
        if memo is None:
            args = {"city": key, "settler": settler}
            cost = grow_cost(self.s, {"player": self.p}, args, discount=False)
            memo = self._memo["grow", key, settler] = self.save_penalty(cost, "grow")
        return memo

    def save_penalty(self, cost: dict[str, int], serves: str) -> float:
        """The ``save`` rule: spending goods the best wanted purchase still lacks."""
        items = tuple(cost.items())
        memo = self._memo.get(("save", items, serves))
        if memo is None:
            # a pure function of the goals (never changed once made), the stock, the cost
            # (in its order) and the weight: remembered across decisions too
            known = (self.goals_number, items, serves, self.w["save"])
            memo = _SAVE_PENALTY.get(known)
            if memo is None:
                memo = kept(_SAVE_PENALTY, known, self._save_penalty(cost, serves), 16384)
            self._memo["save", items, serves] = memo
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
            more = g.short(after_stock) - g.short(self.res)
            worst = max(worst, more * g.per_unit)
        return self.w["save"] * worst
