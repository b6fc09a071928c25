"""Scenario builder for notebooks and tests: set up a position in a few lines.

Each call checks its own arguments at once (an unknown card, 9 ore); the whole
position is checked again when the match is built, so a scenario cannot hold an
impossible state (a city at sea, Storage without Farming...). Every match built
from a scenario gets its own copy of the position.

>>> s = Scenario(players=2, seed=3).explore_all()
>>> s.resources(0, food=2, ore=1).advances(0, "tactics")  # doctest: +ELLIPSIS
<...Scenario...>
>>> match = s.match()
>>> match.current_player in (0, 1)
True
"""

from __future__ import annotations

from typing import Any

from ..engine import Match, get_game, rng
from ..engine.game import Events
from ..engine.state import clone
from . import content, turns
from .board import terrain
from .economy import cap
from .explore import layouts
from .setup import add_unit, new_city
from .vocab import BARBARIANS, MOOD_NAMES, PIECES, TERRAINS, UNIT_KINDS


class ScenarioError(ValueError):
    """The scenario describes a position the rules could never reach."""


class Scenario:
    def __init__(self, players: int = 2, seed: int = 0, **options: Any) -> None:
        self.game = get_game("coc")
        opts = self.game.options_from(options)
        self.state = self.game.new_state(players, seed, opts)

    # -- the map ---------------------------------------------------------------
    def explore_all(self) -> Scenario:
        """Turn every region face up (as printed) so the whole map is visible."""
        for i, reg in enumerate(self.state["regions"]):
            if not reg["explored"]:
                reg["explored"] = True
                for k, t in zip(reg["hexes"], layouts(self.state, i)[0], strict=True):
                    self.state["hexes"][k]["terrain"] = t
        return self

    def terrain(self, key: str) -> str | None:
        return terrain(self.state, key)

    def paint(self, key: str, kind: str) -> Scenario:
        """Give an explored hex another terrain (to set up a rule test's map)."""
        if key not in self.state["hexes"] or self.state["hexes"][key]["terrain"] is None:
            raise ScenarioError(f"{key} is not an explored hex")
        if kind not in TERRAINS:
            raise ScenarioError(f"unknown terrain {kind!r}")
        self.state["hexes"][key]["terrain"] = kind
        return self

    def find(self, kind: str, near: str | None = None) -> str:
        """The first explored hex of a terrain (nearest to ``near`` if given), for set-ups."""
        from .board import hex_distance

        keys = [
            k
            for k, h in self.state["hexes"].items()
            if h["terrain"] == kind and k not in self.state["cities"]
        ]
        if not keys:
            raise ScenarioError(f"no free {kind} hex on this map")
        if near:
            keys.sort(key=lambda k: (hex_distance(k, near), k))
        else:
            keys.sort()
        return keys[0]

    def capital(self, player: int) -> str:
        return next(
            k for k, c in self.state["cities"].items() if c["owner"] == player and c["capital"]
        )

    # -- pieces ------------------------------------------------------------------
    def city(
        self,
        player: int,
        key: str,
        *,
        pieces: tuple[str, ...] | dict[str, int] | None = None,
        mood: str = "neutral",
    ) -> Scenario:
        """A city of ``player`` at ``key`` (an existing one keeps its pieces unless given).
        ``pieces`` names the pieces, or maps each to the player whose colour it shows
        (a piece won by cultural influence: ``{"temple": 1}``)."""
        self._owner(player)
        if key not in self.state["hexes"]:
            raise ScenarioError(f"{key} is not on the board")
        if mood not in MOOD_NAMES:
            raise ScenarioError(f"a city is {', '.join(MOOD_NAMES)}, not {mood!r}")
        c: Any = self.state["cities"].get(key) or new_city(player)  # edited freely here
        c["owner"] = player
        if pieces is not None:
            owners = pieces if isinstance(pieces, dict) else {p: player for p in pieces}
            for piece, owner in owners.items():
                if piece not in PIECES:
                    raise ScenarioError(
                        f"unknown city piece {piece!r} (pieces: {', '.join(PIECES)})"
                    )
                self._owner(owner)
            c["pieces"] = dict(owners)
        c["mood"] = MOOD_NAMES.index(mood)
        self.state["cities"][key] = c
        return self

    def ports(self, key: str, sea: str) -> Scenario:
        self.state["cities"][key]["pieces"]["port"] = self.state["cities"][key]["owner"]
        self.state["cities"][key]["port"] = sea
        return self

    def units(self, player: int, key: str, **counts: int) -> Scenario:
        for kind, n in counts.items():
            if kind not in UNIT_KINDS:
                raise ScenarioError(f"unknown unit kind {kind!r}")
            for _ in range(n):
                add_unit(self.state, player, kind, key)
        return self

    def wonder(self, key: str, name: str) -> Scenario:
        """Stand an already built wonder in the city at ``key`` (it scores for the city's
        holder). The state ends as after a real build: the wonder leaves the deck and the
        revealed piles, and the ``wonder_built`` statistic counts it."""
        from .common import bump_stat
        from .wonders import wonder_cards

        s = self.state
        if name not in wonder_cards():
            raise ScenarioError(f"unknown wonder {name!r} (known: {', '.join(wonder_cards())})")
        city = s["cities"].get(key)
        if city is None:
            raise ScenarioError(f"no city at {key} to hold the {name} (add it with .city())")
        where = next((k for k, c in s["cities"].items() if name in c["wonders"]), None)
        if where is not None:
            raise ScenarioError(f"the {name} is already built at {where}; each wonder exists once")
        for pile in (
            s["decks"]["wonders"],
            s.get("public_wonders", []),
            *(pl["wonders_reserved"] for pl in s["players"]),
        ):
            if name in pile:
                pile.remove(name)
        city["wonders"].append(name)
        bump_stat(s, "wonder_built")
        return self

    def clear_units(self, player: int | None = None) -> Scenario:
        self.state["units"] = {
            uid: u
            for uid, u in self.state["units"].items()
            if player is not None and u["owner"] != player
        }
        return self

    # -- players -----------------------------------------------------------------
    def resources(self, player: int, **amounts: int) -> Scenario:
        pl = self._player(player)
        for r, n in amounts.items():
            if r not in ("mood", "culture") and r not in pl["res"]:
                raise ScenarioError(f"unknown resource {r!r} (known: {', '.join(pl['res'])})")
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ScenarioError(f"{r} must be a whole number >= 0, not {n!r}")
            if r not in ("mood", "culture") and n > cap(self.state, pl, r):
                raise ScenarioError(
                    f"{pl['name']} may hold at most {cap(self.state, pl, r)} {r}, not {n}"
                )
        for r, n in amounts.items():
            if r in ("mood", "culture"):
                self.state["players"][player][r] = n
            else:
                self.state["players"][player]["res"][r] = n
        return self

    def _player(self, player: int) -> dict[str, Any]:
        if not isinstance(player, int) or not 0 <= player < len(self.state["players"]):
            raise ScenarioError(
                f"there is no player {player!r} in a {len(self.state['players'])}-player game"
            )
        return self.state["players"][player]

    def _owner(self, owner: int) -> None:
        """A player, or the barbarians (who own cities and pieces too)."""
        if owner != BARBARIANS:
            self._player(owner)

    def cards(
        self, player: int, *, actions: tuple[str, ...] = (), objectives: tuple[str, ...] = ()
    ) -> Scenario:
        """Give action and objective cards (by id, e.g. ``"bumper_crop"``) from their piles."""
        pl = self._player(player)
        for pile, hand, wanted in (
            ("actions", "actions_hand", actions),
            ("objectives", "objectives_hand", objectives),
        ):
            for card in wanted:
                deck = self.state["decks"][pile]
                copy = next((c for c in deck if c.split("#")[0] == card), None)
                if copy is None:
                    known = sorted({c.split("#")[0] for c in deck})
                    raise ScenarioError(
                        f"no {card!r} left in the {pile} pile (left: {', '.join(known)})"
                    )
                deck.remove(copy)
                pl[hand].append(copy)
        return self

    def hand(self, player: int, *actions: str) -> Scenario:
        """Set the player's action cards to exactly ``actions`` (ids; the ones held go back
        to the pile first)."""
        pl = self._player(player)
        self.state["decks"]["actions"].extend(pl["actions_hand"])
        self.state["decks"]["actions"].sort()  # piles are unordered and kept sorted
        pl["actions_hand"] = []
        return self.cards(player, actions=actions)

    def events(self, *cards: str) -> Scenario:
        """Leave only these event cards (by id, e.g. ``"barbarian_raid"``) in the event pile,
        so a lesson knows which event comes next (one card: that one; several: one of them)."""
        pile = self.state["decks"]["events"]
        chosen = []
        for card in cards:
            copy = next((c for c in pile if c.split("#")[0] == card and c not in chosen), None)
            if copy is None:
                known = sorted({c.split("#")[0] for c in pile})
                raise ScenarioError(f"no {card!r} in the event pile (in it: {', '.join(known)})")
            chosen.append(copy)
        self.state["decks"]["events"] = sorted(chosen)  # piles are unordered and kept sorted
        return self

    def region(self, key: str, tile: str, *, flip: int = 0, reveal: bool = False) -> Scenario:
        """Choose the tile of the face-down region holding ``key`` (and how it will lie:
        ``flip`` 0 as printed, 1 turned); ``reveal=True`` also turns it face up."""
        from .content import load

        if key not in self.state["hexes"]:
            raise ScenarioError(f"{key} is not on the board")
        index = self.state["hexes"][key]["region"]
        reg = self.state["regions"][index]
        if reg["explored"]:
            raise ScenarioError(f"the region at {key} is already face up")
        tiles = load("map")["tiles"]
        if tile not in tiles:
            raise ScenarioError(f"unknown region tile {tile!r} (known: {', '.join(sorted(tiles))})")
        if flip not in (0, 1):
            raise ScenarioError(f"a region lies as printed (0) or turned (1), not {flip!r}")
        others = [r for r in self.state["regions"] if r is not reg and r["tile"] == tile]
        for other in others:  # the tile swaps places with the region that held it
            other["tile"] = reg["tile"]
        reg["tile"] = tile
        if reveal:
            reg["explored"] = True
            reg["flip"] = flip
            for k, t in zip(reg["hexes"], layouts(self.state, index)[flip], strict=True):
                self.state["hexes"][k]["terrain"] = t
        return self

    def advances(self, player: int, *names: str) -> Scenario:
        adv = self.state["players"][player]["advances"]
        for a in names:
            if a not in content.advances():
                raise ScenarioError(f"unknown advance {a!r}")
            if a not in adv:
                adv.append(a)
        return self

    def tracks(self, player: int, mood: int = 0, culture: int = 0) -> Scenario:
        pl = self.state["players"][player]
        pl["mood_track"], pl["culture_track"] = mood, culture
        return self

    def dice(self, seed: int | list[int] | tuple[int, ...]) -> Scenario:
        """Fix what the dice say next (call it last, after ``.turn()``).

        ``.dice([6, 6, 4])``: the next rolls are exactly these (the generator is started
        where it rolls them; what comes after them is still random but seeded).
        ``.dice(7)``: restart the generator from seed 7 (dice, draws and reveals follow it).
        """
        if isinstance(seed, (list, tuple)):
            self.state["rng"] = _generator_rolling(list(seed))
            return self
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ScenarioError(f"a dice seed is a whole number >= 0, not {seed!r}")
        self.state["rng"] = rng.seed_state(seed)
        return self

    def turn(self, player: int, actions: int | None = None) -> Scenario:
        """Make it ``player``'s turn (start of turn), optionally with fewer actions."""
        t = self.state["turn"]
        n = len(self.state["players"])
        t["order"] = [(player + i) % n for i in range(n)]
        t["idx"] = 0
        turns.start_turn(self.state, Events())
        if actions is not None:
            t["actions"] = actions
        return self

    # -- result ------------------------------------------------------------------
    def problems(self) -> list[str]:
        s = self.state
        bad = list(self.game.invariants(s))
        for key, c in s["cities"].items():
            # Only unknown pieces are impossible. A piece whose advance the owner lacks, or a
            # city larger than the owner's city count, is what a capture leaves behind, so
            # those limits belong to growing a city (cities.py), not to positions.
            for piece in c["pieces"]:
                if piece not in PIECES:
                    bad.append(f"city {key}: unknown piece {piece}")
            if "port" in c["pieces"] and not c["port"]:
                bad.append(f"city {key}: a port needs its sea hex (use .ports())")
        for p, pl in enumerate(s["players"]):
            for a in pl["advances"]:
                info = content.advances()[a]
                top = content.group_of(a)["advances"][0]
                if top not in pl["advances"]:
                    bad.append(f"player {p}: {a} without the top advance {top}")
                if info["requires"] and info["requires"] not in pl["advances"]:
                    bad.append(f"player {p}: {a} needs {info['requires']}")
                greq = content.group_of(a)["requires"]
                if greq and greq not in pl["advances"]:
                    bad.append(f"player {p}: {a} needs {greq}")
            for r, n in pl["res"].items():
                if n > cap(s, pl, r):
                    bad.append(f"player {p}: {n} {r} is over the limit")
        bad += self._wonder_problems()
        for uid, u in s["units"].items():
            t = terrain(s, u["hex"])
            if (t == "sea") != (u["kind"] == "ship") and u["on"] is None:
                bad.append(f"unit {uid} ({u['kind']}) cannot stand on {t}")
        return bad

    def _wonder_problems(self) -> list[str]:
        """A built wonder is a known card, stands in one city only and is off every pile."""
        from .wonders import wonder_cards

        s = self.state
        piles = set(s["decks"]["wonders"]) | set(s.get("public_wonders", []))
        for pl in s["players"]:
            piles |= set(pl["wonders_reserved"])
        bad: list[str] = []
        seen: set[str] = set()
        for key, c in s["cities"].items():
            for w in c["wonders"]:
                if w not in wonder_cards():
                    bad.append(f"city {key}: unknown wonder {w}")
                elif w in seen:
                    bad.append(f"the {w} is built twice")
                elif w in piles:
                    bad.append(f"city {key}: the {w} is built but still in a pile (use .wonder())")
                seen.add(w)
        return bad

    def match(self) -> Match:
        bad = self.problems()
        if bad:
            raise ScenarioError("; ".join(bad))
        return Match.from_state(self.game, clone(self.state))


MAX_FIXED_DICE = 7  # the search below tries about 6**n starts; 7 dice stay under a second


def _generator_rolling(rolls: list[int]) -> int:
    """A generator state whose next die rolls are ``rolls`` (found by search, no mocks)."""
    if not rolls or len(rolls) > MAX_FIXED_DICE:
        raise ScenarioError(f"give 1 to {MAX_FIXED_DICE} dice, not {len(rolls)}")
    if any(isinstance(d, bool) or d not in range(1, 7) for d in rolls):
        raise ScenarioError(f"a die shows 1 to 6: {rolls!r}")
    for start in range(1, 50 * 6 ** len(rolls)):
        probe = {"rng": rng.seed_state(start)}
        if all(rng.roll(probe) == d for d in rolls):
            return rng.seed_state(start)
    raise ScenarioError(f"no generator start rolls {rolls!r}")  # pragma: no cover
