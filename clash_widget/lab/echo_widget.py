"""The benchmark's baseline: the smallest anywidget that answers a click.

A click sets ``clicks``; Python copies it to ``echo``; the front end draws the
echo. Its click-to-redraw time is what the transport alone costs, so the board's
own cost is the difference (``python -m clash_widget bench --browser``).
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const b = document.createElement("button");
  b.className = "echo-widget";
  b.dataset.echo = String(model.get("echo"));
  b.textContent = "echo " + model.get("echo");
  b.addEventListener("click", () => {
    model.set("clicks", model.get("clicks") + 1);
    model.save_changes();
  });
  const draw = () => {
    b.textContent = "echo " + model.get("echo");
    b.dataset.echo = String(model.get("echo"));
  };
  model.on("change:echo", draw);
  el.appendChild(b);
  return () => model.off("change:echo", draw);
}
export default { render };
"""


class EchoWidget(anywidget.AnyWidget):
    _esm = _ESM
    clicks = traitlets.Int(0).tag(sync=True)
    echo = traitlets.Int(0).tag(sync=True)

    @traitlets.observe("clicks")
    def _clicked(self, change: dict[str, Any]) -> None:
        self.echo = change["new"]
