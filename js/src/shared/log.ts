// The game log, the same in every game: newest entry first (what just happened is
// where the eye is), plain sentences from Python, each <li> with its data-kind. A game
// may let a click on an entry pick it (Clash of Cultures highlights its hexes): such an
// entry's words are a button (see `pickable`), so Enter and Space pick it too.

import { el } from "./dom";

export interface LogLine {
  kind: string;
  text: string;
}

export class EventLog<E extends LogLine = LogLine> {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private entries: readonly E[] = [];
  private sig = "";
  private picked: number | null = null;

  /**
   * `shown`: at most this many newest entries (0: all). `onPick` gets the picked entry
   * (null when unpicked); without it entries are not clickable.
   */
  constructor(
    parent: HTMLElement,
    private readonly prefix: string,
    private readonly shown = 0,
    private readonly onPick?: (entry: E | null) => void,
  ) {
    this.el = el("div", `${prefix}-log match-log`, undefined, parent);
    el("h4", "", "Log (newest first)", this.el);
    this.list = el("ol", `${prefix}-log-list match-log-box`, undefined, this.el);
    // a11y: the scroll box takes the focus (the arrow keys scroll it), named like its heading.
    this.list.tabIndex = 0;
    this.list.setAttribute("aria-label", "Log, newest first");
    this.list.reversed = true; // the numbers count the game's entries, newest highest
    if (onPick) this.list.addEventListener("click", this.onClick);
  }

  destroy(): void {
    this.list.removeEventListener("click", this.onClick);
  }

  private onClick = (e: Event): void => {
    const li = (e.target as Element | null)?.closest?.("li[data-index]");
    if (!li) return;
    const i = Number(li.getAttribute("data-index"));
    this.pick(this.picked === i ? null : i);
  };

  pick(i: number | null): void {
    this.picked = i;
    for (const li of this.list.querySelectorAll("li")) {
      const on = Number(li.getAttribute("data-index")) === i;
      li.classList.toggle("is-picked", on);
      li.querySelector(".match-log-pick")?.setAttribute("aria-pressed", String(on));
    }
    this.onPick?.(i === null ? null : (this.entries[i] ?? null));
  }

  /** Redraw when the log changed; `decorate` may add to each entry's <li>. */
  update(log: readonly E[] | undefined, decorate?: (li: HTMLLIElement, e: E) => void): void {
    const entries = log ?? [];
    if (entries === this.entries) return; // the same array: unchanged
    const sig = JSON.stringify(entries);
    this.entries = entries;
    if (sig === this.sig) return;
    this.sig = sig;
    const p = this.prefix;
    this.list.replaceChildren();
    const from = this.shown > 0 ? Math.max(0, entries.length - this.shown) : 0;
    this.list.start = entries.length;
    for (let i = entries.length - 1; i >= from; i--) {
      const e = entries[i];
      const li = el("li", `${p}-log-entry ${p}-log-${e.kind}`, e.text, this.list);
      li.dataset.index = String(i);
      li.dataset.kind = e.kind;
      decorate?.(li, e);
    }
    if (this.picked !== null) this.pick(null);
  }
}

/** Make a log entry pickable: its words become a button (a click, Enter or Space picks it). */
export function pickable(li: HTMLLIElement, title: string): HTMLButtonElement {
  const b = el("button", "match-log-pick", li.textContent ?? "");
  b.type = "button";
  b.title = title;
  b.setAttribute("aria-pressed", String(li.classList.contains("is-picked")));
  li.replaceChildren(b);
  return b;
}
