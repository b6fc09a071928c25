"""Decision frames of History CCG: which action kinds answer each one.

``capital`` / ``home``  set-up: deploy the capital, then its terrain.
``trade``               maintenance step 1: spend trade.
``discard``             after consulting to discard: choose the card.
``grow``                maintenance step 3: which cities try to grow (``grow <city>``, ``done``).
``plan``                maintenance step 4: start research, put productions behind cities.
``act``                 the action phase: one action, or pass.
``explore``             after exploring: deploy one pulled card, or none.
``settle`` / ``settle_produce``  after founding: pull three cards or not, its terrain, then
                        its production.
``shrink``              after losing a culture clash: the city that loses population.
``trim``                closing phase: discard down to the council size.
"""

from __future__ import annotations

from ..engine import FrameHandler
from ..engine.frames import TableFrame
from ..engine.game import Frame, State
from . import cards as card_set
from . import zones
from .actions import (
    ABILITY,
    FOUND,
    HEAL,
    MOVE,
    PASS,
    PLAY,
    PRODUCE_NONE,
    SETTLE_NONE,
    SETTLE_PRODUCE,
    SETTLE_PULL,
    SETTLE_TERRAIN,
)
from .combat import ATTACK
from .culture import CLASH, SHRINK
from .explore import EXPLORE, LEAVE, TAKE
from .flow import growth_need, growth_pulls
from .maintenance import (
    ACT_PRODUCE,
    ACT_RESEARCH,
    DISCARD,
    GROW,
    GROW_DONE,
    PLAN_DONE,
    PLAN_PRODUCE,
    PLAN_RESEARCH,
    TRADE_CONSULT,
    TRADE_CULTURE,
    TRADE_CYCLE,
    TRADE_DONE,
    TRADE_RESEARCH,
)
from .rulebook import opt
from .setup import CAPITAL, HOME


def _who(state: State, frame: Frame) -> str:
    return zones.player_name(state, frame["player"])


def _trade_prompt(state: State, frame: Frame) -> str:
    o, left = state["options"], frame["left"]
    # Only what this trade can buy now: research needs a tech being researched.
    ways = ["research counters (1 each)"] if zones.research_need(state, frame["player"]) else []
    ways += [
        f"{what} ({o[cost]})"
        for what, cost in (
            ("consult then discard", "trade_cycle"),
            ("consult", "trade_consult"),
            ("a culture counter", "trade_culture"),
        )
        if o[cost] <= left
    ]
    return f"{_who(state, frame)}: {left} trade to spend: {', '.join(ways + ['or done'])}."


def _grow_prompt(state: State, frame: Frame) -> str:
    # Each city once, then the rule once (a city's name carries its face in parentheses).
    def tries(city: str) -> str:
        n = growth_pulls(state, city)
        need = growth_need(state, city)
        return f"{zones.city_name(state, city)}: {n} card{'s' if n != 1 else ''}, needs {need}"

    return (
        f"{_who(state, frame)}: try to grow a city, or done. "
        f"{'; '.join(tries(c) for c in frame['cities'])}. A city grows when the ranks of the "
        "cards it pulls add up to its need; the pulled cards go to your landfill."
    )


def _act_prompt(state: State, frame: Frame) -> str:
    if opt(state, "pass_is_final"):
        return f"{_who(state, frame)}: take one action, or pass for the rest of the action phase."
    return (
        f"{_who(state, frame)}: take one action, or pass (the action phase ends when everybody "
        "passes in a row)."
    )


def _explore_prompt(state: State, frame: Frame) -> str:
    cards = ", ".join(card_set.name(state, c) for c in frame["cards"]) or "nothing"
    return f"{_who(state, frame)}: you pulled {cards}. Deploy one of them, or none."


def _settle_prompt(state: State, frame: Frame) -> str:
    city = card_set.name(state, frame["city"])
    if not frame["pulled"]:
        return (
            f"{_who(state, frame)}: you may pull three cards for {city} (they go to your "
            "landfill unless one is its terrain), or put a terrain from your council next to "
            "it, or none."
        )
    return (
        f"{_who(state, frame)}: put a terrain next to {city}, from the pulled cards or your "
        "council, or none."
    )


def _shrink_prompt(state: State, frame: Frame) -> str:
    return (
        f"{_who(state, frame)}: you lost the culture clash to "
        f"{zones.player_name(state, frame['by'])}. Choose the city that loses 1 population."
    )


def _trim_prompt(state: State, frame: Frame) -> str:
    p = state["players"][frame["player"]]
    return (
        f"{_who(state, frame)}: your council holds {len(p['council'])} cards, the maximum is "
        f"{zones.council_max(state, frame['player'])}. Discard one."
    )


HANDLERS: dict[str, FrameHandler] = {
    h.kind: h
    for h in (
        TableFrame(
            "capital",
            [CAPITAL],
            lambda s, f: f"{_who(s, f)}: deploy a city from your council as your capital.",
            not_now="set up first: choose your capital",
        ),
        TableFrame(
            "home",
            [HOME],
            lambda s, f: f"{_who(s, f)}: put a terrain from your council next to your capital.",
            not_now="set up first: choose your capital's terrain",
        ),
        TableFrame(
            "trade",
            [TRADE_RESEARCH, TRADE_CYCLE, TRADE_CONSULT, TRADE_CULTURE, TRADE_DONE],
            _trade_prompt,
            not_now="the maintenance phase is spending trade now",
        ),
        TableFrame(
            "discard",
            [DISCARD],
            lambda s, f: f"{_who(s, f)}: discard a card from your council.",
            not_now="choose the card to discard first",
        ),
        TableFrame(
            "grow",
            [GROW, GROW_DONE],
            _grow_prompt,
            not_now="the maintenance phase asks which cities try to grow now",
        ),
        TableFrame(
            "plan",
            [PLAN_RESEARCH, PLAN_PRODUCE, PLAN_DONE],
            lambda s, f: (
                f"{_who(s, f)}: deploy a tech to research if you have none, put units or "
                "creations behind idle cities, then done."
            ),
            not_now="the maintenance phase asks for research and production now",
        ),
        TableFrame(
            "act",
            [
                EXPLORE,
                ATTACK,
                FOUND,
                PLAY,
                ACT_RESEARCH,
                ACT_PRODUCE,
                HEAL,
                MOVE,
                ABILITY,
                CLASH,
                PASS,
            ],
            _act_prompt,
            not_now="that is not an action of the action phase",
        ),
        TableFrame(
            "explore",
            [TAKE, LEAVE],
            _explore_prompt,
            not_now="deploy a pulled card or none first",
        ),
        TableFrame(
            "settle",
            [SETTLE_PULL, SETTLE_TERRAIN, SETTLE_NONE],
            _settle_prompt,
            not_now="choose the new city's terrain (or none) first",
        ),
        TableFrame(
            "settle_produce",
            [SETTLE_PRODUCE, PRODUCE_NONE],
            lambda s, f: (
                f"{_who(s, f)}: have {card_set.name(s, f['city'])} produce a unit or creation, or "
                "none."
            ),
            not_now="choose the new city's production (or none) first",
        ),
        TableFrame(
            "shrink",
            [SHRINK],
            _shrink_prompt,
            not_now="choose the city that loses population first",
        ),
        TableFrame(
            "trim",
            [DISCARD],
            _trim_prompt,
            not_now="discard down to the council size first",
        ),
    )
}
