// A tiny element builder (the Secolo bundle does not share code with the board's).

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text?: string,
  parent?: Element,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

export function button(parent: Element, text: string, className: string, fn: () => void): HTMLButtonElement {
  const b = el("button", className, text, parent);
  b.type = "button";
  b.addEventListener("click", fn);
  return b;
}
