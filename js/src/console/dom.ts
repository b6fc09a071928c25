// Small DOM helpers for the console: elements with their text and attributes in one call.

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** A button that runs `act`; `key` names it so it keeps the focus across a redraw. */
export function button(text: string, key: string, act: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el("button", { type: "button", "data-key": key, ...attrs }, text);
  b.addEventListener("click", act);
  return b;
}

let ids = 0;
/** A fresh id for a label's `for`. */
export function freshId(prefix: string): string {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** A plain local date and time, as a teacher reads it in a list. */
export function when(seconds: number | null | undefined): string {
  if (!seconds) return "no move yet";
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
