"""Read a position the way a lesson talks about it: a city, the units on a space, a player.

Check cells use these instead of the engine's internal state keys, so a check reads like
the rule it checks: ``city_at(board, "2,1").mood == "angry"``,
``units_at(board, "3,0").armies("Blue") == 2``, ``player(board, "Blue").gold == 1``,
``score(board, "Blue").wonders == 5``, ``terrain_at(board, "2,0") == "plains"``. The log
too: ``lines(out)`` (its plain words), ``combat_rounds(out)``, ``influence_roll(out)``,
``events_drawn(out)``. Each helper takes a ``ClashBoard`` or a ``Match``; what it returns is
a snapshot (look again after a move).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from clash_widget.coc import cards
from clash_widget.coc.board import city_size, region_of
from clash_widget.coc.board import terrain as _terrain
from clash_widget.coc.content import advances as advance_data
from clash_widget.coc.scoring import breakdown
from clash_widget.coc.vocab import BARBARIANS, MOOD_NAMES
from clash_widget.coc.wonders import wonder_cards
from clash_widget.engine import Match

from .moves import as_match, events_of

BARBARIAN_NAME = "Barbarians"
RESOURCES = ("food", "wood", "ore", "ideas", "gold")


def _seat(state: dict[str, Any], who: str | int) -> int:
    return who if isinstance(who, int) else [p["name"] for p in state["players"]].index(who)


def _card_name(card: str) -> str:
    """An action or objective card's name ("Bumper Crop"), from its id."""
    base = cards.card_base(card)
    spec = cards.action_cards().get(base) or cards.objective_cards()[base]
    return spec["name"]


def _name(state: dict[str, Any], seat: int) -> str:
    return BARBARIAN_NAME if seat == BARBARIANS else state["players"][seat]["name"]


@dataclass(frozen=True)
class City:
    """A city as the board shows it: who owns it, its real size, mood, pieces and wonders."""

    at: str
    owner: str
    size: int
    mood: str  # "angry", "neutral" or "happy"
    pieces: dict[str, str] = field(default_factory=dict)  # piece -> colour it shows
    wonders: tuple[str, ...] = ()  # their names, e.g. "Great Wall"
    capital: bool = False

    def pieces_of(self, name: str) -> list[str]:
        """The pieces that score for ``name`` (won by cultural influence or built)."""
        return sorted(p for p, owner in self.pieces.items() if owner == name)


@dataclass(frozen=True)
class Units:
    """The units standing on one space (ships' passengers included), by owner and kind."""

    at: str
    counts: Counter = field(default_factory=Counter)  # (owner name, kind) -> how many
    aboard: Counter = field(default_factory=Counter)  # (owner name, kind) -> how many aboard

    def _count(self, kind: str, owner: str | None) -> int:
        return sum(n for (o, k), n in self.counts.items() if k == kind and owner in (None, o))

    def armies(self, owner: str | None = None) -> int:
        return self._count("army", owner)

    def settlers(self, owner: str | None = None) -> int:
        return self._count("settler", owner)

    def ships(self, owner: str | None = None) -> int:
        return self._count("ship", owner)

    def aboard_of(self, kind: str, owner: str | None = None) -> int:
        """How many units of ``kind`` ride on a ship here."""
        return sum(n for (o, k), n in self.aboard.items() if k == kind and owner in (None, o))

    def owners(self) -> set[str]:
        return {o for (o, _), n in self.counts.items() if n}

    def __len__(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class Player:
    """A player's stock: resources, tokens, tracks and advances (by their names)."""

    name: str
    food: int
    wood: int
    ore: int
    ideas: int
    gold: int
    mood_tokens: int
    culture_tokens: int
    mood_track: int
    culture_track: int
    advances: tuple[str, ...]
    actions_left: int | None  # on this player's turn; None otherwise
    limits: dict[str, int] = field(default_factory=dict)  # resource -> most it may hold
    action_cards: tuple[str, ...] = ()  # card names
    objectives_held: tuple[str, ...] = ()  # card names, not scored yet
    objectives_scored: tuple[str, ...] = ()
    colour: str = ""

    def __str__(self) -> str:
        goods = ", ".join(
            f"{n} {'idea' if r == 'ideas' and n == 1 else r}"
            for r in RESOURCES
            for n in [getattr(self, r)]
        )
        return (
            f"{self.name}: {goods}; {self.mood_tokens} mood and {self.culture_tokens} culture "
            f"tokens; mood track {self.mood_track}, culture track {self.culture_track}"
        )

    def owns(self, advance: str) -> bool:
        """True if the player owns that advance (its name, e.g. "Steel Weapons")."""
        return advance.lower() in {a.lower() for a in self.advances}


def city_at(board_or_match: Any, key: str) -> City | None:
    """The city on hex ``key`` ("2,1"), or None if there is none."""
    state = as_match(board_or_match).state
    c = state["cities"].get(key)
    if c is None:
        return None
    return City(
        at=key,
        owner=_name(state, c["owner"]),
        size=city_size(c),
        mood=MOOD_NAMES[c["mood"]],
        pieces={p: _name(state, o) for p, o in c["pieces"].items()},
        wonders=tuple(wonder_cards()[w]["name"] for w in c.get("wonders", ())),
        capital=bool(c.get("capital")),
    )


def units_at(board_or_match: Any, key: str) -> Units:
    """The units on hex ``key``: ``units_at(board, "3,0").armies("Blue")``."""
    state = as_match(board_or_match).state
    counts: Counter = Counter()
    aboard: Counter = Counter()
    for u in state["units"].values():
        if u["hex"] == key:
            counts[(_name(state, u["owner"]), u["kind"])] += 1
            if u.get("on") is not None:
                aboard[(_name(state, u["owner"]), u["kind"])] += 1
    return Units(at=key, counts=counts, aboard=aboard)


def player(board_or_match: Any, who: str | int) -> Player:
    """A player by colour name ("Blue") or seat number."""
    m = as_match(board_or_match)
    state = m.state
    seat = _seat(state, who)
    pl = state["players"][seat]
    res = pl["res"]
    seen = m.view(None)["players"][seat]
    data = {a["id"]: a["name"] for a in advance_data().values()}
    return Player(
        name=pl["name"],
        food=res["food"],
        wood=res["wood"],
        ore=res["ore"],
        ideas=res["ideas"],
        gold=res["gold"],
        mood_tokens=pl["mood"],
        culture_tokens=pl["culture"],
        mood_track=pl["mood_track"],
        culture_track=pl["culture_track"],
        advances=tuple(data.get(a, a) for a in pl["advances"]),
        actions_left=state["turn"]["actions"] if m.current_player == seat else None,
        limits=dict(seen["limits"]),
        action_cards=tuple(_card_name(c) for c in pl["actions_hand"]),
        objectives_held=tuple(_card_name(c) for c in pl["objectives_hand"]),
        objectives_scored=tuple(_card_name(c) for c in pl["objectives"]),
        colour=seen["color"],
    )


def cities(board_or_match: Any, owner: str | None = None) -> list[City]:
    """Every city on the board (only ``owner``'s if given), in board order."""
    m = as_match(board_or_match)
    found = [city_at(m, k) for k in sorted(m.state["cities"])]
    return [c for c in found if c is not None and owner in (None, c.owner)]


def capital_of(board_or_match: Any, who: str | int) -> str:
    """The hex of a player's capital ("1,1")."""
    name = player(board_or_match, who).name
    return next(c.at for c in cities(board_or_match, name) if c.capital)


def terrain_at(board_or_match: Any, key: str) -> str | None:
    """The terrain of hex ``key`` ("plains", "sea"...), or None while it lies face down."""
    return _terrain(as_match(board_or_match).state, key)


@dataclass(frozen=True)
class Region:
    """A region of four hexes: face up or not, and which way round it lies (0 or 1)."""

    number: int
    hexes: tuple[str, ...]
    face_up: bool
    orientation: int | None  # None while face down


def region(board_or_match: Any, which: int | str) -> Region:
    """A region by its number (1) or by one of its hexes ("2,0")."""
    state = as_match(board_or_match).state
    n = region_of(state, which) if isinstance(which, str) else which
    reg = state["regions"][n]
    return Region(
        number=n,
        hexes=tuple(reg["hexes"]),
        face_up=bool(reg["explored"]),
        orientation=reg.get("flip") if reg["explored"] else None,
    )


@dataclass(frozen=True)
class Score:
    """A player's victory points, part by part (the primer's Victory Points)."""

    city_pieces: int
    advances: int
    wonders: int
    objectives: int
    events: int

    @property
    def total(self) -> int:
        return self.city_pieces + self.advances + self.wonders + self.objectives + self.events


def score(board_or_match: Any, who: str | int) -> Score:
    """``score(board, "Blue").wonders == 5``; ``.total`` is the sum of the parts."""
    m = as_match(board_or_match)
    return Score(**breakdown(m.state, _seat(m.state, who)))


def objectives_met(board_or_match: Any, who: str | int) -> list[str]:
    """The objective cards in a player's hand that the position fulfils now (names)."""
    state = as_match(board_or_match).state
    seat = _seat(state, who)
    held = state["players"][seat]["objectives_hand"]
    return [_card_name(c) for c in held if cards.fulfilled(state, seat, c)]


@dataclass(frozen=True)
class Hand:
    """A hand of cards as one player's screen shows it: the names, or None when hidden."""

    cards: tuple[str, ...] | None
    count: int


def hand_seen_by(board_or_match: Any, who: str | int, viewer: str | int) -> Hand:
    """``who``'s hand as ``viewer`` sees it: another player sees how many cards, not which."""
    m = as_match(board_or_match)
    seen = m.view(_seat(m.state, viewer))["players"][_seat(m.state, who)]
    hand = seen["hand"]
    names = None if hand is None else tuple(_card_name(c["id"]) for c in hand)
    return Hand(cards=names, count=seen["hand_count"])


def wonders_revealed(board_or_match: Any) -> list[str]:
    """The wonders face up for everyone to build (names)."""
    m = as_match(board_or_match)
    return [wonder_cards()[w]["name"] for w in m.view(None)["wonders"]["public"]]


@dataclass(frozen=True)
class Turn:
    """Where the game stands: age, round, play order (names) and who is to move."""

    age: int
    round: int
    order: tuple[str, ...]
    to_move: str | None  # None once the game is over
    status_phases_done: int


def turn_of(board_or_match: Any) -> Turn:
    """The turn of the position shown (a board looking back at move k shows that one's)."""
    m = as_match(board_or_match)
    view = getattr(board_or_match, "view", None)
    view = view if isinstance(view, dict) and view.get("turn") else m.view(None)
    t = view["turn"]
    names = [p["name"] for p in view["players"]]
    cur = view.get("current_player")
    return Turn(
        age=t["age"],
        round=t["round"],
        order=tuple(names[p] for p in t["order"]),
        to_move=None if cur is None or view.get("over") else names[cur],
        status_phases_done=m.state["status_done"],
    )


# -- what happened: the log, read by name ------------------------------------------------
def lines(happened: Any) -> list[str]:
    """What happened, in the log's plain words: ``lines(board.play("move"))``."""
    return [e["text"] for e in events_of(happened)]


def events_drawn(happened: Any) -> list[str]:
    """The event cards drawn (their log lines): a track reaching 3, 5 or 7 draws one."""
    return [e["text"] for e in events_of(happened) if e["kind"] == "event_card"]


def log_counts(happened: Any) -> Counter:
    """How often each kind of thing happened, in words ("combat round": 12, ...)."""
    return Counter(e["kind"].replace("_", " ") for e in events_of(happened))


@dataclass(frozen=True)
class CombatRound:
    """One round of a battle: each side's dice and the hits they scored (after bonuses)."""

    attacker_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    attacker_hits: int
    defender_hits: int
    text: str


def combat_rounds(happened: Any) -> list[CombatRound]:
    """The battle rounds in an outcome or a log, first round first."""
    return [
        CombatRound(
            attacker_dice=tuple(e["attacker_dice"]),
            defender_dice=tuple(e["defender_dice"]),
            attacker_hits=int(e["attacker_hits"]),
            defender_hits=int(e["defender_hits"]),
            text=e["text"],
        )
        for e in events_of(happened)
        if e["kind"] == "combat_round"
    ]


@dataclass(frozen=True)
class InfluenceRoll:
    """A cultural influence die: what it showed, what it needed, the tokens paid for range."""

    die: int
    need: int
    range_tokens: int
    success: bool | None  # None: culture tokens may still lift it
    text: str


def influence_roll(happened: Any) -> InfluenceRoll | None:
    """The last influence die in an outcome or a log (None if nobody rolled)."""
    rolls = [e for e in events_of(happened) if e["kind"] == "influence_roll"]
    if not rolls:
        return None
    e = rolls[-1]
    return InfluenceRoll(e["die"], e["need"], e["range_tokens"], e["success"], e["text"])


@dataclass(frozen=True)
class Replay:
    """A game rebuilt from its record, and the scores as each status phase began, then
    the final ones."""

    match: Match
    status_scores: list[list[float]]


def replay(board_or_match: Any) -> Replay:
    """Replay a game's record (seed + actions) action by action, in a new match."""
    m = as_match(board_or_match)
    record = m.record()
    again = Match.new(
        record["game"], record["players"], record["seed"], record["options"], keep_undo=False
    )
    marks = []
    for key in record["actions"]:
        out = again.play(key)
        marks += [again.scores() for e in out.events if e["kind"] in ("status", "game_over")]
    return Replay(match=again, status_scores=marks)


__all__ = [
    "City",
    "CombatRound",
    "Hand",
    "InfluenceRoll",
    "Player",
    "Region",
    "Replay",
    "Score",
    "Turn",
    "Units",
    "capital_of",
    "cities",
    "city_at",
    "combat_rounds",
    "events_drawn",
    "hand_seen_by",
    "influence_roll",
    "lines",
    "log_counts",
    "objectives_met",
    "player",
    "region",
    "replay",
    "score",
    "terrain_at",
    "turn_of",
    "units_at",
    "wonders_revealed",
]
