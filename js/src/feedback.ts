// Python's answer to the last intent, under the board. The line keeps its nodes
// and changes only the texts and classes that differ, so the answer to a hex
// click costs a couple of text updates, not a rebuilt subtree.

import type { Feedback } from "./model";
import { htmlEl } from "./svg";

export class FeedbackLine {
  readonly el: HTMLElement;
  private readonly mark: HTMLElement;
  private readonly message: HTMLElement;
  private readonly rule: HTMLElement;
  private readonly section: HTMLElement;

  constructor(parent: HTMLElement) {
    this.el = htmlEl("div", "clash-feedback", undefined, parent);
    this.el.setAttribute("role", "status");
    this.el.setAttribute("aria-live", "polite");
    this.mark = htmlEl("span", "clash-feedback-mark");
    this.message = htmlEl("span", "clash-feedback-message");
    this.rule = htmlEl("code", "clash-feedback-rule");
    this.section = htmlEl("span", "clash-feedback-section");
  }

  show(f: Feedback | null | undefined): void {
    const has = !!f && f.message !== undefined;
    const ok = !!f?.ok;
    setClass(this.el, `clash-feedback${has ? (ok ? " is-ok" : " is-refused") : ""}`);
    const parts: [HTMLElement, boolean, string][] = [
      [this.mark, has, has ? (ok ? "\u2713" : "\u2717") : ""],
      [this.message, has, f?.message ?? ""],
      [this.rule, has && !ok && !!f?.rule_id, f?.rule_id ?? ""],
      [this.section, has && !ok && !!f?.section, f?.section ?? ""],
    ];
    // Last part first: each shown part goes in front of the next shown one.
    let next: HTMLElement | null = null;
    for (let i = parts.length - 1; i >= 0; i--) {
      const [part, on, text] = parts[i];
      if (!on) {
        part.remove();
        continue;
      }
      if (part.textContent !== text) part.textContent = text;
      if (part.parentNode !== this.el || part.nextSibling !== next) this.el.insertBefore(part, next);
      next = part;
    }
  }
}

function setClass(el: Element, cls: string): void {
  if (el.getAttribute("class") !== cls) el.setAttribute("class", cls);
}
