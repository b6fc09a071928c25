// The coach's hint on the play page: the table's own Hint button (js/src/shared/coach.ts,
// shown because a seat's page model has a `hint` trait; hidden while the room's teacher has
// hints off)
// sends {type: "hint"} over the room's WebSocket; the server answers from the seat's own
// knowledge. The answer marks the move on the board, its button and its hex or card (the table does that from the
// `hint` trait) and is written out here in words: the move, its reasons, the alternatives.
// The H key asks too, wherever the page has the focus but in a text field.

import type { ServerMessage } from "../shared/ws_model";

interface HintWords {
  version?: number;
  player?: string;
  label?: string;
  reasons?: string[];
  alternatives?: { label: string; text: string; about_equal: boolean }[];
}

function item(text: string): HTMLLIElement {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

/** The panel's contents for an answer (or a refusal, or the wait). */
export function hintPanel(panel: HTMLElement, state: "asking" | "answered", msg?: ServerMessage): void {
  panel.hidden = false;
  const head = document.createElement("h2");
  head.id = "clash-hint-title";
  if (state === "asking") {
    head.textContent = "The coach is thinking about a hint…";
    panel.replaceChildren(head);
    delete panel.dataset.version;
    return;
  }
  if (!msg?.ok || !msg.hint) {
    head.textContent = "No hint";
    const why = document.createElement("p");
    why.textContent = msg?.reason ?? "The coach did not answer.";
    panel.replaceChildren(head, why);
    delete panel.dataset.version;
    return;
  }
  const h = msg.hint as HintWords;
  head.textContent = `Hint for ${h.player ?? "you"}: ${h.label ?? ""}`;
  const reasons = document.createElement("ul");
  reasons.className = "clash-hint-reasons";
  reasons.setAttribute("aria-label", "Why");
  for (const r of h.reasons ?? []) reasons.append(item(r));
  const parts: HTMLElement[] = [head, reasons];
  if (h.alternatives?.length) {
    const p = document.createElement("p");
    p.textContent = "Alternatives:";
    const alts = document.createElement("ul");
    alts.setAttribute("aria-label", "Alternatives");
    for (const a of h.alternatives) alts.append(item(`${a.label}: ${a.text}${a.about_equal ? " (about equal)" : ""}.`));
    parts.push(p, alts);
  }
  panel.dataset.version = String(h.version ?? "");
  panel.replaceChildren(...parts);
}

/** A new view: a hint for another position is put away. */
export function hintMoved(panel: HTMLElement, version: number | undefined): void {
  if (panel.dataset.version !== undefined && panel.dataset.version !== String(version)) {
    panel.hidden = true;
    panel.replaceChildren();
    delete panel.dataset.version;
  }
}

function typing(target: EventTarget | null): boolean {
  const t = target as HTMLElement | null;
  return !!t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName));
}

/** H asks for a hint (the table's own key, if it has one, goes first). */
export function hintKey(host: HTMLElement): void {
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || ev.key.toLowerCase() !== "h" || typing(ev.target)) return;
    const b = host.querySelector<HTMLButtonElement>('button[data-intent="hint"]');
    if (!b || b.disabled || host.inert || host.dataset.hints === "false") return;
    ev.preventDefault();
    b.click();
  });
}
