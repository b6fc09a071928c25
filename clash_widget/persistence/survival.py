"""How long Culture cards survive: lifetimes from a game's log, and a study by self-play.

A card's lifetime runs from the turn it is declared to the turn it is destroyed, or to
the end of the game if it survives (then it is *censored*: it would have lived longer).
Turns are players' turns (``turn_no``: one per Empire played), so an Epoch of a
three-player game is three turns. The design question of notebook 21 compares the
mean lifetime with and without the transfer rule (option ``transfer``); the interval
is a bootstrap over whole games, since the cards of one game are not independent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Match
from ..engine.rng import Stream


@dataclass(frozen=True)
class Life:
    card: str
    declared: int
    ended: int
    destroyed: bool
    kept: int
    """Turns its first owner kept it (until a capture by another player or its end)."""
    cause: str = ""
    """What destroyed it: ``minor``, ``no_capital`` or a fate (``treachery``...)."""

    @property
    def turns(self) -> int:
        return self.ended - self.declared


def lifetimes(match: Match) -> list[Life]:
    """Every Culture card declared in the match, with when it ended and how."""
    start: dict[str, int] = {}
    lost: dict[str, int] = {}
    out = []
    for e in match.log:
        card = e.get("card")
        if e["kind"] == "culture_declared":
            start[card] = e["turn_no"]
        elif e["kind"] == "culture_captured" and not e["within_faction"] and card in start:
            lost.setdefault(card, e["turn_no"] - start[card])
        elif e["kind"] == "culture_destroyed" and card in start:
            t = start.pop(card)
            kept = lost.pop(card, e["turn_no"] - t)
            out.append(Life(card, t, e["turn_no"], True, kept, e["cause"]))
    last = match.state["turn_no"]
    out += [Life(card, t, last, False, lost.pop(card, last - t)) for card, t in start.items()]
    return sorted(out, key=lambda life: (life.declared, life.card))


def study(matches: Iterable[Match]) -> list[list[Life]]:
    """The lifetimes of the Culture cards of each finished match.

    The games come from whoever plays them, e.g. the lab's bots:
    ``study(play_matches("persistence", 150, players=3, seed=2100))``
    (:func:`clash_widget.lab.one_game.play_matches`); a game never imports its players.
    """
    return [lifetimes(m) for m in matches]


def mean_turns(games: list[list[Life]], measure: str = "turns") -> float:
    """The mean lifetime (``turns``) or time kept by the first owner (``kept``), in turns."""
    lives = [getattr(life, measure) for g in games for life in g]
    return sum(lives) / len(lives) if lives else 0.0


def causes(games: list[list[Life]]) -> dict[str, int]:
    """How many cards each cause destroyed."""
    out: dict[str, int] = {}
    for g in games:
        for life in g:
            if life.destroyed:
                out[life.cause] = out.get(life.cause, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def destroyed_share(games: list[list[Life]]) -> float:
    lives = [life for g in games for life in g]
    return sum(life.destroyed for life in lives) / len(lives) if lives else 0.0


def difference_interval(
    a: list[list[Life]],
    b: list[list[Life]],
    *,
    measure: str = "turns",
    resamples: int = 2000,
    seed: int = 0,
) -> tuple[float, float, float]:
    """Mean ``measure`` in ``a`` minus in ``b``, with a 95% bootstrap interval over games."""
    rng = Stream(seed)
    diffs = []
    for _ in range(resamples):
        ra = [a[rng.below(len(a))] for _ in a]
        rb = [b[rng.below(len(b))] for _ in b]
        diffs.append(mean_turns(ra, measure) - mean_turns(rb, measure))
    diffs.sort()
    lo = diffs[int(0.025 * resamples)]
    hi = diffs[int(0.975 * resamples) - 1]
    return mean_turns(a, measure) - mean_turns(b, measure), lo, hi
