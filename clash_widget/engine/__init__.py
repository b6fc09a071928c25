"""The game-agnostic kernel: protocol, decision frames, rules, RNG, records, undo."""

from .actions import Action, MalformedAction, act
from .game import Events, FrameHandler, Game, OptionError, Options, one_of, ranged
from .match import Match, Outcome
from .registry import GAMES, get_game, get_spec
from .rules import Check, Rule, RuleBook, Verdict, rules_markdown
from .session import Session
from .spec import GameSpec
from .state import clone, state_hash

__all__ = [
    "Action",
    "Check",
    "Events",
    "FrameHandler",
    "GAMES",
    "GameSpec",
    "Game",
    "MalformedAction",
    "Match",
    "OptionError",
    "Options",
    "Outcome",
    "Rule",
    "RuleBook",
    "Session",
    "Verdict",
    "act",
    "one_of",
    "ranged",
    "clone",
    "get_game",
    "get_spec",
    "rules_markdown",
    "state_hash",
]
