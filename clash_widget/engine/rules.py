"""Rules as data plus named checks.

Every legality condition of a game is a :class:`Rule` with a stable id, a
reason a learner can read and the section of the rulebook it comes from. A
refused action returns a :class:`Verdict` naming the rule; the same checks
filter candidate actions into the legal list, so "what can I do" and "why not"
can never drift apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Rule:
    id: str
    reason: str
    section: str
    source: str = "seed"  # "seed": from the specification; "ours": our design

    def refuse(self, detail: str = "") -> Verdict:
        return Verdict(self, detail)


@dataclass(frozen=True)
class Verdict:
    """Why an action is refused: the broken rule and, optionally, specifics."""

    rule: Rule
    detail: str = ""

    @property
    def rule_id(self) -> str:
        return self.rule.id

    @property
    def reason(self) -> str:
        return f"{self.rule.reason} ({self.detail})" if self.detail else self.rule.reason

    def to_dict(self) -> dict[str, str]:
        return {
            "rule_id": self.rule.id,
            "reason": self.reason,
            "section": self.rule.section,
        }

    def __str__(self) -> str:
        return f"[{self.rule.id}] {self.reason} — {self.rule.section}"


Predicate = Callable[..., bool]


@dataclass(frozen=True)
class Check:
    """One named legality condition: the rule and the predicate that tests it."""

    rule: Rule
    ok: Predicate
    frame_only: bool = False
    """True when the predicate ignores the action's arguments (it reads only the
    state and the frame), so a listing may ask it once for all candidates."""

    def __call__(self, *args: Any) -> Verdict | None:
        return None if self.ok(*args) else Verdict(self.rule)


@dataclass(frozen=True)
class Reading:
    """How we read a passage the seeds leave open, or where two seeds disagree.

    ``seeds`` quotes or sums up what the seed texts say; ``ours`` is what the engine
    plays; ``option`` names the rules option that plays the other reading, if any."""

    topic: str
    seeds: str
    ours: str
    option: str = ""


@dataclass
class RuleBook:
    """The registry of one game's rules; one place per rule."""

    game: str
    rules: dict[str, Rule] = field(default_factory=dict)
    readings: list[Reading] = field(default_factory=list)

    def rule(self, rule_id: str, reason: str, section: str, *, source: str = "seed") -> Rule:
        if rule_id in self.rules:
            raise ValueError(f"rule {rule_id!r} registered twice")
        r = Rule(rule_id, reason, section, source)
        self.rules[rule_id] = r
        return r

    def check(
        self,
        rule_id: str,
        reason: str,
        section: str,
        *,
        source: str = "seed",
        frame_only: bool = False,
    ) -> Callable[[Predicate], Check]:
        """Decorator: register a rule and bind it to the predicate that tests it.

        ``frame_only=True`` promises that the predicate never reads its ``args``.
        """
        r = self.rule(rule_id, reason, section, source=source)

        def bind(fn: Predicate) -> Check:
            return Check(r, fn, frame_only)

        return bind

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __iter__(self) -> Iterator[Rule]:
        return iter(sorted(self.rules.values(), key=lambda r: r.id))

    def __len__(self) -> int:
        return len(self.rules)


def first_violation(checks: Iterable[Check], *args: Any) -> Verdict | None:
    """Run checks in order (turn, availability, costs, targets) and stop at the first failure."""
    for c in checks:
        if not c.ok(*args):
            return Verdict(c.rule)
    return None


def rules_markdown(books: Iterable[RuleBook]) -> str:
    """Render every registered rule as the Markdown of docs/rules.md."""
    lines = [
        "# Rule ids",
        "",
        "Generated from the code by `python -m clash_widget rules`; do not edit by hand.",
        "Every refusal the engine gives names one of these ids.",
        "`source` says whether the rule comes from the seed documents or is our own design",
        "where the seeds are silent.",
        "",
    ]
    for book in books:
        lines += [f"## {book.game}", "", "| id | reason | section | source |", "|---|---|---|---|"]
        for r in book:
            reason = r.reason.replace("|", "\\|")
            lines.append(f"| `{r.id}` | {reason} | {r.section} | {r.source} |")
        lines.append("")
        if book.readings:
            lines += [
                f"### {book.game}: our readings and where the seeds differ",
                "",
                "| topic | the seeds | we play (ours) | other reading as an option |",
                "|---|---|---|---|",
            ]
            for rd in book.readings:
                cells = [rd.topic, rd.seeds, rd.ours, f"`{rd.option}`" if rd.option else "none"]
                lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
            lines.append("")
    return "\n".join(lines)
