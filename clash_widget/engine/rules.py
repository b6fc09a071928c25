"""Rules as data plus named checks.

Every legality condition of a game is a :class:`Rule` with a stable id, a
reason a learner can read and the section of the rulebook it comes from. A
refused action returns a :class:`Verdict` naming the rule; the same checks
filter candidate actions into the legal list, so "what can I do" and "why not"
can never drift apart.

A reason may name the game's rules options in braces (``"at most {group_size}
units"``): it is worded from the options of the game it refuses in, so a
variant's refusals quote the variant's numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

Wording = Callable[[Mapping[str, Any]], Mapping[str, Any]]
"""Words a game derives from its options for reasons (``"2 food"`` from ``"food:2"``)."""


@dataclass(frozen=True)
class Rule:
    id: str
    reason: str  # may name options in braces, see text()
    section: str
    source: str = "seed"  # "seed": from the specification; "ours": our design
    book: RuleBook | None = field(default=None, compare=False, repr=False)

    def refuse(self, detail: str = "") -> Verdict:
        return Verdict(self, detail)

    def text(self, options: Mapping[str, Any] | None = None) -> str:
        """The reason in words, its option names filled from ``options`` (else the defaults)."""
        if "{" not in self.reason:
            return self.reason
        words = self.book.words(options) if self.book is not None else dict(options or {})
        return self.reason.format_map(words)


@dataclass(frozen=True)
class Verdict:
    """Why an action is refused: the broken rule and, optionally, specifics."""

    rule: Rule
    detail: str = ""
    options: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The rules options of the game refusing, to word the reason (None: the defaults)."""

    @property
    def rule_id(self) -> str:
        return self.rule.id

    @property
    def reason(self) -> str:
        text = self.rule.text(self.options)
        return f"{text} ({self.detail})" if self.detail else text

    @property
    def text(self) -> str:
        """The reason as the sentence a player reads: capitalised, with its full stop, and
        without the rule id (shown apart, as a link to the rule)."""
        base = self.rule.text(self.options).strip()
        end = base[-1] if base[-1:] in ("!", "?") else "."
        base = base.rstrip(".!?")
        if self.detail:
            base += f" ({self.detail})"
        return base[:1].upper() + base[1:] + end

    @property
    def explanation(self) -> str:
        """For a notebook: the sentence, then the rule behind it on its own line."""
        return f"{self.text}\n  (rule {self.rule.id}, {self.rule.section})"

    def to_dict(self) -> dict[str, str]:
        """The refusal as data, the one shape every front end and lesson shows.

        ``text`` is the sentence for the player; ``rule_id``, ``section`` and ``source``
        name the rule behind it (a teaching aid, shown apart); ``reason`` is the rule's
        reason with its detail, as written in docs/rules.md."""
        return {
            "rule_id": self.rule.id,
            "reason": self.reason,
            "section": self.rule.section,
            "source": self.rule.source,
            "text": self.text,
        }

    def __str__(self) -> str:
        return f"[{self.rule.id}] {self.reason} — {self.rule.section}"


Predicate = Callable[[dict[str, Any], dict[str, Any], Any], bool]
"""A check's test: ``(state, frame, args) -> bool``, ``args`` as the action kind's parser
reads them (``None`` for a frame-only check or a gate)."""


@dataclass(frozen=True)
class Check:
    """One named legality condition: the rule and the predicate that tests it."""

    rule: Rule
    ok: Predicate
    frame_only: bool = False
    """True when the predicate ignores the action's arguments (it reads only the
    state and the frame), so a listing may ask it once for all candidates."""


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
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """The game's default rules options: reasons shown without a game are worded from them."""
    wording: Wording | None = None

    def words(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """What a reason's braces may name: the options (over the defaults) and their wording."""
        out = dict(self.defaults)
        out.update(options or {})
        if self.wording is not None:
            out.update(self.wording(out))
        return out

    def rule(self, rule_id: str, reason: str, section: str, *, source: str = "seed") -> Rule:
        if rule_id in self.rules:
            raise ValueError(f"rule {rule_id!r} registered twice")
        r = Rule(rule_id, reason, section, source, book=self)
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


def rules_markdown(books: Iterable[RuleBook], taught: Mapping[str, str] | None = None) -> str:
    """Render every registered rule as the Markdown of docs/rules.md.

    ``taught`` (rule id -> the lessons that teach it, in words) adds the "taught in"
    column; the course builds it (clash_widget.lessons.syllabus), the engine knows no course.
    """
    lines = [
        "# Rule ids",
        "",
        "Generated from the code by `python -m clash_widget rules`; do not edit by hand.",
        "Every refusal the engine gives names one of these ids.",
        "`source` says whether the rule comes from the seed documents (the rulebooks) or is our",
        "own design where the seeds are silent.",
    ]
    if taught is not None:
        lines += [
            "`taught in` names the lesson (notebook and section) that teaches the rule; every",
            "seed rule has one, or says why the course leaves it out.",
        ]
    lines.append("")
    head, rule = "| id | reason | section | source |", "|---|---|---|---|"
    if taught is not None:
        head, rule = head + " taught in |", rule + "---|"
    for book in books:
        lines += [f"## {book.game}", "", head, rule]
        for r in book:
            reason = r.text().replace("|", "\\|")
            row = f"| `{r.id}` | {reason} | {r.section} | {r.source} |"
            if taught is not None:
                row += f" {taught.get(r.id, '').replace('|', '/')} |"
            lines.append(row)
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
