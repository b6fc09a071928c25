"""Set up positions by hand, for notebooks and tests.

Every helper takes a card of the wanted design from wherever it is in that player's deck
(treasury, council, landfill) and puts it where asked, so a card stays in exactly one place
and the game's invariants hold. Positions made this way are set-up positions: a match
wrapping one (``Match.from_state``) saves its start with its record.

>>> from clash_widget.engine import Match
>>> m = Match.new("history", 2, seed=1)
>>> s = m.state
>>> capital = s["players"][0]["capital"]
>>> grass = give(s, 0, "grassland")
>>> card_set.design(s, grass)["name"]
'Grassland'
"""

from __future__ import annotations

from typing import Any

from ..engine import Match
from ..engine.game import State
from ..engine.rng import Stream
from ..engine.seats import name as seat_name
from ..engine.state import clone
from . import cards as card_set
from .setup import new_city

LOOSE_ZONES = ("treasury", "council", "landfill")


def find(state: State, seat: int, design: str, *, loose_only: bool = True) -> str:
    """A card of ``design`` in ``seat``'s deck, preferring one not on the map."""
    p = state["players"][seat]
    for zone in LOOSE_ZONES:
        for cid in sorted(p[zone]):
            if card_set.instance(state, cid).design == design:
                return cid
    if loose_only:
        raise ValueError(f"{seat_name(state, seat)} has no {design} left off the map")
    raise ValueError(design)


def lift(state: State, cid: str) -> str:
    """Take a card out of its owner's treasury, council or landfill."""
    p = state["players"][card_set.owner(cid)]
    for zone in LOOSE_ZONES:
        if cid in p[zone]:
            p[zone].remove(cid)
            return cid
    raise ValueError(f"{cid} is not in a treasury, council or landfill")


def give(state: State, seat: int, design: str) -> str:
    """Put a card of ``design`` into ``seat``'s council."""
    cid = lift(state, find(state, seat, design))
    state["players"][seat]["council"].append(cid)
    return cid


def clear_council(state: State, seat: int) -> None:
    """Move the whole council to the landfill."""
    p = state["players"][seat]
    p["landfill"] += p["council"]
    p["council"] = []


def stack_treasury(state: State, seat: int, designs_or_ranks: list[Any]) -> list[str]:
    """Put cards on top of the treasury, the first one to come off first.

    Items are design ids or ranks (int: any card of that rank)."""
    out = []
    for item in designs_or_ranks:
        if isinstance(item, int):
            p = state["players"][seat]
            cid = next(
                c
                for zone in LOOSE_ZONES
                for c in sorted(p[zone])
                if card_set.rank(state, c) == item and c not in out
            )
        else:
            cid = find(state, seat, item)
        lift(state, cid)
        out.append(cid)
    state["players"][seat]["treasury"] += list(reversed(out))
    return out


def city(
    state: State,
    seat: int,
    design: str,
    pop: int = 1,
    terrains: tuple[str, ...] = (),
    *,
    capital: bool = False,
) -> str:
    """A city of ``design`` on the map for ``seat`` with terrains of the given designs."""
    cid = lift(state, find(state, seat, design))
    state["cities"][cid] = new_city(seat)
    state["cities"][cid]["population"] = pop
    for t in terrains:
        state["cities"][cid]["terrains"].append(lift(state, find(state, seat, t)))
    if capital:
        state["players"][seat]["capital"] = cid
    return cid


def unit(
    state: State, seat: int, design: str, where: str, *, damage: int = 0, fresh: bool = True
) -> str:
    cid = lift(state, find(state, seat, design))
    state["units"][cid] = {"controller": seat, "city": where, "damage": damage, "tired": not fresh}
    return cid


def creation(state: State, seat: int, design: str, where: str) -> str:
    cid = lift(state, find(state, seat, design))
    state["cities"][where]["creations"].append(cid)
    return cid


def tech(state: State, seat: int, design: str) -> str:
    cid = lift(state, find(state, seat, design))
    state["players"][seat]["techs"].append(cid)
    return cid


def frame(state: State, kind: str, player: int, **data: Any) -> dict[str, Any]:
    """Make ``kind`` the only pending decision (the phase follows from it)."""
    phases = {
        "capital": "setup",
        "home": "setup",
        "trade": "trade",
        "grow": "growth",
        "plan": "plan",
        "act": "action",
        "explore": "action",
        "settle": "action",
        "settle_produce": "action",
        "shrink": "action",
        "discard": "trade",
        "trim": "trim",
    }
    t = state["turn"]
    t["phase"] = phases.get(kind, t["phase"])
    t["number"] = max(t["number"], 1)
    if kind == "act":
        t["active"] = list(t["order"])
        t["at"] = t["active"].index(player)
        t["passes"] = 0
    t["queue"] = []
    f = {"kind": kind, "player": player, **data}
    state["stack"] = [f]
    return f


# -- the builder ---------------------------------------------------------------------------------
class ScenarioError(ValueError):
    """A position the rules cannot reach (or a card that is not there), in plain words."""


CardSpec = str | int | tuple[int, str]
"""A card asked for by design (``"grassland"``), by rank (``9``: any card of that rank) or by
rank and suit (``(9, "star")``, or its face ``"9★"``)."""


class Scenario:
    """Build any History CCG position, checked like the Clash of Cultures builder.

    ``Scenario(players, seed, **options)`` starts from an **empty table**: the new match's
    deal is undone (every card back in its owner's treasury, in a fixed shuffled order), no
    city, no unit, nothing in a council or a landfill. Then, in any order::

        s = Scenario(2, seed=4)
        home = s.city(0, "riverside", 2, ["grassland", "river"], capital=True)
        s.unit(0, "warriors", home)
        s.council(0, "pottery", (12, "moon"))      # by design, or by rank and suit
        s.stack(1, [(13, "sun"), (13, "moon")])    # the next cards off the treasury
        s.zones(1, landfill=5)                     # size a treasury, council or landfill
        s.culture(0, 2).research(0, "writing", counters=3)
        m = s.match(acting=0)                      # the action phase, Blue to act

    Every call takes the card from wherever it still is in that player's loose cards
    (treasury, council, landfill), so a card is always in exactly one place; a call the
    rules cannot allow raises :class:`ScenarioError` at once, and :meth:`match` checks the
    whole position again with the game's invariants. Methods that place one card return
    its id (for action keys); the others return the builder.
    """

    def __init__(self, players: int = 2, seed: int = 1, **options: Any) -> None:
        m = Match.new("history", players, seed=seed, options=options or None)
        self.game = m.game
        s = self.state = m.state
        for p in s["players"]:
            p["treasury"] += p["council"] + p["landfill"]
            p["council"], p["landfill"], p["capital"] = [], [], None
            p["culture"], p["research"], p["counters"] = 0, None, 0
        for cid, c in s["cities"].items():
            s["players"][card_set.owner(cid)]["treasury"] += [cid, *c["terrains"]]
        for seat, p in enumerate(s["players"]):
            p["treasury"].sort()
            Stream(seed * 31 + seat).shuffle(p["treasury"])  # fixed, different per seat
        s["cities"], s["units"], s["table"], s["stack"] = {}, {}, [], []
        s["turn"].update(number=1, phase="action", order=list(range(players)), queue=[])
        s["turn"].update(active=[], at=0, bonus={}, clashed=[])

    # -- cards -----------------------------------------------------------------------------
    def _seat(self, seat: int) -> dict[str, Any]:
        n = len(self.state["players"])
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ScenarioError(f"there are {n} players (seats 0 to {n - 1}), not seat {seat!r}")
        return self.state["players"][seat]

    def card(self, seat: int, spec: CardSpec, *, kind: str | None = None) -> str:
        """The id of a loose card of ``seat`` matching ``spec`` (and of type ``kind``)."""
        p = self._seat(seat)
        rank, suit, design = _parse(spec)
        for zone in LOOSE_ZONES:
            for cid in sorted(p[zone]):
                inst = card_set.instance(self.state, cid)
                if design is not None and inst.design != design:
                    continue
                if rank is not None and inst.rank != rank:
                    continue
                if suit is not None and inst.suit != suit:
                    continue
                if kind is not None and card_set.ctype(self.state, cid) != kind:
                    continue
                return cid
        what = f"{kind} card " if kind else "card "
        raise ScenarioError(
            f"{seat_name(self.state, seat)} has no {what}{_spec_words(spec)} left in their deck "
            f"(the {card_set.deck_name(p['deck'])} deck), off the map"
        )

    def _take(self, seat: int, spec: CardSpec, kind: str | None = None) -> str:
        return lift(self.state, self.card(seat, spec, kind=kind))

    def council(self, seat: int, *specs: CardSpec) -> Scenario:
        """Put those cards into ``seat``'s council (their hand)."""
        for spec in specs:
            self._seat(seat)["council"].append(self._take(seat, spec))
        return self

    def landfill(self, seat: int, *specs: CardSpec) -> Scenario:
        """Put those cards face up on ``seat``'s landfill (discard pile)."""
        for spec in specs:
            self._seat(seat)["landfill"].append(self._take(seat, spec))
        return self

    def stack(self, seat: int, specs: list[CardSpec]) -> list[str]:
        """Put cards on top of ``seat``'s treasury, the first one to come off first."""
        out = [self._take(seat, spec) for spec in specs]
        self._seat(seat)["treasury"] += list(reversed(out))
        return out

    def zones(
        self,
        seat: int,
        *,
        treasury: int | None = None,
        council: int | None = None,
        landfill: int | None = None,
    ) -> Scenario:
        """Size ``seat``'s loose zones. Cards come off the bottom of the treasury (stacked
        cards on top stay): a council or landfill grows from the treasury, shrinks back into
        it; a smaller treasury sends its bottom cards to the landfill, a larger one takes
        them back from the landfill."""
        p = self._seat(seat)
        for zone, want in (("council", council), ("landfill", landfill)):
            if want is None:
                continue
            _whole(f"a {zone} size", want)
            while len(p[zone]) > want:
                p["treasury"].insert(0, p[zone].pop())
            while len(p[zone]) < want:
                if not p["treasury"]:
                    raise ScenarioError(
                        f"{seat_name(self.state, seat)} has too few cards for a {zone} of {want}"
                    )
                p[zone].append(p["treasury"].pop(0))
        if treasury is not None:
            _whole("a treasury size", treasury)
            while len(p["treasury"]) > treasury:
                p["landfill"].append(p["treasury"].pop(0))
            while len(p["treasury"]) < treasury:
                if not p["landfill"] or landfill is not None:
                    raise ScenarioError(
                        f"{seat_name(self.state, seat)} has too few loose cards for a treasury "
                        f"of {treasury}"
                    )
                p["treasury"].insert(0, p["landfill"].pop())
        return self

    # -- the map ---------------------------------------------------------------------------
    def city(
        self,
        seat: int,
        spec: CardSpec,
        population: int = 1,
        terrains: list[CardSpec] | tuple[CardSpec, ...] = (),
        *,
        capital: bool = False,
        controller: int | None = None,
    ) -> str:
        """A city card of ``seat``'s deck on the map (held by ``controller``, by default its
        owner), with that population and those terrain cards next to it."""
        self._seat(seat)
        holder = seat if controller is None else controller
        self._seat(holder)
        _whole("a population", population, low=1)
        most = self.state["options"]["max_terrains"]
        if len(terrains) > most:
            raise ScenarioError(f"a city holds at most {most} terrains, not {len(terrains)}")
        if capital and self.state["players"][seat]["capital"] is not None:
            raise ScenarioError(f"{seat_name(self.state, seat)} already has a capital")
        cid = self._take(seat, spec, "city")
        self.state["cities"][cid] = new_city(holder)
        self.state["cities"][cid]["population"] = population
        for t in terrains:
            self.state["cities"][cid]["terrains"].append(self._take(seat, t, "terrain"))
        if capital:
            self.state["players"][seat]["capital"] = cid
        return cid

    def unit(
        self, seat: int, spec: CardSpec, city: str, *, damage: int = 0, fresh: bool = True
    ) -> str:
        """A unit of ``seat`` standing in ``city`` (a city they control)."""
        where = self.state["cities"].get(city)
        if where is None or where["controller"] != seat:
            raise ScenarioError(
                f"a unit of {seat_name(self.state, seat)} stands in a city they hold"
            )
        cid = self._take(seat, spec, "unit")
        health = card_set.design(self.state, cid)["health"]
        if not 0 <= damage < health:
            lift_back(self.state, cid)
            raise ScenarioError(f"a unit with health {health} takes 0 to {health - 1} damage")
        self.state["units"][cid] = {
            "controller": seat,
            "city": city,
            "damage": damage,
            "tired": not fresh,
        }
        return cid

    def creation(self, seat: int, spec: CardSpec, city: str) -> str:
        """A finished building or wonder in ``city``."""
        if city not in self.state["cities"]:
            raise ScenarioError("a creation stands in a city on the map")
        cid = self._take(seat, spec, "creation")
        self.state["cities"][city]["creations"].append(cid)
        return cid

    def tech(self, seat: int, *specs: CardSpec) -> Scenario:
        """Techs ``seat`` has researched."""
        for spec in specs:
            self._seat(seat)["techs"].append(self._take(seat, spec, "tech"))
        return self

    def policy(self, seat: int, *specs: CardSpec) -> Scenario:
        """Policies in force for ``seat``."""
        for spec in specs:
            self._seat(seat)["policies"].append(self._take(seat, spec, "policy"))
        return self

    # -- counters --------------------------------------------------------------------------
    def culture(self, seat: int, counters: int) -> Scenario:
        """Give ``seat`` that many culture counters."""
        _whole("culture counters", counters)
        self._seat(seat)["culture"] = counters
        return self

    def research(self, seat: int, spec: CardSpec, counters: int = 0) -> str:
        """Make a tech ``seat``'s current research, with ``counters`` research counters on it
        (fewer than its cost: at the cost it would already be researched)."""
        p = self._seat(seat)
        if p["research"] is not None:
            raise ScenarioError(
                f"{seat_name(self.state, seat)} already researches one tech at a time"
            )
        _whole("research counters", counters)
        cid = self._take(seat, spec, "tech")
        cost = card_set.design(self.state, cid)["cost"]
        if counters >= cost:
            lift_back(self.state, cid)
            raise ScenarioError(
                f"{card_set.name(self.state, cid)} costs {cost}: with {counters} counters it would "
                "be researched already"
            )
        p["research"], p["counters"] = cid, counters
        return cid

    # -- the result ------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """What the rules forbid in this position (empty: a legal position)."""
        bad = list(self.game.invariants(self.state))
        for p in self.state["players"]:
            cap = p["capital"]
            if cap is not None and card_set.owner(cap) != p["seat"]:
                bad.append(
                    f"{seat_name(self.state, p['seat'])}'s capital is a city of another deck"
                )
        return bad

    def match(self, acting: int = 0, *, passed: tuple[int, ...] = ()) -> Match:
        """The match: the action phase of turn 1, ``acting`` to take an action; the seats in
        ``passed`` have passed and are out of the phase, which only the house rule
        ``pass_is_final`` allows (by the rules a player who passed acts again when the turn
        comes round)."""
        self._seat(acting)
        if acting in passed:
            raise ScenarioError(f"{seat_name(self.state, acting)} cannot act after passing")
        if passed and not self.state["options"]["pass_is_final"]:
            raise ScenarioError(
                "a player is out of the action phase after passing only with the house rule "
                "pass_is_final=True (by the rules they act again when the turn comes round)"
            )
        frame(self.state, "act", acting)
        t = self.state["turn"]
        t["active"] = [seat for seat in t["active"] if seat not in passed]
        t["at"] = t["active"].index(acting)
        bad = self.problems()
        if bad:
            raise ScenarioError("; ".join(bad))
        return Match.from_state(self.game, clone(self.state))


def lift_back(state: State, cid: str) -> None:
    """Return a card taken by mistake to the bottom of its owner's treasury."""
    state["players"][card_set.owner(cid)]["treasury"].insert(0, cid)


def _whole(what: str, n: Any, low: int = 0) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < low:
        raise ScenarioError(f"{what}: a whole number of at least {low}, not {n!r}")


def _parse(spec: CardSpec) -> tuple[int | None, str | None, str | None]:
    """``spec`` as (rank, suit, design); None where it does not say."""
    if isinstance(spec, bool):
        raise ScenarioError(f"not a card: {spec!r}")
    if isinstance(spec, int):
        return spec, None, None
    if isinstance(spec, tuple) and len(spec) == 2:
        rank, suit = spec
        if suit not in card_set.suits():
            raise ScenarioError(f"unknown suit {suit!r} (known: {', '.join(card_set.suits())})")
        return int(rank), suit, None
    if isinstance(spec, str):
        by_symbol = {v["symbol"]: k for k, v in card_set.suits().items()}
        if spec and spec[-1] in by_symbol:
            ranks = {card_set.rank_text(r): r for r in range(1, 14)}
            if spec[:-1] in ranks:
                return ranks[spec[:-1]], by_symbol[spec[-1]], None
        if spec in card_set.designs():
            return None, None, spec
        by_name = {d["name"].lower(): k for k, d in card_set.designs().items()}
        if spec.lower() in by_name:
            return None, None, by_name[spec.lower()]
    raise ScenarioError(f"not a card: {spec!r} (a design, a rank, or a rank and a suit)")


def _spec_words(spec: CardSpec) -> str:
    if isinstance(spec, tuple):
        return f"of rank {spec[0]} and suit {spec[1]}"
    if isinstance(spec, int):
        return f"of rank {spec}"
    return repr(spec)
