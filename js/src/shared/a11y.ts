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
export function restoreFocus(root: HTMLElement, mark: FocusMark | null): void {
  if (!mark) return;
  const active = document.activeElement;
  if (active && active !== root && root.contains(active)) return;
  const same = mark.selector ? root.querySelector<HTMLElement | SVGElement>(mark.selector) : null;
  if (same && isFocusable(same)) {
    same.focus({ preventScroll: true });
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
