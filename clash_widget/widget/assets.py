"""Where the front-end bundles are: ``static/<name>.js`` and its style sheet.

A leaf module (no widget code), so the classroom server can serve the same bundles
without importing the widgets.
"""

from __future__ import annotations

import pathlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clash_widget.engine.spec import GameSpec

STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"

_MISSING_BUNDLE_ESM = """
function render({ el }) {
  const d = document.createElement("div");
  d.style.cssText = "padding:8px;border:1px solid #c62828;color:#c62828;font-family:sans-serif";
  d.textContent = "clash_widget: LABEL bundle missing: run npm run build";
  el.appendChild(d);
}
export default { render };
"""


def spec_front_end(spec: GameSpec) -> tuple[pathlib.Path | str, pathlib.Path | str]:
    """``(_esm, _css)`` of the bundle a game's spec registers (``GameSpec.bundle`` in its
    ``static`` folder); a notice if it was not built."""
    paths = spec.bundle_paths()
    if paths is None:
        raise ValueError(f"{spec.name} registers no table bundle")
    js, css = (pathlib.Path(str(p)) for p in paths)
    esm = js if js.is_file() else _MISSING_BUNDLE_ESM.replace("LABEL", spec.name)
    return esm, (css if css.is_file() else "")
