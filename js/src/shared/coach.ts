// The coach in the control bar: a Hint button (and the H key), a Review button, and the
// marks on the hinted move. Python answers the "hint" intent (widget/coaching.py): its
// words come back in the feedback line, and the `hint` trait carries the move's key and
// its board targets, read here only to mark the move's button (data-key) and its hex, card
// or land (the table's own data-* attributes), never shown. A hint is marked only on the
// view it was asked on.

import { button, el } from "./dom";
import type { Hint, Target } from "./model";
import "./coach.css";

export const HINT_MARK = "coach-hint";
/** The key that asks for a hint, wherever the focus is in the table (not in a text box). */
export const HINT_KEY = "h";
const HINT_TITLE =
  "Ask the coach (key H): its best move for the player to decide, with its reasons and the alternatives";

export interface CoachButtons {
  hint: HTMLButtonElement;
  review: HTMLButtonElement | null;
}

/** The coach's group of the control bar: Hint, and Review when the table can review. */
export function coachGroup(bar: HTMLElement, prefix: string, ask: () => void, review?: () => void): CoachButtons {
  const g = el("div", `${prefix}-control ${prefix}-control-coach match-control`, undefined, bar);
  el("span", `${prefix}-control-label match-control-label`, "coach", g);
  g.setAttribute("role", "group");
  g.setAttribute("aria-label", "coach");
  const b = button(g, "hint", `${prefix}-tool ${prefix}-hint`, ask);
  b.title = HINT_TITLE;
  b.setAttribute("aria-keyshortcuts", "H");
  b.dataset.intent = "hint";
  let r: HTMLButtonElement | null = null;
  if (review) {
    r = button(g, "review\u2026", `${prefix}-tool ${prefix}-review-open`, review);
    r.title = "The coach's review of one player's game: the advantage graph and every decision judged";
  }
  return { hint: b, review: r };
}

/** The Hint button alone (kept for callers of the first version). */
export function hintButton(bar: HTMLElement, prefix: string, ask: () => void): HTMLButtonElement {
  return coachGroup(bar, prefix, ask).hint;
}

/** True when a key press in the table asks for a hint (H, no modifier, not typing). */
export function isHintKey(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey || e.key.toLowerCase() !== HINT_KEY) return false;
  const t = e.target as HTMLElement | null;
  return !(t && t.matches?.("input:not([type=range]):not([type=checkbox]), textarea, select, [contenteditable]"));
}

/** A CSS selector for the elements standing for `target` (every data-* value matches). */
export function targetSelector(target: Target): string {
  const esc = (s: string) => s.replace(/["\\]/g, "\\$&");
  return Object.entries(target)
    .map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${esc(v)}"]`)
    .join("");
}

/**
 * Mark the elements of `targets` with class `cls` (and a description a screen reader
 * reads), first unmarking the ones marked before; the review panel and the legend are
 * never marked. Returns the elements marked.
 */
export function markTargets(root: HTMLElement, targets: readonly Target[], cls: string, description: string): Element[] {
  for (const old of Array.from(root.querySelectorAll(`.coach-overlay.${cls}`))) old.remove();
  for (const old of Array.from(root.querySelectorAll(`.${cls}`))) {
    old.classList.remove(cls);
    if (old.getAttribute("aria-description") === old.getAttribute("data-coach-description")) old.removeAttribute("aria-description");
    old.removeAttribute("data-coach-description");
  }
  const out: Element[] = [];
  for (const t of targets) {
    const sel = targetSelector(t);
    if (!sel) continue;
    for (const e of Array.from(root.querySelectorAll(sel))) {
      if (e.closest(".match-review, .match-legend")) continue;
      e.classList.add(cls);
      e.setAttribute("aria-description", description);
      e.setAttribute("data-coach-description", description);
      overlay(e, cls);
      out.push(e);
    }
  }
  return out;
}

const SHAPES = new Set(["polygon", "path", "rect", "circle", "ellipse"]);

/**
 * A map's area or hex is painted over by its neighbours and its own marks: its outline is
 * drawn again on top of its layer, as a copy of its shape without fill, data or events.
 */
function overlay(e: Element, cls: string): void {
  if (!(e instanceof SVGElement) || !SHAPES.has(e.tagName.toLowerCase()) || !e.parentNode) return;
  const o = e.cloneNode(false) as SVGElement;
  for (const a of Array.from(o.attributes)) {
    if (a.name === "id" || a.name === "tabindex" || a.name === "role" || a.name.startsWith("data-") || a.name.startsWith("aria-") || a.name === "style") o.removeAttribute(a.name);
  }
  o.setAttribute("class", `coach-overlay ${cls}`);
  o.setAttribute("aria-hidden", "true");
  e.parentNode.appendChild(o);
}

/** Mark the hinted move's buttons and board targets when the hint is for the version shown (else unmark). */
export function markHint(root: HTMLElement, hint: Hint | Record<string, never> | undefined, version?: number): void {
  const live = !!hint && "key" in hint && hint.version === version;
  const h = live ? (hint as Hint) : null;
  const buttons = h ? [{ key: h.key }] : [];
  markTargets(root, [...buttons, ...(h?.targets ?? [])], HINT_MARK, "the coach's hint");
}
