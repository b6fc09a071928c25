"""The rule registry of Clash of Cultures: every rule id lives in this one book.

The book also carries our readings (data/readings.json): where the primer is
brief or the French rulings differ, what we play and which option plays the other.
Reasons name the rules options in braces; the costs are also given in words.
"""

from collections.abc import Mapping
from typing import Any

from ..engine import RuleBook
from ..engine.rules import Reading
from .content import load
from .economy import cost_words
from .options import COSTS, CocOptions


def _wording(options: Mapping[str, Any]) -> dict[str, str]:
    return {f"{name}_words": cost_words(options[name]) for name in COSTS}


RULES = RuleBook(
    "coc",
    readings=[Reading(**r) for r in load("readings")["readings"]],
    defaults=CocOptions().to_dict(),
    wording=_wording,
)
