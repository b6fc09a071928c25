"""A hint: the coach's best move for the seat to play, with its reasons in words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine import Action
from ..engine.game import State
from ..engine.match import Match
from ..engine.seats import name as seat_name
from .estimate import (
    Budget,
    Comparison,
    Estimate,
    compare,
    difference,
    horizon_words,
    position_key,
)
from .reasons import rules_of_thumb

HINT_BUDGET = Budget()


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


@dataclass(frozen=True)
class Option:
    """One move the coach weighed, in words: its label, its winning chances and their basis."""

    action: Action  # for the table to highlight; never shown as text
    label: str
    chances: float  # the seat's mean winning chances over the trial games (0..1)
    games: int  # how many simulated games the estimate rests on
    low: float  # the 95 % (Wilson) interval of the chances
    high: float
    behind: float  # how much less than the best move, paired (0 for the best)
    about_equal: bool  # inside the noise of the best move (or the best itself)
    thumbs: tuple[str, ...] = ()

    def estimate_text(self) -> str:
        return (
            f"{percent(self.chances)} winning chances over {self.games} simulated games "
            f"(95% interval {percent(self.low)} to {percent(self.high)})"
        )


@dataclass(frozen=True)
class Hint:
    """The coach's advice for one decision (``options[0]`` is the move it suggests)."""

    seat: int
    player: str  # the seat's name, as every table writes it
    options: tuple[Option, ...]
    favourite: str | None = None  # the rule-of-thumb bot's own choice, in words
    only: bool = False  # one legal move: nothing to weigh
    turns: int = 0  # how far each simulated game was played (turns begun; 0: to its end)
    notes: tuple[str, ...] = field(default=())

    @property
    def action(self) -> Action:
        return self.options[0].action

    @property
    def label(self) -> str:
        return self.options[0].label

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why the move: its rules of thumb, then what the search says."""
        best = self.options[0]
        out = [f"Rule of thumb: {t}" for t in best.thumbs]
        if self.only:
            return (*out, "It is the only move the rules allow here.")
        out.append(
            f"The search: from here, {best.label} gave you {best.estimate_text()}, "
            f"each simulated game dealt only from what you know and played on "
            f"{horizon_words(self.turns)} by the rule-of-thumb bot."
        )
        if len(self.options) > 1:
            nxt = self.options[1]
            verdict = "about equal" if nxt.about_equal else "clearly less"
            out.append(
                f"Your next best, {nxt.label}, gave you {percent(nxt.chances)} over "
                f"{nxt.games} simulated games: {verdict}."
            )
        if self.favourite and self.favourite != best.label:
            out.append(f"The rule-of-thumb bot would play {self.favourite} instead.")
        return tuple(out)

    @property
    def text(self) -> str:
        lines = [f"Hint for {self.player}: {self.label}."]
        lines += [f"- {r}" for r in self.reasons]
        if len(self.options) > 1:
            lines.append("Alternatives:")
            for o in self.options[1:]:
                if o.about_equal:
                    verdict = "about equal (the difference is inside the noise)"
                else:
                    verdict = f"{100 * o.behind:.0f} points of winning chances less"
                lines.append(f"- {o.label}: {o.estimate_text()}; {verdict}.")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def options_of(
    match: Match, comparison: Comparison, state_label: Callable[[Action], str]
) -> list[Option]:
    """The comparison's estimates as options in words, best first."""
    best = comparison.best
    out = []
    for est in comparison.estimates:
        out.append(option(match, est, best, state_label))
    return out


def option(match: Match, est: Estimate, best: Estimate, label: Callable[[Action], str]) -> Option:
    low, high = est.interval
    if est is best:
        behind, equal = 0.0, True
    else:
        d = difference(best, est)
        behind, equal = max(0.0, d.mean), not d.clear
    return Option(
        action=est.action,
        label=label(est.action),
        chances=est.chances,
        games=est.games,
        low=low,
        high=high,
        behind=behind,
        about_equal=equal,
        thumbs=rules_of_thumb(match.game.name, est.action, label(est.action)),
    )


LOOK_BACK = 60  # actions looked back for a move that led back to this position


def came_back(
    match: Match, seat: int, recent: Sequence[tuple[State, str]] | None = None
) -> frozenset[Action]:
    """The moves the seat made from this very position (as it sees it) earlier in the game,
    which brought it back here: a trade offer the partner declined, say. The same position
    gives the same hint, so hinting such a move again would repeat it for ever; the samples'
    filter (``changes_nothing``) misses it when a sample's partner would have accepted.
    ``recent``: the positions before the last actions and the action played from each
    (default: the match's last :data:`LOOK_BACK`, :meth:`Match.recent`)."""
    game = match.game
    now = position_key(game, match.state, seat)
    return frozenset(
        Action.parse(key)
        for state, key in (match.recent(LOOK_BACK) if recent is None else recent)
        if game.current_player(state) == seat and position_key(game, state, seat) == now
    )


def hint(
    match: Match,
    seat: int | None = None,
    *,
    budget: Budget = HINT_BUDGET,
    alternatives: int = 3,
    recent: Sequence[tuple[State, str]] | None = None,
) -> Hint:
    """The coach's best move for ``seat`` (default: whoever is to decide), with its reasons.

    Judged only from what the seat knows (every trial game starts from a determinisation of
    the position for that seat); seeded by ``budget.seed`` and the position, so the same
    position and settings give the same hint. Raises ValueError when the game is over or
    another seat is to decide (a hint is only for the decision at hand). ``recent``: the
    game's last positions when the match does not keep them (:func:`came_back`)."""
    state, game = match.state, match.game
    if match.is_over:
        raise ValueError("The game is over: there is no move to hint.")
    to_move = match.current_player
    if to_move is None:
        raise ValueError("Nobody is to decide now.")
    if seat is not None and seat != to_move:
        raise ValueError(
            f"{seat_name(state, to_move)} decides now, not {seat_name(state, seat)}: "
            "a hint is for the decision at hand."
        )
    legal = match.legal_actions()

    def label(action: Action) -> str:  # a label ends no sentence of the hint's
        return match.describe(action).rstrip(". ")

    player = seat_name(state, to_move)
    if len(legal) == 1:
        words = label(legal[0])
        thumbs = rules_of_thumb(game.name, legal[0], words)
        only = Option(legal[0], words, 0.0, 0, 0.0, 1.0, 0.0, True, thumbs)
        return Hint(to_move, player, (only,), only=True)
    comparison = compare(game, state, legal, budget, avoid=came_back(match, to_move, recent))
    options = options_of(match, comparison, label)[: 1 + alternatives]
    fav = comparison.favourite
    return Hint(
        seat=to_move,
        player=player,
        options=tuple(options),
        favourite=label(fav) if fav is not None else None,
        turns=budget.playout(game.name).turns,
    )
