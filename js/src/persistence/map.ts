// The world map as SVG: one <path data-area> per Land, Sea and Ocean (drawn once per
// map), straits as dashed lines, the area names where names.py placed them, then the
// pieces (armies, Capitals, forts, Monuments, fleets) redrawn from each view. Every
// army and fleet carries its player's letter, so colour is never the only cue.
// Highlights are classes on the area paths: is-option (a click does something legal:
// a green fill and a thick outline), is-path / is-dest (a transfer's friendly path and
// the Capitals it reaches), is-touched (what the last action touched).
// Keyboard: the map is one tab stop; the arrow keys move between areas, Enter or Space
// chooses the focused one (as a click does). Each area's accessible name says what is on it.

import { label, seatTag } from "../shared/a11y";
import { svgEl } from "../shared/dom";
import { arrowNav } from "../shared/keyboard";
import type { LegendSpec } from "../shared/legend";
import { playerColour, playerName } from "../shared/players";
import type { Board, MapData, Point, View } from "./model";

export function outline(loops: Point[][]): string {
  return loops.map((loop) => "M" + loop.map(([x, y]) => `${x},${y}`).join(" L") + " Z").join(" ");
}

export interface Highlights {
  options: Set<string>;
  path: Set<string>;
  dest: Set<string>;
}

/** How the map names Empires and players in its accessible names and letters. */
export interface MapNames {
  empire: (id: string) => string;
  seat: (seat: number) => string;
  colour: (seat: number) => string;
}

/** The names and colours a view gives its Empires and players (shared/players.ts). */
export function mapNames(v: View): MapNames {
  const empires = new Map(v.empires.map((e) => [e.id, e.name]));
  return {
    empire: (id) => empires.get(id) ?? id,
    seat: (s) => playerName(v.players, s),
    colour: (s) => playerColour(v.players, s),
  };
}

const DEFAULT_NAMES: MapNames = {
  empire: (id) => id,
  seat: (s) => playerName(undefined, s),
  colour: (s) => playerColour(undefined, s),
};

const KIND_WORDS: Record<string, string> = { land: "land", sea: "sea", ocean: "ocean", barren: "barren land" };

export class MapView {
  readonly svg: SVGSVGElement;
  readonly hint: HTMLElement;
  private readonly areas = new Map<string, SVGPathElement>();
  private readonly straits = new Map<string, SVGLineElement>();
  private readonly pieces: SVGGElement;
  private labels = new Map<string, Point>();
  private names = new Map<string, string>();
  private kinds = new Map<string, string>();
  private signature = "";
  private readonly stopNav: () => void;

  constructor(parent: HTMLElement) {
    this.svg = svgEl("svg", { class: "poc-svg", role: "group" }, parent);
    this.pieces = svgEl("g", { class: "poc-pieces", "aria-hidden": "true" });
    this.hint = document.createElement("p");
    this.hint.className = "poc-map-hint";
    parent.appendChild(this.hint);
    this.stopNav = arrowNav(this.svg, {
      items: () => [...this.areas.values()],
      centre: (e) => {
        const [x, y] = this.labels.get(e.getAttribute("data-area") ?? "") ?? [0, 0];
        return { x, y };
      },
    });
  }

  destroy(): void {
    this.stopNav();
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
    label(this.svg, "World map: Tab reaches the map, the arrow keys move between areas, Enter chooses one");
    const base = svgEl("g", { class: "poc-areas" }, this.svg);
    for (const a of map.areas) {
      const kind = a.barren ? "barren" : a.kind;
      const attrs = {
        class: `poc-area is-${kind}`,
        d: outline(a.loops),
        "data-area": a.id,
        "data-label": a.label.join(","),
        role: "button",
        tabindex: -1,
      };
      const p = svgEl("path", attrs, base);
      this.areas.set(a.id, p);
      this.labels.set(a.id, a.label);
      this.names.set(a.id, a.name);
      this.kinds.set(a.id, kind);
    }
    const first = map.areas.find((a) => a.kind === "land") ?? map.areas[0];
    if (first) this.areas.get(first.id)?.setAttribute("tabindex", "0");
    const lines = svgEl("g", { class: "poc-straits", "aria-hidden": "true" }, this.svg);
    for (const s of map.straits) {
      const [[x1, y1], [x2, y2]] = s.line;
      const l = svgEl("line", { class: "poc-strait", x1, y1, x2, y2, "data-strait": s.id }, lines);
      const t = svgEl("title", {}, l);
      t.textContent = s.name;
      this.straits.set(s.id, l);
    }
    const names = svgEl("g", { class: "poc-labels", "aria-hidden": "true" }, this.svg);
    for (const a of map.areas) {
      const spot = map.names?.[a.id] ?? { x: a.label[0], y: a.label[1] - 9, lines: [a.name] };
      const t = svgEl("text", { x: spot.x, y: spot.y, class: `poc-label is-${a.kind}`, "data-area-name": a.id }, names);
      spot.lines.forEach((line, i) => {
        const span = svgEl("tspan", { x: spot.x, dy: i === 0 ? 0 : "1.15em" }, t);
        span.textContent = line;
      });
    }
    this.svg.appendChild(this.pieces);
  }

  /** Redraw the pieces, the highlights, the areas' accessible names and the hint. */
  update(board: Board, hl: Highlights, touched: Set<string>, names: MapNames = DEFAULT_NAMES): void {
    for (const [id, p] of this.areas) {
      p.classList.toggle("is-option", hl.options.has(id));
      p.classList.toggle("is-path", hl.path.has(id));
      p.classList.toggle("is-dest", hl.dest.has(id));
      p.classList.toggle("is-touched", touched.has(id));
      p.classList.toggle("is-held", id in board.lands);
      label(p, this.describe(id, board, hl, names));
    }
    for (const [id, l] of this.straits) l.classList.toggle("is-path", hl.path.has(`strait:${id}`));
    this.pieces.replaceChildren();
    for (const [land, m] of Object.entries(board.lands)) {
      const [x, y] = this.labels.get(land) ?? [0, 0];
      const capital = board.capitals[land] === m.empire;
      const attrs = { "data-area": land, "data-seat": m.seat, "data-empire": m.empire, fill: names.colour(m.seat) };
      if (capital) {
        svgEl("rect", { ...attrs, class: "poc-army is-capital", x: x - 7, y: y - 7, width: 14, height: 14, transform: `rotate(45 ${x} ${y})` }, this.pieces);
      } else {
        svgEl("circle", { ...attrs, class: "poc-army", cx: x, cy: y, r: 7 }, this.pieces);
      }
      this.letter(x, y, names.seat(m.seat), m.seat, land);
      if (board.forts.includes(land)) svgEl("rect", { class: "poc-fort", x: x + 8, y: y - 4, width: 6, height: 8 }, this.pieces);
      if (board.monuments.includes(land)) {
        svgEl("polygon", { class: "poc-monument", points: `${x - 15},${y + 4} ${x - 11},${y - 5} ${x - 7},${y + 4}` }, this.pieces);
      }
    }
    for (const [water, fleets] of Object.entries(board.fleets)) {
      const [x, y] = this.labels.get(water) ?? [0, 0];
      fleets.forEach((f, i) => {
        const fx = x - 9 * (fleets.length - 1) + 18 * i;
        svgEl(
          "polygon",
          {
            class: "poc-fleet",
            "data-area": water,
            "data-seat": f.seat,
            "data-empire": f.empire,
            fill: names.colour(f.seat),
            points: `${fx - 8},${y - 2} ${fx + 8},${y - 2} ${fx + 5},${y + 7} ${fx - 5},${y + 7}`,
          },
          this.pieces,
        );
        this.letter(fx, y + 1, names.seat(f.seat), f.seat, water);
      });
    }
    const n = hl.options.size;
    this.hint.textContent = n
      ? `Click one of the highlighted areas on the map (light green, thick dark outline), or press Tab to reach the map, the arrow keys to move, Enter to choose.`
      : "Point at an area for its name; with the keyboard: Tab to the map, then the arrow keys.";
  }

  /** The player's letter on a piece, so that the colour is not the only cue. */
  private letter(x: number, y: number, name: string, seat: number, area: string): void {
    const t = svgEl("text", { class: "poc-piece-letter", x, y: y + 3.5, "data-area": area }, this.pieces);
    t.textContent = seatTag(name, seat);
  }

  /** "Egypt, land, Blue's Egyptians' Capital, fort; you may choose it". */
  private describe(id: string, board: Board, hl: Highlights, names: MapNames): string {
    const bits = [`${this.names.get(id) ?? id}, ${KIND_WORDS[this.kinds.get(id) ?? ""] ?? ""}`];
    const m = board.lands[id];
    if (m) {
      const what = board.capitals[id] === m.empire ? "Capital" : "army";
      bits.push(`${names.seat(m.seat)}'s ${names.empire(m.empire)} ${what}`);
    }
    if (board.forts.includes(id)) bits.push("fort");
    if (board.monuments.includes(id)) bits.push("Monument");
    const fleets = board.fleets[id] ?? [];
    for (const f of fleets) bits.push(`${names.seat(f.seat)}'s ${names.empire(f.empire)} fleet`);
    let text = bits.join(", ");
    if (hl.dest.has(id)) text += "; a Capital the transfer can reach: choose it";
    else if (hl.options.has(id)) text += "; you may choose it";
    else if (hl.path.has(id)) text += "; on the transfer's friendly path";
    return text;
  }

  area(id: string): SVGPathElement | undefined {
    return this.areas.get(id);
  }
}

/** The map's legend: every shape, outline and colour it draws, and its words. */
export function mapLegend(seatNames: { seat: number; name: string; color: string }[]): LegendSpec {
  const players = seatNames.map((p) => ({
    mark: { shape: "circle" as const, fill: p.color, text: seatTag(p.name, p.seat) },
    name: p.name,
    meaning: "colour and letter on the player's armies and fleets",
    key: `seat-${p.seat}`,
  }));
  return {
    title: "Legend: the map's symbols",
    open: false, // one line until opened: the table stays in view (docs/design.md, Legends)
    sections: [
      { title: "Players", entries: players },
      {
        title: "Pieces",
        entries: [
          { mark: { shape: "circle", fill: "#9e9e9e", text: "1" }, name: "army", meaning: "an Empire's army holds the land", key: "army" },
          { mark: { shape: "diamond", fill: "#9e9e9e", text: "1" }, name: "Capital", meaning: "the army on the Empire's Capital", key: "capital" },
          { mark: { shape: "ship", fill: "#9e9e9e" }, name: "fleet", meaning: "an Empire's fleet at sea", key: "fleet" },
          { mark: { shape: "square", fill: "#555" }, name: "fort", key: "fort" },
          { mark: { shape: "triangle", fill: "#8d6e63" }, name: "Monument", key: "monument" },
        ],
      },
      {
        title: "Areas and marks",
        entries: [
          { mark: { shape: "area", fill: "#eadcae" }, name: "land", key: "land" },
          { mark: { shape: "area", fill: "#bdb3a3" }, name: "barren land", meaning: "a transfer path may not cross it", key: "barren" },
          { mark: { shape: "area", fill: "#8fbde8" }, name: "sea", key: "sea" },
          { mark: { shape: "area", fill: "#35609b" }, name: "ocean", key: "ocean" },
          { mark: { shape: "line", stroke: "#333", dash: true }, name: "strait", meaning: "a short dashed link across the water between two lands; a transfer path may cross it unless an enemy holds that sea", key: "strait" },
          { mark: { shape: "area", fill: "#c5e8a4", stroke: "#1b5e20", width: 3 }, name: "green, thick outline", meaning: "you may choose this area now", key: "option" },
          { mark: { shape: "area", fill: "#fff3a8", stroke: "#c9a400", width: 3 }, name: "yellow outline", meaning: "the friendly path of a transfer", key: "path" },
          { mark: { shape: "area", fill: "#eadcae", stroke: "#e65100", width: 4 }, name: "orange outline", meaning: "a Capital the transfer can reach", key: "dest" },
          { mark: { shape: "area", fill: "#eadcae", stroke: "#555", width: 2, dash: true }, name: "dashed outline", meaning: "what the last action touched", key: "touched" },
        ],
      },
    ],
    terms: [
      { term: "Capital", meaning: "an Empire's chief land (the diamond); a Culture card in play stands at a Capital" },
      { term: "transfer", meaning: "moving a Culture card to another Capital along a path of friendly areas" },
      { term: "friendly", meaning: "an area holding at least one of your Faction's markers" },
      {
        term: "red card, orange card\u2026",
        meaning: "an Event card's pile, by its colour (the coloured top edge of a card in a hand), not a player",
      },
    ],
  };
}
