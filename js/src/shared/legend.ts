// One legend component for every game: sections of entries, each a small drawing of the
// symbol (the same shape and colour the game draws) with its name and meaning, plus a
// glossary of the game's words ("landfill", "pulled"). A <details> element, open at
// first, so that a player who knows the symbols can fold it away.

import { el, svgEl } from "./dom";
import "./a11y.css";

export type Mark =
  | { shape: "circle" | "diamond" | "square" | "ship" | "triangle" | "house"; fill: string; text?: string; stroke?: string }
  | { shape: "line"; stroke: string; dash?: boolean; width?: number }
  | { shape: "area"; fill: string; stroke?: string; width?: number; dash?: boolean }
  | { shape: "glyph"; text: string; color?: string; bg?: string; border?: string; dash?: boolean }
  /** A game's own drawing (the board's shape-drawing function), in a 20 x 20 box. */
  | { shape: "custom"; draw: (svg: SVGSVGElement) => void };

export interface LegendEntry {
  mark: Mark;
  name: string;
  meaning?: string;
  /** A stable id for tests (data-legend). */
  key?: string;
}

export interface LegendSection {
  title: string;
  entries: LegendEntry[];
}

export interface LegendTerm {
  term: string;
  meaning: string;
}

export interface LegendSpec {
  /** The <summary> text; default "Legend". */
  title?: string;
  sections: LegendSection[];
  terms?: LegendTerm[];
  open?: boolean;
}

const SIZE = 20;

/** The symbol of one entry, drawn as a tiny SVG (hidden from screen readers: the name says it). */
export function markSvg(mark: Mark): SVGSVGElement {
  const s = svgEl("svg", { class: "match-legend-mark", width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}`, "aria-hidden": "true", focusable: "false" });
  const c = SIZE / 2;
  switch (mark.shape) {
    case "circle":
      svgEl("circle", { cx: c, cy: c, r: 7, fill: mark.fill, stroke: mark.stroke ?? "#000" }, s);
      break;
    case "diamond":
      svgEl("rect", { x: c - 6, y: c - 6, width: 12, height: 12, transform: `rotate(45 ${c} ${c})`, fill: mark.fill, stroke: mark.stroke ?? "#000", "stroke-width": 2 }, s);
      break;
    case "square":
      svgEl("rect", { x: c - 6, y: c - 6, width: 12, height: 12, rx: 2, fill: mark.fill, stroke: mark.stroke ?? "#000" }, s);
      break;
    case "ship":
      svgEl("polygon", { points: "2,9 18,9 14,16 6,16", fill: mark.fill, stroke: mark.stroke ?? "#000" }, s);
      break;
    case "triangle":
      svgEl("polygon", { points: "4,16 10,4 16,16", fill: mark.fill, stroke: mark.stroke ?? "none" }, s);
      break;
    case "house":
      svgEl("polygon", { points: "4,17 4,9 10,3 16,9 16,17", fill: mark.fill, stroke: mark.stroke ?? "#000" }, s);
      break;
    case "line":
      svgEl("line", { x1: 1, y1: c, x2: SIZE - 1, y2: c, stroke: mark.stroke, "stroke-width": mark.width ?? 2, "stroke-dasharray": mark.dash ? "4 3" : "none" }, s);
      break;
    case "area": {
      // Colours as a style, so that a game can pass its own CSS variables or color-mix().
      const style = `fill: ${mark.fill}; stroke: ${mark.stroke ?? "#555"}`;
      svgEl("rect", { x: 2, y: 3, width: SIZE - 4, height: SIZE - 6, rx: 2, style, "stroke-width": mark.width ?? 1, "stroke-dasharray": mark.dash ? "3 2" : "none" }, s);
      break;
    }
    case "custom":
      mark.draw(s);
      break;
    case "glyph": {
      svgEl("rect", { x: 1, y: 1, width: SIZE - 2, height: SIZE - 2, rx: 3, fill: mark.bg ?? "none", stroke: mark.border ?? "none", "stroke-dasharray": mark.dash ? "3 2" : "none" }, s);
      // As a style, so that a CSS variable or color-mix() works as the colour.
      const t = svgEl("text", { x: c, y: c + 5, "text-anchor": "middle", "font-size": 14, style: `fill: ${mark.color ?? "currentColor"}` }, s);
      t.textContent = mark.text;
      break;
    }
  }
  if ("text" in mark && mark.shape !== "glyph" && mark.text) {
    const t = svgEl("text", { x: c, y: c + 3.5, "text-anchor": "middle", "font-size": 10, "font-weight": "bold", fill: "#fff", stroke: "#000", "stroke-width": 0.6, "paint-order": "stroke" }, s);
    t.textContent = mark.text;
  }
  return s;
}

/** The coach's key, listed with the table's other keys (every table has the coach). */
export const HINT_KEY_ENTRY: LegendEntry = {
  mark: { shape: "glyph", text: "H" },
  name: "H",
  meaning: "ask the coach for a hint (its move is marked with a dashed blue outline and a \"hint\" tag)",
  key: "key-h",
};

/** The coach's marks on the board: a hint, and a decision picked in a review. */
export const COACH_SECTION: LegendSection = {
  title: "The coach's marks",
  entries: [
    { mark: { shape: "area", fill: "none", stroke: "#0072b2", width: 3, dash: true }, name: "blue dashed outline, \"hint\" or \"better\" tag", meaning: "the coach's hint, or its better move in a review", key: "coach-hint" },
    { mark: { shape: "glyph", text: "\u00B7\u00B7\u00B7", border: "#d55e00", dash: true }, name: "vermilion dotted outline", meaning: "in a review, the move that was played", key: "coach-played" },
  ],
};

/** `spec` with the coach's key among its keys (a "Keys" section, made if missing) and its marks. */
export function withCoach(spec: LegendSpec): LegendSpec {
  const sections = spec.sections.map((s) => ({ ...s, entries: [...s.entries] }));
  if (sections.some((s) => s.entries.some((e) => e.key === HINT_KEY_ENTRY.key))) return spec;
  const keys = sections.find((s) => s.title.startsWith("Keys"));
  if (keys) keys.entries.push(HINT_KEY_ENTRY);
  else sections.push({ title: "Keys (with the focus in the table)", entries: [HINT_KEY_ENTRY] });
  sections.push(COACH_SECTION);
  return { ...spec, sections };
}

/** Draw a legend under `parent` (replacing any legend it drew before) and return it. */
export function renderLegend(parent: HTMLElement, given: LegendSpec): HTMLDetailsElement {
  const spec = withCoach(given);
  parent.querySelector(":scope > details.match-legend")?.remove();
  const box = el("details", "match-legend", undefined, parent) as HTMLDetailsElement;
  box.open = spec.open ?? true;
  el("summary", "match-legend-summary", spec.title ?? "Legend", box);
  for (const sec of spec.sections) {
    const part = el("section", "match-legend-section", undefined, box);
    const head = el("h5", "match-legend-head", sec.title, part);
    const list = el("ul", "match-legend-list", undefined, part);
    list.setAttribute("aria-label", head.textContent ?? sec.title);
    for (const e of sec.entries) {
      const li = el("li", "match-legend-item", undefined, list);
      if (e.key) li.dataset.legend = e.key;
      li.appendChild(markSvg(e.mark));
      el("span", "match-legend-name", e.meaning ? `${e.name}:` : e.name, li);
      if (e.meaning) el("span", "match-legend-meaning", e.meaning, li);
    }
  }
  if (spec.terms?.length) {
    const part = el("section", "match-legend-section match-legend-terms", undefined, box);
    el("h5", "match-legend-head", "Words", part);
    const dl = el("dl", "match-legend-glossary", undefined, part);
    for (const t of spec.terms) {
      const dt = el("dt", "", t.term, dl);
      dt.dataset.term = t.term;
      el("dd", "", t.meaning, dl);
    }
  }
  return box;
}

/** The glossary text of `term`, for a tooltip next to the word where the game shows it. */
export function termMeaning(spec: LegendSpec, term: string): string {
  return spec.terms?.find((t) => t.term.toLowerCase() === term.toLowerCase())?.meaning ?? "";
}
