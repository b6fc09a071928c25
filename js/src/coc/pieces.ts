// The pieces of the Clash of Cultures board and the marks around them, drawn once here
// for the board (board.ts) and its legend (legend.ts), so the two always agree.
// Each kind of unit and of city piece has its own silhouette (colour is never the only
// cue, and a shape reads at the size a map shrinks to); a unit's count is a "×N" tag
// (none for one unit), so it is never read as a city's size, the number in a house.
// The board's outlines differ in their stroke, not only in colour (MARKS).

import { svgEl, svgText } from "../shared/svg";

/** A drawing callback's target: the group a piece is drawn into. */
type Parent = SVGElement;

const f = (n: number): string => n.toFixed(2);
const pts = (list: [number, number][]): string => list.map(([a, b]) => `${f(a)},${f(b)}`).join(" ");

/** The unit kinds with a shape of their own (any other kind is drawn as a diamond). */
export const UNIT_SHAPES = ["settler", "army", "ship"] as const;

/**
 * A unit's silhouette centred on (x, y), about 2R wide, in `fill`, every part with the
 * class `clash-unit-shape` (the seat's outline pattern and the focus style apply to it):
 * an army a shield, a settler a covered wagon, a ship a hull under two sails.
 */
export function drawUnitShape(parent: Parent, kind: string, x: number, y: number, R: number, fill: string): void {
  const cls = "clash-unit-shape";
  if (kind === "army") {
    const d =
      `M${f(x - R)},${f(y - R)} L${f(x + R)},${f(y - R)} L${f(x + R)},${f(y + 0.1 * R)} ` +
      `C${f(x + R)},${f(y + 0.7 * R)} ${f(x + 0.4 * R)},${f(y + 0.95 * R)} ${f(x)},${f(y + 1.15 * R)} ` +
      `C${f(x - 0.4 * R)},${f(y + 0.95 * R)} ${f(x - R)},${f(y + 0.7 * R)} ${f(x - R)},${f(y + 0.1 * R)} Z`;
    svgEl("path", { d, fill, class: cls, "data-shape": "shield" }, parent);
  } else if (kind === "settler") {
    // The wagon's canopy (rounded top), then its two wheels.
    const d =
      `M${f(x - R)},${f(y + 0.45 * R)} L${f(x - R)},${f(y - 0.35 * R)} ` +
      `Q${f(x - R)},${f(y - R)} ${f(x - 0.45 * R)},${f(y - R)} L${f(x + 0.45 * R)},${f(y - R)} ` +
      `Q${f(x + R)},${f(y - R)} ${f(x + R)},${f(y - 0.35 * R)} L${f(x + R)},${f(y + 0.45 * R)} Z`;
    const g = svgEl("g", { "data-shape": "wagon" }, parent);
    svgEl("path", { d, fill, class: cls }, g);
    for (const dx of [-0.52, 0.52]) {
      svgEl("circle", { cx: f(x + dx * R), cy: f(y + 0.68 * R), r: f(0.34 * R), fill: "#3a3a3a", class: cls }, g);
    }
  } else if (kind === "ship") {
    const g = svgEl("g", { "data-shape": "ship" }, parent);
    svgEl("polygon", { points: pts([[x - 1.15 * R, y + 0.2 * R], [x + 1.15 * R, y + 0.2 * R], [x + 0.72 * R, y + R], [x - 0.72 * R, y + R]]), fill, class: cls }, g);
    svgEl("polygon", { points: pts([[x - 0.12 * R, y - 1.05 * R], [x - 0.12 * R, y + 0.05 * R], [x - 0.95 * R, y + 0.05 * R]]), fill, class: cls }, g);
    svgEl("polygon", { points: pts([[x + 0.08 * R, y - 0.8 * R], [x + 0.08 * R, y + 0.05 * R], [x + 0.8 * R, y + 0.05 * R]]), fill, class: cls }, g);
  } else {
    svgEl("polygon", { points: pts([[x, y - R], [x + R, y], [x, y + R], [x - R, y]]), fill, class: cls, "data-shape": "diamond" }, parent);
  }
}

/** A unit's count as its tag says it: "×3"; one unit has no tag. */
export function countTag(count: number): string {
  return count > 1 ? `\u00d7${count}` : "";
}

/**
 * The "×N" tag on the piece's lower right corner, dark on white whatever the seat's
 * colour; it reaches at most COUNT_ROOM past the piece's right edge.
 */
export function drawCount(parent: Parent, count: number, x: number, y: number, R: number): void {
  const text = countTag(count);
  if (!text) return;
  const w = 4 + 6.2 * text.length;
  const cx = x + 0.62 * R;
  const cy = y + 0.8 * R;
  const g = svgEl("g", { class: "clash-unit-count-tag" }, parent);
  svgEl("rect", { x: f(cx - w / 2), y: f(cy - 6.25), width: f(w), height: 12.5, rx: 3, class: "clash-unit-count-bg" }, g);
  svgText(text, { x: f(cx), y: f(cy + 4), class: "clash-unit-count" }, g);
}

/** The room a count tag takes past a piece's right edge (to space a row of pieces). */
export const COUNT_ROOM = 4;

/** The city piece kinds with a shape of their own (any other: a disc with its initial). */
export const BUILDING_SHAPES = ["fortress", "temple", "academy", "port", "wonder"] as const;

/**
 * A city piece centred on (x, y), about 2s wide, in its owner's `fill`: a fortress a
 * tower with battlements, a temple a roof on columns, an academy an open book, a port
 * an anchor, a wonder a stepped pyramid.
 */
export function drawBuilding(parent: Parent, kind: string, x: number, y: number, s: number, fill: string): void {
  const cls = "clash-piece-shape";
  const P = (list: [number, number][]) => svgEl("polygon", { points: pts(list), fill, class: cls }, parent);
  switch (kind) {
    case "fortress": {
      const m = s / 2.5; // three merlons and two gaps
      P([
        [x - s, y + s], [x - s, y - s], [x - s + m, y - s], [x - s + m, y - s + m], [x - m / 2, y - s + m],
        [x - m / 2, y - s], [x + m / 2, y - s], [x + m / 2, y - s + m], [x + s - m, y - s + m],
        [x + s - m, y - s], [x + s, y - s], [x + s, y + s],
      ]);
      break;
    }
    case "temple":
      P([[x - s, y - 0.35 * s], [x, y - s], [x + s, y - 0.35 * s]]);
      for (const dx of [-0.75, -0.12, 0.5]) {
        svgEl("rect", { x: f(x + dx * s), y: f(y - 0.3 * s), width: f(0.26 * s), height: f(1.05 * s), fill, class: cls }, parent);
      }
      svgEl("rect", { x: f(x - s), y: f(y + 0.75 * s), width: f(2 * s), height: f(0.25 * s), fill, class: cls }, parent);
      break;
    case "academy": {
      const d =
        `M${f(x)},${f(y - 0.55 * s)} Q${f(x - 0.5 * s)},${f(y - s)} ${f(x - s)},${f(y - 0.75 * s)} ` +
        `L${f(x - s)},${f(y + 0.75 * s)} Q${f(x - 0.5 * s)},${f(y + 0.45 * s)} ${f(x)},${f(y + 0.9 * s)} ` +
        `Q${f(x + 0.5 * s)},${f(y + 0.45 * s)} ${f(x + s)},${f(y + 0.75 * s)} L${f(x + s)},${f(y - 0.75 * s)} ` +
        `Q${f(x + 0.5 * s)},${f(y - s)} ${f(x)},${f(y - 0.55 * s)} Z M${f(x)},${f(y - 0.55 * s)} L${f(x)},${f(y + 0.9 * s)}`;
      svgEl("path", { d, fill, class: cls }, parent);
      break;
    }
    case "port": {
      // An anchor: a dark line under a coloured one, so it shows on any terrain.
      const d =
        `M${f(x)},${f(y - 0.45 * s)} L${f(x)},${f(y + 0.9 * s)} M${f(x - 0.55 * s)},${f(y - 0.15 * s)} L${f(x + 0.55 * s)},${f(y - 0.15 * s)} ` +
        `M${f(x - 0.9 * s)},${f(y + 0.25 * s)} Q${f(x - 0.8 * s)},${f(y + 0.95 * s)} ${f(x)},${f(y + 0.9 * s)} ` +
        `Q${f(x + 0.8 * s)},${f(y + 0.95 * s)} ${f(x + 0.9 * s)},${f(y + 0.25 * s)}`;
      svgEl("path", { d, fill: "none", stroke: "#111", "stroke-width": f(0.55 * s), "stroke-linecap": "round", class: "clash-piece-under" }, parent);
      svgEl("path", { d, fill: "none", stroke: fill, "stroke-width": f(0.28 * s), "stroke-linecap": "round", class: "clash-piece-line" }, parent);
      svgEl("circle", { cx: f(x), cy: f(y - 0.7 * s), r: f(0.28 * s), fill, class: cls }, parent);
      break;
    }
    case "wonder":
      P([[x - s, y + s], [x - 0.7 * s, y + 0.35 * s], [x - 0.45 * s, y + 0.35 * s], [x - 0.3 * s, y - 0.3 * s], [x - 0.15 * s, y - 0.3 * s], [x, y - s], [x + 0.15 * s, y - 0.3 * s], [x + 0.3 * s, y - 0.3 * s], [x + 0.45 * s, y + 0.35 * s], [x + 0.7 * s, y + 0.35 * s], [x + s, y + s]]);
      break;
    default:
      svgEl("circle", { cx: f(x), cy: f(y), r: f(s), fill, class: cls }, parent);
      svgText(kind.slice(0, 1).toUpperCase(), { x: f(x), y: f(y + 0.4 * s), class: "clash-piece-letter" }, parent);
  }
}

/**
 * Where a city's parts sit around its hex's centre (a hex is 80 wide, 69 high): the house
 * (its eaves, half-width), the capital's star, the mood, the city pieces (two columns
 * beside the house) and the row of units under it. The still (widget/picture.py) uses
 * the same numbers.
 */
export const CITY = {
  eaves: -13,
  half: 14,
  size: 0.5,
  star: [-19, -20],
  mood: [18, -24],
  moodR: 6,
  piece: 6,
  pieces: [[-23.5, -8], [23.5, -8], [-23.5, 4], [23.5, 4], [-32, -2], [32, -2]],
  units: 19,
} as const;

/** A city: a house in its owner's colour, its size in big figures inside (never "×"). */
export function drawHouse(parent: Parent, x: number, y: number, w: number, fill: string, capital: boolean): SVGElement {
  // y: the eaves; the body is 1.2w tall under them, the roof w high above.
  return svgEl(
    "polygon",
    {
      points: pts([[x - w, y + 1.2 * w], [x - w, y], [x, y - 0.95 * w], [x + w, y], [x + w, y + 1.2 * w]]),
      fill,
      class: `clash-city-body${capital ? " is-capital" : ""}`,
    },
    parent,
  );
}

/**
 * The board's outlines and how each is drawn: the stroke's pattern (`dash`), width and
 * what lies under it (`under`: a halo or a shadow) differ, not only the colour, and the
 * legend draws each from this table (tests hold them apart).
 */
export interface MarkStyle {
  stroke: string;
  width: number;
  /** The stroke-dasharray: "none" for a solid line. */
  dash: string;
  /** Round caps make a dotted line of short dashes. */
  cap?: "round";
  /** A wider line under it (a halo), or null. */
  under: { stroke: string; width: number } | null;
  /** A fill inside the outline (a tint), or "none". */
  fill: string;
  name: string;
  meaning: string;
}

export const MARKS: Record<"legal" | "log" | "selected" | "cursor" | "picked" | "focus", MarkStyle> = {
  legal: {
    stroke: "#ffffff",
    width: 2.5,
    dash: "7 4",
    under: null, // its dark edge is a shadow under the whole group (coc.css)
    fill: "none",
    name: "white dashed outline",
    meaning: "the current action can use this hex",
  },
  log: {
    stroke: "#c79100",
    width: 2.5,
    dash: "none",
    under: null,
    fill: "rgba(255, 215, 0, 0.28)",
    name: "gold tint, thin gold line",
    meaning: "what the log entry you picked touched",
  },
  selected: {
    stroke: "#d81b60",
    width: 5,
    dash: "none",
    under: null,
    fill: "none",
    name: "thick solid pink ring",
    meaning: "the selected hex",
  },
  cursor: {
    stroke: "#1565c0",
    width: 3.5,
    dash: "0.1 6",
    cap: "round",
    under: { stroke: "#ffffff", width: 6.5 },
    fill: "none",
    name: "blue dotted ring on a white halo",
    meaning: "the keyboard cursor (arrow keys; Enter selects)",
  },
  picked: {
    stroke: "#d81b60",
    width: 2,
    dash: "3 2",
    under: null,
    fill: "rgba(216, 27, 96, 0.3)",
    name: "pink glow behind a unit",
    meaning: "the unit you chose to move (click another to change)",
  },
  focus: {
    stroke: "#111111",
    width: 2,
    dash: "none",
    under: { stroke: "#ffd54f", width: 6 },
    fill: "none",
    name: "dark square with a yellow edge around a unit",
    meaning: "the keyboard is on this unit (Enter chooses it)",
  },
};

/** The presentation attributes of a mark's line (or of the halo under it, `under`). */
export function markAttrs(m: MarkStyle, under = false): Record<string, string | number> {
  if (under && m.under) {
    return { fill: "none", stroke: m.under.stroke, "stroke-width": m.under.width, "stroke-linejoin": "round" };
  }
  const attrs: Record<string, string | number> = { fill: m.fill, stroke: m.stroke, "stroke-width": m.width, "stroke-linejoin": "round" };
  if (m.dash !== "none") attrs["stroke-dasharray"] = m.dash;
  if (m.cap) attrs["stroke-linecap"] = m.cap;
  return attrs;
}
