// Buttons for legal actions, the same in every game: the label in words, the key only
// in data-key (pending marks and tests find the button by it, a person never reads it),
// the kind in data-kind, and a folded list of every legal action for browsing.

import type { LegalAction } from "./model";
import { button, el } from "./dom";

/** One button for `a` with class `cls`; clicking it calls `act(a)`. */
export function actionButton<A extends LegalAction>(parent: Element, cls: string, a: A, act: (a: A) => void): HTMLButtonElement {
  const b = button(parent, a.label || a.kind, `${cls} match-action`, () => act(a));
  b.dataset.key = a.key;
  b.dataset.kind = a.kind;
  b.title = a.label;
  return b;
}

export interface ActionsOptions<A extends LegalAction = LegalAction> {
  /** The line above the buttons, e.g. what to click. */
  head?: string;
  /** A hint for the half-made choice (shown under the head). */
  hint?: string;
  /** Shown when the viewer has no decision (e.g. "Blue is deciding."). */
  idle?: string;
  /** Also a folded "All legal actions (n)" list of `all` (default: none). */
  all?: readonly A[];
  /** A cancel button for the half-made choice. */
  cancel?: () => void;
}

/**
 * Draw the action area: head, hint, the `shown` buttons, and optionally the folded list
 * of every legal action. Returns the buttons' box (a game may add its own controls).
 */
export function renderActions<A extends LegalAction>(
  box: HTMLElement,
  prefix: string,
  shown: readonly A[],
  act: (a: A) => void,
  opts: ActionsOptions<A> = {},
): HTMLElement {
  box.replaceChildren();
  if (opts.head || opts.cancel) {
    const head = el("div", `${prefix}-actions-head match-actions-head`, undefined, box);
    if (opts.head) el("span", "", opts.head, head);
    if (opts.cancel) button(head, "cancel", `${prefix}-tool ${prefix}-cancel`, opts.cancel);
  }
  if (opts.hint) el("div", `${prefix}-hint match-hint`, opts.hint, box);
  const list = el("div", `${prefix}-action-list match-action-list`, undefined, box);
  for (const a of shown) actionButton(list, `${prefix}-action ${prefix}-kind-${a.kind}`, a, act);
  if (!shown.length && opts.idle) el("span", `${prefix}-muted match-muted`, opts.idle, list);
  const all = opts.all ?? [];
  if (all.length) {
    const det = el("details", `${prefix}-all match-all`, undefined, box);
    el("summary", "", `All legal actions (${all.length})`, det);
    const inner = el("div", "match-action-list", undefined, det);
    for (const a of all) actionButton(inner, `${prefix}-action-all`, a, act);
  }
  return list;
}
