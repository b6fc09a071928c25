"""Meta-test: every History CCG rule id is named by a test.

A rule that is a check (it refuses actions) needs a ``test_<id>_ok*`` and a
``test_<id>_refused*`` test; a rule that acts by itself needs a ``test_<id>*`` test
(dots and dashes become underscores: ``found.cost`` -> ``test_found_cost_ok``).
"""

from __future__ import annotations

import re
from pathlib import Path

from clash_widget.engine.frames import TableFrame
from clash_widget.history.game import HistoryCCG

HERE = Path(__file__).parent
GAME = HistoryCCG()


def named_tests() -> set[str]:
    names: set[str] = set()
    for path in HERE.glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def checked_rules() -> set[str]:
    out = set()
    for handler in GAME.handlers.values():
        assert isinstance(handler, TableFrame)
        for spec in handler.table.values():
            out |= {c.rule.id for c in spec.checks + spec.gate}
    return {r for r in out if r in GAME.rules.rules}


def stem(rule_id: str) -> str:
    return "test_" + re.sub(r"[.-]", "_", rule_id)


def test_every_check_rule_has_an_ok_and_a_refused_test():
    names = named_tests()
    missing = []
    for rid in sorted(checked_rules()):
        s = stem(rid)
        if not any(n.startswith(s + "_ok") for n in names):
            missing.append(f"{s}_ok")
        if not any(n.startswith(s + "_refused") for n in names):
            missing.append(f"{s}_refused")
    assert not missing, f"tests to write: {missing}"


def test_every_other_rule_has_a_test():
    names = named_tests()
    missing = [
        stem(r.id)
        for r in GAME.rules
        if r.id not in checked_rules() and not any(n.startswith(stem(r.id)) for n in names)
    ]
    assert not missing, f"tests to write: {missing}"


def test_every_rule_is_marked_seed_or_ours():
    assert {r.source for r in GAME.rules} == {"seed", "ours"}
    for r in GAME.rules:
        assert r.section.startswith("Seed:" if r.source == "seed" else "Ours:"), r.id
        assert r.reason.endswith("."), r.id
