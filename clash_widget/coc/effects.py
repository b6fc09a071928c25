"""What each advance does, declared in one place.

Rule modules never ask "does this player own Sanitation?"; they ask for an
effect by name (``grants(player, "grow.settler")``), and this table says which
advance grants it. So "what does Sanitation do" has one answer, here, and the
code that carries out an effect is found by searching for the effect's name.

Effects that happen when an advance is gained are carried out by handlers the
rule modules register with :func:`on_gain`; ``research.gain_advance`` runs the
``"first"`` ones before the advance's track moves (and maybe draws an event), the
``"last"`` ones (cards drawn, wonders revealed) after it, each in table order.
The advances' names, groups, costs and summaries are data (``data/advances.json``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Events, State

Player = dict[str, Any]
GainHandler = Callable[[State, int, str, Events], None]


@dataclass(frozen=True)
class Effect:
    name: str  # what rule modules ask for; the part before the dot is the rule topic
    text: str  # what it does, in plain words
    on_gain: str | None = None  # "first" or "last": carried out when an advance is gained


def _e(name: str, text: str, *, on_gain: str | None = None) -> Effect:
    return Effect(name, text, on_gain)


ADVANCE_EFFECTS: dict[str, tuple[Effect, ...]] = {
    # Agriculture
    "farming": (
        _e("collect.plains-food", "cities collect food from plains"),
        _e("collect.forest-wood", "cities collect wood from forests"),
    ),
    "irrigation": (
        _e("collect.barren-food", "cities collect food from barren hexes"),
        _e("event.famine-immune", "Famine does not hurt you"),
    ),
    "storage": (_e("limit.food", "the food store is capped only by the general limit"),),
    "husbandry": (_e("collect.husbandry", "collect from hexes up to 2 spaces away for 1 food"),),
    # Construction
    "mining": (_e("collect.mountain-ore", "cities collect ore from mountains"),),
    "engineering": (
        _e("wonder.build", "a city may build a wonder with an action"),
        _e("gain.reveal-wonder", "reveals the top wonder", on_gain="last"),
    ),
    "sanitation": (
        _e("grow.settler", "a growing city may buy a settler for 1 food"),
        _e("event.plague-immune", "plague and epidemic events do not hurt you"),
    ),
    "roads": (
        _e("move.roads", "a land group to or from your city may go further or ignore terrain"),
        _e("collect.husbandry-free", "Husbandry's longer reach costs no food"),
    ),
    # Maritime
    "fishing": (
        _e("collect.sea-food", "each collect may take food from one adjacent sea hex"),
        _e("grow.port", "cities may build a port"),
    ),
    "cartography": (_e("ability.cartography", "an action: ideas and culture for your ships"),),
    "warships": (_e("combat.warships", "cancel one hit in the first round of a naval battle"),),
    "navigation": (_e("move.navigation", "ships sail round the board's rim"),),
    # Education
    "writing": (
        _e("grow.academy", "cities may build an academy"),
        _e("gain.writing-cards", "draw an action and an objective card", on_gain="last"),
    ),
    "public_education": (_e("collect.academy-idea", "collecting from an academy city: 1 idea"),),
    "free_education": (_e("research.free-education", "research paid with gold or ideas: 1 mood"),),
    "philosophy": (
        _e(
            "research.philosophy",
            "1 idea now and 1 for each later Science advance",
            on_gain="first",
        ),
    ),
    # Warfare
    "tactics": (
        _e("move.armies", "armies may move"),
        _e("cards.combat-effects", "action cards may be played for their combat effect"),
        _e("grow.fortress", "cities may build a fortress"),
    ),
    "siegecraft": (_e("combat.siegecraft", "wood and ore cancel a fortress's advantages"),),
    "steel_weapons": (_e("combat.steel-weapons", "an extra hit in the first round"),),
    "draft": (_e("build.draft", "one army a build may be paid with a mood token"),),
    # Spirituality
    "myths": (
        _e("event.myths", "pay a mood token instead of a city losing mood to an event"),
        _e("grow.temple", "cities may build a temple"),
    ),
    "rituals": (_e("civic.rituals", "civic improvement may be paid with resources"),),
    "priesthood": (_e("research.priesthood", "once a turn, a Science advance costs no food"),),
    "state_religion": (_e("grow.state-religion", "once a turn, a temple city grows free of food"),),
    # Economics
    "bartering": (_e("ability.bartering", "an action: resources into gold or culture"),),
    "trade_routes": (_e("status.trade-routes", "food for units near other players' cities"),),
    "currency": (_e("status.currency", "trade routes may pay gold instead of food"),),
    "taxation": (_e("ability.taxation", "an action: 1 mood token for gold per city"),),
    # Culture
    "art_and_sculptures": (_e("influence.art", "once a turn, influence for a culture token"),),
    "circus_and_sports": (_e("civic.circus", "civic improvement counts cities one smaller"),),
    "monuments": (
        _e("wonder.monuments", "build your reserved wonder without an action"),
        _e("gain.reserve-wonder", "reveals the top wonder and reserves one", on_gain="last"),
    ),
    "drama_and_music": (_e("ability.drama", "swap a mood token and a culture token"),),
    # Science
    "mathematics": (_e("research.free-engineering-roads", "Engineering and Roads cost no food"),),
    "astronomy": (
        _e("research.free-cartography-navigation", "Cartography and Navigation cost no food"),
    ),
    "chemistry": (_e("research.free-metallurgy", "Metallurgy costs no food"),),
    "metallurgy": (
        _e("research.free-steel-weapons", "Steel Weapons costs no food and no ore"),
        _e("gain.steel-refund", "2 ore back if you own Steel Weapons", on_gain="first"),
    ),
    # Democracy
    "voting": (_e("civic.voting", "a civic improvement for a mood token, without an action"),),
    "separation_of_power": (_e("influence.separation", "no culture tokens against happy cities"),),
    "civil_liberties": (
        _e("ability.civil-liberties", "an action: 3 mood tokens"),
        _e("build.draft-costs-two", "Draft needs 2 mood tokens"),
    ),
    "economic_liberty": (_e("collect.economic-liberty", "the first collect is free"),),
    # Autocracy
    "nationalism": (_e("build.nationalism", "armies or ships built: a mood or culture token"),),
    "totalitarianism": (_e("influence.totalitarianism", "no culture tokens against army cities"),),
    "absolute_power": (_e("ability.absolute-power", "2 mood tokens for an extra action"),),
    "forced_labour": (_e("ability.forced-labour", "angry cities act as neutral this turn"),),
    # Theocracy
    "dogma": (
        _e("limit.ideas", "ideas are capped lower", on_gain="first"),
        _e("grow.dogma-gift", "a temple built: a free Theocracy advance"),
    ),
    "devotion": (_e("influence.devotion", "no culture tokens against temple cities"),),
    "conversion": (_e("influence.conversion", "influence succeeds more often and pays culture"),),
    "fanaticism": (_e("combat.fanaticism", "+2 on the first roll in a temple city; an army"),),
}

# Researching these costs no food for the owner of the key's advance (the Science group).
FREE_RESEARCH: dict[str, tuple[str, ...]] = {
    "research.free-engineering-roads": ("engineering", "roads"),
    "research.free-cartography-navigation": ("cartography", "navigation"),
    "research.free-metallurgy": ("metallurgy",),
    "research.free-steel-weapons": ("steel_weapons",),
}

GRANTED_BY: dict[str, str] = {e.name: a for a, es in ADVANCE_EFFECTS.items() for e in es}
assert len(GRANTED_BY) == sum(len(es) for es in ADVANCE_EFFECTS.values()), "an effect twice"
FREED_BY: dict[str, str] = {
    advance: GRANTED_BY[effect]
    for effect, advances in FREE_RESEARCH.items()
    for advance in advances
}
ON_GAIN: dict[str, tuple[tuple[str, str], ...]] = {
    when: tuple((a, e.name) for a, es in ADVANCE_EFFECTS.items() for e in es if e.on_gain == when)
    for when in ("first", "last")
}
"""The on-gain effects carried out at each moment, as (advance, effect), in table order."""
assert {e.on_gain for es in ADVANCE_EFFECTS.values() for e in es} <= {None, *ON_GAIN}
PIECE_EFFECT = {piece: f"grow.{piece}" for piece in ("fortress", "academy", "temple", "port")}
PIECE_ADVANCE = {piece: GRANTED_BY[e] for piece, e in PIECE_EFFECT.items()}

_GAIN_HANDLERS: dict[str, GainHandler] = {}


def grants(player: Player, effect: str) -> bool:
    """Whether ``player`` owns the advance that grants ``effect``."""
    return GRANTED_BY[effect] in player["advances"]


def source(effect: str) -> str:
    """The advance that grants ``effect``."""
    return GRANTED_BY[effect]


def effects_of(advance: str) -> tuple[Effect, ...]:
    return ADVANCE_EFFECTS[advance]


def on_gain(effect: str) -> Callable[[GainHandler], GainHandler]:
    """Register the handler that carries out an on-gain effect (one per effect)."""
    if effect not in GRANTED_BY or not any(
        e.on_gain for e in ADVANCE_EFFECTS[GRANTED_BY[effect]] if e.name == effect
    ):
        raise KeyError(f"{effect} is not an on-gain effect")

    def register(handler: GainHandler) -> GainHandler:
        _GAIN_HANDLERS[effect] = handler
        return handler

    return register


def run_gain_effects(state: State, p: int, advance: str, when: str, ev: Events) -> None:
    """After ``p`` gained ``advance``: the ``when`` on-gain effects it now owns, in table order.

    A handler decides whether the new advance concerns it (Writing's cards also
    come when a government advance joins Writing), so every owned one is asked.
    """
    player = state["players"][p]
    for owned, name in ON_GAIN[when]:
        if owned in player["advances"]:
            _GAIN_HANDLERS[name](state, p, advance, ev)
