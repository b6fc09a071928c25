"""Compact view updates: what changed between two views of the same seat.

After an action most of a view is unchanged (the map, most players), and the
log only slides: a few events added, as many dropped from the front. A patch
carries the changed top-level keys and the log's new tail; the front end
(js/src/patch.ts) applies it to the view it has, if that view is the patch's
``base`` version, and asks for a full view otherwise.
"""

from __future__ import annotations

from typing import Any

View = dict[str, Any]


def _log_tail(old: list[Any], new: list[Any]) -> dict[str, Any] | None:
    """``{"drop", "add"}`` turning ``old`` into ``new``, if ``new`` continues ``old``."""
    for drop in range(len(old) + 1):
        kept = len(old) - drop
        if kept <= len(new) and old[drop:] == new[:kept]:
            return {"drop": drop, "add": new[kept:]}
    return None


def make_patch(old: View, new: View) -> dict[str, Any]:
    """The patch from ``old`` to ``new`` (both views with a ``version``)."""
    changed = {k: v for k, v in new.items() if k != "log" and old.get(k) != v}
    patch: dict[str, Any] = {
        "base": old.get("version"),
        "to": new.get("version"),
        "set": changed,
        "unset": sorted(k for k in old if k not in new),
    }
    old_log, new_log = old.get("log"), new.get("log")
    if old_log != new_log:
        tail = _log_tail(old_log or [], new_log or []) if isinstance(new_log, list) else None
        if tail is None:
            changed["log"] = new_log
        else:
            patch["log"] = tail
    return patch


def apply_patch(view: View, patch: dict[str, Any]) -> View:
    """Python twin of the front end's applyPatch (used by tests)."""
    out = {k: v for k, v in view.items() if k not in patch.get("unset", [])}
    out.update(patch["set"])
    if "log" in patch:
        out["log"] = list(view.get("log", []))[patch["log"]["drop"] :] + patch["log"]["add"]
    return out
