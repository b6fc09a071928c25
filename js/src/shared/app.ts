// The part every match front end (Secolo table, world map, History table) shares: the
// root element, the model's listeners and their clean-up, intents with a fresh seq,
// the pending mark of a game-changing click, and Python's feedback. Everything is
// redrawn from `view`; a subclass keeps only its half-made choice, which is dropped
// whenever the game moves on (a new version).

import type { AnyModel } from "@anywidget/types";
import { downloadText, gameFileMessage, parseViewChoice, scrubTarget, viewChoice } from "../controls";
import { button, el, gameFilePicker } from "./dom";
import { type Feedback, type GameView, type Intent, type IntentBody, type MatchModel, colour } from "./model";
import { rememberFocus, restoreFocus } from "./a11y";
import { ModelLink } from "./link";
import { PENDING_TYPES, PendingMark, type PendingMatch } from "./pending";
import "./match.css";

/** The traits whose change redraws a front end with a control bar. */
export const VIEW_TRAITS = ["view", "seat", "hotseat", "bots", "bot_names", "autoplay", "position", "replay_length", "lock_view"];

export interface AppSpec<V> {
  /** The root's classes; the other classes of the front end start with `prefix`. */
  className: string;
  prefix: string;
  label: string;
  isView: (v: unknown) => v is V;
  /** Show a refusal's rule section as text after the rule id (else only as its tooltip). */
  sectionText: boolean;
}

/** How the control bar names the seats. */
export interface BarLabels {
  /** In the view selector, e.g. "player 0". */
  view: (seat: number) => string;
  /** Before "person" or "<bot> bot" in a seat's selector, e.g. "P0". */
  seat: (seat: number) => string;
  /** The view selector's tooltip. */
  title: string;
}

export abstract class MatchApp<V extends GameView, M extends MatchModel<V> = MatchModel<V>> {
  readonly root: HTMLElement;
  protected view: V | null = null;
  protected hint = "";
  protected readonly pending: PendingMark;
  private readonly link: ModelLink<M>;
  private feedbackBox: HTMLElement | null = null;
  private readonly clickListener = (e: MouseEvent): void => this.onClick(e);

  constructor(
    protected readonly model: AnyModel<M>,
    host: HTMLElement,
    protected readonly spec: AppSpec<V>,
  ) {
    const root = el("div", `${spec.className} match-app`, undefined, host);
    this.root = root;
    root.tabIndex = 0;
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    root.setAttribute("aria-label", spec.label);
    this.pending = new PendingMark(root);
    this.link = new ModelLink(model);
    root.addEventListener("click", this.clickListener);
  }

  /** Listen to the model (after the subclass built its layout) and draw the first view. */
  protected start(traits: string[]): void {
    const link = this.link;
    for (const t of traits) link.on(`change:${t}`, () => this.onView());
    link.on("change:feedback", () => this.onFeedback());
    link.on("msg:custom", (msg: unknown) => {
      const file = gameFileMessage(msg);
      if (file) downloadText(file.name, file.text);
    });
    this.onView();
    this.onFeedback();
  }

  destroy(): void {
    this.pending.clear();
    this.link.off();
    this.root.removeEventListener("click", this.clickListener);
    this.root.remove();
  }

  /**
   * Send an intent to Python: always a NEW object with a fresh seq. A game-changing
   * one marks its controls pending; `clicked` names the card or area the click was on.
   */
  send(body: IntentBody, clicked: PendingMatch = {}): void {
    const seq = this.link.nextSeq();
    if (PENDING_TYPES.has(body.type)) {
      const own: PendingMatch = body.type === "act" ? { key: body.key } : { intent: body.type };
      this.pending.mark(seq, { ...clicked, ...own });
    }
    const intent: Intent = { seq, version: this.view ? this.view.version : 0, ...body };
    this.link.sendIntent(intent as M["intent"]);
  }

  protected setTrait<K extends keyof M & string>(key: K, value: M[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }

  /** The box Python's answers are shown in (called once by the subclass's layout). */
  protected feedbackLine(parent: HTMLElement): HTMLElement {
    const box = el("div", `${this.spec.prefix}-feedback`, undefined, parent);
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    this.feedbackBox = box;
    return box;
  }

  /** Redraw from the view, then put the pending mark back on the new controls. */
  protected render(): void {
    if (!this.view) return;
    const focus = rememberFocus(this.root); // a11y hook: keep a keyboard player's place
    this.draw(this.view);
    this.pending.refresh();
    restoreFocus(this.root, focus);
  }

  protected abstract draw(v: V): void;

  /** Forget the half-made choice (and its hint): the game moved on, or the player cancelled. */
  protected dropChoice(): void {
    this.hint = "";
  }

  protected onClick(_e: MouseEvent): void {}

  private onView(): void {
    const v = this.model.get("view");
    if (!this.spec.isView(v)) {
      this.view = null;
      this.root.classList.add("is-empty");
      return;
    }
    if (!this.view || this.view.version !== v.version) {
      this.dropChoice();
      // A new position is Python's answer too (the feedback line may come a moment later).
      this.pending.clear();
    }
    this.root.classList.remove("is-empty");
    this.view = v;
    this.render();
  }

  private onFeedback(): void {
    const fb = (this.model.get("feedback") || {}) as Feedback;
    // Python's answer to the pending click (or to a later one): the mark goes.
    this.pending.answer(fb.seq);
    const box = this.feedbackBox;
    if (!box) return;
    const p = this.spec.prefix;
    box.replaceChildren();
    box.classList.toggle("is-ok", fb.ok === true);
    box.classList.toggle("is-bad", fb.ok === false);
    box.dataset.rule = fb.rule_id ?? "";
    if (!fb.message) return;
    el("span", "", fb.message, box);
    if (fb.rule_id) {
      el("code", `${p}-rule`, fb.rule_id, box).title = fb.section ?? "";
      if (fb.section && this.spec.sectionText) el("span", `${p}-section`, ` \u2014 ${fb.section}`, box);
    }
  }

  /** The newest log entries first, each with its data-kind. */
  protected drawLog(list: HTMLElement, v: V, shown: number): void {
    list.replaceChildren();
    for (const e of v.log.slice(-shown).reverse()) el("li", "", e.text, list).dataset.kind = e.kind;
  }

  /**
   * The control bar: whose view, who plays each seat, the bots' play/pause, undo/redo,
   * the replay scrubber and the game files. Every control only sets a trait or sends
   * an intent; Python checks it, and the bar is redrawn from what Python sends back.
   */
  protected drawBar(bar: HTMLElement, v: V, labels: BarLabels): void {
    bar.replaceChildren();
    const p = this.spec.prefix;
    const m = this.model;
    const locked = !!m.get("lock_view");
    const choice = viewChoice(m.get("seat") ?? null, !!m.get("hotseat"));
    const sel = el("select", `${p}-view-select`, undefined, bar);
    const values = locked ? [choice] : ["teacher", ...v.players.map((q) => String(q.seat)), "hotseat"];
    for (const val of values) {
      const label = val === "teacher" ? "teacher" : val === "hotseat" ? "hot-seat" : labels.view(Number(val));
      el("option", "", label, sel).value = val;
    }
    sel.value = choice;
    sel.disabled = locked;
    sel.title = labels.title;
    sel.setAttribute("aria-label", "Whose view"); // a11y: a select needs a name
    sel.addEventListener("change", () => {
      const c = parseViewChoice(sel.value);
      if (!c) return;
      m.set("hotseat", c.hotseat as M["hotseat"]);
      if (!c.hotseat) m.set("seat", c.seat as M["seat"]);
      m.save_changes();
    });
    const bots = m.get("bots") ?? [];
    const names = m.get("bot_names") ?? [];
    for (const q of v.players) {
      const s = el("select", `${p}-seat-select`, undefined, bar);
      s.dataset.seat = String(q.seat);
      s.style.borderColor = colour(q.seat);
      const tag = labels.seat(q.seat);
      s.setAttribute("aria-label", `Who plays ${tag}`); // a11y
      for (const n of ["", ...names]) el("option", "", n ? `${tag}: ${n} bot` : `${tag}: person`, s).value = n;
      s.value = bots[q.seat] ?? "";
      s.addEventListener("change", () => {
        const next = v.players.map((r) => (r.seat === q.seat ? s.value || null : (bots[r.seat] ?? null)));
        this.setTrait("bots", next as M["bots"]);
      });
    }
    const auto = !!m.get("autoplay");
    button(bar, auto ? "\u23F8 bots" : "\u25B6 bots", `${p}-tool ${p}-autoplay`, () =>
      this.setTrait("autoplay", !auto as M["autoplay"]),
    );
    this.undoRedo(bar, v);
    const n = m.get("replay_length") ?? 0;
    const pos = m.get("position") ?? null;
    const goTo = (k: number | null) => this.setTrait("position", k as M["position"]);
    button(bar, "\u25C0", `${p}-tool ${p}-back`, () => goTo(scrubTarget("back", pos, n)));
    const range = el("input", `${p}-scrub`, undefined, bar);
    Object.assign(range, { type: "range", min: "0", max: String(n), step: "1", value: String(pos ?? n) });
    range.title = "Replay: the position after this many actions";
    range.setAttribute("aria-label", "Replay position"); // a11y
    range.addEventListener("change", () => goTo(Number(range.value)));
    button(bar, "\u25B6", `${p}-tool ${p}-forward`, () => goTo(scrubTarget("forward", pos, n)));
    button(bar, "live", `${p}-tool ${p}-live`, () => goTo(null)).disabled = pos === null;
    if (!locked) {
      button(bar, "save", `${p}-tool ${p}-save`, () => this.send({ type: "save" }));
      const picker = gameFilePicker(bar, `${p}-load-input`, (text, name) => this.send({ type: "load", text, name }));
      button(bar, "load\u2026", `${p}-tool ${p}-load`, () => picker.click());
    }
  }

  /** The undo and redo buttons (data-intent marks them pending while Python answers). */
  protected undoRedo(parent: HTMLElement, v: V | null): [HTMLButtonElement, HTMLButtonElement] {
    const p = this.spec.prefix;
    const undo = button(parent, "\u21B6 undo", `${p}-tool ${p}-undo`, () => this.send({ type: "undo" }));
    const redo = button(parent, "\u21B7 redo", `${p}-tool ${p}-redo`, () => this.send({ type: "redo" }));
    undo.dataset.intent = "undo";
    redo.dataset.intent = "redo";
    if (v) {
      undo.disabled = !v.can_undo;
      redo.disabled = !v.can_redo;
    }
    return [undo, redo];
  }
}
