"""Every number the primer gives, as one options object the design lab can vary."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import OptionError, Options, ranged

COSTS = ("settler_cost", "army_cost", "ship_cost", "grow_cost")
PAYABLE = ("food", "wood", "ore", "ideas", "gold")


@dataclass(frozen=True)
class CocOptions(Options):
    actions_per_turn: int = ranged(3, 1, 10)
    food_cap: int = ranged(2, 1, 20)  # until Storage
    resource_cap: int = ranged(8, 1, 50)
    dogma_ideas_cap: int = ranged(2, 1, 20)
    max_units_per_space: int = ranged(4, 1, 12)
    max_city_size: int = ranged(5, 1, 10)
    turns_per_age: int = ranged(3, 1, 10)  # a status phase after every 3 turns
    status_phases: int = ranged(6, 1, 12)  # the game ends after the sixth
    groups_per_move: int = ranged(3, 1, 10)
    group_size: int = ranged(4, 1, 12)
    ship_capacity: int = ranged(2, 1, 8)
    research_cost: int = ranged(2, 1, 20)
    # Costs are written as payments (resource:count joined by "+"), as in actions.
    settler_cost: str = "food:2"
    army_cost: str = "food:1+ore:1"
    ship_cost: str = "wood:2"
    grow_cost: str = "food:1+wood:1+ore:1"
    start_food: int = ranged(2, 0, 20)
    vp_per_piece: int = ranged(1, 0, 10)
    advances_per_vp: int = ranged(2, 1, 10)
    vp_per_wonder: int = ranged(5, 0, 20)
    vp_per_objective: int = ranged(2, 0, 10)
    hit_divisor: int = ranged(5, 1, 20)
    influence_success: int = ranged(5, 1, 12)
    conversion_success: int = ranged(4, 1, 12)
    events: bool = True
    cards: bool = True
    barbarians: bool = True
    government_switch_plus_one: bool = False
    """Changing government (Primer: Research, "move all cubes over from one tree to
    another, placing one on the Advance you just bought"). Off (the default, our
    reading): the bought advance is one of the moved cubes, so you keep as many
    government advances as before. On: the bought advance comes on top of them (one more)."""
    economic_liberty_action_too: bool = False
    """Economic Liberty ("Your first collect action each turn has no action cost. Additional
    collect actions cost 2 Mood tokens."). Off (the default, the primer's words): a further
    collect costs the 2 mood tokens instead of an action. On (our former reading): it costs
    its action and the 2 mood tokens."""
    fanaticism_retreat_no_loss: bool = False
    """Fanaticism ("If you lose, you receive a free Army unit"). Off (the default): an
    attacker that retreats after a round fought did not take the city, the one outcome the
    primer names ("A city is captured if your Army units are alone in the city"), so it
    lost. On (our former reading): a retreat is not a lost battle."""
    raze_not_last: bool = False
    """Status phase: the player may not raze their last city (our former reading: a player
    with no city could never build again). Off (the default), the primer's words: "may
    choose to raze a single size 1 city in exchange for a Gold", any size-1 city."""
    capture_rewards_always: bool = False
    """Capturing a city gives gold equal to its size and the previous owner a refugee settler
    whatever the city's mood: the French rulings' reading (p. 12: "gagnez de l'Or égal à la
    taille de la ville et l'ancien propriétaire reçoit un Colon en tant que réfugié"). Off
    (the default), the primer's: both only if the city was happy or neutral."""

    def __post_init__(self) -> None:
        super().__post_init__()  # every option's kind and range
        for name in COSTS:
            _check_cost(name, getattr(self, name))
        if self.start_food > min(self.food_cap, self.resource_cap):
            raise OptionError(
                "start_food",
                f"at most the food limit (food_cap {self.food_cap}, "
                f"resource_cap {self.resource_cap}): nobody may hold more",
                self.start_food,
            )


def _check_cost(name: str, text: object) -> None:
    """A cost option is a payment: resource:count parts joined by "+" (food:1+ore:1)."""
    ok = isinstance(text, str) and bool(text)
    for part in text.split("+") if isinstance(text, str) else ():
        resource, _, count = part.partition(":")
        ok = ok and resource in PAYABLE and count.isdigit() and int(count) > 0
    if not ok:
        raise OptionError(
            name, f"a cost written like food:1+ore:1 (resources: {', '.join(PAYABLE)})", text
        )
