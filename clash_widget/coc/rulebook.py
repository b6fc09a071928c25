"""The rule registry of Clash of Cultures: every rule id lives in this one book."""

from ..engine import RuleBook

RULES = RuleBook("coc")
