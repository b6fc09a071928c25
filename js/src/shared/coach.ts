// The coach in the control bar: a Hint button and the mark on the hinted move.
// Python answers the "hint" intent (widget/coaching.py): its words come back in the
// feedback line, and the `hint` trait carries the move's key, read here only to mark the
// move's button (data-key), never shown. A hint is marked only on the view it was asked on.

import { button, el } from "./dom";
import type { Hint } from "./model";
import "./coach.css";

export const HINT_MARK = "coach-hint";
const HINT_TITLE =
  "Ask the coach: its best move for the player to decide, with its reasons and the alternatives";

/** The coach's group of the control bar, with its Hint button. */
export function hintButton(bar: HTMLElement, prefix: string, ask: () => void): HTMLButtonElement {
  const g = el("div", `${prefix}-control ${prefix}-control-coach match-control`, undefined, bar);
  el("span", `${prefix}-control-label match-control-label`, "coach", g);
  g.setAttribute("role", "group");
  g.setAttribute("aria-label", "coach");
  const b = button(g, "\u2605 hint", `${prefix}-tool ${prefix}-hint`, ask);
  b.title = HINT_TITLE;
  b.dataset.intent = "hint";
  return b;
}

/** Mark the hinted move's buttons when the hint is for the version shown (else unmark). */
export function markHint(root: HTMLElement, hint: Hint | Record<string, never> | undefined, version?: number): void {
  for (const old of Array.from(root.querySelectorAll(`.${HINT_MARK}`))) {
    old.classList.remove(HINT_MARK);
    old.removeAttribute("aria-description");
  }
  if (!hint || !("key" in hint) || hint.version !== version) return;
  for (const b of Array.from(root.querySelectorAll<HTMLElement>("[data-key]"))) {
    if (b.dataset.key !== hint.key) continue;
    b.classList.add(HINT_MARK);
    b.setAttribute("aria-description", "the coach's hint");
  }
}
