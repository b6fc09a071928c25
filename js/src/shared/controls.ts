// The control bar, one for every game: whose view (teacher, one seat, hot-seat), who
// plays each seat (a person or a bot), the bots' play/pause and delay, undo/redo, the
// replay scrubber and the game files, each group with a label. Every control only sets
// a trait or sends an intent; Python checks it, may correct it, and the bar is redrawn
// from what it sends back (the front end trusts nothing). When Python locks the view
// (`lock_view`) the bar shows the one view it may show and hides the game files.

import type { AnyModel } from "@anywidget/types";
import { button, el, gameFilePicker } from "./dom";
import type { GameView, MatchModel } from "./model";
import { type NamedPlayer, playerColour, playerName } from "./players";

export const HOTSEAT = "hotseat";
export const TEACHER = "teacher";
const VIEW_TITLE = "Whose eyes: the teacher sees every hand; a player sees only their own";
const LOCKED_TITLE = "Locked by the notebook: this table shows one view only";

export type ScrubMove = "first" | "back" | "forward" | "last" | "live";

/** The replay position after a scrubber button (null: the live game). */
export function scrubTarget(move: ScrubMove, position: number | null, length: number): number | null {
  const at = position ?? length;
  switch (move) {
    case "first":
      return 0;
    case "back":
      return Math.max(0, at - 1);
    case "forward":
      return at + 1 >= length ? (position === null ? null : length) : at + 1;
    case "last":
      return length;
    case "live":
      return null;
  }
}

/** The value of the view selector for the current traits. */
export function viewChoice(seat: number | null, hotseat: boolean): string {
  if (hotseat) return HOTSEAT;
  return seat === null || seat === undefined ? TEACHER : String(seat);
}

/** The traits a view-selector value stands for. */
export function parseViewChoice(value: string): { seat: number | null; hotseat: boolean } | null {
  if (value === HOTSEAT) return { seat: null, hotseat: true };
  if (value === TEACHER) return { seat: null, hotseat: false };
  const n = /^\d+$/.test(value) ? Number(value) : NaN; // Number("") would be seat 0
  return Number.isInteger(n) ? { seat: n, hotseat: false } : null;
}

/** A game file from Python (a custom message after a "save" intent), or null. */
export function gameFileMessage(msg: unknown): { name: string; text: string } | null {
  const m = msg as { type?: unknown; name?: unknown; text?: unknown };
  if (!m || m.type !== "game_file" || typeof m.text !== "string") return null;
  const name = typeof m.name === "string" && m.name ? m.name : "game.json";
  return { name, text: m.text };
}

/** Let the browser save `text` as a file called `name`. */
export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function formatDelay(seconds: number): string {
  return `${(Number.isFinite(seconds) ? seconds : 0).toFixed(1)} s`;
}

/** The traits the bar reads and sets (every match widget has them; declared once in MatchModel). */
export type BarTraits = Pick<
  MatchModel<GameView>,
  | "seat"
  | "lock_view"
  | "hotseat"
  | "bots"
  | "bot_names"
  | "bot_delay"
  | "autoplay"
  | "position"
  | "replay_length"
>;

/** What the bar needs of the view: the players, and whether undo and redo are possible. */
export interface BarView {
  players: readonly NamedPlayer[];
  can_undo?: boolean;
  can_redo?: boolean;
  over?: boolean;
}

export type BarIntent = { type: "undo" | "redo" | "save" } | { type: "load"; text: string; name: string };

export class ControlBar {
  readonly el: HTMLElement;
  readonly undo: HTMLButtonElement;
  readonly redo: HTMLButtonElement;
  private readonly viewSel: HTMLSelectElement;
  private readonly seatsBox: HTMLElement;
  private readonly playBtn: HTMLButtonElement;
  private readonly delay: HTMLInputElement;
  private readonly delayLabel: HTMLElement;
  private readonly scrub: HTMLInputElement;
  private readonly scrubLabel: HTMLElement;
  private readonly scrubBtns: Map<ScrubMove, HTMLButtonElement> = new Map();
  private readonly files: HTMLElement;
  private seatsSig = "";
  private viewSig = "";

  /** `prefix` starts every class name of the bar (e.g. "clash" gives .clash-view-select). */
  constructor(
    parent: HTMLElement,
    private readonly model: AnyModel<BarTraits>,
    private readonly prefix: string,
    private readonly sendIntent: (body: BarIntent) => void,
  ) {
    const p = prefix;
    this.el = el("div", `${p}-controls match-controls`, undefined, parent);

    const viewGroup = this.group("view");
    this.viewSel = el("select", `${p}-view-select`, undefined, viewGroup);
    this.viewSel.title = VIEW_TITLE;
    this.viewSel.setAttribute("aria-label", "Whose view");
    this.viewSel.addEventListener("change", () => {
      const c = parseViewChoice(this.viewSel.value);
      if (!c || this.locked()) return;
      this.model.set("hotseat", c.hotseat);
      if (!c.hotseat) this.model.set("seat", c.seat);
      this.model.save_changes();
    });

    this.seatsBox = this.group("seats");
    this.seatsBox.classList.add(`${p}-seats`);

    const botGroup = this.group("bots");
    this.playBtn = button(botGroup, "\u25B6 play", `${p}-tool ${p}-autoplay`, () =>
      this.setTrait("autoplay", !this.model.get("autoplay")),
    );
    this.delay = el("input", `${p}-delay match-delay`, undefined, botGroup);
    Object.assign(this.delay, { type: "range", min: "0", max: "3", step: "0.1" });
    this.delay.title = "Delay between bot moves";
    this.delay.setAttribute("aria-label", "Delay between bot moves");
    this.delay.addEventListener("change", () => this.setTrait("bot_delay", Number(this.delay.value)));
    this.delay.addEventListener("input", () => {
      this.delayLabel.textContent = formatDelay(Number(this.delay.value));
    });
    this.delayLabel = el("span", `${p}-delay-label match-readout`, "", botGroup);

    const moves = this.group("moves");
    this.undo = button(moves, "\u21B6 undo", `${p}-tool ${p}-undo`, () => this.sendIntent({ type: "undo" }));
    this.undo.title = "Undo the last action";
    this.undo.dataset.intent = "undo";
    this.redo = button(moves, "\u21B7 redo", `${p}-tool ${p}-redo`, () => this.sendIntent({ type: "redo" }));
    this.redo.title = "Redo the action undone";
    this.redo.dataset.intent = "redo";

    const replay = this.group("replay");
    const scrubBtn = (move: ScrubMove, text: string, title: string) => {
      const b = button(replay, text, `${p}-tool ${p}-scrub-${move}`, () => this.scrubTo(move));
      b.title = title;
      b.setAttribute("aria-label", title);
      this.scrubBtns.set(move, b);
    };
    scrubBtn("first", "|\u25C0", "Start of the game");
    scrubBtn("back", "\u25C0", "One action back");
    this.scrub = el("input", `${p}-scrub`, undefined, replay);
    Object.assign(this.scrub, { type: "range", min: "0", max: "0", step: "1" });
    this.scrub.title = "Replay: the position after this many actions";
    this.scrub.setAttribute("aria-label", "Replay position");
    this.scrub.addEventListener("change", () => this.setTrait("position", Number(this.scrub.value)));
    scrubBtn("forward", "\u25B6", "One action forward");
    scrubBtn("last", "\u25B6|", "Last recorded position");
    scrubBtn("live", "live", "Back to the live game");
    this.scrubLabel = el("span", `${p}-scrub-label match-readout`, "", replay);

    // Game files: Python writes the file (save), the browser downloads it; a chosen
    // file's text goes to Python, which checks it before anything changes (load).
    const files = (this.files = this.group("game"));
    button(files, "save", `${p}-tool ${p}-save`, () => {
      if (!this.locked()) this.sendIntent({ type: "save" });
    }).title = "Download this game as a game file (JSON)";
    const picker = gameFilePicker(files, `${p}-load-input`, (text, name) => this.sendIntent({ type: "load", text, name }));
    button(files, "load\u2026", `${p}-tool ${p}-load`, () => picker.click()).title =
      "Open a game file (then scrub through it)";
  }

  private group(label: string): HTMLElement {
    const g = el("div", `${this.prefix}-control ${this.prefix}-control-${label} match-control`, undefined, this.el);
    el("span", `${this.prefix}-control-label match-control-label`, label, g);
    g.setAttribute("role", "group");
    g.setAttribute("aria-label", label);
    return g;
  }

  private locked(): boolean {
    return !!this.model.get("lock_view");
  }

  private setTrait<K extends keyof BarTraits>(key: K, value: BarTraits[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }

  private scrubTo(move: ScrubMove): void {
    const n = this.model.get("replay_length") ?? 0;
    this.setTrait("position", scrubTarget(move, this.model.get("position") ?? null, n));
  }

  /** Redraw from the traits and the view (cheap: only what changed is rebuilt). */
  update(view: BarView | null): void {
    const m = this.model;
    const players = view?.players ?? [];
    const locked = this.locked();
    this.el.classList.toggle("is-view-locked", locked);
    this.files.style.display = locked ? "none" : ""; // inline: the group's CSS sets display
    this.renderViewSelect(players, locked);
    this.renderSeats(players, m.get("bots") ?? [], m.get("bot_names") ?? []);
    // Over: nothing left for the bots to play (no "pause" on a finished game).
    const over = !!view?.over;
    const auto = !!m.get("autoplay") && !over;
    // U+2016 (‖), not the pause sign U+23F8: common fonts lack the latter (a box in Voilà).
    this.playBtn.textContent = auto ? "\u2016 pause" : "\u25B6 play";
    this.playBtn.setAttribute("aria-pressed", String(auto));
    this.playBtn.disabled = over;
    this.playBtn.title = over ? "The game is over" : auto ? "Pause the bots" : "Let the bot seats play by themselves";
    const delay = Number(m.get("bot_delay") ?? 0);
    if (document.activeElement !== this.delay) this.delay.value = String(delay);
    this.delayLabel.textContent = formatDelay(delay);
    this.undo.disabled = !view?.can_undo;
    this.redo.disabled = !view?.can_redo;

    const n = m.get("replay_length") ?? 0;
    const pos = m.get("position");
    this.scrub.max = String(n);
    this.scrub.value = String(pos ?? n);
    this.scrub.disabled = n === 0;
    const live = pos === null || pos === undefined;
    this.scrubLabel.textContent = live ? `live \u00B7 ${n} action${n === 1 ? "" : "s"}` : `replay ${pos}/${n}`;
    this.el.classList.toggle("is-replay", !live);
    this.scrubBtns.get("live")!.disabled = live;
    this.scrubBtns.get("first")!.disabled = n === 0 || pos === 0;
    this.scrubBtns.get("back")!.disabled = n === 0 || pos === 0;
    this.scrubBtns.get("forward")!.disabled = live;
    this.scrubBtns.get("last")!.disabled = n === 0 || pos === n;
  }

  private renderViewSelect(players: readonly NamedPlayer[], locked: boolean): void {
    const current = viewChoice(this.model.get("seat") ?? null, !!this.model.get("hotseat"));
    const want = locked ? [current] : [TEACHER, ...players.map((q) => String(q.seat)), HOTSEAT];
    const label = (v: string) =>
      v === TEACHER ? "teacher (all hands)" : v === HOTSEAT ? "hot-seat (player to move)" : playerName(players, Number(v));
    const sig = JSON.stringify(want.map(label));
    if (sig !== this.viewSig) {
      this.viewSig = sig;
      this.viewSel.replaceChildren();
      for (const v of want) el("option", "", label(v), this.viewSel).value = v;
    }
    this.viewSel.value = current;
    this.viewSel.disabled = locked;
    this.viewSel.title = locked ? LOCKED_TITLE : VIEW_TITLE;
  }

  private renderSeats(players: readonly NamedPlayer[], bots: (string | null)[], names: string[]): void {
    const p = this.prefix;
    const sig = JSON.stringify([players.map((q) => [q.seat, q.name, q.color]), bots, names]);
    if (sig === this.seatsSig) return;
    this.seatsSig = sig;
    this.seatsBox.querySelectorAll(`.${p}-seat`).forEach((e) => e.remove());
    for (const q of players) {
      const seat = el("label", `${p}-seat match-seat`, undefined, this.seatsBox);
      seat.dataset.seat = String(q.seat);
      const who = playerName(players, q.seat);
      const sw = el("span", `${p}-player-swatch match-swatch`, undefined, seat);
      sw.style.background = playerColour(players, q.seat);
      el("span", "match-seat-name", who, seat);
      const sel = el("select", `${p}-seat-select`, undefined, seat);
      sel.dataset.seat = String(q.seat);
      sel.title = `Who plays ${who}`;
      sel.setAttribute("aria-label", `Who plays ${who}`);
      for (const v of ["", ...names]) el("option", "", v === "" ? "person" : `${v} bot`, sel).value = v;
      sel.value = bots[q.seat] ?? "";
      sel.addEventListener("change", () => {
        const next = players.map((r) => (r.seat === q.seat ? sel.value || null : (bots[r.seat] ?? null)));
        this.setTrait("bots", next);
      });
    }
  }
}
