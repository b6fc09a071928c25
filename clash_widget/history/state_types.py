"""The shape of a History CCG state, as types a reader and a type checker can follow.

The state stays a plain JSON dict; these ``TypedDict``s say which keys it holds and what they
mean. Every card is named ``"<seat>-<index>"`` (``"0-07"``: the eighth card of seat 0's deck,
see cards.card_id); a city, a unit or a tech is the card that was deployed as it.
``tests/test_state_types.py`` checks the states that random games reach against them.
"""

# No ``from __future__ import annotations`` here: Python 3.11 TypedDicts must see
# ``NotRequired`` unquoted to leave such keys out of ``__required_keys__``.
from typing import Literal, NotRequired, TypedDict

from ..engine.state_types import EngineState

DeckName = Literal["riverlands", "highlands", "plain52"]  # cards.seat_deck
Phase = Literal[
    "setup", "opening", "trade", "production", "growth", "plan", "action", "closing", "trim"
]


class Player(TypedDict):
    seat: int
    name: str  # "Player 1" ...
    deck: DeckName  # the deck the player's cards come from
    treasury: list[str]  # draw pile, face down, top = last
    council: list[str]  # the hand (hidden from the others)
    landfill: list[str]  # discard pile, face up
    culture: int  # culture counters (kept: each adds a card to every culture clash)
    research: str | None  # the tech card being researched, if any
    counters: int  # research counters on it
    techs: list[str]  # techs researched
    policies: list[str]  # policies in force
    capital: str | None  # the capital's city card (None until placed during setup)


class City(TypedDict):
    controller: int  # the seat controlling it
    population: int  # population
    terrains: list[str]  # terrain cards next to it
    mods: dict[str, str]  # terrain card -> the mod card attached to it
    production: str | None  # the design card in production, if any
    progress: int  # material put into it so far
    creations: list[str]  # buildings and wonders finished here


class Unit(TypedDict):
    controller: int  # the seat controlling it
    city: str  # the city it stands in
    damage: int
    tired: bool  # acted this turn (fresh again at the next opening)


class Turn(TypedDict):
    number: int  # turns begun (0 during setup)
    phase: Phase
    order: list[int]  # seats in initiative order
    queue: list[int]  # seats still to answer the current phase, in order
    active: list[int]  # seats still taking actions in the action phase
    at: int  # position in ``active`` of the seat to act
    bonus: dict[str, int]  # seat (as text) -> attack bonus until end of turn
    clashed: list[int]  # seats that started a culture clash this turn
    passes: NotRequired[int]  # passes in a row this action phase (all active: phase over)


class InitiativePull(TypedDict):
    seat: int
    card: str  # the card pulled (lowest rank moves first)
    round: int  # 1, or more when tied players pulled again


class GrowthPull(TypedDict):
    city: str
    cards: list[str]  # the cards pulled
    total: int  # their ranks added up
    need: int  # what the city needed to grow


class Clash(TypedDict):
    """The last culture clash, as shown to everybody."""

    attacker: int
    defender: int
    city: str  # the attacker's city it started from
    attack_cards: list[str]  # pulled
    defence_cards: list[str]
    attack_hand: list[str]  # the best poker hand in them
    defence_hand: list[str]
    attack_name: str  # "Full house" ...
    defence_name: str
    winner: int  # seat
    tie: bool


class Battle(TypedDict):
    """The last battle this turn, as shown to everybody."""

    attacker: int
    defender: int
    city: str  # the city attacked
    attackers: list[str]  # attacking units
    defenders: list[str]  # defending units
    attack: int  # the attack's strength
    defence: int  # the defence's strength
    fallen: list[str]  # units destroyed, both sides


class Shown(TypedDict):
    """Cards this turn pulled face up, for the table to show."""

    initiative: list[InitiativePull]
    growth: list[GrowthPull]
    clash: Clash | None
    battle: NotRequired[Battle]


class Result(TypedDict):
    winners: list[int]  # seats
    ways: dict[str, list[Literal["capital", "wonders", "population", "time"]]]  # seat -> how
    turn: int  # the turn the game ended in


class HistoryOptionsDict(TypedDict):
    """``HistoryOptions.to_dict()`` (see options.py)."""

    deck: Literal["starters", "riverlands", "highlands", "plain52"]  # options.DECKS
    growth_multiplier: int
    growth_pulls_population: bool
    population_to_win: int
    wonders_to_win: int
    founding_cost: int
    start_council: int
    council_max: int
    max_terrains: int
    clash_cards: int
    trade_cycle: int
    trade_consult: int
    trade_culture: int
    capital_defence: int
    pass_is_final: bool
    research_exact: bool
    max_turns: int


# -- decision frames: one record per kind (the game's handlers), ``kind`` telling them apart --
class HomeFrame(TypedDict):
    """Setup: a terrain from the council next to the capital."""

    kind: Literal["home"]
    player: int
    city: str  # the capital's id


class CapitalFrame(TypedDict):
    kind: Literal["capital"]  # deploy a city from the council as the capital
    player: int


class PlanFrame(TypedDict):
    kind: Literal["plan"]  # the planning phase: a tech to research, units behind cities
    player: int


class ActFrame(TypedDict):
    kind: Literal["act"]  # the action phase: one action, or pass
    player: int


class SettleFrame(TypedDict):
    kind: Literal["settle"]  # a terrain next to a new city, from the pulled cards
    player: int
    city: str  # the new city's id
    cards: list[str]  # the cards pulled for it
    pulled: bool  # whether the player has pulled (the three pulls are a "may", once)


class SettleProduceFrame(TypedDict):
    kind: Literal["settle_produce"]  # the new city produces a unit or creation, or not
    player: int
    city: str


class ExploreFrame(TypedDict):
    kind: Literal["explore"]  # deploy one of the explored cards, or none
    player: int
    cards: list[str]  # the cards found


class ShrinkFrame(TypedDict):
    kind: Literal["shrink"]  # a culture clash lost: which city loses 1 population
    player: int
    by: int  # the seat that won the clash


class TradeFrame(TypedDict):
    kind: Literal["trade"]  # spend trade: research counters, consult, a culture counter
    player: int
    left: int  # the trade still to spend


class DiscardFrame(TypedDict):
    kind: Literal["discard"]  # discard a card from the council
    player: int


class TrimFrame(TypedDict):
    kind: Literal["trim"]  # a council over its maximum: discard one
    player: int


class GrowFrame(TypedDict):
    kind: Literal["grow"]  # the maintenance phase: which of your cities try to grow
    player: int
    cities: list[str]  # the cities with food that have not tried yet this turn


HistoryFrame = (
    HomeFrame
    | CapitalFrame
    | PlanFrame
    | ActFrame
    | SettleFrame
    | SettleProduceFrame
    | ExploreFrame
    | ShrinkFrame
    | TradeFrame
    | DiscardFrame
    | TrimFrame
    | GrowFrame
)


class Redeal(TypedDict):
    """An opening council without a city or a terrain, shown and dealt again (setup.redeal)."""

    player: int
    shown: list[str]  # the council shown to everybody
    missing: Literal["city", "terrain"]


class HistoryState(EngineState):
    game: Literal["history"]
    options: HistoryOptionsDict
    players: list[Player]  # by seat
    cities: dict[str, City]  # city card -> city
    units: dict[str, Unit]  # unit card -> unit
    spent: list[str]  # cards whose ability was used (exhausted) this turn
    table: list[str]  # cards pulled face up until the action that pulled them is over
    shown: Shown
    turn: Turn
    stack: list[HistoryFrame]  # decision frames, the top one decides now
    redeals: NotRequired[list[Redeal]]  # the set-up's redeals, in order (the log's first lines)
    result: Result | None  # set when the game ends
    stats: dict[str, int]  # counts of what happened, for the design lab
