// An end to every game (issue 37): one panel when the game is over, the same in every
// game: why it ended (the log's closing lines, in the game's words), each player's final
// score with the game's own breakdown (Clash's victory-point sources, Secolo's cultures,
// Persistence's epochs, History's population), and what next: a new game or a replay.

import { button, el } from "./dom";
import { type NamedPlayer, playerName } from "./players";

export interface ScoreRow {
  seat: number;
  /** The score that decides, in words ("27 VP", "3 cultures"). */
  total: string;
  /** Where it came from, in words ("advances 9", "by epoch: 12, 14"). */
  parts: string[];
}

export interface EndView {
  over: boolean;
  players: readonly NamedPlayer[];
  log: readonly { kind: string; text: string }[];
  result?: { winners?: number[] } | null;
}

/** The closing log lines: why the game ended and who won, in the game's words. */
export function endReason(log: EndView["log"]): string {
  const closing: string[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (!/^(game_over|end|win)/.test(e.kind)) break;
    closing.unshift(e.text.trim().replace(/([^.!?])$/, "$1."));
  }
  return closing.join(" ");
}

export interface EndActions {
  newGame: () => void;
  replay: () => void;
  /** Open the coach's review (only where the table can review). */
  review?: () => void;
}

export class EndPanel {
  readonly el: HTMLElement;
  private sig = "";

  constructor(private readonly actions: EndActions) {
    this.el = el("section", "match-end");
    this.el.setAttribute("aria-label", "The game is over: final scores");
    this.el.tabIndex = -1; // the focus comes here after the last move (read out as a whole)
    this.el.hidden = true;
  }

  /** Show the panel for a finished game (rows in seat order; the winners marked), else hide it. */
  update(v: EndView | null, rows: ScoreRow[]): void {
    const over = !!v?.over;
    if (this.el.hidden === over) this.el.hidden = !over;
    if (!v || !over) {
      this.sig = "";
      return;
    }
    const reason = endReason(v.log);
    const winners = new Set(v.result?.winners ?? []);
    const sig = JSON.stringify([reason, rows, [...winners]]);
    if (sig === this.sig) return;
    this.sig = sig;
    const box = this.el;
    box.replaceChildren();
    el("h3", "match-end-title", "Final scores", box);
    if (reason) el("p", "match-end-reason", reason, box);
    const table = el("table", "match-end-table", undefined, box);
    const head = el("tr", "", undefined, el("thead", "", undefined, table));
    for (const h of ["Player", "Score", "Where it came from"]) el("th", "", h, head).setAttribute("scope", "col");
    const body = el("tbody", "", undefined, table);
    for (const r of rows) {
      const tr = el("tr", winners.has(r.seat) ? "is-winner" : "", undefined, body);
      const name = playerName(v.players, r.seat) + (winners.has(r.seat) ? " (wins)" : "");
      el("th", "", name, tr).setAttribute("scope", "row");
      el("td", "match-end-total", r.total, tr);
      el("td", "match-end-parts", r.parts.join(" \u00b7 "), tr);
    }
    const next = el("div", "match-end-actions", undefined, box);
    const fresh = button(next, "New game", "match-end-new", this.actions.newGame);
    fresh.dataset.intent = "new";
    fresh.title = "The same game and seats, dealt again (save this one first to keep it)";
    const replay = button(next, "Replay from the start", "match-end-replay", this.actions.replay);
    replay.title = "Step through this game again with the replay bar";
    if (this.actions.review) {
      const review = button(next, "Review the game", "match-end-review", this.actions.review);
      review.title = "The coach's review: the advantage graph and every decision of one player judged";
    }
  }
}
