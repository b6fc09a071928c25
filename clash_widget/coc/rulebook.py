"""The rule registry of Clash of Cultures: every rule id lives in this one book.

The book also carries our readings (data/readings.json): where the primer is
brief or the French rulings differ, what we play and which option plays the other.
"""

from ..engine import RuleBook
from ..engine.rules import Reading
from .content import load

RULES = RuleBook("coc", readings=[Reading(**r) for r in load("readings")["readings"]])
