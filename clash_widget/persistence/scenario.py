"""Scenario builder for notebooks and tests: set up a position in a few lines.

A scenario starts from a dealt game and places Empires, armies, fleets, Capitals,
forts, Monuments and Culture cards by hand, then makes it one player's turn. Every
step is checked, and the built position must pass the game's invariants, so a
scenario cannot hold a position the rules forbid (a Capital of a Minor Empire, a
Culture card without a Capital, two cards of one pile in a hand...).

>>> s = Scenario(players=2, epoch=3)
>>> s = s.empire(0, "egyptians", lands=["egypt", "levant"], capital="egypt")
>>> s = s.culture("law", "egyptians").turn(0, "persians")
>>> m = s.match()
>>> m.legal_actions()[0]
Action(kind='enter', args=('persia',))
"""

from __future__ import annotations

from typing import Any

from ..engine import Events, Match, get_game
from . import board, content
from .epochs import start_epoch
from .setup import VP_SOURCES


class ScenarioError(ValueError):
    """The scenario describes a position the rules could never reach."""


class Scenario:
    def __init__(self, players: int = 2, seed: int = 0, epoch: int = 1, **options: Any) -> None:
        self.game = get_game("persistence")
        opts = self.game.options_from(options)
        self.state = self.game.new_state(players, seed, opts)
        if not 1 <= epoch <= opts.to_dict()["epochs"]:
            raise ScenarioError(f"no Epoch {epoch} in this game")
        st = self.state
        st["epoch"] = epoch
        st["order"] = []
        st["turn"] = None
        st["stack"] = []

    # -- Empires and the map ----------------------------------------------------------------
    def empire(
        self,
        seat: int,
        empire: str,
        *,
        lands: tuple[str, ...] | list[str] = (),
        capital: str | None = None,
    ) -> Scenario:
        """Give ``seat`` the Empire, holding ``lands``, with its Capital in ``capital``."""
        st = self.state
        if empire not in content.empires():
            raise ScenarioError(f"unknown Empire {empire!r}")
        if empire in st["empires"]:
            raise ScenarioError(f"the {board.empire_name(empire)} are taken already")
        if content.empires()[empire]["epoch"] > st["epoch"]:
            raise ScenarioError(f"the {board.empire_name(empire)} come after Epoch {st['epoch']}")
        st["empires"][empire] = {"owner": seat, "capital": None, "founded": False}
        st["players"][seat]["empires"].append(empire)
        for land in lands:
            self.army(land, empire)
        if capital is not None:
            self.capital(empire, capital)
        return self

    def army(self, land: str, empire: str) -> Scenario:
        """An army of ``empire`` in ``land`` (replacing whatever stood there)."""
        if land not in content.lands():
            raise ScenarioError(f"{land!r} is not a land")
        self._known(empire)
        old = self.state["lands"].get(land)
        if old is not None and board.capital(self.state, old) == land:
            raise ScenarioError(f"{land} holds the Capital of the {old}")
        self.state["lands"][land] = empire
        return self

    def vacate(self, land: str) -> Scenario:
        old = self.state["lands"].pop(land, None)
        if old is not None and board.capital(self.state, old) == land:
            raise ScenarioError(f"{land} holds the Capital of the {old}")
        return self

    def capital(self, empire: str, land: str) -> Scenario:
        """The Empire's Capital stands in ``land`` (which it must hold)."""
        self._known(empire)
        if not board.founds_capital(empire):
            raise ScenarioError(f"the {board.empire_name(empire)} have no Capital to found")
        if self.state["lands"].get(land) != empire:
            raise ScenarioError(f"the {board.empire_name(empire)} do not hold {land}")
        rec = self.state["empires"][empire]
        rec["capital"], rec["founded"] = land, True
        return self

    def fall(self, empire: str) -> Scenario:
        """The Empire's Capital has fallen (it keeps its other lands)."""
        rec = self.state["empires"][empire]
        if rec["capital"] is None:
            raise ScenarioError(f"the {board.empire_name(empire)} have no Capital standing")
        if board.cards_of(self.state, empire):
            raise ScenarioError("move its Culture cards away first")
        self.state["lands"].pop(rec["capital"])
        rec["capital"] = None
        return self

    def fleet(self, water: str, empire: str) -> Scenario:
        if water not in content.waters():
            raise ScenarioError(f"{water!r} is not a Sea or Ocean")
        self._known(empire)
        fleets = self.state["fleets"].setdefault(water, [])
        if empire not in fleets:
            fleets.append(empire)
        return self

    def fort(self, land: str) -> Scenario:
        self.state["forts"] = sorted({*self.state["forts"], land})
        return self

    def monument(self, land: str) -> Scenario:
        self.state["monuments"] = sorted({*self.state["monuments"], land})
        return self

    # -- cards ------------------------------------------------------------------------------
    def culture(self, card: str, empire: str) -> Scenario:
        """The Culture card is in play, possessed by ``empire`` (it leaves a hand or the box)."""
        if card not in content.cards() or not content.is_culture(card):
            raise ScenarioError(f"{card!r} is not a Culture card")
        self._known(empire)
        self._take(card)
        self.state["culture"][card] = empire
        return self

    def hand(self, seat: int, *cards: str) -> Scenario:
        """Put ``cards`` into the seat's hand; the card of the same pile it held goes back to
        the box (one card of each pile in a hand)."""
        st = self.state
        for card in cards:
            if card not in content.cards():
                raise ScenarioError(f"unknown card {card!r}")
            pile = content.cards()[card]["pile"]
            self._take(card)
            hand = st["players"][seat]["hand"]
            for old in [c for c in hand if content.cards()[c]["pile"] == pile]:
                hand.remove(old)
                st["box"].append(old)
            hand.append(card)
            hand.sort(key=lambda c: (content.piles().index(content.cards()[c]["pile"]), c))
        st["box"].sort()
        return self

    def dice(self, *values: int) -> Scenario:
        """The next dice rolled, in order (attacker's dice first, then the defender's)."""
        if not all(isinstance(v, int) and 1 <= v <= 6 for v in values):
            raise ScenarioError(f"dice are 1 to 6, not {values}")
        self.state["forced_dice"] = list(values)
        return self

    # -- scores -------------------------------------------------------------------------------
    def vp(self, seat: int, points: int | None = None, **by_source: int) -> Scenario:
        """The seat's Victory Points so far: ``vp(0, 12)`` (counted as regions), or by source
        (``vp(0, regions=8, culture=4)``, sources as in setup.VP_SOURCES). Who chooses an
        Empire first at the next Epoch depends on them (fewest VP first)."""
        if points is not None:
            by_source = {"regions": points, **by_source}
        unknown = set(by_source) - set(VP_SOURCES)
        if unknown:
            raise ScenarioError(f"no Victory Point source {sorted(unknown)}: use {VP_SOURCES}")
        if any(not isinstance(v, int) or v < 0 for v in by_source.values()):
            raise ScenarioError(f"Victory Points are whole numbers from 0 up, not {by_source}")
        p = self.state["players"][seat]
        for k in VP_SOURCES:
            p["vp_by"][k] = by_source.get(k, 0)  # type: ignore[literal-required]
        p["vp"] = sum(p["vp_by"].values())
        return self

    # -- whose turn -------------------------------------------------------------------------------
    def turn(
        self,
        seat: int,
        empire: str,
        *,
        armies: int | None = None,
        fleets: int | None = None,
        events: int = 0,
        frame: str = "expand",
    ) -> Scenario:
        """It is ``seat``'s turn with ``empire`` (of the scenario's Epoch), in ``frame``."""
        st = self.state
        info = content.empires()[empire]
        if info["epoch"] != st["epoch"]:
            raise ScenarioError(f"the {info['name']} are not an Empire of Epoch {st['epoch']}")
        if empire not in st["empires"]:
            self.empire(seat, empire)
        if st["empires"][empire]["owner"] != seat:
            raise ScenarioError(f"the {info['name']} belong to another player")
        st["order"] = [e for e in content.epoch_empires(st["epoch"]) if e in st["empires"]]
        st["turn_no"] += 1
        st["turn"] = {
            "index": st["order"].index(empire),
            "player": seat,
            "empire": empire,
            "armies": info["armies"] if armies is None else armies,
            "fleets": info["fleets"] if fleets is None else fleets,
            "events": events,
            "leader": 0,
            "placed": 0,
        }
        st["stack"] = [{"kind": frame, "player": seat}]
        return self

    def choosing(self) -> Scenario:
        """The scenario's Epoch begins: the players choose its Empires, fewest VP first."""
        st = self.state
        taken = [e for e in st["empires"] if content.empires()[e]["epoch"] >= st["epoch"]]
        if taken:
            raise ScenarioError(f"Empires of this Epoch are taken already: {taken}")
        st["epoch"] -= 1
        start_epoch(st, Events())
        return self

    def match(self) -> Match:
        st = self.state
        if not st["stack"]:
            raise ScenarioError("say whose turn it is (.turn) or let the Epoch begin (.choosing)")
        bad = self.game.invariants(st)
        if bad:
            raise ScenarioError("; ".join(bad))
        return Match.from_state(self.game, st)

    # -- helpers -----------------------------------------------------------------------------------
    def _known(self, empire: str) -> None:
        if empire not in self.state["empires"]:
            raise ScenarioError(f"give the {empire} to a player first: .empire(seat, {empire!r})")

    def _take(self, card: str) -> None:
        st = self.state
        for place in (st["box"], st["discard"], st["destroyed"]):
            if card in place:
                place.remove(card)
                return
        for p in st["players"]:
            if card in p["hand"]:
                p["hand"].remove(card)
                pile = content.cards()[card]["pile"]
                spare = sorted(
                    c for c in st["box"] if content.cards()[c]["pile"] == pile and c != card
                )
                p["hand"].append(spare[0])  # keep one card of each pile in that hand
                st["box"].remove(spare[0])
                p["hand"].sort(key=lambda c: (content.piles().index(content.cards()[c]["pile"]), c))
                return
        if card in st["culture"]:
            del st["culture"][card]
            return
        raise ScenarioError(f"{card} is nowhere")
