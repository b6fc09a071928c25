"""A table's committed bundle mounted on a page of its own, outside JupyterLab.

Inside JupyterLab axe cannot measure colour contrast (see ``a11y_helpers.axe_audit``), so
the contrast of every table is audited here: the bundle (``clash_widget/static/<name>.js``
and ``.css``) is rendered with a small stand-in for the widget's model, fed the traits a
real widget has.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[2] / "clash_widget" / "static"

# The stand-in model (js/test/fake-model.ts in a dozen lines) and the anywidget render call.
MOUNT_JS = """async ([src, traits]) => {
  const handlers = new Map();
  const state = { ...traits };
  const model = {
    get: (k) => state[k],
    set: (k, v) => { if (state[k] === v) return; state[k] = v;
                     (handlers.get('change:' + k) || []).forEach((h) => h()); },
    on: (e, f) => { if (!handlers.has(e)) handlers.set(e, []); handlers.get(e).push(f); },
    off: () => {},
    save_changes: () => {},
    send: () => {},
    widget_manager: { get_model: async () => { throw new Error('none'); } },
  };
  const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  const mod = await import(url);
  const el = document.getElementById('host');
  mod.default.render({ model, el });
  return el.querySelectorAll('*').length;
}"""

# JupyterLab's dark theme's colours for the variables the tables read (theme-dark-extension).
DARK = """:root { --jp-layout-color0: #111; --jp-layout-color1: #212121;
  --jp-layout-color2: #424242; --jp-border-color2: #424242; --jp-brand-color1: #2196f3;
  --jp-ui-font-color1: rgba(255,255,255,.87); --jp-ui-font-color2: rgba(255,255,255,.54);
  --jp-success-color1: #4caf50; --jp-error-color1: #f44336; --jp-warn-color1: #ff9800; }
body { background: #212121; }"""


def traits(widget: Any) -> dict[str, Any]:
    """The synced traits of ``widget`` as the front end receives them (JSON)."""
    from ipywidgets import DOMWidget

    base = set(DOMWidget.class_trait_names(sync=True))  # layout, tooltip...: not the table's
    names = [n for n in widget.trait_names(sync=True) if n not in base and not n.startswith("_")]
    return json.loads(json.dumps({k: getattr(widget, k) for k in names}, default=list))


def mount(page: Any, bundle: str, widget: Any, theme: str = "light") -> None:
    """Render ``widget``'s traits with the committed bundle ``bundle`` on ``page``."""
    css = (STATIC / f"{bundle}.css").read_text() + (DARK if theme == "dark" else "")
    head = f"<head><title>{bundle}</title><style>{css}</style></head>"
    page.set_content(
        f"<!doctype html><html lang='en'>{head}<body><main id='host'></main></body></html>"
    )
    count = page.evaluate(MOUNT_JS, [(STATIC / f"{bundle}.js").read_text(), traits(widget)])
    assert count > 0, f"{bundle}: nothing drawn"
