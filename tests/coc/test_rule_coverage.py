"""Every rule of Clash of Cultures is named in at least one test.

A rule id is "named" when it appears in quotes in a test module's source (a test
asserting a refusal, a ruling or a reading by its id) or as the stem of a test
function's name (``test_move_stack_limit`` names ``move.stack-limit``). Adding a
rule without a test makes this fail.
"""

import re
from pathlib import Path

from clash_widget.coc.game import ClashOfCultures

TESTS = Path(__file__).parent.parent
HERE = Path(__file__).name


def _test_sources() -> str:
    return "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(TESTS.rglob("test_*.py")) if p.name != HERE
    )


def test_every_coc_rule_is_named_in_a_test():
    text = _test_sources()
    names = set(re.findall(r"def (test_\w+)", text))
    missing = []
    for rule in ClashOfCultures.rules:
        quoted = f'"{rule.id}"' in text or f"'{rule.id}'" in text
        stem = "test_" + re.sub(r"[.-]", "_", rule.id)
        named = any(n == stem or n.startswith(stem + "_") for n in names)
        if not (quoted or named):
            missing.append(rule.id)
    assert not missing, f"{len(missing)} rule ids are named in no test: {', '.join(missing)}"


def test_ours_is_never_called_seed():
    """Readings of our own say so: a rule whose reason says "our reading" is marked ours."""
    wrong = [
        r.id
        for r in ClashOfCultures.rules
        if "our reading" in r.reason.lower() and r.source != "ours"
    ]
    assert not wrong, wrong
