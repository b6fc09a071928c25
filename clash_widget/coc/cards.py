"""Action and objective cards: private hands, draws, plays and scoring.

Primer: start of game and each status phase draw an action and an objective
card; civil effects are free unless marked as costing an action; objectives
score 2 VP when fulfilled in the status phase. Our teaching set: data/cards.json.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from ..engine import Action, rng
from ..engine.actions import act_once
from ..engine.frames import ActionKind
from ..engine.game import Events, Frame, State
from . import content
from .board import cities_of, city_size
from .common import bump_stat, me, spend_action
from .content import load
from .economy import gain
from .effects import grants, on_gain, source
from .rulebook import RULES
from .state_types import CocFrame
from .vocab import HAPPY

SECTION = "Primer: Actions (Expanded); Status Phase and Ending The Game"


@cache
def action_cards() -> Mapping[str, Mapping[str, Any]]:
    return {c["id"]: c for c in load("cards")["actions"]}


@cache
def objective_cards() -> Mapping[str, Mapping[str, Any]]:
    return {c["id"]: c for c in load("cards")["objectives"]}


def _deck(cards: list[dict[str, Any]]) -> list[str]:
    return [f"{c['id']}#{i}" for c in cards for i in range(c.get("copies", 1))]


def card_base(card: str) -> str:
    return card.split("#")[0]


def init_decks(state: State) -> None:
    data = load("cards")
    state["decks"] = {
        "actions": sorted(_deck(data["actions"])),
        "objectives": sorted(_deck(data["objectives"])),
        "events": sorted(_deck(data["events"])),
        "wonders": sorted(w["id"] for w in data["wonders"]),
    }
    state["discards"] = {"actions": [], "objectives": [], "events": []}


def _draw(state: State, pile: str) -> str | None:
    """Draw uniformly from the unordered pile: the state never holds the future order."""
    deck = state["decks"][pile]
    if not deck and state["discards"].get(pile):
        deck.extend(sorted(state["discards"][pile]))
        state["discards"][pile] = []
    if not deck:
        return None
    return deck.pop(rng.below(state, len(deck)))


def _deal(state: State, p: int, ev: Events, pile: str, noun: str) -> None:
    """Draw from ``pile`` into the player's hand of that pile; only ``p`` sees the card."""
    card = _draw(state, pile)
    if card:
        state["players"][p][f"{pile}_hand"].append(card)
        ev.emit(
            "draw",
            f"{state['players'][p]['name']} draws an {noun} card.",
            player=p,
            barrier=True,
            private={"seat": p, "card": card},
        )


@on_gain("gain.writing-cards")
def _writing_cards(state: State, p: int, advance: str, ev: Events) -> None:
    """Writing: an action and an objective card, once, when you hold Writing and a government."""
    player = state["players"][p]
    if advance != source("gain.writing-cards") and advance not in _government_advances():
        return
    if content.government_of(player) is None or "writing_cards" in player.get("flags", []):
        return
    player.setdefault("flags", []).append("writing_cards")
    if state["options"]["cards"]:
        draw_action(state, p, ev)
        draw_objective(state, p, ev)


@cache
def _government_advances() -> frozenset[str]:
    govs = content.governments()
    return frozenset(a for a, info in content.advances().items() if info["group"] in govs)


def draw_action(state: State, p: int, ev: Events) -> None:
    _deal(state, p, ev, "actions", "action")


def draw_objective(state: State, p: int, ev: Events) -> None:
    _deal(state, p, ev, "objectives", "objective")


# -- objectives --------------------------------------------------------------


def fulfilled(state: State, p: int, card: str) -> bool:
    spec = objective_cards()[card_base(card)]
    player = state["players"][p]
    mine = [state["cities"][k] for k in cities_of(state, p)]
    n = spec["n"]
    test = spec["test"]
    if test == "cities":
        return len(mine) >= n
    if test == "advances":
        return len(player["advances"]) >= n
    if test == "city_size":
        return any(city_size(c) >= n for c in mine)
    if test == "happy_cities":
        return sum(1 for c in mine if c["mood"] == HAPPY) >= n
    if test == "armies":
        return (
            sum(1 for u in state["units"].values() if u["owner"] == p and u["kind"] == "army") >= n
        )
    if test == "gold":
        return player["res"]["gold"] >= n
    raise ValueError(f"unknown objective test {test}")


def objective_frames(state: State, p: int) -> list[CocFrame]:
    """Status phase step 1: score fulfilled objectives (always worth it, so automatic)."""
    player = state["players"][p]
    for card in list(player["objectives_hand"]):
        if fulfilled(state, p, card):
            player["objectives_hand"].remove(card)
            player["objectives"].append(card)
            bump_stat(state, "objective_scored")
    return []


def status_draw(state: State, ev: Events) -> None:
    if not state["options"]["cards"]:
        return
    for p in state["turn"]["order"]:
        draw_action(state, p, ev)
        draw_objective(state, p, ev)


# -- playing an action card (civil effect) ----------------------------------------


def parse_play(state: State, frame: Frame, a: Action) -> str:
    return a.args[0] if a.args else ""


@RULES.check("cards.in-hand", "You can only play an action card from your own hand.", SECTION)
def in_hand(state: State, frame: Frame, card: str) -> bool:
    return card in me(state, frame)["actions_hand"]


@RULES.check(
    "cards.action-cost", "This card's effect costs an action and you have none left.", SECTION
)
def card_action(state: State, frame: Frame, card: str) -> bool:
    spec = action_cards()[card_base(card)]
    return not spec["costs_action"] or state["turn"]["actions"] > 0


def play_candidates(state: State, frame: Frame) -> tuple[Action, ...]:
    """The cards in hand, each once (cards.in-hand), but those whose effect costs an action
    when none is left (cards.action-cost): both checks ``ensured``."""
    return _plays(tuple(me(state, frame)["actions_hand"]), state["turn"]["actions"] > 0)


def free_plays(hand: list[str]) -> tuple[Action, ...]:
    """The cards of ``hand`` whose effect costs no action, each once (sorted): what a player
    may play outside their turn's actions (coc.windows), remembered like the turn's."""
    return _plays(tuple(hand), False) if hand else ()


@lru_cache(maxsize=1024)
def _plays(hand: tuple[str, ...], actions_left: bool) -> tuple[Action, ...]:
    """:func:`play_candidates` of a hand, with or without an action left: a pure function of
    them (the catalogue is fixed), and a hand changes seldom (a draw, a play, a trade)."""
    return tuple(
        act_once("play", c)
        for c in sorted(set(hand))
        if actions_left or not action_cards()[card_base(c)]["costs_action"]
    )


def apply_play(state: State, frame: Frame, card: str, ev: Events) -> None:
    spec = action_cards()[card_base(card)]
    player = me(state, frame)
    if spec["costs_action"]:
        spend_action(state)
    player["actions_hand"].remove(card)
    state["discards"]["actions"].append(card)
    for r, n in spec["gain"].items():
        gain(state, player, r, n)
    ev.emit(
        "action_card",
        f"{player['name']} plays {spec['name']}: {spec['text']}",
        player=frame["player"],
    )
    bump_stat(state, "action_card_played")


def _play_label(state: State, frame: Frame, a: Action) -> str:
    spec = action_cards()[card_base(a.args[0])]
    # The card's own text may open with its cost ("Costs an action: gain 2 ore."): said
    # once, beside the name, not as a second colon ("Play Quarry: Costs an action: ...").
    text = spec["text"]
    said = text.lower().startswith(COSTS_AN_ACTION)
    if said:
        text = text[len(COSTS_AN_ACTION) :].lstrip()
        text = text[:1].upper() + text[1:]
    cost = " (costs an action)" if spec["costs_action"] or said else ""
    return f"Play {spec['name']}{cost}: {text}"


COSTS_AN_ACTION = "costs an action:"


def wide_plays(state: State, frame: Frame) -> list[Action]:
    """Every action card in any player's hand."""
    held = {c for player in state["players"] for c in player["actions_hand"]}
    return [act_once("play", c) for c in sorted(held)]


PLAY = ActionKind(
    "play",
    parse_play,
    [in_hand, card_action],
    play_candidates,
    apply_play,
    category="card",
    ensured=[in_hand, card_action],
    wide=wide_plays,
    arity=(1, 1),
    usage="play <card>",
    example="play bumper_crop#0",
    label=_play_label,
)


# -- playing an action card for its combat effect (Tactics, one per combat round) ----------

COMBAT = "Primer: Actions (Expanded); Battles and Capturing; French rulings p. 9, 12"


def combat_cards(state: State, p: int) -> list[str]:
    """Cards ``p`` could play in this combat round (none without Tactics)."""
    player = state["players"][p]
    if not grants(player, "cards.combat-effects"):
        return []
    return sorted({c for c in player["actions_hand"] if action_cards()[card_base(c)].get("combat")})


@RULES.check("cards.tactics", "Combat effects of action cards need the Tactics advance.", COMBAT)
def tactics_owned(state: State, frame: Frame, card: str) -> bool:
    return grants(me(state, frame), "cards.combat-effects")
