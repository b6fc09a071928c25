// The event log (most recent last). Clicking an entry highlights its hexes.

import { type LogEntry, type View, refKeys } from "./model";
import { htmlEl } from "./svg";

export class EventLog {
  readonly el: HTMLElement;
  private readonly list: HTMLOListElement;
  private sig = "";
  private entries: LogEntry[] = [];
  private picked: number | null = null;

  constructor(
    parent: HTMLElement,
    private readonly onPick: (hexes: Set<string>) => void,
  ) {
    this.el = htmlEl("div", "clash-log", undefined, parent);
    htmlEl("h4", "", "Log", this.el);
    this.list = htmlEl("ol", "clash-log-list", undefined, this.el);
    this.list.addEventListener("click", this.onClick);
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
    const hexes = new Set<string>();
    if (i !== null) for (const k of refKeys(this.entries[i]?.hexes)) hexes.add(k);
    this.onPick(hexes);
  }

  update(view: View): void {
    const log = view.log ?? [];
    if (log === this.entries) return; // unchanged by a patch
    const sig = JSON.stringify(log);
    if (sig === this.sig) return;
    this.sig = sig;
    this.entries = log;
    this.list.replaceChildren();
    log.forEach((e, i) => {
      const li = htmlEl("li", `clash-log-entry clash-log-${e.kind}`, e.text, this.list);
      li.dataset.index = String(i);
      const keys = refKeys(e.hexes);
      if (keys.length) {
        li.classList.add("has-hexes");
        li.title = `hexes: ${keys.join(" ")}`;
      }
    });
    if (this.picked !== null) this.pick(null);
    // Scroll on the next frame: reading scrollHeight now would force a layout of the
    // whole page in the middle of handling Python's update.
    requestAnimationFrame(() => {
      this.list.scrollTop = this.list.scrollHeight;
    });
  }
}
