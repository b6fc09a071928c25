// The review screen, the same in every table: the coach judges one player's game
// (Python's widget/reviewing.py, off the widget's thread) and this panel shows its
// progress (a bar and Cancel), then the summary, the advantage graph and the judged
// decisions. Picking a decision (a click or Enter on its mark or in the list) moves the
// replay to the position where it was made and marks on the board the move played and
// the coach's better move (their board targets, as the table's data-* attributes name
// them), with the reasons in the panel. The panel only reads the `review` trait and sends
// intents ("review", "review_cancel") and the replay position.

import { button, el } from "./dom";
import { type Chart, VERDICT_MARKS, VERDICT_WORDS, drawChart } from "./advantage";
import { markTargets } from "./coach";
import type { ReviewResult, ReviewState, ReviewedMove } from "./model";
import { type NamedPlayer, playerName } from "./players";

export const PLAYED_MARK = "coach-played";
export const BETTER_MARK = "coach-better";

export interface ReviewActions {
  /** Ask Python for a review of `seat`'s game. */
  start: (seat: number) => void;
  cancel: () => void;
  /** Show the replay position `index` (the decision's). */
  jump: (index: number) => void;
}

export class ReviewPanel {
  readonly el: HTMLElement;
  private readonly seatSel: HTMLSelectElement;
  private readonly startBtn: HTMLButtonElement;
  private readonly progressBox: HTMLElement;
  private readonly progress: HTMLProgressElement;
  private readonly progressText: HTMLElement;
  private readonly body: HTMLElement;
  private players: readonly NamedPlayer[] = [];
  private state: ReviewState | null = null;
  private drawn: ReviewResult | null = null;
  private chart: Chart | null = null;
  private selected: ReviewedMove | null = null;
  private detail: HTMLElement | null = null;
  private list: HTMLElement | null = null;
  private onlyFlagged = true;

  constructor(private readonly actions: ReviewActions) {
    const box = (this.el = el("section", "match-review"));
    box.setAttribute("aria-label", "The coach's review");
    box.tabIndex = -1;
    box.hidden = true;
    const head = el("div", "match-review-head", undefined, box);
    el("h3", "match-review-title", "The coach's review", head);
    const close = button(head, "\u00D7 close", "match-review-close", () => this.close());
    close.title = "Close the review (the review stays until a new one)";
    const form = el("div", "match-review-form", undefined, box);
    const lab = el("label", "match-review-seat", "Whose game ", form);
    this.seatSel = el("select", "match-review-seat-select", undefined, lab);
    this.startBtn = button(form, "Review this game", "match-review-start", () => this.actions.start(Number(this.seatSel.value)));
    this.startBtn.dataset.intent = "review";
    el(
      "p",
      "match-review-about",
      "Each decision with a choice is judged by simulated games from what that player knew then; it takes a while.",
      form,
    );
    this.progressBox = el("div", "match-review-progress", undefined, box);
    this.progressBox.hidden = true;
    this.progress = el("progress", "", undefined, this.progressBox) as HTMLProgressElement;
    this.progress.setAttribute("aria-label", "Review progress");
    this.progressText = el("span", "match-review-progress-text", "", this.progressBox);
    this.progressText.setAttribute("role", "status");
    button(this.progressBox, "Cancel", "match-review-cancel", () => this.actions.cancel()).dataset.intent = "review_cancel";
    this.body = el("div", "match-review-body", undefined, box);
  }

  get isOpen(): boolean {
    return !this.el.hidden;
  }

  /** Open the panel (the focus goes to it), for `viewer`'s view (null: the teacher's). */
  open(): void {
    this.el.hidden = false;
    (this.state?.state === "done" ? this.el : this.seatSel).focus({ preventScroll: false });
    this.el.scrollIntoView?.({ block: "nearest" });
  }

  close(): void {
    this.el.hidden = true;
    this.select(null);
  }

  /** The players and whose view the table shows (a player's view reviews only that player). */
  setPlayers(players: readonly NamedPlayer[], viewer: number | null): void {
    const sig = JSON.stringify([players.map((p) => p.name), viewer]);
    if (sig === this.seatSel.dataset.sig) return;
    this.seatSel.dataset.sig = sig;
    this.players = players;
    const keep = this.seatSel.value;
    this.seatSel.replaceChildren();
    for (const p of players) {
      if (viewer !== null && p.seat !== viewer) continue;
      el("option", "", playerName(players, p.seat), this.seatSel).value = String(p.seat);
    }
    if ([...this.seatSel.options].some((o) => o.value === keep)) this.seatSel.value = keep;
  }

  /** Python's `review` trait changed. */
  update(s: ReviewState | Record<string, never> | undefined): void {
    const st = s && "state" in s ? (s as ReviewState) : null;
    const fresh = !!st && st.run !== this.state?.run;
    this.state = st;
    this.el.dataset.state = st?.state ?? "none";
    if (!st) {
      this.progressBox.hidden = true;
      this.drawResult(null);
      return;
    }
    if (fresh && this.el.hidden) this.el.hidden = false; // a review started (also from code) shows itself
    const queued = st.state === "queued";
    const running = st.state === "running" || queued;
    this.progressBox.hidden = !running;
    this.startBtn.disabled = running;
    this.progress.max = Math.max(1, st.total);
    this.progress.value = st.done;
    this.progressText.textContent = queued
      ? "The review waits for its turn\u2026"
      : running
        ? `Judging ${st.player}'s decisions: ${st.done} of ${st.total}\u2026`
        : "";
    if (st.state === "done" && st.result) this.drawResult(st.result);
    else if (queued) this.drawMessage(`The review of ${st.player}'s game waits for its turn (the coach reviews a few games at a time).`);
    else if (running) this.drawMessage(`The coach is judging ${st.player}'s ${st.total} decisions with a choice.`);
    else if (st.state === "cancelled") this.drawMessage(`The review was stopped after ${st.done} of ${st.total} decisions.`);
    else if (st.state === "error") this.drawMessage(st.text ?? "The coach could not finish the review.");
  }

  /** Put the marks of the decision shown back on the board (after a redraw), if the replay shows its position. */
  markBoard(root: HTMLElement, position: number | null | undefined): void {
    const d = this.selected;
    const here = !!d && position === d.index;
    const played = here ? d!.played_targets : [];
    const better = here && !d!.same ? d!.best_targets : [];
    markTargets(root, played, PLAYED_MARK, d?.same ? "the move played, the coach's choice too" : "the move played");
    markTargets(root, better, BETTER_MARK, "the coach's better move");
  }

  private drawMessage(text: string): void {
    if (this.drawn) this.drawResult(null);
    const note = this.body.querySelector(".match-review-note") ?? el("p", "match-review-note", "", this.body);
    note.textContent = text;
  }

  private drawResult(r: ReviewResult | null): void {
    if (r === this.drawn) return;
    this.drawn = r;
    this.chart?.destroy();
    this.chart = null;
    this.selected = null;
    this.detail = null;
    this.list = null;
    this.body.replaceChildren();
    if (!r) return;
    const players = this.players.length ? this.players : r.players.map((name, seat) => ({ seat, name }));
    const summary = el("div", "match-review-summary", undefined, this.body);
    for (const line of r.summary.split("\n")) el("p", "", line, summary);
    if (r.outcome) el("p", "match-review-outcome", r.outcome, summary);

    const fig = el("figure", "match-review-figure", undefined, this.body);
    this.chart = drawChart(fig, r, players, (d) => this.pick(d));
    const cap = el("figcaption", "match-review-caption", undefined, fig);
    el("span", "", "Each mark is one of your decisions: click it, or Tab to the graph and use the arrow keys and Enter, to see it on the board. ", cap);
    const key = el("span", "match-review-key", undefined, cap);
    for (const v of ["good", "inaccuracy", "mistake", "blunder"] as const) {
      const th = r.thresholds.find((t) => t.verdict === v);
      const item = el("span", `match-review-key-item is-${v}`, undefined, key);
      el("span", "match-review-key-mark", VERDICT_MARKS[v].sign || "\u25CB", item).setAttribute("aria-hidden", "true");
      el("span", "", th ? `${VERDICT_WORDS[v]} (from ${th.points} points lost)` : `${VERDICT_WORDS[v]}`, item);
    }
    el(
      "p",
      "match-review-noise",
      `Winning chances in points (0 to 100) from ${r.rounds} simulated games a move, played on ${r.horizon}. ` +
        "A loss inside the noise of the simulated games is called about equal, and the move good.",
      this.body,
    );

    this.detail = el("div", "match-review-detail", undefined, this.body);
    this.detail.setAttribute("aria-live", "polite");
    el("p", "match-review-muted", "Pick a decision to see it on the board.", this.detail);

    const flaggedCount = r.decisions.filter((d) => d.verdict !== "good").length;
    this.onlyFlagged = flaggedCount > 0;
    const filter = el("label", "match-review-filter", undefined, this.body);
    const box = el("input", "", undefined, filter) as HTMLInputElement;
    box.type = "checkbox";
    box.checked = this.onlyFlagged;
    box.disabled = flaggedCount === 0;
    el("span", "", ` Only inaccuracies, mistakes and blunders (${flaggedCount} of ${r.decisions.length} decisions)`, filter);
    box.addEventListener("change", () => {
      this.onlyFlagged = box.checked;
      this.drawList(r);
    });
    this.list = el("ol", "match-review-list", undefined, this.body);
    this.list.setAttribute("aria-label", "The decisions judged");
    this.drawList(r);
  }

  private drawList(r: ReviewResult): void {
    const list = this.list;
    if (!list) return;
    list.replaceChildren();
    for (const d of r.decisions) {
      if (this.onlyFlagged && d.verdict === "good") continue;
      const li = el("li", `match-review-item is-${d.verdict}`, undefined, list);
      li.dataset.index = String(d.index);
      li.dataset.verdict = d.verdict;
      const b = button(li, "", "match-review-move", () => this.pick(d));
      b.dataset.index = String(d.index);
      el("span", "match-review-move-head", `Move ${d.move} \u00B7 ${verdictText(d)}`, b);
      if (d.hint) el("span", "match-review-hint", d.hint === "taken" ? "hint taken" : "hint asked, not followed", b);
      el("span", "match-review-move-text", moveLine(d), b);
      if (this.selected?.index === d.index) b.setAttribute("aria-current", "true");
    }
    if (!list.children.length) el("li", "match-review-muted", "No decision to show.", list);
  }

  /** Show decision `d`: the replay jumps to its position, the board and the panel show it. */
  private pick(d: ReviewedMove): void {
    this.select(d);
    this.actions.jump(d.index);
  }

  private reveal(): void {
    revealMarks(this.el);
  }

  private select(d: ReviewedMove | null): void {
    this.selected = d;
    this.chart?.select(d ? d.index : null);
    for (const b of this.list?.querySelectorAll<HTMLElement>("button.match-review-move") ?? []) {
      if (d && b.dataset.index === String(d.index)) b.setAttribute("aria-current", "true");
      else b.removeAttribute("aria-current");
    }
    const box = this.detail;
    if (!box) return;
    box.replaceChildren();
    if (!d) {
      el("p", "match-review-muted", "Pick a decision to see it on the board.", box);
      return;
    }
    const who = playerName(this.players, this.drawn?.seat ?? 0);
    el("h4", "", `Move ${d.move}: ${verdictText(d)}`, box);
    el("p", "match-review-muted", `The board shows the position before it (the replay after ${d.index} action${d.index === 1 ? "" : "s"}).`, box);
    const played = el("p", "match-review-played", undefined, box);
    el("span", "match-review-swatch is-played", "", played).setAttribute("aria-hidden", "true");
    el("span", "", `${who} played ${d.played}${d.played_targets.length ? " (dotted outline on the board)" : ""}.`, played);
    if (!d.same) {
      const better = el("p", "match-review-better", undefined, box);
      el("span", "match-review-swatch is-better", "", better).setAttribute("aria-hidden", "true");
      el("span", "", `${d.verdict === "good" ? "About as good" : "Better"}: ${d.best}${d.best_targets.length ? " (dashed blue outline and a \"better\" tag on the board)" : ""}.`, better);
    }
    if (d.reasons.length) {
      const ul = el("ul", "match-review-reasons", undefined, box);
      ul.setAttribute("aria-label", "Why the coach's move");
      for (const t of d.reasons) el("li", "", `Rule of thumb: ${t}`, ul);
    }
    el("p", "match-review-figures", d.text, box);
    if (d.played_targets.length || d.best_targets.length) {
      // The board is under the review screen: one click brings the marks into view.
      const show = button(box, "Show it on the board \u2193", "match-review-show", () => this.reveal());
      show.title = "Scroll to the marked move on the board";
    }
    if (d.hint) el("p", "match-review-hint-note", d.hint === "taken" ? `${who} asked for a hint here and played it.` : `${who} asked for a hint here and played another move.`, box);
  }
}

/** The first marked element of the table the panel sits in, scrolled into view. */
export function revealMarks(from: Element): Element | null {
  const table = from.closest(".match-app");
  const mark = table?.querySelector(`.${PLAYED_MARK}:not(.coach-overlay), .${BETTER_MARK}:not(.coach-overlay)`) ?? null;
  mark?.scrollIntoView?.({ block: "center" });
  return mark;
}

/** "mistake, 12 points lost", "good, about equal", "good, the coach's own choice". */
export function verdictText(d: ReviewedMove): string {
  if (d.same) return "good, the coach's own choice";
  if (d.verdict === "good") return "good, about equal";
  return `${VERDICT_WORDS[d.verdict]}, ${d.loss} points lost`;
}

/** The list's line for a decision: what was played, the better move, and what it rests on. */
export function moveLine(d: ReviewedMove): string {
  if (d.same) return `${d.played} (${Math.round(d.played_chances)}% winning chances, ${d.games} simulated games).`;
  const vs = `${Math.round(d.played_chances)}% against ${Math.round(d.best_chances)}%, ${d.games} simulated games each`;
  return d.verdict === "good" ? `${d.played}; ${d.best} about equal (${vs}).` : `${d.played}; better: ${d.best} (${vs}).`;
}
