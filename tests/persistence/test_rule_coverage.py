"""Meta-tests: every rule id is tested by name, the seed's numbers are its sections."""

from __future__ import annotations

import importlib
import pkgutil
import re

import tests.persistence as here
from clash_widget.persistence.game import PersistenceOfCulture
from clash_widget.persistence.rules import BOOK, SEED_SECTIONS

SEED_NUMBERS = (
    "1.1",
    "2.1",
    "3.1",
    "3.11",
    "4.1",
    "5.1",
    "5.11",
    "6.1",
    "6.11",
    "6.12",
    "6.13",
    "7.1",
)


def all_test_names() -> set[str]:
    """Every test function name in tests/persistence."""
    names: set[str] = set()
    for info in pkgutil.iter_modules(here.__path__):
        if info.name.startswith("test_"):
            mod = importlib.import_module(f"tests.persistence.{info.name}")
            names |= {n for n in vars(mod) if n.startswith("test_")}
    return names


def test_the_game_registers_the_whole_book():
    assert PersistenceOfCulture.rules is BOOK and len(BOOK) >= 60


def test_every_rule_has_a_positive_and_a_negative_test():
    names = all_test_names()
    for rule in BOOK:
        stem = "test_" + re.sub(r"[.-]", "_", rule.id)
        pos = [n for n in names if n.startswith(stem + "_ok")]
        neg = [n for n in names if n.startswith(stem + "_refused")]
        assert pos and neg, f"rule {rule.id} needs {stem}_ok* and {stem}_refused*"


def test_every_seed_rule_is_a_named_rule_with_its_number_as_section():
    assert [s.split()[0] for s in SEED_SECTIONS] == list(SEED_NUMBERS)
    for number, section in zip(SEED_NUMBERS, SEED_SECTIONS, strict=True):
        seed_rules = [r for r in BOOK if r.section == section and r.source == "seed"]
        assert seed_rules, f"seed rule {number} has no rule of its own"
    for r in BOOK:
        if r.source == "seed":
            assert r.section in SEED_SECTIONS, f"{r.id}: a seed rule must carry a seed number"
        else:
            assert r.section in SEED_SECTIONS or r.section.startswith("Host: "), r.id


def test_reasons_are_plain_words_without_option_numbers():
    """Reasons never hard-code a number an option can change (they name the option)."""
    for r in BOOK:
        assert not re.search(r"\d", r.reason), f"{r.id}: {r.reason}"
        assert r.reason.endswith(".") and r.reason[0].isupper(), r.id
        assert "_" not in r.reason.replace("option ", "").split("(")[0], r.id


def test_readings_are_listed():
    topics = [rd.topic for rd in BOOK.readings]
    assert any("Sea holding" in t for t in topics)
    assert any("before its Empire holds a Capital" in t for t in topics)
    assert any("without a Capital" in t for t in topics)
