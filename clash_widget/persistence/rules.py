"""The rule book of The Persistence of Culture: sections, shared parsers, rules that are no check.

Every legality condition is a named check registered next to the action it guards
(``epochs``, ``expansion``, ``events``, ``culture``, ``transfer``), so the legal list
is the candidates those same checks admit. The seed's rules keep its numbers as
their section (``3.11 Culture cards``); the host game is ours (sections ``Host: ...``),
and where the seed leaves a case open our reading is a rule with ``source="ours"``
under the seed's section.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..engine import Action, RuleBook
from ..engine.frames import Detail, Explained
from ..engine.game import MALFORMED, Frame, State
from ..engine.rules import Predicate, Reading
from . import content

BOOK = RuleBook(
    "persistence", readings=[Reading(**r) for r in content.load("readings")["readings"]]
)
R = BOOK.rule

# The seed's numbered rules (The Persistence of Culture, Charles Bahl).
S11 = "1.1 Events"
S21 = "2.1 Player hand"
S31 = "3.1 Event declaration"
S311 = "3.11 Culture cards"
S41 = "4.1 Scoring Culture cards"
S51 = "5.1 Capturing Culture cards"
S511 = "5.11 Destroying Culture cards"
S61 = "6.1 Transferring Culture cards"
S611 = "6.11 Transfer restrictions"
S612 = "6.12 Transfer path"
S613 = "6.13 Marking the new owner"
S71 = "7.1 Special Culture cards"
SEED_SECTIONS = (S11, S21, S31, S311, S41, S51, S511, S61, S611, S612, S613, S71)

# The host game (ours).
SETUP = "Host: Setup"
EPOCHS = "Host: Epochs"
EXPANSION = "Host: Expansion"
BATTLES = "Host: Battles"
FLEETS = "Host: Fleets"
EVENTS = "Host: Events"
VP = "Host: Victory Points"


# -- parsing ----------------------------------------------------------------------------------
class One(NamedTuple):
    """An action with one argument (an area, an Empire, a card)."""

    action: Action
    x: str


class Declare(NamedTuple):
    """``declare <card> [<land>]``."""

    action: Action
    card: str
    target: str | None


class Move(NamedTuple):
    """``transfer <card> <land>``."""

    action: Action
    card: str
    land: str


def one_arg(state: State, frame: Frame, action: Action) -> One:
    return One(action, action.args[0])


def no_args(state: State, frame: Frame, action: Action) -> None:
    return None


def well_formed(why: Detail) -> Callable[[Predicate], Explained]:
    """Decorator: a check on the action's shape, refused by the kernel's malformed rule
    as ``<action>: <why>`` (the arguments carry their ``action``)."""

    def bind(fn: Predicate) -> Explained:
        return Explained(MALFORMED, fn, False, lambda s, f, a: f"{a.action}: {why(s, f, a)}")

    return bind


def count(n: int, word: str) -> str:
    """``1 army``, ``2 armies``, ``0 fleets``."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1] + 'ies' if word.endswith('y') else word + 's'}"


def opt(state: State, name: str) -> Any:
    return state["options"][name]


# -- seed rules that are no action check (tested by behaviour) ---------------------------------
TEN_PILES = R(
    "culture.ten-piles",
    "The Culture Event cards are sorted and shuffled like the other Event cards: ten piles of "
    "seven cards instead of nine.",
    S11,
)
HAND_OF_TEN = R(
    "culture.hand-of-ten",
    "Each player draws one card from each pile: a hand of ten Event cards, one of each colour, "
    "one of them a Culture card. The cards left over go back to the box face down.",
    S21,
)
NOT_DISCARDED = R(
    "culture.not-discarded",
    "A declared Culture card is not discarded: it stays in play face up beside the board.",
    S31,
)
MARKED = R(
    "culture.marked-present-empire",
    "A declared Culture card is marked with an army of the player's Empire of the current Epoch: "
    "it belongs to that Empire and is located in its Capital.",
    S311,
)
SCORES = R(
    "culture.scores-every-turn",
    "At the end of each of their turns a player scores the Victory Points of every Culture card "
    "any of their Empires possesses, past or present, every turn it is in play.",
    S41,
)
HAND_NOTHING = R(
    "culture.hand-scores-nothing",
    "A Culture card still held unplayed in the hand scores nothing.",
    S41,
)
NO_TRADING = R(
    "culture.no-trading",
    "A Culture card cannot be given or traded to another player: it passes to another player only "
    "by capture.",
    S41,
)
CAPTURE = R(
    "culture.capture",
    "When the land of a Capital is conquered, the Culture cards located there are captured by the "
    "conquering Empire, marked with its army and moved at once to its Capital.",
    S51,
)
CAPTURE_OWN = R(
    "culture.capture-within-faction",
    "The capture happens even when a player conquers a Capital of their own Faction.",
    S51,
)
DESTROYED = R(
    "culture.destroyed",
    "If a Capital is taken by a Minor Empire or by an Empire without a Capital, or falls to "
    "Treachery, Rebellion, Civil War or Barbarians, its Culture cards are destroyed: removed from "
    "the game for good.",
    S511,
)
NEW_OWNER = R(
    "transfer.new-owner",
    "A transferred card moves at once to the new Capital and is marked with that Empire's army; "
    "any and all Culture cards may be moved this way while the paths exist.",
    S613,
)
OCEAN_ENEMIES = R(
    "transfer.ocean-enemies",
    "An Ocean on the path may hold other Factions' fleets as long as the player has a fleet there.",
    S612,
)
STRAIT = R(
    "transfer.strait",
    "A path may cross a Strait from land to land if the Sea between is vacant or friendly (not "
    "enemy occupied).",
    S612,
)
SCIENCE = R(
    "culture.science-two",
    "Every Culture card is worth one Victory Point a turn, except Science, worth two.",
    S71,
)
TWO_FRAMES = R(
    "culture.two-time-frames",
    "Commerce and Democracy list two Time Frames and may be declared in either.",
    S71,
)
ALL_EPOCHS = R(
    "culture.score-all-epochs",
    "Once in play a Culture card scores in every Epoch, not only those of its Time Frames.",
    S71,
)

# -- our readings where the seed leaves a case open ----------------------------------------------
WITHOUT_CAPITAL = R(
    "culture.without-capital",
    "An Empire without a Capital is one with no Capital of its own standing: it never had one, "
    "or its Capital has fallen. It cannot declare, hold or receive Culture cards, and Culture "
    "cards it takes are destroyed.",
    S511,
    source="ours",
)
SHARED_SEA = R(
    "transfer.shared-sea",
    "Only Oceans may be shared: a Sea that also holds an enemy fleet is not friendly, so it breaks "
    "a path and its Strait cannot be crossed (option shared_sea_friendly plays the other reading).",
    S612,
    source="ours",
)
SPREAD = R(
    "culture.spread",
    "Religion, our seventh Culture card, spreads its culture only in our variant (option "
    "vp_spread, off by default, as the seed gives every Culture card but Science one Victory "
    "Point): there it scores extra Victory Points for each Capital of another player next to its "
    "own Capital (by land, across one sea or over a strait).",
    S71,
    source="ours",
)

# -- host rules that are no action check (ours) ---------------------------------------------------
SEVEN_EPOCHS = R(
    "epoch.game-end",
    "The game lasts seven Epochs (option epochs); after the last player's turn of the last Epoch "
    "the player with the most Victory Points wins (equal best scores share the win).",
    EPOCHS,
    source="ours",
)
FEWEST_FIRST = R(
    "epoch.fewest-vp-first",
    "At the start of each Epoch the players choose their Empires, the player with the fewest "
    "Victory Points first (on equal points the lower seat first).",
    EPOCHS,
    source="ours",
)
TURN_ORDER = R(
    "epoch.turn-order",
    "In each Epoch the chosen Empires play in their order; a player's turn is the Expansion "
    "phase, the transfer step and the Victory Point phase.",
    EPOCHS,
    source="ours",
)
CAPITAL_FOUNDED = R(
    "expand.capital",
    "An Empire with a Capital founds it where its first army enters its start land; a Capital "
    "falls when its land is conquered or falls to an Event.",
    EXPANSION,
    source="ours",
)
BATTLE = R(
    "battle.dice",
    "Entering a land held by another marker is an attack: the attacker rolls the attack dice "
    "(option attack_dice), the defender the defence dice (defence_dice); a Capital (capital_bonus) "
    "and a fort (fort_bonus) add to the defender's highest die, a Great Leader (leader_bonus) to "
    "the attacker's. Highest die against highest die; ties go to the defender. A beaten attacker "
    "loses the army; a beaten defender loses the land.",
    BATTLES,
    source="ours",
)
FATES = R(
    "event.fates",
    "Treachery hands a land to your Empire; Rebellion and Barbarians attack a land like an army "
    "(options rebel_dice, barbarian_dice) and leave it vacant if they win; Civil War makes a "
    "Capital's land fall at once.",
    EVENTS,
    source="ours",
)
VP_PHASE = R(
    "vp.phase",
    "At the end of each player's turn that player scores for their whole Faction: in each region "
    "a presence score (option vp_presence), the region's value for dominance (more of its lands "
    "than any other player) or a multiple of it for control (all its lands; vp_control_factor); "
    "points for each Capital standing (vp_capital) and each Monument in their lands "
    "(vp_monument); and their Culture cards. Barren lands score nothing.",
    VP,
    source="ours",
)
