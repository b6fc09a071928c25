"""The turn, phase by phase: what happens by itself and which frames it asks for.

Everybody plays the same turn together (rule turn.phases). The engine asks one player at a
time, so each *simultaneous* step becomes a queue of decision frames in initiative order:

========== ===============================================================================
opening    refresh, consult, initiative (all automatic)
trade      maintenance step 1: a ``trade`` frame per player with trade to spend
production maintenance step 2 (automatic)
growth     maintenance step 3: a ``grow`` frame per player with a city that has food
plan       maintenance step 4: a ``plan`` frame per player (research, produce)
action     one ``act`` frame at a time, round the table, until everybody has passed
closing    winning checks, end of "until end of turn" effects (automatic)
trim       a ``trim`` frame while a council is above its maximum
========== ===============================================================================

:func:`advance` runs while no frame is pending: it does the automatic work and pushes
the next frame. Sub-choices (which card to discard, where an explored card goes, which
city loses population) are frames pushed by the actions themselves.
"""

from __future__ import annotations

from ..engine.game import Events, State
from . import cards as card_set
from . import zones
from .rulebook import opt
from .state_types import Unit


def advance(state: State, ev: Events) -> None:
    """Move the turn on until a frame is pending or the game is over."""
    while not state["over"] and not state["stack"]:
        phase = state["turn"]["phase"]
        STEPS[phase](state, ev)


# -- set-up----------------------------------------------------------------------------------------
def _setup(state: State, ev: Events) -> None:
    t = state["turn"]
    if t["queue"]:
        seat = t["queue"].pop(0)
        state["stack"].append({"kind": "capital", "player": seat})
        return
    start_turn(state, ev)


# -- opening phase---------------------------------------------------------------------------------
def start_turn(state: State, ev: Events) -> None:
    t = state["turn"]
    t["number"] += 1
    t["phase"] = "opening"
    ev.emit("turn", f"Turn {t['number']} begins.", number=t["number"])


def _opening(state: State, ev: Events) -> None:
    # opening.refresh
    for u in state["units"].values():
        u["tired"] = False
    state["spent"] = []
    state["shown"] = {"initiative": [], "growth": [], "clash": state["shown"].get("clash")}
    # opening.consult
    for s in range(zones.n_players(state)):
        zones.consult(state, s, 1, ev)
    initiative(state, ev)
    _begin(state, "trade")


def initiative(state: State, ev: Events) -> None:
    """Rule opening.initiative: pull, lowest rank first, tied players pull again."""
    n = zones.n_players(state)
    contenders = list(range(n))
    shown: list[dict[str, object]] = []
    for rounds in range(1, 40):
        ranks: dict[int, int] = {}
        for s in contenders:
            got = zones.pull(state, s, 1, ev)
            ranks[s] = card_set.rank(state, got[0]) if got else 99  # no card at all: last
            if got:
                shown.append({"seat": s, "card": got[0], "round": rounds})
            zones.land(state, got, ev)
        low = min(ranks.values())
        contenders = [s for s in contenders if ranks[s] == low]
        if len(contenders) == 1 or low == 99:
            break
    first = contenders[0]
    order = [(first + i) % n for i in range(n)]
    state["turn"]["order"] = order
    state["shown"]["initiative"] = shown
    pulls = ", ".join(
        f"{zones.player_name(state, int(x['seat']))} {card_set.face_words(state, str(x['card']))}"
        for x in shown
    )
    ev.emit(
        "initiative",
        f"Initiative ({pulls}): {', '.join(zones.player_name(state, s) for s in order)}.",
        order=list(order),
        barrier=True,
    )


def _begin(state: State, phase: str) -> None:
    t = state["turn"]
    t["phase"] = phase
    t["queue"] = list(t["order"])


# -- maintenance-----------------------------------------------------------------------------------
def _trade(state: State, ev: Events) -> None:
    t = state["turn"]
    while t["queue"]:
        seat = t["queue"].pop(0)
        amount = zones.trade_total(state, seat)
        opts = state["options"]
        cheapest = min(opts["trade_cycle"], opts["trade_consult"], opts["trade_culture"])
        if 0 < amount < cheapest and zones.research_need(state, seat) == 0:
            ev.emit(
                "trade_lost",
                f"{zones.player_name(state, seat)} has {amount} trade and nothing to spend it on: "
                "it is lost.",
                player=seat,
            )
        elif amount > 0:
            ev.emit(
                "trade",
                f"{zones.player_name(state, seat)} has {amount} trade to spend.",
                player=seat,
                amount=amount,
            )
            state["stack"].append({"kind": "trade", "player": seat, "left": amount})
            return
    t["phase"] = "production"


def _production(state: State, ev: Events) -> None:
    """Rule production.counters."""
    for seat in state["turn"]["order"]:
        for city in zones.cities_of(state, seat):
            c = state["cities"][city]
            if c["production"] is None:
                continue
            c["progress"] += zones.city_yields(state, city)["material"]
            cost = card_set.design(state, c["production"])["cost"]
            if c["progress"] >= cost:
                finish_production(state, city, ev)
    _begin(state, "growth")


def finish_production(state: State, city: str, ev: Events) -> None:
    c = state["cities"][city]
    card, c["production"], c["progress"] = c["production"], None, 0
    seat = c["controller"]
    d = card_set.design(state, card)
    if d["type"] == "unit":
        state["units"][card] = Unit(controller=seat, city=city, damage=0, tired=False)
    else:
        c["creations"].append(card)
    if card_set.is_wonder(state, card):
        zones.stats(state, "wonders_built")
    ev.emit(
        "production_done",
        f"{zones.city_name(state, city)} completes {card_set.name(state, card)}.",
        player=seat,
        city=city,
        card=card,
    )
    for k, v in d.get("on_complete", {}).items():
        if k == "culture":
            state["players"][seat]["culture"] += v
            ev.emit(
                "culture",
                f"{zones.player_name(state, seat)} gains {v} culture counter from {d['name']}.",
                player=seat,
            )


def growth_pulls(state: State, city: str) -> int:
    """How many cards a growth attempt of ``city`` pulls (its food yield; with the option
    growth_pulls_population, plus its population)."""
    n = zones.city_yields(state, city)["food"]
    if state["options"]["growth_pulls_population"]:
        n += state["cities"][city]["population"]
    return max(n, 0)


def growth_need(state: State, city: str) -> int:
    return int(state["options"]["growth_multiplier"]) * state["cities"][city]["population"]


def _growth(state: State, ev: Events) -> None:
    """Rule growth.may-try: each player in turn is asked which of their cities with food try
    to grow (a ``grow`` frame); a player with no such city is not asked."""
    t = state["turn"]
    while t["queue"]:
        seat = t["queue"].pop(0)
        cities = [c for c in sorted(zones.cities_of(state, seat)) if growth_pulls(state, c) > 0]
        if cities:
            state["stack"].append({"kind": "grow", "player": seat, "cities": cities})
            return
    _begin(state, "plan")


def try_growth(state: State, seat: int, city: str, ev: Events) -> None:
    """Rule growth.threshold: pull, add the ranks, grow on reaching the need."""
    c = state["cities"][city]
    got = zones.pull(state, seat, growth_pulls(state, city), ev)
    total = sum(card_set.rank(state, x) for x in got)
    need = growth_need(state, city)
    faces = card_set.faces_words(state, got)
    state["shown"]["growth"].append({"city": city, "cards": got, "total": total, "need": need})
    grew = total >= need
    if grew:
        c["population"] += 1
    ev.emit(
        "growth" if grew else "no_growth",
        f"{zones.city_name(state, city)} pulls {faces}, ranks adding up to {total} (needs {need}): "
        + (f"population {c['population']}." if grew else "no growth."),
        player=seat,
        city=city,
        cards=list(got),
        total=total,
        need=need,
    )
    zones.land(state, got, ev)


def _plan(state: State, ev: Events) -> None:
    t = state["turn"]
    if t["queue"]:
        state["stack"].append({"kind": "plan", "player": t["queue"].pop(0)})
        return
    t["phase"] = "action"
    t["active"] = list(t["order"])
    t["at"] = 0
    t["clashed"] = []
    t["passes"] = 0


# -- action phase----------------------------------------------------------------------------------
def _action(state: State, ev: Events) -> None:
    t = state["turn"]
    if t["active"]:
        t["at"] %= len(t["active"])
        state["stack"].append({"kind": "act", "player": t["active"][t["at"]]})
        return
    t["phase"] = "closing"


def next_actor(state: State, passed: bool) -> None:
    """Rules act.order and act.pass-out: the next player round the table still acting.

    By the seed a pass only hands the turn on; the phase ends when every player still in it
    has passed in a row. With the house rule ``pass_is_final`` a passing player is out."""
    t = state["turn"]
    if passed and opt(state, "pass_is_final"):
        t["active"].pop(t["at"])
        if t["active"]:
            t["at"] %= len(t["active"])
        return
    t["passes"] = t.get("passes", 0) + 1 if passed else 0
    if t["passes"] >= len(t["active"]):
        t["active"] = []  # nobody wants to act any more
        return
    t["at"] = (t["at"] + 1) % len(t["active"])


# -- closing phase---------------------------------------------------------------------------------
def _closing(state: State, ev: Events) -> None:
    if check_wins(state, ev):
        return
    # closing.end-effects
    if state["turn"]["bonus"]:
        state["turn"]["bonus"] = {}
        ev.emit("effects_end", "Effects that lasted until end of turn end.")
    _begin(state, "trim")


def check_wins(state: State, ev: Events) -> bool:
    """Rules win.capital, win.wonders, win.population, win.shared, win.time-limit."""
    opts = state["options"]
    n = zones.n_players(state)
    ways: dict[int, list[str]] = {}
    holders = [s for s in range(n) if zones.holds_capital(state, s)]
    if len(holders) == 1:
        ways.setdefault(holders[0], []).append("capital")
    for s in range(n):
        if len(zones.wonders(state, s)) >= opts["wonders_to_win"]:
            ways.setdefault(s, []).append("wonders")
        if zones.population(state, s) >= opts["population_to_win"]:
            ways.setdefault(s, []).append("population")
    if not ways and state["turn"]["number"] >= opts["max_turns"]:
        best = max(zones.population(state, s) for s in range(n))
        ways = {s: ["time"] for s in range(n) if zones.population(state, s) == best}
    if not ways:
        return False
    words = {
        "capital": "is the only player still holding their own capital",
        "wonders": f"controls {opts['wonders_to_win']} wonders",
        "population": f"has a total population of {opts['population_to_win']}",
        "time": "has the largest population when time runs out",
    }
    for s, how in sorted(ways.items()):
        for w in how:
            zones.stats(state, f"win_{w}")
            ev.emit(f"win_{w}", f"{zones.player_name(state, s)} {words[w]}.", player=s)
    winners = sorted(ways)
    state["over"] = True
    state["stack"] = []
    state["result"] = {
        "winners": winners,
        "ways": {str(s): how for s, how in sorted(ways.items())},
        "turn": state["turn"]["number"],
    }
    names = " and ".join(zones.player_name(state, s) for s in winners)
    ev.emit(
        "game_over",
        f"{names} win{'s' if len(winners) == 1 else ''} the game.",
        winners=list(winners),
    )
    return True


def _trim(state: State, ev: Events) -> None:
    t = state["turn"]
    while t["queue"]:
        seat = t["queue"][0]
        if len(state["players"][seat]["council"]) > zones.council_max(state, seat):
            state["stack"].append({"kind": "trim", "player": seat})
            return
        t["queue"].pop(0)
    start_turn(state, ev)


STEPS = {
    "setup": _setup,
    "opening": _opening,
    "trade": _trade,
    "production": _production,
    "growth": _growth,
    "plan": _plan,
    "action": _action,
    "closing": _closing,
    "trim": _trim,
}
