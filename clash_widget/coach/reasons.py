"""The rules of thumb that speak for a move, in words, per game.

Clash of Cultures' heuristic keeps its rules of thumb as named records with their texts
(:mod:`clash_widget.bots.coc_thumbs`); the coach quotes them for the kinds of move they
judge. The other games' heuristics follow a fixed order of preferences written in their
docstrings; the coach's table below says each preference once, in the same plain words, for
the kinds of move it speaks about. A move no rule of thumb speaks about still gets the
search's words (its trial games), which are the coach's judgement in every game.

Only the action's kind is read here (never a rule id, never the action key): the text a
person reads is the rule of thumb, and the move itself is named by the game's ``describe``.
"""

from __future__ import annotations

import re

from ..bots.coc_thumbs import THUMBS, WEIGHTS
from ..engine import Action

_THUMB_TEXT = {t.name: t.text for t in THUMBS}
# the thresholds a rule of thumb names, in words instead of the setting's name
_SETTING_WORDS = {
    "attack_odds": f"a {WEIGHTS['attack_odds']:.0%} chance of winning",
    "retreat_odds": f"a {WEIGHTS['retreat_odds']:.0%} chance",
    "target_cities": f"{WEIGHTS['target_cities']:g}",
}


def _plain(text: str) -> str:
    """A rule of thumb's text for a learner: settings named by their values, and no remark
    about the bot's own tables."""
    text = re.sub(r"`(\w+)`", lambda m: _SETTING_WORDS.get(m[1], m[1].replace("_", " ")), text)
    text = re.sub(r"\s*\((?:ADVANCE_VALUE|its own value)[^)]*\)", "", text)
    text = re.sub(r"; the weight [^.]*", "", text)  # how the bot scores it, not why
    return text


# "collect" scores goods by their worth to planned purchases; said without the bot's scale
_OWN_WORDS = {
    "collect": "Collect the goods your next purchases (a wonder, a settler, a city piece, "
    "armies, an advance) still lack, best goods first.",
}


def _coc(*names: str) -> tuple[str, ...]:
    return tuple(_OWN_WORDS.get(n) or _plain(_THUMB_TEXT[n]) for n in names)


# game -> action kind -> the rules of thumb that speak for that kind of move
THUMBS_BY_KIND: dict[str, dict[str, tuple[str, ...]]] = {
    "coc": {
        "wonder": _coc("wonder"),
        "found": _coc("found"),
        "influence": _coc("influence"),
        "grow": _coc("grow"),
        "research": _coc("research"),
        "advance": _coc("research"),
        "collect": _coc("collect"),
        "take": _coc("collect"),
        "build": _coc("expand", "defend", "arm"),
        "unit": _coc("expand", "defend", "arm"),
        "unit settler": _coc("expand"),
        "unit army": _coc("defend", "arm"),
        "move": _coc("march_settler", "march_army"),
        "group": _coc("march_settler", "march_army"),
        "civic": _coc("civic"),
        "improve": _coc("civic"),
        "play": _coc("card"),
        "trade": _coc("trade"),
        "reply": _coc("trade"),
        "battle": _coc("attack"),
        "battle retreat": _coc("retreat_odds"),
        "taxation": _coc("ability"),
        "liberties": _coc("ability"),
        "absolute_power": _coc("ability"),
        "forced_labour": _coc("ability"),
        "barter": _coc("ability"),
        "drama": _coc("ability"),
    },
    "secolo": {
        "special": (
            "Play a Special card when it gains your side a culture or costs a rival one "
            "(above all a rival who would win at the start of the next turn).",
        ),
        "play": (
            "Put cards into play, a new culture for your city first, then the culture you "
            "hold most cards of (Characters before Bulwarks before Objects).",
        ),
        "attack": (
            "Attack the last citizen of its culture in the leading player's city: it costs "
            "them a culture.",
        ),
        "object": ("Use an Amulet or a Palette when it brings your city a new culture.",),
        "discard": ("At the draw, set aside cards you cannot use soon, then draw again.",),
        "redraw": ("At the draw, set aside cards you cannot use soon, then draw again.",),
        "pick": ("Pick the Protagonist whose power builds your city fastest.",),
    },
    "persistence": {
        "declare": (
            "Declare a Culture card as soon as your Capital stands; then a Levy, "
            "Shipwrights or a Great Leader.",
        ),
        "enter": (
            "Send an army where it gains most: a Capital holding Culture cards, then vacant "
            "lands in regions you already hold, then weakly defended lands.",
        ),
        "fleet": ("Put a fleet where it opens new lands to your armies.",),
        "transfer": (
            "Move a Culture card to a Capital clearly less in danger (fortified, not big "
            "enough for a Civil War, no Minor Empire about to start next door).",
        ),
        "choose": (
            "Choose an Empire with many armies and fleets and a Capital; avoid a Minor Empire.",
        ),
    },
    "history": {
        "found": ("Found a city whenever one can be paid for (the largest city pays).",),
        "terrain": ("Put food terrains next to your smallest cities.",),
        "research": ("Research what unlocks a card in your hand, else the cheapest tech.",),
        "produce": (
            "Produce wonders in cities with material to spare, a defender where a city has "
            "none, otherwise the cheapest card.",
        ),
        "clash": (
            "Clash for culture when your culture counters give the better odds, against the "
            "rival with the largest population.",
        ),
        "attack": ("Attack only when the blow captures the city.",),
        "grow": ("Grow every city whose pull can reach what it needs.",),
        "discard": ("Keep the council lean: discard known techs, surplus cities and terrains.",),
        "culture": ("Spend trade on culture once the research is paid.",),
    },
}


# words of a move's label that pick, among its kind's rules of thumb, the ones about it
_SUBJECTS = ("settler", "arm")


def rules_of_thumb(game: str, action: Action, label: str = "") -> tuple[str, ...]:
    """The rules of thumb that speak for this kind of move in ``game`` (may be none);
    ``label``, the move in the game's words, narrows them to the ones about what it moves
    or builds (a settler's rule for a settler)."""
    table = THUMBS_BY_KIND.get(game, {})
    found = table.get(f"{action.kind} {action.args[0]}") if action.args else None
    if found is None:  # a kind whose first argument changes the reason (a settler, an army)
        found = table.get(action.kind, ())
    words = [w for w in _SUBJECTS if w in label.lower()]
    if len(found) > 1 and words:
        narrowed = tuple(t for t in found if any(w in t.lower() for w in words))
        return narrowed or found
    return found
