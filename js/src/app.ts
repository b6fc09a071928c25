// The widget view: wires the board, panels, actions and log to the model.
// One App per anywidget `render` call (each output area gets its own).

import { politeRegion, setText } from "./shared/a11y";
import type { AnyModel } from "@anywidget/types";
import { ActionList, actionsForHex, legalHexes } from "./actions";
import { Board } from "./board";
import { Controls, downloadText, gameFileMessage } from "./controls";
import { TERRAIN_LABELS, playerName, unitWord } from "./colors";
import { type Direction, stepInDirection } from "./hex";
import { renderLegend } from "./legend";
import { FeedbackLine } from "./feedback";
import { EventLog } from "./log";
import { type Feedback, type Intent, type Selected, type View, type WidgetModel, hexKey, isView } from "./model";
import { Panels } from "./panels";
import { applyPatch, isPatch, patchFits } from "./patch";
import { ModelLink } from "./shared/link";
import { PENDING_TYPES, PendingMark } from "./shared/pending";
import { htmlEl } from "./svg";

export { PENDING_TIMEOUT_MS } from "./shared/pending";

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

const NO_HEXES: ReadonlySet<string> = new Set();

type IntentBody =
  | { type: "select"; q: number; r: number }
  | { type: "act"; key: string }
  | { type: "undo" | "redo" | "resync" | "save" }
  | { type: "load"; text: string; name: string };

export class App {
  readonly root: HTMLElement;
  private readonly board: Board;
  private readonly panels: Panels;
  private readonly controls: Controls;
  private readonly actions: ActionList;
  private readonly log: EventLog;
  private readonly status: HTMLElement;
  private readonly prompt: HTMLElement;
  private readonly feedback: FeedbackLine;
  private readonly info: HTMLElement;
  private readonly waiting: HTMLElement;
  private readonly undoBtn: HTMLButtonElement;
  private readonly redoBtn: HTMLButtonElement;
  private view: View | null = null;
  private selected: string | null = null;
  private cursor: string | null = null;
  private logHexes = new Set<string>();
  private infoDrawn: { key: string | null; view: View | null } = { key: "?", view: null };
  // The game-changing intent Python has not answered yet (its control is marked).
  private readonly pending: PendingMark;
  private readonly link: ModelLink<WidgetModel>;

  constructor(
    private readonly model: AnyModel<WidgetModel>,
    el: HTMLElement,
  ) {
    const started = performance.now();
    const root = htmlEl("div", "clash-widget", undefined, el);
    this.root = root;
    this.pending = new PendingMark(root);
    this.link = new ModelLink(model);
    root.tabIndex = 0;
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    root.setAttribute("role", "application");
    root.setAttribute("aria-label", "Clash of Cultures board: arrow keys move, Enter selects, Escape clears");

    const top = htmlEl("div", "clash-top", undefined, root);
    this.status = htmlEl("div", "clash-status", undefined, top);
    const tools = htmlEl("div", "clash-tools", undefined, top);
    this.undoBtn = this.tool(tools, "\u21B6 undo", "Undo the last action", () => this.send({ type: "undo" }));
    this.redoBtn = this.tool(tools, "\u21B7 redo", "Redo", () => this.send({ type: "redo" }));
    this.undoBtn.dataset.intent = "undo";
    this.redoBtn.dataset.intent = "redo";
    this.tool(tools, "+", "Zoom in (or ctrl + wheel)", () => this.board.viewport.zoom(1 / 1.25));
    this.tool(tools, "\u2212", "Zoom out (or ctrl + wheel)", () => this.board.viewport.zoom(1.25));
    this.tool(tools, "fit", "Fit the map to the cell", () => this.board.viewport.fit());
    const coords = this.tool(tools, "q,r", "Show or hide hex coordinates", () => {
      root.classList.toggle("clash-hide-coords");
      coords.setAttribute("aria-pressed", String(!root.classList.contains("clash-hide-coords")));
    });
    coords.setAttribute("aria-pressed", "true");
    this.controls = new Controls(root, model, (body) => this.send(body));
    this.prompt = politeRegion(htmlEl("div", "clash-prompt", undefined, root)); // a11y: read out after each move

    const main = htmlEl("div", "clash-main", undefined, root);
    const boardCol = htmlEl("div", "clash-board-col", undefined, main);
    this.waiting = htmlEl("div", "clash-waiting", "Waiting for the game view\u2026", boardCol);
    this.board = new Board(boardCol, (q, r) => this.clickHex(q, r));
    this.feedback = new FeedbackLine(boardCol);
    renderLegend(boardCol);
    const side = htmlEl("div", "clash-side", undefined, main);
    this.info = htmlEl("div", "clash-info", undefined, side);
    this.actions = new ActionList(side, (key) => this.send({ type: "act", key }));
    this.log = new EventLog(side, (hexes) => {
      this.logHexes = hexes;
      this.refreshMarks();
    });
    this.panels = new Panels(root, (key) => this.send({ type: "act", key }));

    root.addEventListener("keydown", this.onKey);
    this.on("change:view", () => this.onView());
    this.on("change:view_patch", () => this.onPatch());
    this.on("msg:custom", (msg?: unknown) => {
      const file = gameFileMessage(msg);
      if (file) downloadText(file.name, file.text);
    });
    this.on("change:feedback", () => this.onFeedback());
    this.on("change:selected", () => this.onSelected());
    for (const t of ["seat", "hotseat", "bots", "bot_names", "bot_delay", "autoplay", "position", "replay_length", "lock_view"]) {
      this.on(`change:${t}`, () => this.onSettings());
    }
    this.onView();
    // A second display of the same widget starts from the last full view: catch up.
    if (isPatch(this.model.get("view_patch")) && this.view) this.onPatch();
    this.onFeedback();
    this.onSelected();
    this.onSettings();
    // Read by the browser benchmark (python -m clash_widget bench --browser).
    root.dataset.firstRenderMs = (performance.now() - started).toFixed(2);
  }

  private onSettings(): void {
    this.controls.update();
    const pos = this.model.get("position");
    this.root.classList.toggle("is-replay", pos !== null && pos !== undefined);
    if (this.view) this.panels.update(this.view, this.model.get("bots") ?? []);
  }

  private on(event: string, fn: (msg?: unknown) => void): void {
    this.link.on(event, fn);
  }

  destroy(): void {
    this.pending.clear();
    this.link.off();
    this.root.removeEventListener("keydown", this.onKey);
    this.log.destroy();
    this.board.destroy();
    this.root.remove();
  }

  private tool(parent: HTMLElement, text: string, title: string, fn: () => void): HTMLButtonElement {
    const b = htmlEl("button", "clash-tool", text, parent);
    b.type = "button";
    b.title = title;
    b.addEventListener("click", fn);
    return b;
  }

  /** Send an intent to Python: always a NEW object with a fresh seq. */
  send(body: IntentBody): void {
    const seq = this.link.nextSeq();
    const intent = { seq, version: this.view ? this.view.version : 0, ...body } as Intent;
    // A game-changing click is acknowledged at once; nothing of the game is drawn
    // before Python's answer (a refusal or the new view), which clears the mark.
    if (PENDING_TYPES.has(body.type)) {
      this.pending.mark(seq, body.type === "act" ? { key: body.key } : { intent: body.type });
    }
    this.link.sendIntent(intent);
  }

  private clickHex(q: number, r: number): void {
    this.root.focus({ preventScroll: true });
    const k = hexKey(q, r);
    this.selected = k;
    this.cursor = k;
    // The intent goes first: Python works on it while the page redraws locally.
    this.send({ type: "select", q, r });
    this.refreshSelection();
  }

  private onKey = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    // a11y: Enter/Space on a control inside the board (button, summary, select, ...) acts natively.
    const native = target && target !== this.root && target.matches("button, summary, select, input, a, [role=button]");
    if (native && (e.key === "Enter" || e.key === " ")) return;
    if (native && target.matches("select, input") && ARROWS[e.key]) return; // their own arrows
    const dir = ARROWS[e.key];
    const hexes = this.board.hexList();
    if (dir) {
      e.preventDefault();
      e.stopPropagation();
      if (!hexes.length) return;
      const from = this.cursor ?? this.selected;
      let next: { q: number; r: number } | null;
      if (!from) next = hexes[0];
      else {
        const [q, r] = from.split(",").map(Number);
        next = stepInDirection({ q, r }, dir, hexes);
      }
      if (next) {
        this.cursor = hexKey(next.q, next.r);
        this.refreshMarks();
      }
    } else if (e.key === "Enter" || (e.key === " " && target === this.root)) {
      if (!this.cursor) return;
      e.preventDefault();
      e.stopPropagation();
      const [q, r] = this.cursor.split(",").map(Number);
      this.clickHex(q, r);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      this.selected = null;
      this.cursor = null;
      this.logHexes = new Set();
      this.refreshSelection();
    }
  };

  private onPatch(): void {
    const p = this.model.get("view_patch");
    if (!isPatch(p)) return;
    const fit = patchFits(this.view, p);
    if (fit === "apply" && this.view) this.show(applyPatch(this.view, p));
    else if (fit === "resync") this.send({ type: "resync" });
  }

  private onView(): void {
    this.show(this.model.get("view"));
  }

  private show(v: unknown): void {
    if (!isView(v)) {
      this.view = null;
      this.root.classList.add("is-empty");
      return;
    }
    this.root.classList.remove("is-empty");
    this.view = v;
    this.waiting.remove();
    this.board.update(v);
    if (this.selected && !this.board.hexAt(this.selected)) this.selected = null;
    if (this.cursor && !this.board.hexAt(this.cursor)) this.cursor = null;
    this.renderStatus(v);
    this.panels.update(v, this.model.get("bots") ?? []);
    this.controls.update();
    this.log.update(v);
    this.refreshSelection();
  }

  private renderStatus(v: View): void {
    const t = v.turn;
    const who =
      v.current_player === null || v.current_player === undefined
        ? ""
        : ` \u00B7 to play: ${playerName(v.players, v.current_player)}`;
    const turn = t ? `Age ${t.age} \u00B7 round ${t.round} \u00B7 ${t.actions_left} actions left` : "";
    const viewer = v.seat === null || v.seat === undefined ? "teacher view" : `view of ${playerName(v.players, v.seat)}`;
    this.status.textContent = `${v.over ? "Game over \u00B7 " : ""}${turn}${who} \u00B7 ${viewer} \u00B7 v${v.version}`;
    setText(this.prompt, v.prompt ?? "");
    this.undoBtn.disabled = !v.can_undo;
    this.redoBtn.disabled = !v.can_redo;
  }

  private onSelected(): void {
    const s = this.model.get("selected") as Selected | undefined;
    if (s && typeof s.q === "number" && typeof s.r === "number") {
      this.selected = hexKey(s.q, s.r);
      if (!this.cursor) this.cursor = this.selected;
    } else if (s && Object.keys(s).length === 0 && this.selected) {
      // Python cleared the selection.
      this.selected = null;
    }
    this.refreshSelection();
  }

  private onFeedback(): void {
    const f = (this.model.get("feedback") ?? {}) as Feedback;
    // Python's answer to the pending click (or to a later one): the mark goes.
    this.pending.answer(f?.seq);
    // Counts Python's answers drawn so far: tests and the benchmark wait on it.
    this.root.dataset.feedbackN = String(f?.n ?? 0);
    this.feedback.show(f);
  }

  private refreshSelection(): void {
    const v = this.view;
    if (v) this.actions.update(v, this.selected);
    this.renderInfo();
    this.refreshMarks();
  }

  private refreshMarks(): void {
    const legal = this.view ? legalHexes(this.view) : NO_HEXES;
    this.board.setMarks({ selected: this.selected, cursor: this.cursor, legal, log: this.logHexes });
  }

  private renderInfo(): void {
    // Python's echo of a selection the page already drew changes nothing here.
    if (this.infoDrawn.key === this.selected && this.infoDrawn.view === this.view) return;
    this.infoDrawn = { key: this.selected, view: this.view };
    const el = this.info;
    el.replaceChildren();
    const v = this.view;
    if (!v || !this.selected) {
      htmlEl("p", "clash-muted", "Select a hex (click, or arrow keys + Enter).", el);
      return;
    }
    const h = this.board.hexAt(this.selected);
    if (!h) return;
    const terrain = h.explored && h.terrain ? TERRAIN_LABELS[h.terrain] : "unexplored";
    htmlEl("h4", "", `Hex ${this.selected}: ${terrain}, region ${h.region}`, el);
    const city = (v.cities ?? []).find((c) => hexKey(c.q, c.r) === this.selected);
    if (city) {
      const pieces = (city.pieces ?? []).map((p) => p.name ?? p.kind).join(", ");
      htmlEl(
        "p",
        "clash-info-city",
        `${playerName(v.players, city.owner)} ${city.capital ? "capital" : "city"} \u00B7 size ${city.size} \u00B7 ${city.mood}` +
          (pieces ? ` \u00B7 ${pieces}` : ""),
        el,
      );
    }
    for (const u of (v.units ?? []).filter((u) => hexKey(u.q, u.r) === this.selected)) {
      htmlEl("p", "clash-info-unit", `${playerName(v.players, u.owner)}: ${unitWord(u.kind, u.count)}`, el);
    }
    const n = actionsForHex(v, this.selected).length;
    if (n === 0 && !city) htmlEl("p", "clash-muted", "Nothing to do here.", el);
  }
}
