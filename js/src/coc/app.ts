// The Clash of Cultures board on the shared MatchApp base: the banner, control bar,
// feedback line and log are the product's shared pieces; this file adds the hex map
// (redrawn incrementally: `show` also takes patched views, and a hex click redraws
// only the marks, the info box and the hex's actions), the player panels and the
// keyboard walk over hexes. One App per anywidget `render` call.

import type { ScoreRow } from "../shared/end";
import { politeRegion, setText } from "../shared/a11y";
import type { AnyModel } from "@anywidget/types";
import { MatchApp } from "../shared/app";
import { OWN_KEYS } from "../shared/focus";
import { htmlEl } from "../shared/svg";
import { type LogLine, pickable } from "../shared/log";
import { ActionList, actionsForHex, findPart, legalHexes } from "./actions";
import { Board } from "./board";
import { playerName, unitWord } from "./colors";
import { type Direction, stepInDirection } from "./hex";
import { placeWords } from "./places";
import { renderLegend } from "./legend";
import { type LogEntry, type Selected, type View, type WidgetModel, hexKey, isView, refKeys } from "./model";
import { Panels, actionsLeft } from "./panels";
import { applyPatch, isPatch, patchFits } from "./patch";

export { PENDING_TIMEOUT_MS } from "../shared/pending";

const ARROWS: Record<string, Direction> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "left",
  ArrowRight: "right",
};

const NO_HEXES: ReadonlySet<string> = new Set();

export class App extends MatchApp<View, WidgetModel> {
  private readonly board: Board;
  private readonly panels: Panels;
  private readonly actions: ActionList;
  private readonly prompt: HTMLElement;
  private readonly info: HTMLElement;
  private readonly waiting: HTMLElement;
  private selected: string | null = null;
  private cursor: string | null = null;
  /** The unit part clicked on the map (a ref of view.units[].parts), or null. */
  private picked: string | null = null;
  private logHexes: ReadonlySet<string> = new Set();
  private infoDrawn: { key: string | null; view: View | null } = { key: "?", view: null };

  constructor(model: AnyModel<WidgetModel>, el: HTMLElement) {
    const started = performance.now();
    super(model, el, {
      className: "clash-widget clash-hide-coords",
      prefix: "clash",
      label: "Clash of Cultures board: arrow keys move, N goes to the next hex with something to do, Enter selects, A goes to its actions, Escape comes back",
      isView,
      affordance: "click a highlighted hex, or an action below the map",
    });
    const root = this.root;
    root.setAttribute("role", "application");

    const top = htmlEl("div", "clash-top", undefined, root);
    this.banner(top);
    this.controlBar(root);
    this.prompt = politeRegion(htmlEl("div", "clash-prompt", undefined, root)); // read out after each move

    const main = htmlEl("div", "clash-main", undefined, root);
    const boardCol = htmlEl("div", "clash-board-col", undefined, main);
    // The map's own tools sit on the map's column.
    const tools = htmlEl("div", "clash-tools", undefined, boardCol);
    this.tool(tools, "+", "Zoom in (or ctrl + wheel)", () => this.board.viewport.zoom(1 / 1.25));
    this.tool(tools, "\u2212", "Zoom out (or ctrl + wheel)", () => this.board.viewport.zoom(1.25));
    this.tool(tools, "fit", "Fit the map to the cell", () => this.board.viewport.fit());
    const coords = this.tool(tools, "coordinates", "Show or hide each hex's coordinates (q,r)", () => {
      root.classList.toggle("clash-hide-coords");
      coords.setAttribute("aria-pressed", String(!root.classList.contains("clash-hide-coords")));
    });
    coords.classList.add("clash-coords-toggle");
    coords.setAttribute("aria-pressed", "false");
    this.waiting = htmlEl("div", "clash-waiting", "Waiting for the game view\u2026", boardCol);
    this.board = new Board(
      boardCol,
      (q, r) => this.clickHex(q, r),
      (ref, q, r) => this.clickPart(ref, q, r),
    );
    this.feedbackLine(boardCol);
    renderLegend(boardCol);
    const side = htmlEl("div", "clash-side", undefined, main);
    this.info = htmlEl("div", "clash-info", undefined, side);
    this.actions = new ActionList(side, (key) => this.send({ type: "act", key }));
    this.eventLog(side, 0, (e) => this.pickLog(e));
    this.panels = new Panels(root, (key) => this.send({ type: "act", key }));

    root.addEventListener("keydown", this.onKey);
    this.start({
      "change:view_patch": () => this.onPatch(),
      "change:selected": () => this.onSelected(),
    });
    // A second display of the same widget starts from the last full view: catch up.
    if (isPatch(this.model.get("view_patch")) && this.view) this.onPatch();
    this.onSelected();
    // Read by the browser benchmark (python -m clash_widget bench --browser).
    root.dataset.firstRenderMs = (performance.now() - started).toFixed(2);
  }

  destroy(): void {
    this.root.removeEventListener("keydown", this.onKey);
    this.board.destroy();
    super.destroy();
  }

  private tool(parent: HTMLElement, text: string, title: string, fn: () => void): HTMLButtonElement {
    const b = htmlEl("button", "clash-tool", text, parent);
    b.type = "button";
    b.title = title;
    b.setAttribute("aria-label", title);
    b.addEventListener("click", fn);
    return b;
  }

  // -- the incremental redraw hook: a view (full or patched) redraws only what changed --

  protected draw(v: View): void {
    this.waiting.remove();
    this.board.update(v);
    if (this.selected && !this.board.hexAt(this.selected)) this.selected = null;
    if (this.cursor && !this.board.hexAt(this.cursor)) this.cursor = null;
    if (!this.cursor && !this.selected) this.cursor = homeHex(v); // start at the seat's own pieces
    if (this.picked && !findPart(v, this.picked)) this.setPicked(null);
    setText(this.prompt, this.promptFor(v));
    this.panels.update(v, this.model.get("bots") ?? []);
    this.refreshSelection();
  }

  protected finalScores(v: View): ScoreRow[] {
    // Clash of Cultures: victory points by source (the game's own breakdown).
    return v.players.map((p) => ({
      seat: p.seat,
      total: `${p.vp} VP`,
      parts: Object.entries(p.vp_breakdown ?? {})
        .filter(([, n]) => n)
        .map(([k, n]) => `${VP_SOURCES[k] ?? k.replace(/_/g, " ")} ${n}`),
    }));
  }

  protected position(v: View): string {
    const t = v.turn;
    return t ? `Age ${t.age} \u00B7 turn ${t.round} \u00B7 ${actionsLeft(t.actions_left)}` : "";
  }

  protected onSettings(): void {
    super.onSettings();
    if (this.view) this.panels.update(this.view, this.model.get("bots") ?? []);
  }

  private onPatch(): void {
    const p = this.model.get("view_patch");
    if (!isPatch(p)) return;
    const fit = patchFits(this.view, p);
    if (fit === "apply" && this.view) this.show(applyPatch(this.view, p));
    else if (fit === "resync") this.send({ type: "resync" });
  }

  // -- hexes: clicks, keys, marks ---------------------------------------------------------

  private clickHex(q: number, r: number, fromPart = false): void {
    const k = hexKey(q, r);
    if (!fromPart) {
      this.root.focus({ preventScroll: true });
      // A chosen unit stays chosen only on a hex where a move names it (its destination).
      const v = this.view;
      const named = v && actionsForHex(v, k).some((a) => (a.picks ?? []).some((p) => p.parts.includes(this.picked!)));
      if (this.picked && !named) this.setPicked(null);
    }
    this.selected = k;
    this.cursor = k;
    // The intent goes first: Python works on it while the page redraws locally.
    this.send({ type: "select", q, r });
    this.refreshSelection();
  }

  /** A unit part clicked (or Enter on it): pick it (again: unpick) and select its hex. */
  private clickPart(ref: string, q: number, r: number): void {
    this.setPicked(this.picked === ref ? null : ref);
    this.clickHex(q, r, true); // the focus stays on the unit
  }

  private setPicked(ref: string | null): void {
    this.picked = ref;
    this.board.setPicked(ref);
  }

  private onKey = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    // a11y: Enter/Space on a control inside the board (button, summary, select, ...) acts natively.
    const native = target && target !== this.root && target.matches("button, summary, select, input, a, [role=button], .match-log-box");
    if (native && (e.key === "Enter" || e.key === " ")) return;
    if (native && target.matches(OWN_KEYS) && ARROWS[e.key]) return; // their own arrows (the log's scroll too)
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === "Escape" && native) {
      // From the actions (or the log) back to the board, the cursor where it was.
      e.preventDefault();
      e.stopPropagation();
      this.root.focus({ preventScroll: true });
      return;
    }
    if (native) return;
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
      if (next) this.moveCursor(hexKey(next.q, next.r));
    } else if (e.key === "n" || e.key === "N") {
      // The next (Shift: previous) hex where an action can be taken.
      e.preventDefault();
      e.stopPropagation();
      const next = this.view ? nextLegalHex(this.view, this.cursor ?? this.selected, e.key === "N" ? -1 : 1) : null;
      if (next) this.moveCursor(next);
    } else if (e.key === "a" || e.key === "A") {
      // From the board to the actions: the selected hex's, else the others.
      const b = this.firstAction(this.actions.el);
      if (!b) return;
      e.preventDefault();
      e.stopPropagation();
      b.focus();
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
      this.setPicked(null);
      this.refreshSelection();
    }
  };

  /** The cursor to hex `k` (a screen reader hears the hex: see Board.setMarks). */
  private moveCursor(k: string): void {
    this.cursor = k;
    this.refreshMarks();
  }

  /** After a move: the board (the cursor where it was) while a hex has something to do, else the next choice's button. */
  protected focusAfterMove(): HTMLElement | SVGElement | null {
    const v = this.view;
    if (v?.over) return super.focusAfterMove();
    if (v && legalHexes(v).size === 0) return this.firstAction(this.actions.el) ?? this.root;
    return this.root;
  }

  protected decorateLogEntry(li: HTMLLIElement, e: LogLine): void {
    if (refKeys((e as LogEntry).hexes).length) {
      li.classList.add("has-hexes");
      pickable(li, "Outline its hexes on the map (click, Enter or Space; again to clear)");
    }
  }

  private pickLog(e: LogLine | null): void {
    this.logHexes = new Set(e ? refKeys((e as LogEntry).hexes) : []);
    this.refreshMarks();
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

  private refreshSelection(): void {
    const v = this.view;
    if (v) this.actions.update(v, this.selected, this.picked);
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
    // In words a learner finds on the map; the coordinates in the tooltip (and the map's toggle).
    const [q, r] = this.selected.split(",").map(Number);
    const head = htmlEl("h4", "", capitalise(placeWords(v, q, r)), el);
    head.title = `hex ${this.selected}`;
    const city = (v.cities ?? []).find((c) => hexKey(c.q, c.r) === this.selected);
    if (city) {
      const pieces = (city.pieces ?? []).map((p) => p.name ?? p.kind).join(", ");
      htmlEl(
        "p",
        "clash-info-city",
        // The heading names the city already ("Blue's capital (grassland)").
        `Size ${city.size} \u00B7 ${city.mood}` +
          (pieces ? ` \u00B7 ${pieces}` : ""),
        el,
      );
    }
    for (const u of (v.units ?? []).filter((u) => hexKey(u.q, u.r) === this.selected)) {
      // A stack whose units differ says how, in Python's words.
      const parts = (u.parts ?? []).map((p) => (p.count > 1 ? `${p.count} \u00D7 ${p.label}` : p.label));
      const how = parts.length ? `: ${parts.join("; ")}` : "";
      htmlEl("p", "clash-info-unit", `${playerName(v.players, u.owner)}: ${unitWord(u.kind, u.count)}${how}`, el);
    }
    const n = actionsForHex(v, this.selected).length;
    if (n === 0 && !city) htmlEl("p", "clash-muted", "Nothing to do here.", el);
  }
}

/** The hex the keyboard cursor starts on: the seat's capital, else one of its cities or units. */
export function homeHex(v: View): string | null {
  const seat = v.seat ?? v.current_player;
  const cities = (v.cities ?? []).filter((c) => c.owner === seat);
  const city = cities.find((c) => c.capital) ?? cities[0];
  if (city) return hexKey(city.q, city.r);
  const unit = (v.units ?? []).find((u) => u.owner === seat);
  return unit ? hexKey(unit.q, unit.r) : null;
}

/** The legal hex after `from` (dir -1: before) in reading order (rows top down, then left to right), wrapping. */
export function nextLegalHex(v: View, from: string | null, dir: 1 | -1): string | null {
  const keys = [...legalHexes(v)].map((k) => k.split(",").map(Number) as [number, number]);
  if (!keys.length) return null;
  // Reading order on the flat-top map: top down (y grows with r + q/2), then left to right.
  keys.sort((a, b) => a[1] + a[0] / 2 - (b[1] + b[0] / 2) || a[0] - b[0]);
  const list = keys.map(([q, r]) => hexKey(q, r));
  const i = from ? list.indexOf(from) : -1;
  if (i < 0) return dir > 0 ? list[0] : list[list.length - 1];
  return list[(i + dir + list.length) % list.length];
}

const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The words for Clash's victory-point sources (view.players[].vp_breakdown). */
const VP_SOURCES: Record<string, string> = {
  city_pieces: "city pieces",
  advances: "advances",
  wonders: "wonders",
  objectives: "objectives",
  events: "events",
};
