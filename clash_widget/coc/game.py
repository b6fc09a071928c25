"""Clash of Cultures (original 2012 edition) on the engine protocol.

The frames below list every decision the game can wait for; each frame's
table names the action kinds that answer it. Rules live in the topic modules
(research, cities, movement, combat, ...) as named checks in one RuleBook.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine import Action, Game
from ..engine.frames import TableFrame
from ..engine.game import Events, Frame, FrameHandler, State
from ..engine.rng import Stream
from ..engine.state import clone
from . import (
    abilities,
    cards,
    cities,
    civic,
    combat,
    content,
    events,
    influence,
    movement,
    paying,
    research,
    scoring,
    trade,
    turns,
    windows,
    wonders,
)
from .board import city_size, stack_count
from .options import CocOptions
from .rulebook import RULES
from .setup import new_state as layout_state
from .view import build_view
from .vocab import BARBARIANS

TURN = TableFrame(
    "turn",
    [
        research.KIND,
        cities.FOUND_KIND,
        cities.COLLECT_KIND,
        cities.BUILD_KIND,
        cities.GROW_KIND,
        movement.MOVE_KIND,
        civic.CIVIC_KIND,
        influence.INFLUENCE,
        wonders.BUILD_WONDER,
        cards.PLAY,
        *abilities.ALL,
        trade.OFFER,
        turns.END,
    ],
    "Choose an action (3 a turn) or a free ability, or end your turn.",
    guards={"ability": abilities.any_owned},
)
# Keyed by each handler's own kind, so a frame name is written once.
HANDLERS: dict[str, FrameHandler] = {
    h.kind: h
    for h in (
        TURN,
        TableFrame(
            "collect",
            [cities.TAKE, cities.HUSBANDRY, cities.COLLECT_DONE],
            "Pick the hexes to collect from, then done.",
        ),
        TableFrame(
            "build", [cities.UNIT, cities.BUILD_DONE], "Choose the units to build, then done."
        ),
        TableFrame(
            "move",
            [movement.GROUP, movement.MOVE_DONE],
            "Move up to three groups one space each, then done.",
        ),
        TableFrame(
            "which_units",
            [movement.WHICH],
            "Your units there differ: choose which of them move.",
        ),
        TableFrame(
            "orient",
            [movement.ORIENT],
            "The rulings leave a choice: how should the new region lie?",
        ),
        TableFrame(
            "civic",
            [civic.IMPROVE, civic.CIVIC_DONE],
            "Spend mood tokens to lift your cities' mood, then done.",
        ),
        windows.answering("battle_round", [combat.CHOICE], "Fight another round, or retreat?"),
        windows.answering(
            "barbarian_city",
            [combat.BARBARIAN_CITY],
            "Keep the barbarian city, or raze it for 1 gold?",
        ),
        windows.answering(
            "combat_card",
            [combat.TACTIC, combat.NO_TACTIC],
            "Play an action card for its combat effect this round, or pass.",
        ),
        windows.answering(
            "casualties", [combat.CASUALTY], "Your side takes hits: choose which unit is lost."
        ),
        windows.answering(
            "siegecraft",
            [combat.SIEGE],
            "Siegecraft against the Fortress, for the first round: pay 2 wood (no extra die), "
            "2 ore (no hit cancelled), both, or nothing?",
        ),
        windows.answering(
            "refugee_city",
            [combat.REFUGEE],
            "Your city was captured: choose the city that takes in the refugee settler.",
        ),
        windows.answering(
            "fanaticism_city",
            [combat.FANATIC],
            "Fanaticism: you lost the battle; choose the city that gets your free army.",
        ),
        TableFrame(
            "influence_boost",
            [influence.BOOST, influence.DECLINE],
            "The roll missed: spend culture tokens to lift it, or pass.",
        ),
        TableFrame(
            "influence_piece", [influence.PIECE], "Choose the city piece your culture takes over."
        ),
        trade.REPLY_FRAME,
        trade.ROUTES_FRAME,
        windows.answering(
            "free_advance", [turns.FREE_ADVANCE], "Status phase: choose your free advance."
        ),
        windows.answering(
            "raze",
            [turns.RAZE, turns.PASS],
            "Status phase: you may raze one size-1 city for 1 gold.",
        ),
        TableFrame(
            wonders.PICK,
            [wonders.PICK_WONDER],
            "Monuments: pick a revealed wonder that only you may build.",
        ),
        TableFrame(
            research.DOGMA,
            [research.DOGMA_CHOICE],
            "Dogma: choose the free Theocracy advance your new Temple brings.",
        ),
        TableFrame(
            "research_payment",
            [research.PAY],
            "Choose how to pay for the advance: food, ideas or gold.",
        ),
        TableFrame(paying.FRAME, [paying.PAY], "Choose how to pay: gold or the resources."),
        TableFrame(
            research.CUBES,
            [research.CUBE],
            "New government: choose the advance each moved cube lands on.",
        ),
        windows.answering(
            events.MOOD_FRAME,
            [events.MOOD_CITY, events.PAY_MYTHS],
            "An event lowers a city's mood: choose the city (with Myths you may pay "
            "1 mood token instead).",
        ),
        windows.FRAME,
    )
}


SETTLING = frozenset(
    ("status_draw", "status_end", "barbarian_raid", "move", "raze", "free_advance")
    + ("influence_boost", events.MOOD_FRAME, "combat_card")
)
"""The frames :meth:`ClashOfCultures.settle_step` may take an automatic step at; at any
other frame on top the position is at rest."""


class ClashOfCultures(Game):
    name = "coc"
    title = "Clash of Cultures"
    min_players = 2
    max_players = 4
    settles_at = SETTLING  # most actions (the turn, a trade reply, a collect) rest at once
    rules = RULES
    options_class = CocOptions
    handlers: ClassVar[dict[str, FrameHandler]] = HANDLERS

    def new_state(self, players: int, seed: int, options: Any) -> State:
        state = layout_state(players, seed, options)
        cards.init_decks(state)
        ev = Events()
        if options.cards:
            for p in range(players):
                cards.draw_action(state, p, ev)
                cards.draw_objective(state, p, ev)
        turns.start_turn(state, ev)
        return state

    def name_seats(self, state: State, names: list[str]) -> None:
        super().name_seats(state, names)
        for player, name in zip(state["players"], names, strict=True):
            player["name"] = name  # the rules' texts read the player's own record

    def settle_step(self, state: State, ev: Events) -> bool:
        """The status phase's draws and end, the next barbarian raid, a move with no
        group left, and a status-phase offer whose only answer is to pass."""
        stack = state["stack"]
        if not stack or state["over"]:
            return False
        top = stack[-1]
        kind = top["kind"]
        if kind == "status_draw":
            state["stack"].pop()
            cards.status_draw(state, ev)
        elif kind == "status_end":
            state["stack"].pop()
            turns.end_status(state, ev)
        elif kind == "barbarian_raid":  # a raid's battle is over: start the next raid
            from .events import continue_raids

            continue_raids(state, ev)
        elif kind == "move" and top["left"] == 0:
            state["stack"].pop()
        elif kind == "raze":
            legal = self.listing_at_rest(state, ev)
            if len(windows.own_answers(top, legal)) != 1:  # free cards are no reason to ask
                return False
            state["stack"].pop()  # only "pass" is possible: nothing to ask (nor to log)
        elif kind == "free_advance":
            legal = self.listing_at_rest(state, ev)
            if windows.own_answers(top, legal):  # the decision waits
                return False
            state["stack"].pop()  # every advance owned: nothing to receive
        elif kind == "influence_boost" and self.answer_if_only(state, ev):
            pass  # a window did not make up the shortfall: one answer is left
        elif kind == events.MOOD_FRAME and self._answer_if_own_only(state, top, ev):
            pass  # a window did not make up the shortfall: one answer is left
        elif kind == "combat_card" and self._answer_if_own_only(state, top, ev):
            pass  # the card was played for its civil half: only "pass" is left
        else:
            return False
        return True

    def _answer_if_own_only(self, state: State, frame: Frame, ev: Events) -> bool:
        """:meth:`answer_if_only` for a question that also lists the free cards and abilities
        (windows.ANSWERING): only its own answers count."""
        legal = self.listing_at_rest(state, ev)
        own = windows.own_answers(frame, legal)
        if len(own) != 1:
            return False
        self.handlers[frame["kind"]].apply(self, state, frame, own[0], ev)
        return True

    def scores(self, state: State) -> list[float]:
        return list(map(float, scoring.every_vp(state)))

    def score_breakdown(self, state: State) -> list[dict[str, float]]:
        return [dict(scoring.breakdown(state, p)) for p in range(len(state["players"]))]

    def evaluate(self, state: State, seat: int) -> float:
        return scoring.position_value(state, seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)

    def describe(self, state: State, action: Action) -> str:
        from .view import action_label

        return action_label(self, state, action)

    def upgrade_position(self, state: State, file_version: int) -> State:
        from .legacy import upgrade_position

        return upgrade_position(state, file_version)

    def invariants(self, state: State) -> list[str]:
        bad: list[str] = []
        o = state["options"]
        for p, pl in enumerate(state["players"]):
            for r, n in pl["res"].items():
                from .economy import cap

                if n < 0 or n > cap(state, pl, r):
                    bad.append(f"player {p} holds {n} {r}")
            if pl["mood"] < 0 or pl["culture"] < 0:
                bad.append(f"player {p} has negative tokens")
            if len(set(pl["advances"])) != len(pl["advances"]):
                bad.append(f"player {p} owns an advance twice")
            catalogue = content.advances()
            groups = {catalogue[a]["group"] for a in pl["advances"]}
            if len(groups & set(content.governments())) > 1:
                bad.append(f"player {p} holds two governments")
        counts: dict[int, int] = {}
        for c in state["cities"].values():
            if c["owner"] >= 0:
                counts[c["owner"]] = counts.get(c["owner"], 0) + 1
        for key, c in state["cities"].items():
            if c["mood"] not in (0, 1, 2):
                bad.append(f"city {key} has mood {c['mood']}")
            if city_size(c) > o["max_city_size"]:
                bad.append(f"city {key} is larger than {o['max_city_size']}")
            if (
                state["hexes"][key]["terrain"] in (None, "sea", "barren")
                and c["owner"] != BARBARIANS
            ):
                bad.append(f"city {key} stands on {state['hexes'][key]['terrain']}")
        keys = {u["hex"] for u in state["units"].values()}
        for key in keys:
            if stack_count(state, key) > o["max_units_per_space"] and not _mixed(state, key):
                bad.append(f"more than {o['max_units_per_space']} units at {key}")
        for uid, u in state["units"].items():
            if u["on"] is not None and (
                u["on"] not in state["units"] or state["units"][u["on"]]["hex"] != u["hex"]
            ):
                bad.append(f"unit {uid} rides a ship that is not there")
            if state["hexes"][u["hex"]]["terrain"] is None:
                bad.append(f"unit {uid} stands on a face-down hex")
        for p, points in enumerate(scoring.every_vp(state)):
            if points != sum(scoring.breakdown(state, p).values()):
                bad.append(f"VP of player {p} inconsistent")
        return bad

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Resample what ``seat`` cannot see, as a function of ``seed`` and its view only.

        Hidden here: the face-down tiles, the other players' action and objective
        hands, the wonders they reserved with Monuments, which cards are still in
        the piles, the dice generator and the game seed. Every pool is sorted
        before drawing, so the true order never shows through the sample.
        """
        s = clone(state)
        r = Stream(seed)
        hidden = [i for i, reg in enumerate(s["regions"]) if not reg["explored"]]
        tiles = sorted(s["regions"][i]["tile"] for i in hidden)
        r.shuffle(tiles)
        for i, t in zip(hidden, tiles, strict=True):
            s["regions"][i]["tile"] = t
        others = [p for p in range(len(s["players"])) if p != seat]
        for hand, pile in (
            ("actions_hand", "actions"),
            ("objectives_hand", "objectives"),
            ("wonders_reserved", "wonders"),
        ):
            _redraw(s, others, hand, pile, r)
        s["rng"] = Stream(seed + 1).below(1 << 62)
        s["seed"] = seed
        return s


def _redraw(s: State, players: list[int], hand: str, pile: str, r: Stream) -> None:
    """Pool these players' hidden cards with the pile and deal the same counts again."""
    deck = s["decks"][pile]
    counts = {p: len(s["players"][p][hand]) for p in players}
    for p in players:
        deck.extend(s["players"][p][hand])
        s["players"][p][hand] = []
    deck.sort()  # piles are unordered and kept sorted (see cards._draw)
    for p in players:
        for _ in range(counts[p]):
            s["players"][p][hand].append(deck.pop(r.below(len(deck))))


def _mixed(state: State, key: str) -> bool:
    """A battle leaves attackers and defenders on one space for a moment; allowed."""
    return len({u["owner"] for u in state["units"].values() if u["hex"] == key}) > 1
