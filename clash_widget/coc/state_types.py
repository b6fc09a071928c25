"""The shape of a Clash of Cultures state, as types a reader and a type checker can follow.

The state stays a plain JSON dict (the engine's ``State``); these ``TypedDict``s say which
keys it holds and what they mean. Cards, advances and wonders are named by their ids in the
data files (``data/cards.json``, ``advances.json``); a copy of a card carries ``#n``
(``"festival#0"``). Hexes are written ``"q,r"`` (axial coordinates); units ``"u<n>"``.
``tests/test_state_types.py`` checks the states that random games reach against them.
"""

# No ``from __future__ import annotations`` here: Python 3.11 TypedDicts must see
# ``NotRequired`` unquoted to leave such keys out of ``__required_keys__``.
from typing import Literal, NotRequired, TypedDict

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


# -- decision frames: one record per kind, ``kind`` telling them apart ------------------------
# The kinds the game asks about are its handlers (game.py's HANDLERS); three more are steps the
# game takes by itself once they reach the top of the stack (``ClashOfCultures.settle_step``).
# Records with a key named like a Python keyword ("from", "for") use TypedDict's call form.

Cost = dict[str, int]  # resource or token -> amount (``food:1+gold:1`` read as a dict)
UnitSpec = dict[str, int]  # a group's units by kind: {"army": 2, "settler": 1}
Side = Literal["attacker", "defender"]
SiegeChoice = Literal["nothing", "wood", "ore", "both"]  # combat.SIEGE_COSTS


class TurnFrame(TypedDict):
    """The player to move chooses an action or a free ability, or ends the turn."""

    kind: Literal["turn"]
    player: int


class CollectFrame(TypedDict):
    """Collect: the hexes around the city picked one by one, then done."""

    kind: Literal["collect"]
    player: int
    city: str  # the city collecting
    max: int  # hexes it may collect from (its size)
    picks: list[list[str]]  # [hex, resource] per hex picked so far
    range: int  # 1; 2 once Husbandry is paid for


class BuildFrame(TypedDict):
    """Build: units built one by one in the city, then done."""

    kind: Literal["build"]
    player: int
    city: str
    max: int  # units it may build (its size)
    built: list[UnitKind]  # built so far
    draft: bool  # Draft was used (once per build)


class MoveFrame(TypedDict):
    """A Move action in progress: groups moved one by one, then done."""

    kind: Literal["move"]
    player: int
    left: int  # groups still allowed
    moved: list[str]  # unit ids moved so far (a unit goes in one group per Move action)


# The paused actions a frame keeps while it asks (their parsed arguments, ``parse_*``).
GroupArgs = TypedDict(
    "GroupArgs",
    {
        "player": int,
        "from": str,  # hex
        "to": str,  # hex
        "spec": UnitSpec,
        "roads": list[str],  # what Roads are paid with (empty: no Roads)
        "moved": list[str],  # the move frame's units moved before this group
        "for": Literal["group"],
        "payment": Cost | None,  # the road's payment, once named
        "pick": list[str] | None,  # which units go, once named (movement.unit_class)
    },
)
UnitArgs = TypedDict(
    "UnitArgs",
    {
        "player": int,
        "kind": UnitKind,
        "draft": bool,
        "for": Literal["unit"],
        "payment": Cost | None,
    },
)
GrowArgs = TypedDict(
    "GrowArgs",
    {
        "player": int,
        "city": str,
        "piece": str,  # the piece the city grows by
        "extra": str,  # a port's sea hex ("" for other pieces)
        "settler": bool,  # Sanitation's extra settler
        "for": Literal["grow"],
        "payment": Cost | None,
    },
)
WonderArgs = TypedDict(
    "WonderArgs",
    {"city": str, "wonder": str, "for": Literal["wonder"], "payment": Cost | None},
)
HusbandryArgs = TypedDict(
    "HusbandryArgs", {"player": int, "for": Literal["husbandry"], "payment": Cost | None}
)
SiegeArgs = TypedDict(
    "SiegeArgs", {"choice": SiegeChoice, "for": Literal["siege"], "payment": Cost | None}
)
PaidArgs = GroupArgs | UnitArgs | GrowArgs | WonderArgs | HusbandryArgs | SiegeArgs
PaidFor = Literal["group", "unit", "grow", "wonder", "husbandry", "siege"]  # paying.register


class WhichUnitsFrame(TypedDict):
    """The units of one kind differ (cargo, forest) and not all go: which of them move."""

    kind: Literal["which_units"]
    player: int
    args: GroupArgs  # the group move waiting for the answer
    options: list[str]  # the picks to choose from (class+class)


MovePending = TypedDict(
    "MovePending",
    {
        "from": str,
        "to": str,
        "spec": UnitSpec,
        "pick": NotRequired[list[str]],
        "roads": NotRequired[list[str]],
    },
)
"""A group move, paid for, that ends once the region it enters lies face up."""


class OrientFrame(TypedDict):
    """The rulings leave a choice: which way the region entered lies."""

    kind: Literal["orient"]
    player: int
    region: int  # index into ``regions``
    allowed: list[int]  # the ways left (Region.flip values)
    pending: MovePending


class CivicFrame(TypedDict):
    """Increase happiness: mood tokens spent step by step, then done."""

    kind: Literal["civic"]
    player: int
    steps: int  # mood steps bought so far


class BattleCards(TypedDict, total=False):
    """The combat card each side played this round (None: it passed); a side not asked yet is
    missing."""

    attacker: str | None
    defender: str | None


class Losses(TypedDict):
    """Units each side still has to remove this round."""

    attacker: int
    defender: int


BattleRoundFrame = TypedDict(
    "BattleRoundFrame",
    {
        "kind": Literal["battle_round"],
        "player": int,  # the attacker (-1: the barbarians), who decides between rounds
        "defender": int,
        "from": str,  # the hex the attack came from
        "at": str,  # the battle's hex
        "naval": bool,  # ships against ships
        "round": int,  # rounds started
        "disembark": bool,  # land units attacking from a ship
        "siege": NotRequired[SiegeChoice],  # what the attacker paid for Siegecraft
        "cards": NotRequired[BattleCards],  # this round's combat cards
        "losses": NotRequired[Losses],  # this round's hits still to remove
    },
)
"""A battle: between rounds the attacker fights on or retreats. The frames that ask during a
round (Siegecraft, combat card, casualties) hold this same record as ``battle``."""


class SiegecraftFrame(TypedDict):
    """Before round 1 against a Fortress: what the attacker pays for Siegecraft."""

    kind: Literal["siegecraft"]
    player: int
    at: str
    battle: BattleRoundFrame


class CombatCardFrame(TypedDict):
    """A side may play an action card for its combat effect this round."""

    kind: Literal["combat_card"]
    player: int
    side: Side
    battle: BattleRoundFrame


class CasualtiesFrame(TypedDict):
    """A side takes hits and chooses its losses one by one."""

    kind: Literal["casualties"]
    player: int
    side: Side
    battle: BattleRoundFrame
    left: int  # units still to remove


class BarbarianCityFrame(TypedDict):
    """A barbarian city taken: keep it or raze it."""

    kind: Literal["barbarian_city"]
    player: int
    city: str


class Award(TypedDict):
    """A unit a battle gives: the refugee settler, Fanaticism's free army."""

    what: Literal["refugee", "fanaticism"]
    player: int  # who receives it


class RefugeeCityFrame(TypedDict):
    """The city that takes in the refugee settler."""

    kind: Literal["refugee_city"]
    player: int
    awards: list[Award]  # the battle's awards still to give after this one


class FanaticismCityFrame(TypedDict):
    """The city that gets Fanaticism's free army."""

    kind: Literal["fanaticism_city"]
    player: int
    awards: list[Award]  # the battle's awards still to give after this one


InfluenceBoostFrame = TypedDict(
    "InfluenceBoostFrame",
    {
        "kind": Literal["influence_boost"],
        "player": int,
        "from": str,  # where the influence starts
        "at": str,  # the city influenced
        "die": int,  # the roll
        "need": int,  # the roll it needed
        "cost": int,  # culture tokens that lift it (need - die)
    },
)
"""The influence roll missed: spend culture tokens to lift it, or pass."""


class InfluencePieceFrame(TypedDict):
    """Influence succeeded: the city piece the culture takes over."""

    kind: Literal["influence_piece"]
    player: int
    city: str


TradeReplyFrame = TypedDict(
    "TradeReplyFrame",
    {
        "kind": Literal["trade_reply"],
        "player": int,  # the partner, who accepts or declines
        "from": int,  # the seat offering
        "give": Cost,  # what it gives (goods, tokens, card:<id> for a named card)
        "get": Cost,  # what it asks for (goods, tokens, a number of cards)
        "free_used": NotRequired[bool],  # the partner played a free card before answering
    },
)
"""A trade offer waiting for the partner's answer."""


class TradeRoutesFrame(TypedDict):
    """Trade Routes with Currency: how many routes give gold instead of food."""

    kind: Literal["trade_routes"]
    player: int
    routes: int


class FreeAdvanceFrame(TypedDict):
    """Status phase: the free advance."""

    kind: Literal["free_advance"]
    player: int


class RazeFrame(TypedDict):
    """Status phase: raze a size-1 city for 1 gold, or pass."""

    kind: Literal["raze"]
    player: int


class MonumentsPickFrame(TypedDict):
    """Monuments: the revealed wonder only this player may build."""

    kind: Literal["monuments_pick"]  # wonders.PICK
    player: int


class DogmaAdvanceFrame(TypedDict):
    """Dogma: the free Theocracy advance a new Temple brings."""

    kind: Literal["dogma_advance"]  # research.DOGMA
    player: int


class ResearchPaymentFrame(TypedDict):
    """How to pay for an advance: food, ideas or gold."""

    kind: Literal["research_payment"]
    player: int
    advance: str
    options: list[str]  # the payments to choose from (food:1+ideas:1)
    free: bool  # the status phase's free advance


PaymentFrame = TypedDict(
    "PaymentFrame",
    {
        "kind": Literal["payment"],  # paying.FRAME
        "player": int,
        "for": PaidFor,  # the action paid for
        "args": PaidArgs,  # the action waiting for its payment (with "payment": None)
        "options": list[str],  # the payments to choose from (food:1, gold:1)
    },
)
"""How to pay where gold may stand in for food, wood or ore."""


class GovernmentCubesFrame(TypedDict):
    """A new government: the advance each moved cube lands on."""

    kind: Literal["government_cubes"]  # research.CUBES
    player: int
    tree: str  # the new government's advance group
    left: int  # cubes still to place


class EventMoodFrame(TypedDict):
    """An event lowers a city's mood: which city (or a mood token, with Myths)."""

    kind: Literal["event_mood"]  # events.MOOD_FRAME
    player: int
    cause: str  # the event, for the log
    angry: bool  # the city becomes angry (rather than one step lower)


class WindowFrame(TypedDict):
    """«At any time»: a seat short of something may first play a free card or ability
    (engine/reactions.py, coc/windows.py)."""

    kind: Literal["window"]
    player: int
    queue: list[int]  # the seats asked after this one
    then: Literal["", "famine"]  # what the window held back (windows.HELD_BACK)
    need: Literal["culture", "mood", "food"]  # what the seat is short of
    amount: int  # how much it needs


class StatusDrawFrame(TypedDict):
    """Status phase: everyone draws their cards (the game does it)."""

    kind: Literal["status_draw"]
    player: int  # the first player


class StatusEndFrame(TypedDict):
    """Status phase: the end of the age (the game does it)."""

    kind: Literal["status_end"]
    player: int  # the first player


class BarbarianRaidFrame(TypedDict):
    """An event's barbarian raids, one after another (the game starts each)."""

    kind: Literal["barbarian_raid"]  # events.RAID
    player: int  # the player raided
    queue: list[str]  # the barbarian armies still to raid


CocDecision = (
    TurnFrame
    | CollectFrame
    | BuildFrame
    | MoveFrame
    | WhichUnitsFrame
    | OrientFrame
    | CivicFrame
    | BattleRoundFrame
    | BarbarianCityFrame
    | CombatCardFrame
    | CasualtiesFrame
    | SiegecraftFrame
    | RefugeeCityFrame
    | FanaticismCityFrame
    | InfluenceBoostFrame
    | InfluencePieceFrame
    | TradeReplyFrame
    | TradeRoutesFrame
    | FreeAdvanceFrame
    | RazeFrame
    | MonumentsPickFrame
    | DogmaAdvanceFrame
    | ResearchPaymentFrame
    | PaymentFrame
    | GovernmentCubesFrame
    | EventMoodFrame
    | WindowFrame
)
"""A frame the game asks a player about: one per handler of ``game.HANDLERS``."""
CocStep = StatusDrawFrame | StatusEndFrame | BarbarianRaidFrame
"""A frame the game settles by itself (``ClashOfCultures.settle_step``): nobody is asked."""
CocFrame = CocDecision | CocStep


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
    stack: list[CocFrame]  # decision frames, the top one decides now
    over: bool
    status_done: int  # status phases played (the game ends after options.status_phases)
    stats: dict[str, int]  # counts of what happened, for the design lab
    turn: Turn
    decks: Decks
    discards: Discards
    public_wonders: NotRequired[list[str]]  # revealed wonders anyone may build (after a reveal)
