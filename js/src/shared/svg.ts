// Tiny helpers to build SVG and HTML elements.

export const SVG_NS = "http://www.w3.org/2000/svg";

export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number> = {},
  parent?: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

export function htmlEl<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text?: string,
  parent?: Element,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  if (parent) parent.appendChild(el);
  return el;
}

export function svgText(
  text: string,
  attrs: Record<string, string | number>,
  parent?: Element,
): SVGTextElement {
  const t = svgEl("text", attrs, parent);
  t.textContent = text;
  return t;
}

export function svgTitle(parent: Element, text: string): void {
  const t = svgEl("title", {}, parent);
  t.textContent = text;
}
