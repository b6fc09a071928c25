"""The shape of a Clash of Cultures state, as types a reader and a type checker can follow.

The state stays a plain JSON dict (the engine's ``State``); these ``TypedDict``s say which
keys it holds and what they mean. Cards, advances and wonders are named by their ids in the
data files (``data/cards.json``, ``advances.json``); a copy of a card carries ``#n``
(``"festival#0"``). Hexes are written ``"q,r"`` (axial coordinates); units ``"u<n>"``.
``tests/test_state_types.py`` checks the states that random games reach against them.
"""

# No ``from __future__ import annotations`` here: Python 3.11 TypedDicts must see
# ``NotRequired`` unquoted to leave such keys out of ``__required_keys__``.
from typing import Any, Literal, NotRequired, TypedDict

Terrain = Literal["plains", "forest", "mountain", "barren", "sea"]  # vocab.TERRAINS
UnitKind = Literal["settler", "army", "ship"]  # vocab.UNIT_KINDS
Mood = Literal[0, 1, 2]  # angry, neutral, happy (vocab.ANGRY, NEUTRAL, HAPPY)


class Resources(TypedDict):
    food: int
    wood: int
    ore: int
    ideas: int
    gold: int


class Player(TypedDict):
    name: str  # by seat: Blue, Orange, Green, Purple (vocab.PLAYER_NAMES)
    res: Resources
    mood: int  # mood tokens held
    culture: int  # culture tokens held
    mood_track: int  # advances bought that moved the Mood track (events at 3, 5, 7)
    culture_track: int  # the same for the Culture track
    advances: list[str]  # advance ids held (everyone starts with farming and mining)
    once: list[str]  # once-a-turn abilities already used this turn
    event_vp: int  # victory points events gave
    objectives: list[str]  # objective cards scored
    actions_hand: list[str]  # action cards in hand (hidden from the others)
    objectives_hand: list[str]  # objective cards in hand (hidden from the others)
    wonders_reserved: list[str]  # wonders reserved with Monuments: only this player may build them
    flags: NotRequired[list[Literal["writing_cards"]]]  # one-off grants already given


class Pieces(TypedDict, total=False):
    """The buildings in a city, each with the seat whose colour it shows (-1: barbarians)."""

    fortress: int
    academy: int
    temple: int
    port: int


class City(TypedDict):
    owner: int  # seat; -1: the barbarians (vocab.BARBARIANS)
    mood: Mood
    pieces: Pieces
    capital: bool
    activations: int  # times activated this turn (from the second, its mood drops)
    port: str | None  # the sea hex the city's port faces, once it has one
    wonders: list[str]  # wonder ids built here


class Unit(TypedDict):
    owner: int  # seat; -1: the barbarians
    kind: UnitKind
    hex: str  # where it stands
    on: str | None  # the ship carrying it (a unit id), if any
    stop: bool  # entered a mountain without paying ore: no more moving this turn
    fought: bool  # took part in a battle this turn (settlers and riders too): no more moving
    forest: bool  # entered a forest: cannot attack this turn


class Hex(TypedDict):
    """One space of the map (the record, not the ``(q, r)`` coordinates of ``vocab.Hex``)."""

    terrain: Terrain | None  # None until its region is explored
    region: int  # index into ``regions``


class Region(TypedDict):
    """A 2x2 block of hexes that one region tile covers."""

    slot: list[int]  # [column, row] of the block on the map
    hexes: list[str]  # its four hexes, local positions a, b, c, d
    home: int | None  # the seat whose home region this is, if any
    explored: bool  # the tile lies face up
    tile: str  # "home" or the id of the region tile lying (face down until explored) here
    flip: int  # 0: the tile lies as printed; 1: turned 180 degrees


class Turn(TypedDict):
    age: int  # 1 + status phases played
    round: int  # the round of turns within the age, 1 .. turns_per_age
    order: list[int]  # seats in turn order this age
    idx: int  # position in ``order`` of the player to move
    actions: int  # actions the player to move has left


class Decks(TypedDict):
    """Draw piles, unordered: a draw picks uniformly, so the state never holds the future."""

    actions: list[str]
    objectives: list[str]
    events: list[str]
    wonders: list[str]


class Discards(TypedDict):
    actions: list[str]
    objectives: list[str]
    events: list[str]


class CocOptionsDict(TypedDict):
    """``CocOptions.to_dict()``: every number of the rules (see options.py)."""

    actions_per_turn: int
    food_cap: int
    resource_cap: int
    dogma_ideas_cap: int
    max_units_per_space: int
    max_city_size: int
    turns_per_age: int
    status_phases: int
    groups_per_move: int
    group_size: int
    ship_capacity: int
    research_cost: int
    settler_cost: str  # a payment, e.g. food:2
    army_cost: str
    ship_cost: str
    grow_cost: str
    start_food: int
    vp_per_piece: int
    advances_per_vp: int
    vp_per_wonder: int
    vp_per_objective: int
    hit_divisor: int
    influence_success: int
    conversion_success: int
    events: bool
    cards: bool
    barbarians: bool
    government_switch_plus_one: bool
    economic_liberty_action_too: bool
    fanaticism_retreat_no_loss: bool
    raze_not_last: bool
    capture_rewards_always: bool


class CocState(TypedDict):
    game: Literal["coc"]
    seed: int
    rng: int  # the seeded generator's whole state (engine/rng.py)
    options: CocOptionsDict
    version: int  # changes so far (the match bumps it; stale actions are refused)
    players: list[Player]  # by seat
    hexes: dict[str, Hex]  # "q,r" -> hex
    regions: list[Region]
    cities: dict[str, City]  # hex -> the city on it
    units: dict[str, Unit]  # unit id -> unit
    next_unit: int  # number of the next unit id
    stack: list[dict[str, Any]]  # decision frames, the top one decides now (kinds vary)
    over: bool
    status_done: int  # status phases played (the game ends after options.status_phases)
    stats: dict[str, int]  # counts of what happened, for the design lab
    turn: Turn
    decks: Decks
    discards: Discards
    public_wonders: NotRequired[list[str]]  # revealed wonders anyone may build (after a reveal)
