"""A greedy, rule-of-thumb bot for 600 il Secolo di Ferro.

It reads only what its seat may see (its own hand, the cities, the discard pile) and
follows a fixed order of preferences, one action at a time:

* Setup: pick the Protagonist whose power helps building a city fastest (extra draws first).
* Draw: set aside cards it cannot use soon (a second or later Attack card, Bulwarks and
  Objects of cultures it has no citizen of, in play or in hand), then redraw; else keep.
* Turn: 1) Specials that gain a culture or cost an opponent one (Conversion, Exile, Plague
  when it hurts others more), Patron for cards, Alliance when two new cultures are in hand;
  2) put cards into play, choosing the turn's culture by "new culture for my city" first, then
  by how many cards of it it holds (Characters before Bulwarks before Objects);
  3) attack, preferring a target that is the last citizen of its culture in the leader's city;
  4) Amulet / Palette when they bring a new culture; 5) end the turn.
* Reactions: stop Attacks on its own (or its partner's) city with Retaliation, Truce, Escape
  or the Rosary; answer a Special that stops its own side's Attack with a Countermand;
  otherwise pass.
* Windows in another player's turn («in qualsiasi momento»): use a Special only when it
  costs an opponent a culture (above all one who would win at the next turn's start) or
  gains one; an Amulet or Palette that brings a new culture; otherwise pass.
"""

from __future__ import annotations

from ..engine import Action, Game
from ..engine.game import State
from ..secolo import cards as catalogue
from ..secolo import logic
from .base import Bot, by_kind

PICK_ORDER = [
    "astronomer",
    "naturalist",
    "patron",
    "corsair",
    "vizier",
    "abbess",
    "preacher",
    "witch",
]
BLOCK_ORDER = ["retaliation", "truce", "escape"]


class SecoloHeuristicBot(Bot):
    name = "heuristic"

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        frame = state["stack"][-1]
        seat = frame["player"]
        pick = getattr(self, "_" + frame["kind"])(state, seat, frame, legal)
        return pick if pick is not None else legal[-1]

    # -- setup and draw --------------------------------------------------------------------
    def _pick(self, state, seat, frame, legal):
        rank = {e: i for i, e in enumerate(PICK_ORDER)}
        return min(legal, key=lambda a: rank.get(catalogue.effect(a.args[0]), 99))

    def _draw(self, state, seat, frame, legal):
        hand = [c for c in logic.hand(state, seat) if c not in frame["marked"]]
        have = {catalogue.culture(c) for c in logic.citizens(state, seat)}
        have |= {catalogue.culture(c) for c in hand if catalogue.ctype(c) == "character"}
        attacks = sorted(c for c in hand if catalogue.ctype(c) == "attack")
        junk = attacks[1:]
        junk += [
            c
            for c in hand
            if catalogue.ctype(c) in ("bulwark", "object") and catalogue.culture(c) not in have
        ]
        for c in sorted(junk):
            a = Action("discard", (c,))
            if a in legal:
                return a
        return Action("redraw") if Action("redraw") in legal else Action("keep")

    # -- own turn --------------------------------------------------------------------------------
    def _act(self, state, seat, frame, legal):
        kinds = by_kind(legal)
        for step in (self._special, self._play, self._attack, self._object):
            a = step(state, seat, kinds)
            if a is not None:
                return a
        return Action("end")

    def _window(self, state, seat, frame, legal):
        kinds = by_kind(legal)
        a = self._special(state, seat, kinds, threshold=1.9)
        if a is None:
            a = self._object(state, seat, kinds)
        return a if a is not None else Action("pass")

    def _gain(self, state, seat, cid) -> int:
        """Cultures my side gains if ``cid`` enters my city."""
        return int(catalogue.culture(cid) not in logic.cultures_in_play(state, seat))

    def _loss(self, state, owner, cid) -> int:
        """Cultures ``owner`` loses if ``cid`` leaves their city."""
        cul = catalogue.culture(cid)
        return int(sum(1 for c in logic.citizens(state, owner) if catalogue.culture(c) == cul) == 1)

    def _leader_bonus(self, state, owner) -> float:
        return logic.standing(state, owner)[0] / 10

    @staticmethod
    def _winning(state, owner) -> bool:
        """Would ``owner`` (with a partner, both) win at the start of the next turn?"""
        need = state["options"]["cultures_to_win"]
        return all(len(logic.cultures_in_play(state, t)) >= need for t in logic.team(state, owner))

    def _special(self, state, seat, by_kind, threshold: float = 0.5):
        best, best_v = None, threshold
        hand = logic.hand(state, seat)
        threat: dict[int | None, tuple[float, bool]] = {}  # by owner: leader bonus, would win
        for a in by_kind.get("special", []):
            eff = catalogue.effect(a.args[0])
            v = 0.0
            if eff in ("conversion", "exile"):
                t = a.args[1]
                owner = logic.city_of(state, t)
                loss = self._loss(state, owner, t)
                known = threat.get(owner)
                if known is None:
                    known = threat[owner] = (
                        self._leader_bonus(state, owner),
                        self._winning(state, owner),
                    )
                v = 2 * loss + known[0]
                v += 5 * loss if known[1] else 0  # stops a win
                if eff == "conversion":
                    v += 3 * self._gain(state, seat, t) + 0.5
            elif eff == "plague":
                cul = a.args[1]
                v = 0.0
                for s in range(logic.n_players(state)):
                    lost = logic.cultures_in_play(state, s)
                    left = {
                        catalogue.culture(c)
                        for c in logic.citizens(state, s)
                        if catalogue.culture(c) != cul
                        or catalogue.ctype(c) != "character"
                        or logic.is_protected(state, s, c)
                    }
                    delta = len(lost) - len(left)
                    v += -3 * delta if s in logic.team(state, seat) else 2 * delta
            elif eff == "patron":
                v = 1.0
            elif eff == "alliance":
                new = {catalogue.culture(c) for c in hand if catalogue.ctype(c) == "character"}
                new -= logic.cultures_in_play(state, seat)
                v = 2.0 if len(new) >= 2 and not state["turn"]["extra_cultures"] else 0.0
            elif eff == "demolition":
                b = a.args[1]
                owner = logic.owner(state, b)
                cul = catalogue.culture(b)
                v = 0.6 * sum(
                    1 for c in logic.characters(state, owner) if catalogue.culture(c) == cul
                )
            if v > best_v:
                best, best_v = a, v
        return best

    def _play(self, state, seat, by_kind):
        plays = by_kind.get("play", [])
        if not plays:
            return None
        hand = logic.hand(state, seat)

        def city_of_play(a: Action) -> int:
            return int(a.args[1]) if len(a.args) > 1 and a.args[1].isdigit() else seat

        worth: dict[tuple[str, int], float] = {}  # by card and city: the same worth

        def value(a: Action) -> float:
            key = (a.args[0], city_of_play(a))
            v = worth.get(key)
            if v is None:
                v = worth[key] = card_value(*key)
            return v

        in_play: dict[int, set[str]] = {}  # by city
        characters: dict[str | None, int] = {}  # Characters in hand, by culture
        for c in hand:
            if catalogue.ctype(c) == "character":
                characters[catalogue.culture(c)] = characters.get(catalogue.culture(c), 0) + 1

        def card_value(cid: str, where: int) -> float:
            cul = catalogue.culture(cid)
            kind = catalogue.ctype(cid)
            cultures = in_play.get(where)
            if cultures is None:
                cultures = in_play[where] = logic.cultures_in_play(state, where)
            new = cul not in cultures
            same = characters.get(cul, 0)
            v = 0.0
            if kind == "character":
                v = 10 + (20 if new else 0) + same
            elif kind == "bulwark":
                exposed = sum(
                    1
                    for c in logic.characters(state, where)
                    if catalogue.culture(c) == cul and not logic.is_protected(state, where, c)
                )
                v = 4 * exposed + (1 if same else 0)
                if exposed == 0 and not same:
                    v = 0
            elif kind == "object":
                v = 3
            if not state["turn"]["cultures"]:
                # choosing the turn's culture: favour the culture with most new cultures to add
                v += same
            return v

        best = max(plays, key=value)
        return best if value(best) > 0 else None

    def _attack(self, state, seat, by_kind):
        attacks = by_kind.get("attack", [])
        if not attacks:
            return None

        worth: dict[str, float] = {}  # by target: the attacks on one card are worth the same

        def value(a: Action) -> float:
            t = a.args[3]
            v = worth.get(t)
            if v is None:
                owner = logic.city_of(state, t)
                v = worth[t] = 2 * self._loss(state, owner, t) + self._leader_bonus(state, owner)
            return v

        return max(attacks, key=value)

    def _object(self, state, seat, by_kind):
        for a in by_kind.get("object", []):
            eff = catalogue.effect(a.args[0])
            if eff in ("amulet", "palette") and self._gain(state, seat, a.args[1]):
                return a
        return None

    # -- reactions --------------------------------------------------------------------------------
    def _react(self, state, seat, frame, legal):
        att = frame["attack"]
        if att["city"] in logic.team(state, seat) and self._loss(state, att["city"], att["target"]):
            for eff in BLOCK_ORDER:
                for a in legal:
                    if a.kind == "special" and catalogue.effect(a.args[0]) == eff:
                        return a
            for a in legal:
                if a.kind == "object" and catalogue.effect(a.args[0]) == "rosary":
                    return a
        return Action("pass")

    def _counter(self, state, seat, frame, legal):
        attacker = None
        for f in state["stack"]:
            if f["kind"] == "react":
                attacker = f["attack"]["by"]
        if attacker in logic.team(state, seat):
            for a in legal:
                if a.kind == "special":
                    return a
        return Action("pass")
