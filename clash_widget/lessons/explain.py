"""Show why the engine refused an action, the way a teacher would say it."""

from __future__ import annotations

from clash_widget.engine import Outcome, Verdict


def refusal(outcome: Outcome | Verdict | None) -> dict[str, str]:
    """``{"rule_id", "reason", "section"}`` of a refusal (empty dict if it was allowed)."""
    verdict = outcome.verdict if isinstance(outcome, Outcome) else outcome
    if verdict is None:
        return {}
    d = verdict.to_dict()
    return {"rule_id": d["rule_id"], "reason": d["reason"], "section": d["section"] or ""}


def explain_text(outcome: Outcome | Verdict | None) -> str:
    """One readable line: refused by which rule, why, and where the rule is written."""
    r = refusal(outcome)
    if not r:
        return "Allowed: the engine played it."
    text = f"Refused by rule {r['rule_id']}: {r['reason']}"
    return text + (f" (see {r['section']})" if r["section"] else "")


def explain(outcome: Outcome | Verdict | None) -> None:
    """Print :func:`explain_text` (returns nothing, so a notebook shows it once)."""
    print(explain_text(outcome))
