"""Show why the engine refused an action, the way a teacher would say it.

The refusal is :meth:`Verdict.to_dict`, the same data the widgets send their front
ends: the sentence for the player (``text``), and apart from it the rule behind it
(``rule_id``, ``section``), a pointer to read the rule in docs/rules.md.
"""

from __future__ import annotations

from clash_widget.engine import Outcome, Verdict


def refusal(outcome: Outcome | Verdict | None) -> dict[str, str]:
    """:meth:`Verdict.to_dict` of a refusal (``rule_id``, ``reason``, ``section``, ``source``,
    ``text``); an empty dict if the action was allowed."""
    verdict = outcome.verdict if isinstance(outcome, Outcome) else outcome
    return {} if verdict is None else verdict.to_dict()


def explain_text(outcome: Outcome | Verdict | None) -> str:
    """The refusal's sentence, then the rule behind it on its own line."""
    verdict = outcome.verdict if isinstance(outcome, Outcome) else outcome
    return "Allowed: the engine played it." if verdict is None else verdict.explanation


def explain(outcome: Outcome | Verdict | None) -> None:
    """Print :func:`explain_text` (returns nothing, so a notebook shows it once)."""
    print(explain_text(outcome))
