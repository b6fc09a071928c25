"""The classroom server's rules are rules like the games': each in docs/rules.md with its
reason and section, and each named in at least one test (quoted, as a refusal's id)."""

from __future__ import annotations

from pathlib import Path

from clash_widget.server.refusals import SERVER_RULES

TESTS = Path(__file__).resolve().parents[1]
DOC = TESTS.parent / "docs" / "rules.md"


def test_every_server_rule_is_listed_in_the_rules_doc():
    doc = DOC.read_text(encoding="utf-8")
    assert "\n## server\n" in doc
    for rule in SERVER_RULES:
        line = f"| `{rule.id}` | {rule.text()} | {rule.section} | {rule.source} |"
        assert line in doc, rule.id


def test_every_server_rule_is_named_in_a_test():
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted(TESTS.rglob("test_*.py"))
        if p.name != Path(__file__).name
    )
    missing = [r.id for r in SERVER_RULES if f'"{r.id}"' not in text]
    assert not missing, f"server rules named in no test: {', '.join(missing)}"
