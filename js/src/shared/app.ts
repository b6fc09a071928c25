// The part every match front end (Clash of Cultures' board, Secolo's table, the world
// map, History's table) shares: the root element, the model's listeners and their
// clean-up, intents with a fresh seq, the pending mark of a game-changing click, and the
// product's common pieces in one place each: the control bar, the banner ("whose turn
// and what now"), Python's feedback and the log. A game draws its own table in `draw`;
// a game with an incremental redraw (the board) overrides `show` and `onSettings`.
// A subclass keeps only its half-made choice, dropped whenever the game moves on.

import type { AnyModel } from "@anywidget/types";
import { bannerText, renderBanner } from "./banner";
import { type BarTraits, ControlBar, downloadText, gameFileMessage } from "./controls";
import { coachGroup, isHintKey, markHint } from "./coach";
import { ReviewPanel } from "./review";
import { el } from "./dom";
import { FeedbackLine } from "./feedback";
import { EndPanel, type ScoreRow } from "./end";
import { EventLog, type LogLine } from "./log";
import type { Feedback, GameView, Intent, IntentBody, MatchModel } from "./model";
import { rememberFocus, restoreFocus } from "./a11y";
import { FocusKeeper, keepFormKeys } from "./focus";
import { ModelLink } from "./link";
import { PENDING_TYPES, PendingMark, type PendingMatch } from "./pending";
import "./match.css";

/** The traits (besides `view`) that the control bar and the banner show. */
export const SETTING_TRAITS = ["seat", "hotseat", "bots", "bot_names", "bot_delay", "autoplay", "position", "replay_length", "lock_view"];
/** Every trait whose change redraws a front end with a control bar. */
export const VIEW_TRAITS = ["view", ...SETTING_TRAITS];

export interface AppSpec<V> {
  /** The root's classes; the other classes of the front end start with `prefix`. */
  className: string;
  prefix: string;
  label: string;
  isView: (v: unknown) => v is V;
  /** What a person does when the decision is theirs, e.g. "click a highlighted card". */
  affordance: string;
}

export abstract class MatchApp<V extends GameView, M extends MatchModel<V> = MatchModel<V>> {
  readonly root: HTMLElement;
  protected view: V | null = null;
  protected hint = "";
  protected readonly pending: PendingMark;
  protected bar: ControlBar | null = null;
  protected log: EventLog | null = null;
  protected feedback: FeedbackLine | null = null;
  private statusBox: HTMLElement | null = null;
  private endPanel: EndPanel | null = null;
  /** The coach's review screen (where Python's widget reviews: the `review` trait). */
  protected reviewPanel: ReviewPanel | null = null;
  /** The view's version when Python's last answer came (its moves may come just before or after). */
  private answeredAt = 0;
  private readonly link: ModelLink<M>;
  private readonly clickListener = (e: MouseEvent): void => this.onClick(e);
  private readonly focusKeeper: FocusKeeper;
  private readonly dropFormKeys: () => void;
  /** The control a move was made from (by key or click) while the focus was inside; null: none. */
  private movedFrom: { el: Element; key: string } | null = null;

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
    root.addEventListener("keydown", this.hintKeyListener);
    this.dropFormKeys = keepFormKeys(root);
    this.focusKeeper = new FocusKeeper(root, () => this.focusAfterMove());
  }

  // -- layout: the shared pieces, placed by the subclass ---------------------------------

  /** The control bar (view, seats, bots, undo/redo, replay, game files). */
  protected controlBar(parent: HTMLElement): ControlBar {
    const bar = new ControlBar(parent, this.model as unknown as AnyModel<BarTraits>, this.spec.prefix, (body) =>
      this.send(body),
    );
    this.bar = bar;
    // only where Python's coach answers (a widget; the classroom server has no `hint` trait yet)
    if (this.canHint()) coachGroup(bar.el, this.spec.prefix, () => this.askHint(), this.canReview() ? () => this.openReview() : undefined);
    return bar;
  }

  /** The banner: whose turn and what to do next, then where the game is. */
  protected banner(parent: HTMLElement): HTMLElement {
    const box = el("div", `${this.spec.prefix}-status match-banner`, "Waiting for the game view\u2026", parent);
    box.setAttribute("role", "status");
    this.statusBox = box;
    // The end of the game, right under the banner (hidden while the game goes on).
    this.endPanel = new EndPanel({
      newGame: () => this.send({ type: "new" }),
      replay: () => this.setTrait("position" as keyof M & string, 0 as M[keyof M & string]),
      review: this.canReview() ? () => this.openReview() : undefined,
    });
    box.after(this.endPanel.el);
    // The review screen, under the end panel (opened from it or from the coach's group).
    if (this.canReview()) {
      this.reviewPanel = new ReviewPanel({
        start: (seat) => this.send({ type: "review", seat }),
        cancel: () => this.send({ type: "review_cancel" }),
        jump: (index) => {
          // Already there (scrubbed to it): no new view comes to redraw, so mark it now.
          const there = this.model.get("position") === index;
          this.setTrait("position" as keyof M & string, index as M[keyof M & string]);
          if (there) this.reviewPanel?.markBoard(this.root, index);
        },
      });
      this.endPanel.el.after(this.reviewPanel.el);
    }
    return box;
  }

  /** The line Python's answers are shown in. */
  protected feedbackLine(parent: HTMLElement): FeedbackLine {
    this.feedback = new FeedbackLine(parent, this.spec.prefix);
    return this.feedback;
  }

  /** The log, newest first; `shown` newest entries at most (0: all). */
  protected eventLog(parent: HTMLElement, shown: number, onPick?: (e: LogLine | null) => void): EventLog {
    this.log = new EventLog(parent, this.spec.prefix, shown, onPick);
    return this.log;
  }

  /** Listen to the model (after the subclass built its layout) and draw the first view. */
  protected start(extra: Record<string, () => void> = {}): void {
    const link = this.link;
    link.on("change:view", () => this.show(this.model.get("view")));
    for (const t of SETTING_TRAITS) link.on(`change:${t}`, () => this.onSettings());
    link.on("change:feedback", () => this.onFeedback());
    link.on("change:hint", () => this.markHint());
    link.on("change:review", () => this.reviewPanel?.update(this.model.get("review")));
    this.reviewPanel?.update(this.model.get("review"));
    link.on("msg:custom", (msg: unknown) => {
      const file = gameFileMessage(msg);
      if (file) downloadText(file.name, file.text);
    });
    for (const [event, fn] of Object.entries(extra)) link.on(event, fn);
    this.show(this.model.get("view"));
    this.onFeedback();
    this.onSettings();
  }

  destroy(): void {
    this.pending.clear();
    this.link.off();
    this.log?.destroy();
    this.focusKeeper.destroy();
    this.dropFormKeys();
    this.root.removeEventListener("click", this.clickListener);
    this.root.removeEventListener("keydown", this.hintKeyListener);
    this.root.remove();
  }

  /**
   * Send an intent to Python: always a NEW object with a fresh seq. A game-changing
   * one marks its controls pending; `clicked` names the card, area or hex clicked.
   */
  send(body: IntentBody, clicked: PendingMatch = {}): void {
    const seq = this.link.nextSeq();
    const intent = { seq, version: this.view ? this.view.version : 0, ...body } as Intent;
    // The intent goes first: Python works on it while the page marks the control.
    this.link.sendIntent(intent as M["intent"]);
    const active = document.activeElement;
    if (body.type === "act" && active && this.root.contains(active)) this.movedFrom = { el: active, key: body.key };
    if (PENDING_TYPES.has(body.type)) {
      const own: PendingMatch = body.type === "act" ? { key: body.key } : { intent: body.type };
      this.pending.mark(seq, { ...clicked, ...own });
    }
  }

  // -- drawing -------------------------------------------------------------------------------

  /** A new view from Python (the board also calls this with a patched one). */
  protected show(v: unknown): void {
    if (!this.spec.isView(v)) {
      this.view = null;
      this.root.classList.add("is-empty");
      return;
    }
    const moved = !!this.view && this.view.version !== v.version;
    if (!this.view || this.view.version !== v.version) {
      this.dropChoice();
      // A new position is Python's answer too (the feedback line may come a moment later).
      this.pending.clear();
    }
    this.root.classList.remove("is-empty");
    this.root.dataset.version = String(v.version);
    this.view = v;
    // Moves made since the last answer (by notebook code): that answer is old news.
    this.markStale(v.version > this.answeredAt + 1);
    this.render();
    if (moved) this.moveFocusOn();
  }

  /**
   * After a move made from inside the table: the focus leaves a control that would play
   * again (a button, a select), or a card or area that did its part, for the next useful
   * place; on the board itself or an item one may still use, it stays.
   */
  private moveFocusOn(): void {
    const from = this.movedFrom;
    this.movedFrom = null;
    if (!from) return;
    const active = document.activeElement;
    const onPage = !active || active === document.body || active === document.documentElement;
    if (!onPage && !this.root.contains(active)) return; // they went elsewhere
    if (active === this.root) return; // the board itself (its cursor where it was)
    // On a card or area one may still use: it stays; one that did its part: the next
    // one of its kind (the map stays the map), else the next choice.
    if (!onPage && !active.matches(CONTROL)) {
      if (active.matches(".is-option")) return;
      const kind = ["data-area", "data-card"].find((a) => active.hasAttribute(a));
      const sibling = kind ? this.root.querySelector<HTMLElement | SVGElement>(`${active.tagName}[${kind}].is-option[tabindex]`) : null;
      if (sibling) {
        sibling.focus({ preventScroll: true });
        return;
      }
    }
    this.playedKey = from.key;
    const next = this.focusAfterMove();
    this.playedKey = "";
    (next ?? this.root).focus({ preventScroll: true });
  }

  /** The key of the move just made, while `focusAfterMove` runs (not to be offered again). */
  protected playedKey = "";

  /**
   * The next useful place for the focus: a highlighted item of the table (a card, an
   * area) that one may use, else the first action button (not the move just played),
   * else the table itself. A game overrides it where its board is the place (Clash).
   */
  protected focusAfterMove(): HTMLElement | SVGElement | null {
    const r = this.root;
    if (this.view?.over && this.endPanel) return this.endPanel.el; // the final scores
    const option = r.querySelector<HTMLElement | SVGElement>(".is-option[tabindex='0']") ?? r.querySelector<HTMLElement | SVGElement>(".is-option[tabindex]");
    if (option) return option;
    return this.firstAction() ?? r;
  }

  /** The first shown, enabled action button that is not the move just played. */
  protected firstAction(scope: ParentNode = this.root): HTMLElement | null {
    for (const b of scope.querySelectorAll<HTMLButtonElement>("button.match-action")) {
      if (b.disabled || b.dataset.key === this.playedKey || !shown(b)) continue;
      return b;
    }
    return null;
  }

  /** Redraw the game's table and the shared pieces, then put the pending mark back. */
  protected render(): void {
    const v = this.view;
    if (!v) return;
    const focus = rememberFocus(this.root); // keep a keyboard player's place across the redraw
    this.draw(v);
    this.drawShared(v);
    this.pending.refresh();
    this.markHint();
    this.reviewPanel?.setPlayers(v.players, v.seat);
    this.reviewPanel?.markBoard(this.root, this.model.get("position"));
    restoreFocus(this.root, focus, () => this.focusAfterMove());
  }

  /** The game's own part of the table. */
  protected abstract draw(v: V): void;

  /**
   * The prompt under the banner: what the viewer is asked. While someone else decides
   * (a bot, another seat) it is empty: the banner says who, and the game's prompt would
   * tell the person to move when they cannot (issue 37). Over: empty too. In a replay it
   * is the replay's note ("Replay: after 12 of 13 actions (read-only).").
   */
  protected promptFor(v: V & { prompt?: string }): string {
    const pos = this.model.get("position" as keyof M & string);
    const replay = pos !== null && pos !== undefined; // "Replay: after 12 of 13 actions (read-only)."
    if (!replay && (v.over || !v.legal.length)) return "";
    return v.prompt ?? "";
  }

  /** Where the game is, in the game's words ("Age 1 · turn 2 · 3 actions left"). */
  protected abstract position(v: V): string;

  /** The bar, the banner, the end panel and the log (the feedback line follows its own trait). */
  protected drawShared(v: V): void {
    this.bar?.update(v);
    this.drawBanner(v);
    this.endPanel?.update(v, v.over ? this.finalScores(v) : []);
    this.log?.update(v.log, (li, e) => this.decorateLogEntry(li, e));
  }

  /** Each player's final score with the game's own breakdown, in seat order (the end panel). */
  protected abstract finalScores(v: V): ScoreRow[];

  /** A game may add to a log entry's <li> (e.g. mark it clickable). */
  protected decorateLogEntry(_li: HTMLLIElement, _e: LogLine): void {}

  protected drawBanner(v: V): void {
    if (!this.statusBox) return;
    const bots = (this.model.get("bots") ?? []) as (string | null)[];
    const pos = this.model.get("position");
    const replay = pos !== null && pos !== undefined;
    renderBanner(this.statusBox, this.spec.prefix, bannerText(v, this.position(v), this.spec.affordance, bots, replay));
  }

  /** A setting changed (view, seats, bots, replay): the bar and the banner follow it. */
  protected onSettings(): void {
    const pos = this.model.get("position");
    this.root.classList.toggle("is-replay", pos !== null && pos !== undefined);
    this.bar?.update(this.view);
    if (this.view) this.drawBanner(this.view);
  }

  /** Forget the half-made choice (and its hint): the game moved on, or the player cancelled. */
  protected dropChoice(): void {
    this.hint = "";
  }

  protected onClick(_e: MouseEvent): void {}

  // -- the coach ------------------------------------------------------------------------

  /** A table whose model can give hints, unless the page holding it has switched them off
   *  (`data-hints="false"` on an ancestor: the play page while its teacher has hints off). */
  private canHint(): boolean {
    return this.model.get("hint") !== undefined && !this.root.closest('[data-hints="false"]');
  }

  private canReview(): boolean {
    return this.model.get("review") !== undefined;
  }

  /** The hint's marks, on the live position it was asked on only (a replay shows the past). */
  private markHint(): void {
    const pos = this.model.get("position");
    const live = pos === null || pos === undefined;
    markHint(this.root, live ? this.model.get("hint") : undefined, this.view?.version);
  }

  /** Ask Python's coach for a hint (the Hint button, the H key). */
  protected askHint(): void {
    if (this.canHint()) this.send({ type: "hint" });
  }

  /** Open the review screen (the end panel's Review, the coach group's review…). */
  protected openReview(): void {
    this.reviewPanel?.open();
  }

  private readonly hintKeyListener = (e: KeyboardEvent): void => {
    if (!this.canHint() || !isHintKey(e)) return;
    e.preventDefault();
    e.stopPropagation();
    this.askHint();
  };

  protected setTrait<K extends keyof M & string>(key: K, value: M[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }

  /** Dim (or not) the feedback line; writes the class only when it changes. */
  private markStale(stale: boolean): void {
    const box = this.feedback?.el;
    if (box && box.classList.contains("is-stale") !== stale) box.classList.toggle("is-stale", stale);
  }

  private onFeedback(): void {
    const fb = (this.model.get("feedback") || {}) as Feedback;
    // Python's answer to the pending click (or to a later one): the mark goes.
    this.pending.answer(fb.seq);
    // Counts Python's answers drawn so far: tests and the benchmark wait on it.
    this.root.dataset.feedbackN = String(fb.n ?? 0);
    this.answeredAt = this.view?.version ?? 0;
    this.markStale(false);
    this.feedback?.show(fb);
  }
}

/** Controls that would play (again) on Enter: the focus leaves them after a move. */
const CONTROL = "button, select, input, summary";

/** Drawn and not inside a closed <details> (happy-dom has no layout: count it shown). */
function shown(e: Element): boolean {
  if (e.closest("details:not([open]) > :not(summary)")) return false;
  return !(e as HTMLElement).hidden;
}
