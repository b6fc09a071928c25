// The world map as SVG: one <path data-area> per Land, Sea and Ocean (drawn once per
// map), straits as dashed lines, then the pieces (armies, Capitals, forts, Monuments,
// fleets) redrawn from each view. Highlights are classes on the area paths:
// is-option (a click does something legal), is-path / is-dest (a transfer's friendly
// path and the Capitals it reaches), is-target (what the last action touched).

import { svgEl } from "../shared/dom";
import { type Board, type MapData, type Point, colour } from "./model";

export function outline(loops: Point[][]): string {
  return loops.map((loop) => "M" + loop.map(([x, y]) => `${x},${y}`).join(" L") + " Z").join(" ");
}

export interface Highlights {
  options: Set<string>;
  path: Set<string>;
  dest: Set<string>;
}

export class MapView {
  readonly svg: SVGSVGElement;
  private readonly areas = new Map<string, SVGPathElement>();
  private readonly straits = new Map<string, SVGLineElement>();
  private readonly pieces: SVGGElement;
  private labels = new Map<string, Point>();
  private signature = "";

  constructor(parent: HTMLElement) {
    this.svg = svgEl("svg", { class: "poc-svg", role: "img" }, parent);
    this.pieces = svgEl("g", { class: "poc-pieces" });
  }

  /** Draw the static map once (again only if another map arrives). */
  setMap(map: MapData): void {
    const sig = `${map.width}x${map.height}:${map.areas.length}`;
    if (sig === this.signature) return;
    this.signature = sig;
    this.svg.replaceChildren();
    this.areas.clear();
    this.straits.clear();
    this.svg.setAttribute("viewBox", `0 0 ${map.width} ${map.height}`);
    this.svg.setAttribute("aria-label", "World map");
    const base = svgEl("g", { class: "poc-areas" }, this.svg);
    for (const a of map.areas) {
      const kind = a.barren ? "barren" : a.kind;
      const attrs = { class: `poc-area is-${kind}`, d: outline(a.loops), "data-area": a.id, "data-label": a.label.join(",") };
      const p = svgEl("path", attrs, base);
      const t = svgEl("title", {}, p);
      t.textContent = a.name + (a.barren ? " (barren)" : "");
      this.areas.set(a.id, p);
      this.labels.set(a.id, a.label);
    }
    const lines = svgEl("g", { class: "poc-straits" }, this.svg);
    for (const s of map.straits) {
      const [[x1, y1], [x2, y2]] = s.line;
      const l = svgEl("line", { class: "poc-strait", x1, y1, x2, y2, "data-strait": s.id }, lines);
      const t = svgEl("title", {}, l);
      t.textContent = s.name;
      this.straits.set(s.id, l);
    }
    const names = svgEl("g", { class: "poc-labels" }, this.svg);
    for (const a of map.areas) {
      const [x, y] = a.label;
      const t = svgEl("text", { x, y: y - 9, class: `poc-label is-${a.kind}` }, names);
      t.textContent = a.name;
    }
    this.svg.appendChild(this.pieces);
  }

  /** Redraw the pieces and the highlights. */
  update(board: Board, hl: Highlights, touched: Set<string>): void {
    for (const [id, p] of this.areas) {
      p.classList.toggle("is-option", hl.options.has(id));
      p.classList.toggle("is-path", hl.path.has(id));
      p.classList.toggle("is-dest", hl.dest.has(id));
      p.classList.toggle("is-touched", touched.has(id));
      p.classList.toggle("is-held", id in board.lands);
    }
    for (const [id, l] of this.straits) l.classList.toggle("is-path", hl.path.has(`strait:${id}`));
    this.pieces.replaceChildren();
    for (const [land, m] of Object.entries(board.lands)) {
      const [x, y] = this.labels.get(land) ?? [0, 0];
      const capital = board.capitals[land] === m.empire;
      const attrs = { "data-area": land, "data-seat": m.seat, "data-empire": m.empire, fill: colour(m.seat) };
      if (capital) {
        svgEl("rect", { ...attrs, class: "poc-army is-capital", x: x - 6, y: y - 6, width: 12, height: 12, transform: `rotate(45 ${x} ${y})` }, this.pieces);
      } else {
        svgEl("circle", { ...attrs, class: "poc-army", cx: x, cy: y, r: 6 }, this.pieces);
      }
      if (board.forts.includes(land)) svgEl("rect", { class: "poc-fort", x: x + 7, y: y - 4, width: 6, height: 8 }, this.pieces);
      if (board.monuments.includes(land)) {
        svgEl("polygon", { class: "poc-monument", points: `${x - 13},${y + 4} ${x - 9},${y - 5} ${x - 5},${y + 4}` }, this.pieces);
      }
    }
    for (const [water, fleets] of Object.entries(board.fleets)) {
      const [x, y] = this.labels.get(water) ?? [0, 0];
      fleets.forEach((f, i) => {
        const fx = x - 8 * (fleets.length - 1) + 16 * i;
        svgEl(
          "polygon",
          {
            class: "poc-fleet",
            "data-area": water,
            "data-seat": f.seat,
            "data-empire": f.empire,
            fill: colour(f.seat),
            points: `${fx - 7},${y + 2} ${fx + 7},${y + 2} ${fx + 4},${y + 7} ${fx - 4},${y + 7}`,
          },
          this.pieces,
        );
      });
    }
  }

  area(id: string): SVGPathElement | undefined {
    return this.areas.get(id);
  }
}
