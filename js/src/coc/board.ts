// The board: an SVG with one polygon per hex (data-q, data-r, data-terrain) and
// layers for region borders, labels, cities and units, and highlight marks.
// The hex layer is kept between updates: only attributes and classes change
// unless the set of hexes itself changes. Cities and units are redrawn only when
// their data changed.

import {
  BARBARIAN_COLOR,
  TERRAIN_COLORS,
  TERRAIN_GLYPHS,
  TERRAIN_LABELS,
  playerColor,
  playerName,
  textOn,
  unitWord,
} from "./colors";
import { boundingBox, hexCenter, hexCorners, hexPoints } from "./hex";
import { type City, type Hex, type Unit, type UnitPart, type View, hexKey } from "./model";
import { svgEl, svgText, svgTitle } from "../shared/svg";
import { CITY, COUNT_ROOM, MARKS, type MarkStyle, drawBuilding, drawCount, drawHouse, drawUnitShape, markAttrs } from "./pieces";
import { Viewport } from "./viewport";
import { label, liveRegion } from "../shared/a11y";

export const HEX_SIZE = 40;
const MARGIN = 6;
// Neighbour across edge i (corner i -> corner i+1) of a flat-top hex, SVG y down.
const EDGE_NEIGHBOURS: [number, number][] = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
];
const MOOD_GLYPHS: Record<string, string> = { happy: "\u263A", neutral: "\u2013", angry: "\u2639" };

let uidCounter = 0;

/** Outlines of one kind (legal targets, log hexes), one per hex, keyed "q,r". */
interface OutlineSet {
  group: SVGGElement;
  els: Map<string, SVGPolygonElement>;
  hexClass: string;
  outlineClass: string;
  scale: number;
}

/** A single outline that moves from hex to hex (the selection, the keyboard cursor). */
interface Ring {
  el: SVGGElement;
  key: string | null;
}

export interface Marks {
  selected: string | null; // "q,r"
  cursor: string | null;
  legal: ReadonlySet<string>;
  log: ReadonlySet<string>;
}

export class Board {
  readonly svg: SVGSVGElement;
  readonly viewport: Viewport;
  private readonly uid = `clash${++uidCounter}`;
  private readonly hexLayer: SVGGElement;
  private readonly regionLayer: SVGGElement;
  private readonly labelLayer: SVGGElement;
  private readonly pieceLayer: SVGGElement;
  private readonly markLayer: SVGGElement;
  private readonly hexEls = new Map<string, SVGPolygonElement>();
  private readonly hexByKey = new Map<string, Hex>();
  private readonly legalMarks: OutlineSet;
  private readonly logMarks: OutlineSet;
  private readonly selectedMark: Ring;
  private readonly cursorMark: Ring;
  private marks: Marks = { selected: null, cursor: null, legal: new Set(), log: new Set() };
  private hexes: Hex[] = [];
  private hexSig = "";
  private terrainSig = "";
  private pieceSig = "";
  private pickSig = "";
  private last: View | null = null;
  /** The unit part the player clicked (its ref), drawn pressed. */
  private picked: string | null = null;
  /** Counts of full rebuilds, for tests and debugging. */
  readonly stats = { hexBuilds: 0, hexUpdates: 0, pieceBuilds: 0 };
  /** Says the keyboard cursor's hex to a screen reader (the SVG itself is one picture). */
  private readonly announcer: { el: HTMLElement; say: (text: string) => void };

  constructor(
    parent: HTMLElement,
    private readonly onHexClick: (q: number, r: number) => void,
    /** A click (or Enter/Space) on one part of a stack whose units differ. */
    private readonly onPartClick: (ref: string, q: number, r: number) => void = () => {},
  ) {
    this.svg = svgEl("svg", {
      class: "clash-board",
      // a11y: a group (not one picture), so that cities and units are named one by one.
      role: "group",
      "aria-label": "Clash of Cultures board",
      preserveAspectRatio: "xMidYMid meet",
    });
    parent.appendChild(this.svg);
    this.announcer = liveRegion(parent);
    const defs = svgEl("defs", {}, this.svg);
    const pat = svgEl(
      "pattern",
      {
        id: `${this.uid}-hatch`,
        patternUnits: "userSpaceOnUse",
        width: 7,
        height: 7,
        patternTransform: "rotate(45)",
      },
      defs,
    );
    svgEl("rect", { width: 7, height: 7, class: "clash-unexplored-bg" }, pat);
    svgEl("line", { x1: 0, y1: 0, x2: 0, y2: 7, class: "clash-unexplored-line" }, pat);
    this.hexLayer = svgEl("g", { class: "clash-layer-hexes" }, this.svg);
    this.regionLayer = svgEl("g", { class: "clash-layer-regions" }, this.svg);
    // Marks under labels and pieces: outlines never hide a coordinate or a count.
    this.markLayer = svgEl("g", { class: "clash-layer-marks" }, this.svg);
    // One group per kind keeps the stacking (legal < log < selection < cursor) while
    // outlines come and go; the legal group carries the shadow filter once.
    // Each kind's line is drawn from MARKS (pieces.ts), as presentation attributes: the
    // legend draws the same, and the kinds differ in pattern and width, not only colour.
    const outlines = (kind: "legal" | "log", scale: number): OutlineSet => ({
      group: svgEl("g", { class: `clash-marks-${kind}`, ...markAttrs(MARKS[kind]) }, this.markLayer),
      els: new Map(),
      hexClass: `is-${kind}`,
      outlineClass: `clash-mark-${kind}`,
      scale,
    });
    this.legalMarks = outlines("legal", 0.86);
    this.logMarks = outlines("log", 0.8);
    const ring = (kind: "selected" | "cursor", scale: number): Ring => {
      const style: MarkStyle = MARKS[kind];
      const g = svgEl("g", { class: `clash-ring-${kind}`, display: "none" }, this.markLayer);
      const points = outlinePoints(0, 0, scale);
      if (style.under) svgEl("polygon", { class: `clash-mark-${kind}-under`, points, ...markAttrs(style, true) }, g);
      svgEl("polygon", { class: `clash-mark-${kind}`, points, ...markAttrs(style) }, g);
      return { el: g, key: null };
    };
    this.selectedMark = ring("selected", 0.97);
    this.cursorMark = ring("cursor", 0.93);
    this.labelLayer = svgEl("g", { class: "clash-layer-labels" }, this.svg);
    this.pieceLayer = svgEl("g", { class: "clash-layer-pieces" }, this.svg);
    this.viewport = new Viewport(this.svg);
    this.svg.addEventListener("click", this.onClick);
    this.svg.addEventListener("keydown", this.onPartKey);
  }

  destroy(): void {
    this.svg.removeEventListener("click", this.onClick);
    this.svg.removeEventListener("keydown", this.onPartKey);
    this.viewport.destroy();
    this.svg.remove();
  }

  private onClick = (e: Event): void => {
    if (this.partEvent(e)) return;
    const t = (e.target as Element | null)?.closest?.("[data-q][data-r]");
    if (!t) return;
    const q = Number(t.getAttribute("data-q"));
    const r = Number(t.getAttribute("data-r"));
    if (Number.isInteger(q) && Number.isInteger(r)) this.onHexClick(q, r);
  };

  /** A unit part is a button: Enter or Space picks it like a click. */
  private onPartKey = (e: KeyboardEvent): void => {
    if (e.key !== "Enter" && e.key !== " ") return;
    if (!this.partEvent(e)) return;
    e.preventDefault();
    e.stopPropagation(); // the board's own Enter selects the cursor's hex
  };

  private partEvent(e: Event): boolean {
    const t = (e.target as Element | null)?.closest?.("[data-pick]");
    if (!t) return false;
    const q = Number(t.getAttribute("data-q"));
    const r = Number(t.getAttribute("data-r"));
    this.onPartClick(t.getAttribute("data-pick") ?? "", q, r);
    return true;
  }

  /** Draw `ref`'s part pressed (null: none). */
  setPicked(ref: string | null): void {
    this.picked = ref;
    for (const g of this.pieceLayer.querySelectorAll<SVGGElement>("[data-pick]")) {
      const on = g.getAttribute("data-pick") === ref;
      g.classList.toggle("is-picked", on);
      g.setAttribute("aria-pressed", String(on));
    }
  }

  hexList(): Hex[] {
    return this.hexes;
  }

  hexAt(key: string): Hex | undefined {
    return this.hexByKey.get(key);
  }

  update(view: View): void {
    const hexes = view.hexes ?? [];
    // A patched view keeps the unchanged parts by reference: skip them without
    // computing their signatures.
    const same = this.last;
    this.last = view;
    const unchanged =
      same &&
      hexes === same.hexes &&
      view.cities === same.cities &&
      view.units === same.units &&
      view.players === same.players;
    // The unit parts a legal move names are buttons; the others are only drawn apart.
    const pickable = pickableParts(view);
    const pickSig = [...pickable].sort().join("|");
    if (unchanged) {
      if (pickSig !== this.pickSig) this.buildPieces(view, pickable, pickSig);
      return;
    }
    this.hexes = hexes;
    this.hexByKey.clear();
    for (const h of hexes) this.hexByKey.set(hexKey(h.q, h.r), h);
    const sig = hexes.map((h) => hexKey(h.q, h.r)).join(";");
    if (sig !== this.hexSig) {
      this.buildHexes(hexes);
      this.hexSig = sig;
      this.terrainSig = "";
      const box = boundingBox(hexes, HEX_SIZE, MARGIN);
      this.viewport.setHome(box, false);
      // The element takes the map's proportions (within reason), so no space is wasted.
      const ratio = Math.min(2.2, Math.max(0.5, box.width / box.height));
      this.svg.style.aspectRatio = ratio.toFixed(3);
    }
    const tsig = JSON.stringify(hexes.map((h) => [h.terrain, h.explored, h.region]));
    if (tsig !== this.terrainSig) {
      this.updateHexes(hexes);
      this.terrainSig = tsig;
    }
    const psig = JSON.stringify([
      view.cities,
      view.units,
      (view.players ?? []).map((p) => [p.seat, p.color, p.name]),
    ]);
    if (psig !== this.pieceSig || pickSig !== this.pickSig) {
      this.buildPieces(view, pickable, pickSig);
      this.pieceSig = psig;
    }
  }

  private buildHexes(hexes: Hex[]): void {
    this.stats.hexBuilds++;
    this.hexLayer.replaceChildren();
    this.hexEls.clear();
    this.resetMarks();
    for (const h of hexes) {
      const p = svgEl(
        "polygon",
        {
          class: "clash-hex",
          points: hexPoints(h.q, h.r, HEX_SIZE),
          "data-q": h.q,
          "data-r": h.r,
        },
        this.hexLayer,
      );
      svgTitle(p, "");
      this.hexEls.set(hexKey(h.q, h.r), p);
    }
  }

  private updateHexes(hexes: Hex[]): void {
    this.stats.hexUpdates++;
    const regionOf = new Map<string, number>();
    for (const h of hexes) regionOf.set(hexKey(h.q, h.r), h.region);
    this.labelLayer.replaceChildren();
    this.regionLayer.replaceChildren();
    for (const h of hexes) {
      const key = hexKey(h.q, h.r);
      const p = this.hexEls.get(key);
      if (!p) continue;
      const terrain = h.explored && h.terrain ? h.terrain : null;
      p.setAttribute("data-terrain", terrain ?? "unexplored");
      p.setAttribute("data-region", String(h.region));
      p.setAttribute("data-explored", String(!!h.explored));
      // Keep the mark classes: a terrain change (exploring) is not a selection change.
      p.setAttribute("class", `clash-hex clash-terrain-${terrain ?? "unexplored"}${this.markClasses(key)}`);
      p.setAttribute("fill", terrain ? TERRAIN_COLORS[terrain] : `url(#${this.uid}-hatch)`);
      const title = p.firstElementChild;
      if (title)
        title.textContent = `${terrain ? TERRAIN_LABELS[terrain] : "unexplored"} at ${h.q},${h.r}`;
      const c = hexCenter(h.q, h.r, HEX_SIZE);
      svgText(
        `${h.q},${h.r}`,
        { x: c.x, y: c.y - HEX_SIZE * 0.64, class: `clash-coord${terrain === "forest" || !terrain ? " on-dark" : ""}` },
        this.labelLayer,
      );
      if (terrain) {
        svgText(
          TERRAIN_GLYPHS[terrain],
          { x: c.x - HEX_SIZE * 0.58, y: c.y + 4, class: `clash-glyph clash-glyph-${terrain}` },
          this.labelLayer,
        );
      } else {
        svgText("?", { x: c.x, y: c.y + 7, class: "clash-glyph clash-glyph-unexplored" }, this.labelLayer);
      }
      // Region borders: draw each edge once, from the hex with the smaller key order.
      const corners = hexCorners(h.q, h.r, HEX_SIZE);
      EDGE_NEIGHBOURS.forEach(([dq, dr], i) => {
        const other = regionOf.get(hexKey(h.q + dq, h.r + dr));
        if (other === undefined || other === h.region) return;
        if (h.region > other) return;
        const a = corners[i];
        const b = corners[(i + 1) % 6];
        svgEl(
          "line",
          { x1: a.x.toFixed(2), y1: a.y.toFixed(2), x2: b.x.toFixed(2), y2: b.y.toFixed(2), class: "clash-region-edge" },
          this.regionLayer,
        );
      });
    }
  }

  private buildPieces(view: View, pickable: ReadonlySet<string>, pickSig: string): void {
    this.stats.pieceBuilds++;
    this.pickSig = pickSig;
    this.pieceLayer.replaceChildren();
    const players = view.players ?? [];
    const cityAt = new Set<string>();
    for (const city of view.cities ?? []) {
      cityAt.add(hexKey(city.q, city.r));
      this.drawCity(city, view);
    }
    const stacks = new Map<string, Unit[]>();
    for (const u of view.units ?? []) {
      if (!(u.count > 0)) continue;
      const k = hexKey(u.q, u.r);
      if (!stacks.has(k)) stacks.set(k, []);
      stacks.get(k)!.push(u);
    }
    const kindOrder = { settler: 0, army: 1, ship: 2 } as Record<string, number>;
    for (const [k, units] of stacks) {
      units.sort((a, b) => a.owner - b.owner || (kindOrder[a.kind] ?? 9) - (kindOrder[b.kind] ?? 9));
      // A stack whose units differ is drawn one piece per part, each one clickable.
      const pieces: [Unit, UnitPart | null][] = units.flatMap((u): [Unit, UnitPart | null][] =>
        u.parts && u.parts.length > 1 ? u.parts.map((p): [Unit, UnitPart | null] => [u, p]) : [[u, null]],
      );
      const [q, r] = k.split(",").map(Number);
      const c = hexCenter(q, r, HEX_SIZE);
      const hasCity = cityAt.has(k);
      // As large as the hex allows (it is 80 wide and 69 high): a row of one or two pieces
      // under a badge in an open hex, a smaller row under the house in a city's hex.
      const n = pieces.length;
      const R = hasCity ? (n > 2 ? 8 : 10) : n > 3 ? 8 : n > 2 ? 10 : 13;
      const y = hasCity ? c.y + CITY.units : c.y + 6;
      const counted = pieces.some(([u, part]) => (part ? part.count : u.count) > 1);
      // A piece is at most 2.3R wide (a ship's hull).
      const step = Math.min(2.3 * R + 2 + (counted ? COUNT_ROOM : 0), n > 1 ? (hasCity ? 44 : 66) / (n - 1) : 0);
      const x0 = c.x - ((n - 1) * step) / 2;
      pieces.forEach(([u, part], i) =>
        this.drawUnit(u, x0 + i * step, y, R, playerColor(players, u.owner), playerName(players, u.owner), part, pickable),
      );
    }
    if (this.picked !== null) this.setPicked(this.picked);
  }

  private drawCity(city: City, view: View): void {
    const players = view.players ?? [];
    const c = hexCenter(city.q, city.r, HEX_SIZE);
    const color = playerColor(players, city.owner);
    const g = svgEl(
      "g",
      {
        class: `clash-city clash-owner-${city.owner < 0 ? "barbarian" : city.owner}`,
        "data-q": city.q,
        "data-r": city.r,
        "data-owner": city.owner,
        "data-size": city.size,
        "data-mood": city.mood,
      },
      this.pieceLayer,
    );
    const pieces = (city.pieces ?? []).map((p) => `${p.name ?? p.kind}`);
    const kind = city.capital ? "capital" : "city";
    const cityName =
      `${this.placeOf(city.q, city.r, `${playerName(players, city.owner)}'s ${kind}`)}, size ${city.size}, ${city.mood}` +
      (pieces.length ? `; ${pieces.join(", ")}` : "");
    svgTitle(g, cityName);
    label(g, cityName, "img");
    // The house, its size inside; the star and the mood above its eaves (CITY, pieces.ts).
    const eaves = c.y + CITY.eaves;
    drawHouse(g, c.x, eaves, CITY.half, color, city.capital);
    svgText(String(city.size), { x: c.x, y: c.y + CITY.size, class: "clash-city-size", fill: textOn(color) }, g);
    if (city.capital) svgText("\u2605", { x: c.x + CITY.star[0], y: c.y + CITY.star[1], class: "clash-capital" }, g);
    const mg = svgEl("g", { class: `clash-mood clash-mood-${city.mood}` }, g);
    const [mx, my] = [c.x + CITY.mood[0], c.y + CITY.mood[1]];
    svgEl("circle", { cx: mx, cy: my, r: CITY.moodR }, mg);
    svgText(MOOD_GLYPHS[city.mood] ?? "?", { x: mx, y: my + 3.6 }, mg);
    // The city's pieces beside the house (left, right, then lower), each its own shape.
    (city.pieces ?? []).forEach((p, i) => {
      const [dx, dy] = CITY.pieces[i % CITY.pieces.length];
      const pg = svgEl("g", { class: `clash-piece clash-piece-${p.kind}`, "data-kind": p.kind }, g);
      svgTitle(pg, p.name ?? p.kind);
      drawBuilding(pg, p.kind, c.x + dx, c.y + dy, CITY.piece, playerColor(players, p.owner));
    });
  }

  private drawUnit(
    u: Unit,
    x: number,
    y: number,
    R: number,
    color: string,
    owner: string,
    part: UnitPart | null = null,
    pickable: ReadonlySet<string> = new Set(),
  ): void {
    const count = part ? part.count : u.count;
    const g = svgEl(
      "g",
      {
        class: `clash-unit clash-unit-${u.kind} clash-owner-${u.owner < 0 ? "barbarian" : u.owner}${part ? " clash-unit-part" : ""}`,
        "data-q": u.q,
        "data-r": u.r,
        "data-owner": u.owner,
        "data-kind": u.kind,
        "data-count": count,
      },
      this.pieceLayer,
    );
    if (part) {
      // One kind of unit in a stack whose units differ: a button that picks it when a
      // legal move can name it, else a picture that says how it differs.
      const alike = part.count > 1 ? ` (${part.count} alike)` : "";
      const words = `${owner}: ${part.label}${alike} at ${this.placeOf(u.q, u.r)}`;
      g.setAttribute("data-part", part.ref);
      if (pickable.has(part.ref)) {
        g.setAttribute("data-pick", part.ref);
        g.setAttribute("tabindex", "0");
        g.setAttribute("aria-pressed", "false");
        svgTitle(g, `${words}: click to choose it`);
        label(g, `${words}, choose it`, "button");
        // Drawn only when picked / focused (CSS): a glow behind, a square ring around.
        svgEl("circle", { cx: x, cy: y, r: R + 5, class: "clash-unit-halo", ...markAttrs(MARKS.picked) }, g);
        const ring = svgEl("g", { class: "clash-unit-focus" }, g);
        const box = { x: x - R - 4, y: y - R - 4, width: 2 * R + 8, height: 2.2 * R + 8, rx: 3 };
        svgEl("rect", { ...box, class: "clash-unit-focus-under", ...markAttrs(MARKS.focus, true) }, ring);
        svgEl("rect", { ...box, class: "clash-unit-focus-line", ...markAttrs(MARKS.focus) }, ring);
      } else {
        svgTitle(g, words);
        label(g, words, "img");
      }
    } else {
      svgTitle(g, `${owner}: ${unitWord(u.kind, u.count)}`);
      label(g, `${owner}: ${unitWord(u.kind, u.count)} at ${this.placeOf(u.q, u.r)}`, "img");
    }
    const fill = u.owner < 0 ? BARBARIAN_COLOR : color;
    // One target for the whole piece: a click between a ship's sails is still on the ship.
    svgEl("rect", { x: x - R - 1, y: y - R - 1, width: 2 * R + 2, height: 2.2 * R + 2, class: "clash-unit-hit" }, g);
    drawUnitShape(g, u.kind, x, y, R, fill);
    drawCount(g, count, x, y, R);
    const cargo = Object.entries(part?.cargo ?? {}).filter(([, n]) => n > 0);
    if (cargo.length || part?.badge) {
      // What sets this part apart, in a tag above the piece (the legend explains it): a
      // ship's cargo as small pieces of their own shapes, a forest entered as its glyph.
      const widths = cargo.map(([, n]) => (n > 1 ? 21 : 11));
      const w = cargo.length ? widths.reduce((a, b) => a + b, 0) + 3 : 5 + 6 * (part?.badge.length ?? 1);
      const top = y - R - 13;
      const tag = svgEl("g", { class: "clash-unit-badge-tag" }, g);
      svgEl("rect", { x: x - w / 2, y: top, width: w, height: 12, rx: 3, class: "clash-unit-badge-bg" }, tag);
      let cx = x - w / 2 + 2;
      cargo.forEach(([kind, n], i) => {
        const cg = svgEl("g", { class: `clash-cargo clash-cargo-${kind}`, "data-kind": kind, "data-count": n }, tag);
        drawUnitShape(cg, kind, cx + 5.5, top + 6, 4.2, "#555");
        if (n > 1) svgText(`\u00d7${n}`, { x: cx + 16, y: top + 9.8, class: "clash-unit-badge" }, cg);
        cx += widths[i];
      });
      if (!cargo.length && part?.badge) svgText(part.badge, { x, y: top + 9.5, class: "clash-unit-badge" }, tag);
    }
  }

  /**
   * Selection, cursor and highlights, updated in place: only the hexes whose marks
   * changed get a class change, and outlines are kept per hex ("q,r") in their own
   * group, so a click touches a handful of nodes instead of redrawing every mark.
   */
  setMarks(m: Marks): void {
    const was = this.marks;
    this.marks = { selected: m.selected, cursor: m.cursor, legal: m.legal, log: m.log };
    if (m.legal !== was.legal) this.syncSet(was.legal, m.legal, this.legalMarks);
    if (m.log !== was.log) this.syncSet(was.log, m.log, this.logMarks);
    if (m.selected !== was.selected) {
      this.toggleHex(was.selected, "is-selected", false);
      this.toggleHex(m.selected, "is-selected", true);
    }
    if (m.cursor !== was.cursor) {
      this.toggleHex(was.cursor, "is-cursor", false);
      this.toggleHex(m.cursor, "is-cursor", true);
    }
    if (m.cursor !== null && (m.cursor !== was.cursor || m.legal !== was.legal)) {
      this.announcer.say(this.describeHex(m.cursor));
    }
    this.placeOutline(this.selectedMark, m.selected);
    // The cursor ring is only drawn apart from the selection.
    this.placeOutline(this.cursorMark, m.cursor !== m.selected ? m.cursor : null);
  }

  /** A hex in the engine's words ("the forest next to Blue's capital"), or ``fallback``. */
  private placeOf(q: number, r: number, fallback = "a hex"): string {
    return this.hexByKey.get(hexKey(q, r))?.place || fallback;
  }

  /** "Blue's capital, size 2, happy; Blue: 1 army; you may act here" (the hex in the
   *  engine's words, as the log names it; its coordinates stay in the tooltip). */
  describeHex(key: string): string {
    const h = this.hexByKey.get(key);
    if (!h) return "";
    const view = this.last;
    const players = view?.players ?? [];
    const terrain = h.explored && h.terrain ? TERRAIN_LABELS[h.terrain] : "unexplored";
    const bits = [this.placeOf(h.q, h.r, terrain)];
    const city = view?.cities.find((c) => hexKey(c.q, c.r) === key);
    if (city) {
      const pieces = (city.pieces ?? []).map((p) => p.name ?? p.kind);
      bits[0] += `, size ${city.size}, ${city.mood}` + (pieces.length ? ` (${pieces.join(", ")})` : "");
    }
    for (const u of view?.units ?? []) {
      if (hexKey(u.q, u.r) === key) bits.push(`${playerName(players, u.owner)}: ${unitWord(u.kind, u.count)}`);
    }
    let text = bits.join("; ");
    if (this.marks.legal.has(key)) text += "; you may act here (Enter)";
    if (this.marks.selected === key) text += "; selected";
    return text;
  }

  private markClasses(key: string): string {
    const m = this.marks;
    return (
      (m.legal.has(key) ? " is-legal" : "") +
      (m.log.has(key) ? " is-log" : "") +
      (m.selected === key ? " is-selected" : "") +
      (m.cursor === key ? " is-cursor" : "")
    );
  }

  private toggleHex(key: string | null, cls: string, on: boolean): void {
    if (key !== null) this.hexEls.get(key)?.classList.toggle(cls, on);
  }

  /** Bring the hexes' class and the outlines of one mark kind from `old` to `now`. */
  private syncSet(old: ReadonlySet<string>, now: ReadonlySet<string>, kind: OutlineSet): void {
    for (const k of old) {
      if (now.has(k)) continue;
      this.toggleHex(k, kind.hexClass, false);
      kind.els.get(k)?.remove();
      kind.els.delete(k);
    }
    for (const k of now) {
      if (old.has(k) || !this.hexEls.has(k)) continue;
      this.toggleHex(k, kind.hexClass, true);
      const [q, r] = k.split(",").map(Number);
      const attrs = { points: outlinePoints(q, r, kind.scale), class: kind.outlineClass, "data-key": k };
      kind.els.set(k, svgEl("polygon", attrs, kind.group));
    }
  }

  /** Move a single outline (selection or cursor) to `key`, or hide it. */
  private placeOutline(mark: Ring, key: string | null): void {
    const k = key !== null && this.hexEls.has(key) ? key : null;
    if (k === mark.key) return;
    mark.key = k;
    if (k === null) {
      mark.el.setAttribute("display", "none");
      return;
    }
    // The ring's shape is fixed at the origin; a move is one transform change.
    const [q, r] = k.split(",").map(Number);
    const c = hexCenter(q, r, HEX_SIZE);
    mark.el.setAttribute("transform", `translate(${c.x.toFixed(2)} ${c.y.toFixed(2)})`);
    mark.el.removeAttribute("display");
  }

  /** Forget every drawn mark (the hex elements were rebuilt). */
  private resetMarks(): void {
    for (const kind of [this.legalMarks, this.logMarks]) {
      kind.group.replaceChildren();
      kind.els.clear();
    }
    this.selectedMark.key = null;
    this.cursorMark.key = null;
    this.selectedMark.el.setAttribute("display", "none");
    this.cursorMark.el.setAttribute("display", "none");
    this.marks = { selected: null, cursor: null, legal: new Set(), log: new Set() };
  }
}

/** The refs of the unit parts that some legal move's picks name. */
function pickableParts(view: View): Set<string> {
  const out = new Set<string>();
  for (const a of view.legal ?? []) for (const p of a.picks ?? []) for (const r of p.parts) out.add(r);
  return out;
}

/** A hex-shaped outline around the centre of (q, r), `scale` times the hex size. */
function outlinePoints(q: number, r: number, scale: number): string {
  const c = hexCenter(q, r, HEX_SIZE);
  return hexCorners(0, 0, HEX_SIZE * scale)
    .map((p) => `${(c.x + p.x).toFixed(2)},${(c.y + p.y).toFixed(2)}`)
    .join(" ");
}
