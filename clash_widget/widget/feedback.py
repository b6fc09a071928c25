"""What a widget says after each intent or setting: the one message shape of every widget
(docs/design.md, "Messages"), built without traitlets.

``{seq, n, kind, text, rule, by}``: ``kind`` ``"played"``, ``"refused"``, ``"info"`` or
``"error"``; ``text`` the sentence; ``rule`` ``{id, section, source}`` of a refusal, apart
from the sentence; ``by`` ``{seat, name, bot}`` after a move; ``n`` counts answers, so two
equal answers in a row still reach the front end.
"""

from __future__ import annotations

from typing import Any

from clash_widget.engine import Verdict

from .intents import ERROR


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
