"""The rule book of History CCG: sections, rules that are no check, and our readings.

Every legality condition is a named check registered next to the action it guards
(``setup``, ``maintenance``, ``actions``, ``explore``, ``combat``, ``culture``), so the
legal list is the candidates those same checks admit. The rules below are the ones
that act by themselves (phases, growth, winning); tests name them too.

``source="seed"`` marks what the seed text (the History CCG rules and its v0.0 design
notes) says; ``source="ours"`` our design where the seed is silent: combat ("read the
section about combat later": the seed has none), the card set, and the small readings
listed in :data:`READINGS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..engine import Action, RuleBook
from ..engine.frames import Detail, Explained
from ..engine.game import MALFORMED, Frame, State
from ..engine.rules import Predicate, Reading
from .options import HistoryOptions

BOOK = RuleBook("history")
R = BOOK.rule

TERMS = "Seed: terms and actions"
ZONES = "Seed: zones"
SETUP = "Seed: pre-game set up"
TURN = "Seed: turns"
OPENING = "Seed: opening phase"
MAINT = "Seed: maintenance phase"
ACTION = "Seed: action phase"
CLOSING = "Seed: closing phase"
NOTES = "Seed: design notes v0.0"
COMBAT = "Ours: combat (the seed has no combat section)"
CARDS = "Ours: the first-age card set (data/designs.json)"
OURS = "Ours: where the seed is silent"


def well_formed(why: Detail) -> Callable[[Predicate], Explained]:
    """Decorator: a check on the action's shape, refused by the kernel's malformed rule."""

    def bind(fn: Predicate) -> Explained:
        return Explained(MALFORMED, fn, False, lambda s, f, a: f"{a.action}: {why(s, f, a)}")

    return bind


class Args(NamedTuple):
    """An action's arguments: the action itself and its words."""

    action: Action
    words: tuple[str, ...]

    def get(self, i: int) -> str:
        return self.words[i] if i < len(self.words) else ""


def parse_args(state: State, frame: Frame, action: Action) -> Args:
    return Args(action, action.args)


def opt(state: State, name: str) -> Any:
    """A rules option of the game; a position saved before the option existed plays its
    default."""
    o = state["options"]
    return o[name] if name in o else getattr(HistoryOptions(), name)


# -- rules that act by themselves (tested by behaviour) ------------------------------------------
SETUP_DEAL = R(
    "setup.deal",
    "Each player shuffles their deck into their treasury and consults their opening council.",
    SETUP,
)
SETUP_REDEAL = R(
    "setup.redeal",
    "A player whose opening council holds no city or no terrain shows it, shuffles it back "
    "into the treasury and consults again.",
    OURS,
    source="ours",
)
PULL = R(
    "zones.pull",
    "A pull reveals the top card of your treasury; once it has been used the card goes to "
    "your landfill.",
    TERMS,
)
RESHUFFLE = R(
    "zones.reshuffle",
    "Whenever your treasury is empty, your landfill is shuffled into it: the moment its last "
    "card is consulted or pulled (cards of that pull are still on the table, so they stay "
    "out), or, if the landfill was empty then, the moment a card reaches the landfill.",
    ZONES,
)
DESTROY = R(
    "zones.destroy",
    "A destroyed card goes to its owner's landfill, whoever controlled it.",
    TERMS,
)
HIDDEN = R(
    "zones.council-hidden",
    "Your council is hidden from the other players; they see how many cards it holds.",
    ZONES,
)
REFRESH = R("opening.refresh", "At the start of a turn every exhausted card is refreshed.", OPENING)
CONSULT = R("opening.consult", "At the start of a turn each player consults a card.", OPENING)
INITIATIVE = R(
    "opening.initiative",
    "Each player pulls a card; the lowest rank goes first and the order runs clockwise from "
    "there; tied players pull again.",
    OPENING,
)
PHASES = R(
    "turn.phases",
    "Everybody plays the same turn: opening, maintenance, action and closing phase; in each "
    "step players take their part in initiative order.",
    TURN,
)
TRADE_LOST = R(
    "trade.unused-lost", "Trade you do not spend in the maintenance phase is lost.", MAINT
)
PRODUCTION = R(
    "production.counters",
    "Each city puts its material yield (its terrains plus 1 for the city) as production "
    "counters on what it produces; when they reach the cost the card comes out fresh.",
    MAINT,
)
GROWTH = R(
    "growth.threshold",
    "A city pulls as many cards as its food yield; if their ranks total at least the growth "
    "multiplier times its population, the population goes up by 1.",
    MAINT,
)
ACTION_ORDER = R(
    "act.order",
    "From the initiative winner clockwise, each player takes one action or passes at a time; "
    "a player who passed may act again when the turn comes round, and the action phase ends "
    "when every player still in it has passed in a row.",
    ACTION,
)
PASS_OUT = R(
    "act.pass-out",
    "With the house rule pass_is_final, a player who passes takes no more actions this action "
    "phase.",
    OURS,
    source="ours",
)
RESEARCH_DONE = R(
    "research.done",
    "When the research counters reach the tech's cost you know the tech; extra counters are lost.",
    MAINT,
)
BATTLE = R(
    "battle.strike",
    "Attackers strike with their attack, defenders with their defence plus the city's own "
    "defence, at the same time; each damage counter goes on the unit with the most health "
    "left, and a unit with damage equal to its health is destroyed.",
    COMBAT,
    source="ours",
)
CAPTURE = R(
    "battle.capture",
    "If no defending unit is left and an attacker survives, the attacker takes control of the "
    "city with its terrains and creations (what it was producing is destroyed) and the "
    "survivors move in.",
    COMBAT,
    source="ours",
)
DEFENDERS = R(
    "battle.defenders",
    "Every unit in the attacked city defends it, fresh or exhausted.",
    ACTION,
)
CLASH_HANDS = R(
    "clash.hands",
    "Each side pulls the base number of cards plus one per culture counter and makes its "
    "best five-card poker hand; there are no flushes, and five suits (a rainbow) rank "
    "above two pair.",
    NOTES,
)
CLASH_RESULT = R(
    "clash.result",
    "If the attacker wins, the attacking city gains 1 population and the defender's city of "
    "their choice loses 1; if the defender wins, the defender consults a card.",
    NOTES,
)
CLASH_TIE = R(
    "clash.tie",
    "Equal hands are a win for the defender: the attacker must beat the defence.",
    OURS,
    source="ours",
)
POP_FLOOR = R(
    "city.population-floor",
    "A culture clash never lowers a city below population 1; a defender with no city above "
    "1 loses nothing.",
    OURS,
    source="ours",
)
WIN_CAPITAL = R(
    "win.capital",
    "At the closing phase a player wins when they are the only one who still controls their "
    "own capital.",
    CLOSING,
)
WIN_WONDERS = R(
    "win.wonders",
    "At the closing phase a player wins when they control the number of wonders to win.",
    CLOSING,
)
WIN_POPULATION = R(
    "win.population",
    "At the closing phase a player wins when their cities' population totals the population "
    "to win.",
    CLOSING,
)
WIN_SHARED = R(
    "win.shared",
    "Players who meet a condition at the same closing phase share the win.",
    OURS,
    source="ours",
)
WIN_TIME = R(
    "win.time-limit",
    "If nobody has won by the end of the last turn, the largest total population wins "
    "(shared on a tie).",
    OURS,
    source="ours",
)
END_EFFECTS = R(
    "closing.end-effects", "Effects that last until end of turn end in the closing phase.", CLOSING
)
COUNCIL_MAX = R(
    "closing.council-max",
    "A player whose council is above the maximum council size discards down to it.",
    CLOSING,
)

READINGS = [
    Reading(
        "growth multiplier",
        "rules: ranks total at least 6 x population; design notes: 5 x",
        "6 x (the rules)",
        "growth_multiplier=5",
    ),
    Reading(
        "cards pulled for growth",
        "rules: as many as the food yields; notes: city size and food yields",
        "the food yields (the rules)",
        "growth_pulls_population=true",
    ),
    Reading(
        "population to win",
        "20/25",
        "20",
        "population_to_win=25",
    ),
    Reading(
        "founding a city",
        "notes: settling lowers another city's population by 2",
        "on: another city of yours with population above the cost pays it; no cost when you "
        "control no city",
        "founding_cost=0",
    ),
    Reading(
        "passing in the action phase",
        "keep going until no one wants to or cannot act",
        "the seed's: a player who passed may act again when the turn comes round; the phase "
        "ends when everybody passes in a row (rule act.order)",
        "pass_is_final=true (house rule: a player who passes is out until the next action phase)",
    ),
    Reading(
        "research counters beyond the tech's cost",
        "use any number of trade to put that many research counters",
        "the seed's: any number; counters beyond the cost are lost (rule research.done)",
        "research_exact=true (house rule: no more counters than the tech still needs)",
    ),
    Reading(
        "culture clash",
        "the notes' battle of culture; the rules only list it",
        "started from a city of yours against a rival player; once a turn (ours, needed: a "
        "clash spends and exhausts nothing, so the action phase could go on for ever); ties go "
        "to the defender; a city never drops below population 1",
    ),
    Reading(
        "the rainbow",
        "all five suits count as a bonus",
        "a hand category of its own above two pair and below three of a kind (its rarity in "
        "five cards); rank 1 plays as the ace in hands",
    ),
    Reading(
        "combat",
        "read the section about combat later (not in the seed)",
        "attack, defence, health and damage counters; undefended cities are captured "
        "(see battle.strike and battle.capture)",
    ),
    Reading(
        "cards",
        "the first card list is not in the seed",
        "our first-age set with rank and suit on every card, two starter decks",
        "deck=plain52 (the prototype's playing cards)",
    ),
    Reading(
        "end of the game",
        "play until somebody wins",
        "a safety end after the last turn: most population wins",
        "max_turns",
    ),
]
BOOK.readings.extend(READINGS)
