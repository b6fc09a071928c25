"""The rules of 600 il Secolo di Ferro as named rules with readable reasons.

Sections name the part of the seed rulebook (Italian) a rule comes from; rules
marked ``source="ours"`` are our design where the seed is silent (card powers,
how "at any time" becomes reaction windows).
"""

from __future__ import annotations

from ..engine import RuleBook

BOOK = RuleBook("secolo")
R = BOOK.rule

PREP = "Regolamento: Preparazione del gioco"
PLAY = "Regolamento: Svolgimento del gioco"
DRAW = "Regolamento: Pesca"
ACTIONS = "Regolamento: Azioni"
ATTACK = "Regolamento: Svolgimento di un Attacco"
BULWARK = "Regolamento: Effetti dei Baluardi"
OBJECT = "Regolamento: Effetti degli Oggetti"
PAIRS = "Regolamento: Variante Gioco A Coppie"
CLARIFY = "Regolamento: Chiarimenti sulle carte"
OURS = "Carte: poteri di nostro design (cards.json)"

# -- setup and draw -------------------------------------------------------------
PICK = R("setup.pick-protagonist", "Choose one of the Protagonists still on the table.", PREP)
DRAW_IN_HAND = R(
    "draw.card-in-hand",
    "You can only set aside for discarding a card that is in your hand and not already chosen.",
    DRAW,
)
REDRAW_NEEDS = R(
    "draw.redraw-needs-discards",
    "To discard and redraw you must first choose at least one card to discard.",
    DRAW,
)
KEEP_CLEAN = R(
    "draw.keep-without-discards",
    "You chose cards to discard: redraw them (all at once), or undo the choice before keeping.",
    DRAW,
)
REDRAW_OFF = R(
    "draw.redraw-off",
    "This table plays without the discard-and-redraw rule (option redraw=False): keep your hand.",
    DRAW,
    source="ours",
)

# -- putting cards into play ------------------------------------------------------
PLAY_IN_HAND = R("play.card-in-hand", "You can only put into play a card from your hand.", ACTIONS)
PLAY_KIND = R(
    "play.playable-kind",
    "Only Characters, Bulwarks and Objects go into a city; Attacks and Specials are played "
    "with their own actions.",
    ACTIONS,
)
PLAY_CITY = R(
    "play.own-city",
    "Cards go into your own city (in the pairs variant, also into your partner's city).",
    ACTIONS,
)
ONE_CULTURE = R(
    "play.one-culture",
    "In one turn all the cards you put into play must belong to one single culture.",
    ACTIONS,
)
OBJECT_HOLDER = R(
    "play.object-holder",
    "An Object must be attached to a citizen (Protagonist or Character) of its own culture in "
    "the city where it is played.",
    OBJECT,
)

# -- attacks ----------------------------------------------------------------------
ATTACK_ONCE = R("attack.once-per-turn", "You can make only one Attack in your turn.", ACTIONS)
ATTACK_CARD = R(
    "attack.needs-attack-card", "An Attack needs an Attack card from your hand.", ATTACK
)
ATTACK_PAIR = R(
    "attack.needs-pair",
    "The attackers must be two different citizens of the same culture in your own city.",
    ATTACK,
)
ATTACK_TARGET = R(
    "attack.target-character",
    "The target must be a Character (not a Protagonist) in an opponent's city.",
    ATTACK,
)
ATTACK_CULTURE = R(
    "attack.target-other-culture",
    "The target must belong to a culture different from the attackers'.",
    ATTACK,
)
ATTACK_PROTECTED = R(
    "attack.target-unprotected",
    "The target is protected: a Bulwark of its culture in its city, an Object attached to it, "
    "or a Printed Bible keeps it safe.",
    BULWARK,
)

# -- specials and objects ---------------------------------------------------------
SPECIAL_IN_HAND = R(
    "special.card-in-hand", "You can only play a Special card from your hand.", PLAY
)
SPECIAL_TIMING = R(
    "special.timing",
    "This Special cannot be played now: reaction Specials answer an Attack, the Countermand "
    "answers a Special that stopped an Attack, the Alliance is for your own turn.",
    PLAY,
    source="ours",
)
SPECIAL_TARGET = R(
    "special.target",
    "This Special needs a valid target: an unprotected Character in an opponent's city "
    "(Conversion, Exile), a Bulwark in an opponent's city (Demolition), a culture with an "
    "unprotected Character in play (Plague) or an attacking Character (Retaliation).",
    OURS,
    source="ours",
)
OBJECT_IN_CITY = R(
    "object.in-your-city",
    "You can only use the power of an Object that is in play in your own city.",
    OBJECT,
)
OBJECT_TIMING = R(
    "object.timing",
    "The Rosary can only be used while an Attack targets a Character in your city.",
    OURS,
    source="ours",
)
OBJECT_TARGET = R(
    "object.target",
    "This Object's power needs a valid target: a Character in the discard pile (Amulet), an "
    "opponent with cards in hand (Treasure map), a Bulwark in an opponent's city (Bombard) or "
    "a Character in your hand (Palette).",
    OURS,
    source="ours",
)
AMULET_OWN = R(
    "object.amulet-not-own-discard",
    "The Amulet cannot bring back a Character that you yourself discarded.",
    CLARIFY,
)

# -- rules that are not action checks (documented here, tested by behaviour) -----
WIN_FIVE = R(
    "end.five-cultures",
    "At the start of any turn, a player with citizens of 5 different cultures in play wins "
    "(pairs variant: both partners' cities need 5).",
    PLAY,
)
DECK_END = R(
    "end.deck-exhausted",
    "The first time the deck runs out the discard pile is shuffled into a new deck; the second "
    "time the game ends at once: most cultures wins, then most Characters, else a draw.",
    PLAY,
)
REACT_WINDOW = R(
    "reaction.window",
    "After an Attack is declared every other player, in turn order, may answer with Specials "
    "or Object powers before the target is discarded.",
    PLAY,
    source="ours",
)
