// The game log, the same in every game: newest entry first (what just happened is
// where the eye is), plain sentences from Python, each <li> with its data-kind. A game
// may let a click on an entry pick it (Clash of Cultures highlights its hexes).

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
    this.list = el("ol", `${prefix}-log-list`, undefined, this.el);
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
      li.classList.toggle("is-picked", Number(li.getAttribute("data-index")) === i);
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
