// Python's answer to the last intent, one renderer for every game: a mark (✓ for a
// move, ✗ for a refusal, none for a note such as a selected hex), the sentence in
// words, and for a refusal its rule's section as a small, quiet reference after the
// sentence; the rule's id (an internal name) only in that reference's tooltip. The line keeps its nodes and changes only the texts and classes that
// differ, so the answer to a board click costs a couple of text updates.

import type { Feedback, RuleRef } from "./model";
import { el } from "./dom";

/** A feedback payload read into what is shown: `ok` null when there is nothing to show. */
export interface ShownFeedback {
  ok: boolean | null;
  text: string;
  rule: RuleRef | null;
}

const BAD_KINDS = /refus|reject|error|illegal|invalid|stale|bad/i;

/**
 * Read either shape Python sends: the structured one (`kind`, `text`, `rule: {id, section}`,
 * also nested as `verdict`) or the flat one (`ok`, `message`, `rule_id`, `section`).
 */
export function readFeedback(raw: Feedback | null | undefined): ShownFeedback {
  const f = (raw ?? {}) as Feedback & { verdict?: Feedback };
  const src: Feedback = f.verdict && typeof f.verdict === "object" ? { ...f, ...f.verdict } : f;
  const text = typeof src.text === "string" ? src.text : typeof src.message === "string" ? src.message : "";
  let ok: boolean | null;
  if (src.kind === "played" || src.kind === "info") ok = true;
  else if (src.kind === "refused" || src.kind === "error") ok = false;
  else if (typeof src.kind === "string") ok = !BAD_KINDS.test(src.kind);
  else if (typeof src.ok === "boolean") ok = src.ok;
  else ok = text ? true : null;
  if (!text && src.kind === undefined && src.ok === undefined) ok = null;
  let rule: RuleRef | null = null;
  if (src.rule && typeof src.rule === "object" && typeof src.rule.id === "string" && src.rule.id) {
    rule = { id: src.rule.id, section: src.rule.section ?? null };
  } else if (typeof src.rule_id === "string" && src.rule_id) {
    rule = { id: src.rule_id, section: src.section ?? null };
  } else if (typeof src.section === "string" && src.section) {
    rule = { id: "", section: src.section };
  }
  return { ok, text, rule };
}

export class FeedbackLine {
  readonly el: HTMLElement;
  private readonly mark: HTMLElement;
  private readonly message: HTMLElement;
  private readonly section: HTMLElement;
  private shownRule = "";

  /** `prefix` names the classes: .<prefix>-feedback, -feedback-mark, -message, -section. */
  constructor(
    parent: HTMLElement,
    private readonly prefix: string,
  ) {
    this.el = el("div", `${prefix}-feedback match-feedback`, undefined, parent);
    this.el.setAttribute("role", "status");
    this.el.setAttribute("aria-live", "polite");
    this.mark = el("span", `${prefix}-feedback-mark`);
    this.mark.setAttribute("aria-hidden", "true");
    this.message = el("span", `${prefix}-feedback-message`);
    this.section = el("span", `${prefix}-feedback-section`);
    // The shared CSS styles the parts by data-part (class-suffix selectors are slow).
    this.mark.dataset.part = "mark";
    this.message.dataset.part = "message";
    this.section.dataset.part = "section";
  }

  show(raw: Feedback | null | undefined): void {
    const f = readFeedback(raw);
    const p = this.prefix;
    const has = f.ok !== null && !!f.text;
    const bad = has && f.ok === false;
    const stale = this.el.classList.contains("is-stale") ? " is-stale" : "";
    // A note (a selected hex) is no move: no tick, not in the move's green.
    const note = has && !bad && raw?.kind === "info";
    setClass(this.el, `${p}-feedback match-feedback${has ? (bad ? " is-refused is-bad" : note ? " is-info" : " is-ok") : ""}${stale}`);
    const ruleId = bad ? (f.rule?.id ?? "") : "";
    const section = bad ? (f.rule?.section ?? "") || (ruleId ? "the rule" : "") : "";
    if (this.el.dataset.rule !== ruleId) this.el.dataset.rule = ruleId;
    const kind = has ? (typeof raw?.kind === "string" ? raw.kind : bad ? "refused" : "played") : "";
    if (this.el.dataset.kind !== kind) this.el.dataset.kind = kind;
    const parts: [HTMLElement, boolean, string][] = [
      [this.mark, has && !note, has ? (bad ? "\u2717" : "\u2713") : ""],
      [this.message, has, f.text],
      [this.section, !!section, section],
    ];
    const ruleKey = `${ruleId}|${section}`;
    if (ruleKey !== this.shownRule) {
      this.shownRule = ruleKey;
      // The id is for a teacher looking it up in docs/rules.md, not part of the sentence.
      this.section.title = ruleId ? `The rule behind this refusal: ${ruleId}` : "";
    }
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

function setClass(e: Element, cls: string): void {
  if (e.getAttribute("class") !== cls) e.setAttribute("class", cls);
}
