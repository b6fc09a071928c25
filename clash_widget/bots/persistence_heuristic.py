"""A greedy, rule-of-thumb bot for The Persistence of Culture.

It reads only what its seat may see (its own hand and the public board) and follows
a fixed order of preferences, one action at a time:

* Choosing an Empire: the most armies and fleets, a Capital preferred, a Minor Empire
  avoided, a vacant start land preferred.
* Expansion: 1) declare a Culture card as soon as the Capital stands; 2) declare a
  Levy, Shipwrights or a Great Leader; 3) strike another player's Capital with a fate,
  best one that holds Culture cards; 4) a Fortress, then a Monument, on its Capital;
  5) send an army where it gains most: a Capital holding Culture cards to capture, then
  vacant lands in regions it already holds, then weakly defended enemy lands; never
  its own Faction's lands; 6) a fleet where it opens new lands; 7) end.
* Transfer step: move a Culture card when another Capital is clearly less in danger
  (not big enough for a Civil War, fortified, no Minor Empire or Empire without a
  Capital about to start next door, not already holding many cards), then be done.
"""

from __future__ import annotations

from ..engine import Action, Game
from ..engine.game import State
from ..persistence import board, content
from .base import Bot, by_kind

FATES = ("treachery", "rebellion", "civil_war", "barbarians")
BOOSTS = ("levy", "fleet", "leader")


class PersistenceHeuristicBot(Bot):
    name = "heuristic"

    def choose(self, game: Game, state: State, legal: list[Action]) -> Action:
        frame = state["stack"][-1]
        pick = getattr(self, "_" + frame["kind"])(state, frame["player"], legal)
        return pick if pick is not None else legal[-1]

    # -- choosing an Empire --------------------------------------------------------------
    def _choose(self, state: State, seat: int, legal: list[Action]) -> Action:
        def value(a: Action) -> float:
            e = content.empires()[a.args[0]]
            v = e["armies"] + 1.5 * e["fleets"]
            v += 3 if e["capital"] else (-3 if e["minor"] else 0)
            v += 1 if board.holder(state, e["start"]) is None else 0
            return v

        return max(legal, key=value)

    # -- the Expansion phase ---------------------------------------------------------------
    def _expand(self, state: State, seat: int, legal: list[Action]) -> Action | None:
        kinds = by_kind(legal)
        declares = kinds.get("declare", [])
        for a in declares:
            if content.is_culture(a.args[0]):
                return a
        if self._keep_slot_for_culture(state, seat):
            declares = []
        for a in declares:
            if content.cards()[a.args[0]]["effect"] in BOOSTS:
                return a
        strike = self._best_strike(state, seat, declares)
        if strike is not None:
            return strike
        for build in ("fort", "monument"):
            for a in declares:
                if content.cards()[a.args[0]]["effect"] == build and self._is_capital(
                    state, a.args[1]
                ):
                    return a
        enters = kinds.get("enter", [])
        if enters:
            mine = set(board.seat_lands(state, seat))
            worth: dict[str, float] = {}  # by land, for this decision

            def value(a: Action) -> float:
                land = a.args[0]
                v = worth.get(land)
                if v is None:
                    v = worth[land] = self._land_value(state, seat, land, mine)
                return v

            best = max(enters, key=value)
            if value(best) > 0 or "end" not in kinds:
                return best
        fleet = self._best_fleet(state, kinds.get("fleet", []))
        if fleet is not None:
            return fleet
        return kinds["end"][0] if "end" in kinds else None

    @staticmethod
    def _keep_slot_for_culture(state: State, seat: int) -> bool:
        """Keep the last event of the turn for a Culture card the Empire can still declare."""
        turn = state["turn"]
        left = state["options"]["events_per_turn"] - turn["events"]
        e = turn["empire"]
        waiting = any(
            content.is_culture(c) and content.in_time_frame(c, state["epoch"])
            for c in state["players"][seat]["hand"]
        )
        return waiting and left <= 1 and board.founds_capital(e) and not board.capital(state, e)

    @staticmethod
    def _is_capital(state: State, land: str) -> bool:
        return land in board.capitals(state)

    def _best_strike(self, state: State, seat: int, declares: list[Action]) -> Action | None:
        best, best_v = None, 1.5
        for a in declares:
            if content.cards()[a.args[0]]["effect"] not in FATES:
                continue
            land = a.args[1]
            e = board.holder(state, land)
            v = 1.0
            if e is not None and board.capital(state, e) == land:
                v += 2 + 3 * len(board.cards_of(state, e))
            if v > best_v:
                best, best_v = a, v
        return best

    def _land_value(self, state: State, seat: int, land: str, mine: set[str]) -> float:
        """What entering ``land`` is worth (``mine``: the lands of the seat's Faction)."""
        e = board.holder(state, land)
        region = content.areas()[land]["region"]
        in_region = sum(1 for a in content.region_lands(region) if a in mine)
        if e is None:
            return (0.5 if content.is_barren(land) else 3.0) + 0.5 * min(in_region, 3)
        if board.owner(state, e) == seat:
            return -5.0
        v = 2.0 + 0.3 * min(in_region, 3) - 1.5 * board.defence_bonus(state, land)
        if board.capital(state, e) == land:
            v += 2 + 4 * len(board.cards_of(state, e))
        return v

    def _best_fleet(self, state: State, fleets: list[Action]) -> Action | None:
        present = board.present(state)
        held = set(board.empire_lands(state, present)) if present else set()
        near = {x for a in held for x in content.neighbours(a)}
        best, best_n = None, 0
        for a in fleets:
            new = [
                x
                for x in content.neighbours(a.args[0])
                if content.is_land(x)
                and x not in held
                and x not in near
                and not content.is_barren(x)
            ]
            if len(new) > best_n:
                best, best_n = a, len(new)
        return best

    # -- the transfer step -------------------------------------------------------------------
    def _transfer(self, state: State, seat: int, legal: list[Action]) -> Action:
        """Move a card when its Capital is clearly more in danger than another one."""
        best, gain = Action("done"), 0.5
        danger: dict[tuple[str, int], float] = {}  # by Capital and cards arriving

        def danger_at(land: str, arriving: int) -> float:
            d = danger.get((land, arriving))
            if d is None:
                d = danger[land, arriving] = self._danger(state, land, arriving)
            return d

        for a in legal:
            if a.kind != "transfer":
                continue
            card, dest = a.args
            home = board.capital(state, state["culture"][card])
            if home is None:
                continue
            g = danger_at(home, 0) - danger_at(dest, 1)
            if g > gain:
                best, gain = a, g
        return best

    def _danger(self, state: State, land: str, arriving: int) -> float:
        """How likely the Culture cards of a Capital are to be destroyed (a rough count).

        Civil War strikes large Empires; Minor Empires and Empires without a Capital still to
        come (their start lands are public) destroy what they take; a fort protects; cards
        piled in one Capital are all lost to one strike.
        """
        e = board.holder(state, land)
        if e is None:
            return 99.0
        d = 0.0
        if len(board.empire_lands(state, e)) >= state["options"]["civil_war_lands"]:
            d += 1
        d -= board.defence_bonus(state, land) - state["options"]["capital_bonus"]
        d += 0.5 * (len(board.cards_of(state, e)) + arriving)
        near = board.near_lands(land) | {land}
        for x in self._coming(state):
            info = content.empires()[x]
            if not info["capital"] and info["start"] in near:
                d += 1
        return d

    @staticmethod
    def _coming(state: State) -> list[str]:
        """Empires still to play: the rest of this Epoch and the whole next one."""
        epoch = state["epoch"]
        later = [x for x in content.epoch_empires(epoch) if x not in state["empires"]]
        if epoch < state["options"]["epochs"]:
            later += list(content.epoch_empires(epoch + 1))
        return later
