"""Two Cards: each player is dealt two cards; two tricks; the higher card takes a trick.

The players play in turn, one card each, starting with the leader (the first seat, then the
winner of the last trick). When everyone has played, the highest card takes the trick and a
point. After the second trick the most points win (shared on a tie). One decision frame
(``play``), one rule (``toy.in-hand``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from clash_widget.engine import (
    Action,
    Events,
    Game,
    MalformedAction,
    Options,
    RuleBook,
    clone,
    ranged,
)
from clash_widget.engine.frames import ActionKind, TableFrame, explained
from clash_widget.engine.game import Frame, FrameHandler, State
from clash_widget.engine.rng import seed_state, shuffle


@dataclass(frozen=True)
class ToyOptions(Options):
    deck_size: int = ranged(6, 2, 52)
    """The deck holds the cards 1 .. deck_size."""
    hand_size: int = ranged(2, 1, 26)
    """Cards dealt to each player: as many tricks as cards."""


RULES = RuleBook("toy", defaults=ToyOptions().to_dict())


@explained(lambda state, frame, card: f"card {card}")
@RULES.check(
    "toy.in-hand",
    "You can play only one of the {hand_size} cards you were dealt that is still in your hand.",
    "Two Cards: tricks",
    source="ours",
)
def in_hand(state: State, frame: Frame, card: int) -> bool:
    return card in state["players"][frame["player"]]["hand"]


def _card(state: State, frame: Frame, action: Action) -> int:
    try:
        return int(action.args[0])
    except ValueError:
        raise MalformedAction(f"{action.args[0]!r} is not a card number") from None


def _cards(state: State, frame: Frame) -> list[Action]:
    """Every card of the deck: toy.in-hand keeps those of the player's hand."""
    return [Action("play", (str(c),)) for c in range(1, state["options"]["deck_size"] + 1)]


def _play(state: State, frame: Frame, card: int, ev: Events) -> None:
    seat = frame["player"]
    state["players"][seat]["hand"].remove(card)
    state["table"].append([seat, card])
    ev.emit("play", f"Player {seat + 1} plays card {card}.", seat=seat)
    state["stack"].pop()
    if len(state["table"]) < len(state["players"]):
        state["stack"].append({"kind": "play", "player": (seat + 1) % len(state["players"])})


PLAY = TableFrame(
    "play",
    [
        ActionKind(
            "play",
            _card,
            [in_hand],
            _cards,
            _play,
            label="Play card {0}",
            arity=(1, 1),
            usage="play <card>",
            example="play 3",
        )
    ],
    prompt=lambda state, frame: f"Player {frame['player'] + 1}: play a card.",
)


class TwoCards(Game):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Two Cards"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    rules: ClassVar[RuleBook] = RULES
    options_class: ClassVar[type[Options]] = ToyOptions
    handlers: ClassVar[dict[str, FrameHandler]] = {"play": PLAY}

    def new_state(self, players: int, seed: int, options: Options) -> State:
        assert isinstance(options, ToyOptions)
        state: State = {"rng": seed_state(seed), "seed": seed, "options": options.to_dict()}
        deck = list(range(1, options.deck_size + 1))
        if options.hand_size * players > len(deck):
            raise ValueError(f"{options.deck_size} cards cannot deal {players} hands")
        shuffle(state, deck)
        hands = [sorted(deck[i::players][: options.hand_size]) for i in range(players)]
        state.update(
            players=[{"hand": hand, "score": 0} for hand in hands],
            unseen=sorted(deck[options.hand_size * players :]),
            table=[],
            stack=[{"kind": "play", "player": 0}],
            over=False,
            result=None,
        )
        return state

    def settle_step(self, state: State, ev: Events) -> bool:
        """A full table: the highest card takes the trick, then leads (or the game ends)."""
        if state["over"] or len(state["table"]) < len(state["players"]):
            return False
        seat, card = max(state["table"], key=lambda played: played[1])
        state["players"][seat]["score"] += 1
        state["table"] = []
        ev.emit("trick", f"Player {seat + 1} takes the trick with card {card}.", seat=seat)
        if state["players"][seat]["hand"]:
            state["stack"].append({"kind": "play", "player": seat})
        else:
            state["over"] = True
            state["result"] = {"winners": self._best(state)}
            ev.emit("end", "The game is over.")
        return True

    def _best(self, state: State) -> list[int]:
        scores = self.scores(state)
        return [i for i, s in enumerate(scores) if s == max(scores)]

    def scores(self, state: State) -> list[float]:
        return [float(p["score"]) for p in state["players"]]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "game": self.name,
            "seat": seat,
            "table": [list(t) for t in state["table"]],
            "players": [
                {
                    "score": p["score"],
                    "cards": len(p["hand"]),
                    **({"hand": list(p["hand"])} if seat in (None, i) else {}),
                }
                for i, p in enumerate(state["players"])
            ],
            "prompt": self.prompt(state),
        }

    def invariants(self, state: State) -> list[str]:
        """Every card of the deck is in a hand, unseen, on the table or in a trick taken."""
        deck = state["options"]["deck_size"]
        cards = [c for p in state["players"] for c in p["hand"]] + state["unseen"]
        cards += [c for _, c in state["table"]]
        taken = sum(p["score"] for p in state["players"]) * len(state["players"])
        if len(cards) + taken != deck or len(set(cards)) != len(cards):
            return [f"{len(cards)} cards in play and {taken} taken, of {deck}"]
        return []

    def determinize(self, state: State, seat: int, seed: int) -> State:
        """Deal everyone else's hand again from the cards ``seat`` has not seen."""
        out: State = clone(state)
        hidden = list(out["unseen"])
        for i, p in enumerate(out["players"]):
            if i != seat:
                hidden += p["hand"]
        pool: State = {"rng": seed_state(seed)}
        shuffle(pool, hidden)
        for i, p in enumerate(out["players"]):
            if i != seat:
                p["hand"], hidden = sorted(hidden[: len(p["hand"])]), hidden[len(p["hand"]) :]
        out["unseen"] = sorted(hidden)
        return out
