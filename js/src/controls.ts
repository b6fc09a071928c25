// The control bar: whose view (teacher, one seat, hot-seat), who plays each seat
// (a person or a bot), the bots' delay and play/pause, and the replay scrubber.
// Every control only sets a trait; Python checks the value, may correct it, and
// the bar is redrawn from the traits it sends back (the front end trusts nothing).
// When Python locks the view (`lock_view`), the bar shows the one view it may show
// and hides the game files; Python refuses those changes anyway (widget.view-locked).

import type { AnyModel } from "@anywidget/types";
import { playerColor, playerName } from "./colors";
import { type View, type WidgetModel, isView } from "./model";
import { gameFilePicker } from "./shared/dom";
import { htmlEl } from "./svg";

export const HOTSEAT = "hotseat";
export const TEACHER = "teacher";
const VIEW_TITLE = "Whose eyes: the teacher sees every hand; a player sees only their own";
const LOCKED_TITLE = "Locked by the notebook: this board shows one view only";

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
  const name = typeof m.name === "string" && m.name ? m.name : "clash-game.json";
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

export type SendIntent = (body: { type: "save" } | { type: "load"; text: string; name: string }) => void;

export function formatDelay(seconds: number): string {
  return `${(Number.isFinite(seconds) ? seconds : 0).toFixed(1)} s`;
}

export class Controls {
  readonly el: HTMLElement;
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

  constructor(
    parent: HTMLElement,
    private readonly model: AnyModel<WidgetModel>,
    private readonly sendIntent: SendIntent = () => {},
  ) {
    this.el = htmlEl("div", "clash-controls", undefined, parent);

    const viewGroup = this.group("view");
    this.viewSel = htmlEl("select", "clash-view-select", undefined, viewGroup);
    this.viewSel.setAttribute("aria-label", "Whose view"); // a11y: a form control needs a name
    this.viewSel.title = VIEW_TITLE;
    this.viewSel.addEventListener("change", () => {
      const c = parseViewChoice(this.viewSel.value);
      if (!c || this.locked()) return;
      this.model.set("hotseat", c.hotseat);
      if (!c.hotseat) this.model.set("seat", c.seat);
      this.model.save_changes();
    });

    this.seatsBox = this.group("seats");
    this.seatsBox.classList.add("clash-seats");

    const botGroup = this.group("bots");
    this.playBtn = htmlEl("button", "clash-tool clash-autoplay", "\u25B6 play", botGroup);
    this.playBtn.type = "button";
    this.playBtn.addEventListener("click", () => this.setTrait("autoplay", !this.model.get("autoplay")));
    this.delay = htmlEl("input", "clash-delay", undefined, botGroup);
    this.delay.setAttribute("aria-label", "Bot speed: seconds per move"); // a11y: a form control needs a name
    Object.assign(this.delay, { type: "range", min: "0", max: "3", step: "0.1" });
    this.delay.title = "Delay between bot moves";
    this.delay.addEventListener("change", () => this.setTrait("bot_delay", Number(this.delay.value)));
    this.delay.addEventListener("input", () => {
      this.delayLabel.textContent = formatDelay(Number(this.delay.value));
    });
    this.delayLabel = htmlEl("span", "clash-delay-label", "", botGroup);

    const replay = this.group("replay");
    const btn = (move: ScrubMove, text: string, title: string) => {
      const b = htmlEl("button", `clash-tool clash-scrub-${move}`, text, replay);
      b.type = "button";
      b.title = title;
      b.addEventListener("click", () => this.scrubTo(move));
      this.scrubBtns.set(move, b);
    };
    btn("first", "|\u25C0", "Start of the game");
    btn("back", "\u25C0", "One action back");
    this.scrub = htmlEl("input", "clash-scrub", undefined, replay);
    this.scrub.setAttribute("aria-label", "Replay position"); // a11y: a form control needs a name
    Object.assign(this.scrub, { type: "range", min: "0", max: "0", step: "1" });
    this.scrub.title = "Replay: the position after this many actions";
    this.scrub.addEventListener("change", () => this.setTrait("position", Number(this.scrub.value)));
    btn("forward", "\u25B6", "One action forward");
    btn("last", "\u25B6|", "Last recorded position");
    btn("live", "live", "Back to the live game");
    this.scrubLabel = htmlEl("span", "clash-scrub-label", "", replay);

    // Game files: Python writes the file (save), the browser downloads it; a chosen
    // file's text goes to Python, which checks it before anything changes (load).
    const files = (this.files = this.group("game"));
    const save = htmlEl("button", "clash-tool clash-save", "save", files);
    save.type = "button";
    save.title = "Download this game as a JSON game file";
    save.addEventListener("click", () => {
      if (!this.locked()) this.sendIntent({ type: "save" });
    });
    const picker = gameFilePicker(files, "clash-load-input", (text, name) => this.sendIntent({ type: "load", text, name }));
    const load = htmlEl("button", "clash-tool clash-load", "load\u2026", files);
    load.type = "button";
    load.title = "Open a game file (then scrub through it)";
    load.addEventListener("click", () => picker.click());
    this.update();
  }

  private group(label: string): HTMLElement {
    const g = htmlEl("div", `clash-control clash-control-${label}`, undefined, this.el);
    htmlEl("span", "clash-control-label", label, g);
    return g;
  }

  private locked(): boolean {
    return !!this.model.get("lock_view");
  }

  private setTrait<K extends keyof WidgetModel>(key: K, value: WidgetModel[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }

  private scrubTo(move: ScrubMove): void {
    const n = this.model.get("replay_length") ?? 0;
    this.setTrait("position", scrubTarget(move, this.model.get("position") ?? null, n));
  }

  /** Redraw from the traits (cheap; called on every relevant change). */
  update(): void {
    const m = this.model;
    const raw = m.get("view");
    const view: View | null = isView(raw) ? raw : null;
    const players = view?.players ?? [];
    const bots = m.get("bots") ?? [];
    const names = m.get("bot_names") ?? [];
    const locked = this.locked();
    this.el.classList.toggle("is-view-locked", locked);
    this.files.style.display = locked ? "none" : ""; // inline: the group's CSS sets display
    this.renderViewSelect(players.length, view, locked);
    this.renderSeats(view, bots, names);
    const auto = !!m.get("autoplay");
    this.playBtn.textContent = auto ? "\u23F8 pause" : "\u25B6 play";
    this.playBtn.setAttribute("aria-pressed", String(auto));
    this.playBtn.title = auto ? "Pause the bots" : "Let the bot seats play by themselves";
    const delay = Number(m.get("bot_delay") ?? 0);
    if (document.activeElement !== this.delay) this.delay.value = String(delay);
    this.delayLabel.textContent = formatDelay(delay);

    const n = m.get("replay_length") ?? 0;
    const pos = m.get("position");
    this.scrub.max = String(n);
    this.scrub.value = String(pos ?? n);
    this.scrub.disabled = n === 0;
    const live = pos === null || pos === undefined;
    this.scrubLabel.textContent = live ? `live \u00B7 ${n} actions` : `replay ${pos}/${n}`;
    this.el.classList.toggle("is-replay", !live);
    this.scrubBtns.get("live")!.disabled = live;
    this.scrubBtns.get("first")!.disabled = n === 0 || pos === 0;
    this.scrubBtns.get("back")!.disabled = n === 0 || pos === 0;
    this.scrubBtns.get("forward")!.disabled = live;
    this.scrubBtns.get("last")!.disabled = n === 0 || pos === n;
  }

  private renderViewSelect(count: number, view: View | null, locked: boolean): void {
    const current = viewChoice(this.model.get("seat") ?? null, !!this.model.get("hotseat"));
    const want = locked ? [current] : [TEACHER, ...Array.from({ length: count }, (_, i) => String(i)), HOTSEAT];
    const have = [...this.viewSel.options].map((o) => o.value);
    if (want.join("|") !== have.join("|")) {
      this.viewSel.replaceChildren();
      for (const v of want) {
        const o = htmlEl("option", "", "", this.viewSel);
        o.value = v;
        o.textContent =
          v === TEACHER ? "teacher (all hands)" : v === HOTSEAT ? "hot-seat (player to move)" : playerName(view?.players, Number(v));
      }
    }
    this.viewSel.value = current;
    this.viewSel.disabled = locked;
    this.viewSel.title = locked ? LOCKED_TITLE : VIEW_TITLE;
  }

  private renderSeats(view: View | null, bots: (string | null)[], names: string[]): void {
    const players = view?.players ?? [];
    const sig = JSON.stringify([players.map((p) => [p.seat, p.name, p.color]), bots, names]);
    if (sig === this.seatsSig) return;
    this.seatsSig = sig;
    this.seatsBox.querySelectorAll(".clash-seat").forEach((e) => e.remove());
    players.forEach((_player, i) => {
      const seat = htmlEl("label", "clash-seat", undefined, this.seatsBox);
      seat.dataset.seat = String(i);
      const sw = htmlEl("span", "clash-player-swatch", undefined, seat);
      sw.style.background = playerColor(players, i);
      sw.title = playerName(players, i);
      const sel = htmlEl("select", "clash-seat-select", undefined, seat);
      sel.title = `Who plays ${playerName(players, i)}`;
      for (const v of ["", ...names]) {
        const o = htmlEl("option", "", v === "" ? "person" : `${v} bot`, sel);
        o.value = v;
      }
      sel.value = bots[i] ?? "";
      sel.addEventListener("change", () => {
        const next = players.map((_, j) => (j === i ? sel.value || null : (bots[j] ?? null)));
        this.setTrait("bots", next);
      });
    });
  }
}
