// Accessibility helpers every front end shares: a seat's letter (so a colour is never
// the only cue), accessible names on SVG and HTML elements, a polite live region for
// screen readers, and keeping the keyboard focus across a full redraw.

import "./a11y.css";

/** The letter (or digit) drawn on a player's pieces next to their colour. */
export function seatTag(name: string | undefined, seat: number): string {
  const n = (name ?? "").trim();
  // "Player 2" -> "2"; "Blue" -> "B"; "Ada" -> "A".
  const m = /^player\s+(\d+)$/i.exec(n);
  if (m) return m[1];
  return n ? n[0].toUpperCase() : String(seat + 1);
}

/** Give an element an accessible name (and a role, for SVG shapes and plain boxes). */
export function label(e: Element, name: string, role?: string): void {
  e.setAttribute("aria-label", name);
  if (role) e.setAttribute("role", role);
}

/**
 * A visually hidden `aria-live="polite"` region under `parent`: what `say` puts there
 * is read out by a screen reader once (used for the keyboard cursor on the maps).
 */
export function liveRegion(parent: Element): { el: HTMLElement; say: (text: string) => void } {
  const el = document.createElement("div");
  el.className = "match-sr-only";
  el.setAttribute("aria-live", "polite");
  el.setAttribute("role", "status");
  parent.appendChild(el);
  return {
    el,
    say: (text: string) => {
      if (el.textContent !== text) el.textContent = text;
    },
  };
}

/** The data-* attributes that name the same control across two redraws, most specific first. */
const IDENTITY = ["data-card", "data-area", "data-key", "data-intent", "data-advance", "data-legend"];

export interface FocusMark {
  selector: string | null;
  /** The focused element's position among the focusable items, for a fallback. */
  index: number;
}

const FOCUSABLE = "button:not([disabled]), [tabindex]:not([tabindex='-1']), select, input, summary";

/** Where the focus is inside `root` (null: the focus is elsewhere), before a redraw. */
export function rememberFocus(root: HTMLElement): FocusMark | null {
  const active = document.activeElement;
  if (!active || active === root || !root.contains(active)) return null;
  let selector: string | null = null;
  for (const attr of IDENTITY) {
    const v = active.getAttribute(attr);
    if (v !== null) {
      selector = `${active.tagName.toLowerCase()}[${attr}="${CSS.escape(v)}"]`;
      const zone = active.getAttribute("data-zone");
      if (zone !== null) selector += `[data-zone="${CSS.escape(zone)}"]`;
      break;
    }
  }
  if (!selector && active.classList.length) selector = `${active.tagName.toLowerCase()}.${CSS.escape(active.classList[0])}`;
  const all = [...root.querySelectorAll(FOCUSABLE)];
  return { selector, index: all.indexOf(active) };
}

/**
 * After a redraw replaced the focused element: focus its successor (same card, area or
 * action), else the control at the same place, else the root, so that a keyboard player
 * never loses their place to the page's body.
 */
export function restoreFocus(root: HTMLElement, mark: FocusMark | null, fallback?: () => HTMLElement | SVGElement | null): void {
  if (!mark) return;
  const active = document.activeElement;
  if (active && active !== root && root.contains(active)) return;
  const same = mark.selector ? root.querySelector<HTMLElement | SVGElement>(mark.selector) : null;
  if (same && isFocusable(same)) {
    same.focus({ preventScroll: true });
    return;
  }
  // Gone: the next useful place (a game's choice), not whatever sits at the same index.
  const next = fallback?.();
  if (next) {
    next.focus({ preventScroll: true });
    return;
  }
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const near = all[Math.min(Math.max(mark.index, 0), all.length - 1)];
  (near ?? root).focus({ preventScroll: true });
}

function isFocusable(e: Element): boolean {
  if ((e as HTMLButtonElement).disabled) return false;
  return e.matches(FOCUSABLE) || e.getAttribute("tabindex") === "-1";
}

// -- colour vision ------------------------------------------------------------------------
// Machado, Oliveira & Fernandes (2009) matrices at full severity, on linear RGB.
const CVD: Record<string, number[][]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

export const CVD_KINDS = Object.keys(CVD);

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function linearRgb(hex: string): number[] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a colour: ${hex}`);
  return [m[1], m[2], m[3]].map((h) => toLinear(parseInt(h, 16) / 255));
}

/** CIELAB of a linear-RGB colour (D65). */
function lab([r, g, b]: number[]): [number, number, number] {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  [r, g, b] = [clamp(r), clamp(g), clamp(b)];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** How far apart two colours look (CIE76 ΔE) to someone with `kind` ("normal" or a CVD_KINDS). */
export function colourDistance(a: string, b: string, kind = "normal"): number {
  const m = CVD[kind];
  const see = (hex: string) => {
    const c = linearRgb(hex);
    return lab(m ? m.map((row) => row[0] * c[0] + row[1] * c[1] + row[2] * c[2]) : c);
  };
  const [p, q] = [see(a), see(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/**
 * Make `el` a polite live region (the "what now" prompt): a screen reader reads its
 * new text after each move. Write it with `setText`, so an unchanged text is not read again.
 */
export function politeRegion(el: HTMLElement): HTMLElement {
  el.setAttribute("aria-live", "polite");
  return el;
}

export function setText(el: HTMLElement, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}
