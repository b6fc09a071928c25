"""What a widget says after each intent or setting: the one message shape of every widget
(docs/design.md, "Messages"), built without traitlets.

``{seq, n, kind, text, rule, by}``: ``kind`` ``"played"``, ``"refused"``, ``"info"`` or
``"error"``; ``text`` the sentence; ``rule`` ``{id, section, source}`` of a refusal, apart
from the sentence; ``by`` ``{seat, name, bot}`` after a move; ``n`` counts answers, so two
equal answers in a row still reach the front end.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Match, Outcome, Verdict

from .intents import ERROR
from .router import player_name


def message(
    n: int,
    ok: bool,
    said: str,
    verdict: Verdict | None,
    *,
    seq: int | None,
    by: dict[str, Any] | None = None,
    then: str = "",
    detail: str | None = None,
) -> dict[str, Any]:
    """The ``n``-th answer. A refusal's sentence is its verdict's (:attr:`Verdict.text`),
    after ``said`` if given and before ``then``; its rule travels apart in ``rule``, never
    inside the sentence. ``detail`` (an exception and where it was raised) is for developers."""
    text = said
    kind = "played" if by is not None else "info"
    rule = None
    if verdict is not None and not ok:
        kind = "error" if verdict.rule_id == ERROR.id else "refused"
        text = f"{said} {verdict.text} {then}".strip()
        rule = {
            "id": verdict.rule_id,
            "section": verdict.rule.section,
            "source": verdict.rule.source,
        }
    fb: dict[str, Any] = {
        "seq": seq,
        "n": n,
        "kind": kind,
        "text": text,
        "rule": rule,
        "by": by,
        # mirrors for the older front ends (js/): same content, older names
        "ok": ok,
        "message": text,
        "rule_id": rule["id"] if rule else None,
        "section": rule["section"] if rule else None,
    }
    if detail is not None:
        fb["detail"] = detail
    return fb


def sees_key(seat: int | None, actor: int | None) -> bool:
    """Whether the viewer may know an action's key: the teacher and the actor."""
    return seat is None or actor == seat


def public_texts(
    match: Match, seat: int | None, outcome: Outcome, skip: frozenset[str] = frozenset()
) -> list[str]:
    """The first log lines of an action, as the viewing seat may read them (but those of
    a kind in ``skip``); when the action ended the game, its last line too (who won), so
    the message is never stale."""
    seen = [match.game.event_for(e, seat) for e in outcome.events]
    texts = [e["text"] for e in seen if e.get("text") and e.get("kind") not in skip]
    if match.is_over and len(texts) > 4:
        return texts[:3] + texts[-1:]
    return texts[:4]


def played_text(
    match: Match, seat: int | None, actor: int | None, outcome: Outcome, label: str
) -> str:
    """What a move did, in the words the viewing seat may read: its log lines, without
    the line that announces the next turn ("Age 1, turn 2: Blue to play."): the banner
    says whose turn it is, and the feedback line would only repeat it (issue #37)."""
    texts = public_texts(match, seat, outcome, skip=TURN_KINDS)
    if texts:
        return " ".join(sentence(t) for t in texts)
    who = player_name(match.names, actor) if actor is not None else "The game"
    if label and sees_key(seat, actor) and label != str(outcome.action):
        return f"{who} chose: {sentence(label)}"
    return f"{who} played."


#: Log kinds that announce whose turn it is now (the banner's news, not the move's).
TURN_KINDS = frozenset({"turn"})


def shown_action(match: Match, seat: int | None, actor: int | None, outcome: Outcome) -> str:
    """The ``last_action`` text for the viewing seat: the key for the actor and the teacher
    (a key can name a secret choice), the public log text for the others."""
    if sees_key(seat, actor):
        return str(outcome.action)
    return " ".join(public_texts(match, seat, outcome)) or "an action"


def sentence(text: str) -> str:
    """``text`` as a sentence: capitalised, ending with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def without_key(verdict: Verdict | None, key: str) -> Verdict | None:
    """A refusal that does not echo the clicked action's key (its detail may start with it)."""
    if verdict is None or not verdict.detail.startswith(f"{key}: "):
        return verdict
    return Verdict(verdict.rule, verdict.detail[len(key) + 2 :], verdict.options)
