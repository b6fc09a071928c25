"""The rules of thumb of the Clash of Cultures heuristic bot, with weights you can change.

Each rule of thumb says when an action is worth taking and how much. The bot scores every
legal action by the rules that speak about it and plays the best one; ``end`` scores 0, so
a turn ends when nothing else is worth anything. Weights are points on one common scale
(a city piece, 1 VP, is worth about 80); a negative weight is a penalty.

Change a weight for one game from the command line or the lab, without editing this file::

    python -m clash_widget selfplay --bots heuristic,heuristic:attack=0 --players 2
    make_bot("heuristic:wonder=60:target_cities=3", "coc")

``docs/bots.md`` explains every rule; a test checks that the two lists stay the same.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Thumb:
    name: str
    weight: float
    text: str


THUMBS: tuple[Thumb, ...] = (
    # -- what a turn's actions are spent on -------------------------------------------------
    Thumb("wonder", 160, "Build a wonder whenever you can pay for one (5 VP)."),
    Thumb("found", 110, "Found a city where your settler stands on a good site."),
    Thumb(
        "influence",
        150,
        "Send cultural influence; the weight is multiplied by the chance of success "
        "(culture tokens for range and for lifting the roll counted in).",
    ),
    Thumb(
        "attack",
        120,
        "Attack an enemy city or army when the exact battle odds reach `attack_odds`; "
        "the weight is multiplied by the chance of winning and by what the target is worth.",
    ),
    Thumb("grow", 80, "Add a city piece (1 VP and a bigger city)."),
    Thumb(
        "defend",
        100,
        "Put armies into a city that enemy armies could reach (build them there, or march in).",
    ),
    Thumb(
        "expand",
        75,
        "Build a settler while you have fewer cities (and settlers) than `target_cities` "
        "and a free site is in reach.",
    ),
    Thumb(
        "arm",
        55,
        "Build armies for a target that needs more of them to reach `attack_odds`, or "
        "for a Legion objective.",
    ),
    Thumb("research", 55, "Buy an advance; its own value (ADVANCE_VALUE below) is added."),
    Thumb(
        "march_settler",
        35,
        "Move a settler one space closer to its site (a new site can be a face-down region: "
        "exploring).",
    ),
    Thumb("march_army", 12, "Move armies one space closer to their target or to a city to guard."),
    Thumb(
        "collect",
        1.0,
        "Collect: the weight multiplies what the goods are worth to the purchases you are "
        "saving for (a wonder, a settler, a city piece, armies, research), best goods first.",
    ),
    Thumb("civic", 45, "Lift an angry city (or a neutral one when mood tokens are spare)."),
    Thumb("card", 30, "Play an action card for its goods when nothing is wasted over a limit."),
    Thumb("ability", 30, "Use an advance's ability when it pays (Taxation, Civil Liberties...)."),
    Thumb(
        "trade",
        90,
        "Offer a one-for-one swap of a spare good for one you lack, when the partner lacks "
        "yours and can spare theirs; accept such a swap the other way round. Offers cost no "
        "action, so a good one comes before the turn's actions.",
    ),
    # -- penalties ---------------------------------------------------------------------------
    Thumb(
        "reactivate",
        -30,
        "Penalty for activating a city a second time in a turn (it loses a mood step).",
    ),
    Thumb(
        "save",
        -1.0,
        "Penalty: spending goods the best wanted purchase still lacks (times what the goods "
        "are worth to it).",
    ),
    Thumb("leave_guard", -45, "Penalty per army that leaves a city it is guarding."),
    # -- thresholds and targets (not points) --------------------------------------------------
    Thumb(
        "attack_odds", 0.7, "Attack only when the chance of winning the battle is at least this."
    ),
    Thumb(
        "retreat_odds", 0.3, "Retreat after a round when the chance of winning falls below this."
    ),
    Thumb(
        "guard_radius",
        4,
        "Keep one army in a city while a rival's army stands this close (spaces).",
    ),
    Thumb("strike_reach", 5, "March only on targets at most this many spaces from your armies."),
    Thumb(
        "spacing",
        2,
        "How much less a site two spaces from your own city is worth than one three spaces "
        "away (cities packed tight leave no free land between them).",
    ),
    Thumb("target_cities", 3, "Build settlers until you have this many cities."),
    Thumb("max_armies", 4, "Never build more armies than this."),
    Thumb("last_settler_age", 4, "Build settlers only until this age (a late city scores little)."),
)

WEIGHTS: dict[str, float] = {t.name: t.weight for t in THUMBS}

# What each advance is worth on top of the `research` weight (before the bot's own
# adjustments: Tactics rises when armies are needed, Fishing needs a coastal city, a
# piece's advance rises when a city has room to grow, and buying into a second
# government is avoided).
ADVANCE_VALUE: dict[str, float] = {
    "irrigation": 12,
    "storage": 20,
    "husbandry": 2,
    "engineering": 18,
    "sanitation": 12,
    "roads": 2,
    "fishing": 6,
    "cartography": -10,
    "warships": -10,
    "navigation": -10,
    "writing": 14,
    "public_education": 6,
    "free_education": 3,
    "philosophy": 8,
    "tactics": 10,
    "siegecraft": 2,
    "steel_weapons": 4,
    "draft": 4,
    "myths": 14,
    "rituals": 3,
    "priesthood": 3,
    "state_religion": 5,
    "bartering": 2,
    "trade_routes": 5,
    "currency": 2,
    "taxation": 6,
    "art_and_sculptures": 10,
    "circus_and_sports": 4,
    "monuments": 10,
    "drama_and_music": 4,
    "mathematics": 4,
    "astronomy": 0,
    "chemistry": 2,
    "metallurgy": 1,
    "voting": 6,
    "separation_of_power": 3,
    "civil_liberties": 5,
    "economic_liberty": 4,
    "nationalism": 4,
    "totalitarianism": 3,
    "absolute_power": 6,
    "forced_labour": 3,
    "dogma": 3,
    "devotion": 3,
    "conversion": 8,
    "fanaticism": 3,
}

__all__ = ["ADVANCE_VALUE", "THUMBS", "WEIGHTS", "Thumb"]
