// The Clash of Cultures legend (the shared legend component, ./shared/legend): terrains
// (colour + glyph), cities and their moods, units, buildings, the board's marks and the
// advance grid's boxes.

import { TERRAIN_COLORS, TERRAIN_GLYPHS, TERRAIN_LABELS } from "./colors";
import type { Terrain } from "./model";
import { type LegendEntry, type Mark, renderLegend as drawLegend } from "../shared/legend";
import type { LegendSpec } from "../shared/legend";
import { svgEl, svgText } from "../shared/svg";
import { MARKS, type MarkStyle, drawBuilding, drawCount, drawHouse, drawUnitShape, markAttrs } from "./pieces";

const GREY = "#9e9e9e";

/** A legend swatch drawn by the board's own function (pieces.ts), so the two agree. */
const custom = (draw: (svg: SVGSVGElement) => void): Mark => ({ shape: "custom", draw });

const unit = (kind: string, count = 1): Mark =>
  custom((s) => {
    const g = svgEl("g", { class: `clash-legend-unit clash-unit-${kind}`, "data-kind": kind }, s);
    drawUnitShape(g, kind, 9, 9.5, 7.5, GREY);
    drawCount(g, count, 9, 9.5, 7.5);
    for (const el of g.querySelectorAll<SVGElement>(".clash-unit-shape")) {
      el.setAttribute("stroke", "#111");
      el.setAttribute("stroke-width", "1");
    }
  });

const building = (kind: string): Mark =>
  custom((s) => {
    const g = svgEl("g", { class: `clash-legend-piece clash-piece-${kind}`, "data-kind": kind }, s);
    drawBuilding(g, kind, 10, 10, 7.5, GREY);
    for (const el of g.querySelectorAll<SVGElement>(".clash-piece-shape")) el.setAttribute("stroke", "#111");
  });

/** A mark's line around a little hex, as the board draws it (with its halo, if any). */
const outline = (m: MarkStyle, around: "hex" | "unit" = "hex"): Mark =>
  custom((s) => {
    const hex = "3,10 6.5,3.5 13.5,3.5 17,10 13.5,16.5 6.5,16.5";
    if (around === "hex") svgEl("polygon", { points: hex, fill: TERRAIN_COLORS.plains, stroke: "#777", "stroke-width": 0.6 }, s);
    else drawUnitShape(s, "army", 10, 9.5, 5, GREY);
    if (m === MARKS.legal) svgEl("polygon", { points: hex, fill: "none", stroke: "#1a1a1a", "stroke-width": 4 }, s); // its shadow
    const shape = (attrs: Record<string, string | number>) =>
      around === "hex"
        ? svgEl("polygon", { points: hex, ...attrs }, s)
        : m === MARKS.picked
          ? svgEl("circle", { cx: 10, cy: 10, r: 8.5, ...attrs }, s)
          : svgEl("rect", { x: 2.5, y: 2.5, width: 15, height: 15, rx: 2, ...attrs }, s);
    if (m.under) shape({ ...markAttrs(m, true), "stroke-width": Math.min(m.under.width, 5) });
    const line = shape({ ...markAttrs(m), "stroke-width": Math.min(m.width, 3.5) });
    line.setAttribute("data-dash", m.dash);
    if (m === MARKS.picked) s.insertBefore(line, s.firstChild); // the glow lies behind the unit
  });

const markEntry = (key: keyof typeof MARKS, around: "hex" | "unit" = "hex"): LegendEntry => ({
  mark: outline(MARKS[key], around),
  name: MARKS[key].name,
  meaning: MARKS[key].meaning,
  key,
});

export function clashLegend(): LegendSpec {
  const terrains = (Object.keys(TERRAIN_COLORS) as Terrain[]).map((t) => ({
    mark: { shape: "glyph" as const, text: TERRAIN_GLYPHS[t], bg: TERRAIN_COLORS[t], color: t === "forest" ? "#fff" : "#111", border: "#555" },
    name: TERRAIN_LABELS[t],
    key: `terrain-${t}`,
  }));
  return {
    title: "Legend: the board's symbols",
    open: false, // one line until opened: the table stays in view (docs/design.md, Legends)
    sections: [
      {
        title: "Terrain",
        entries: [...terrains, { mark: { shape: "glyph", text: "?", bg: "#ddd", border: "#555" }, name: "unexplored", key: "terrain-unexplored" }],
      },
      {
        title: "Cities (in the owner's colour)",
        entries: [
          {
            mark: custom((s) => {
              drawHouse(s, 10, 8, 7, GREY, false).setAttribute("stroke", "#111");
              svgText("2", { x: 10, y: 16.5, "text-anchor": "middle", "font-size": 9, "font-weight": 700 }, s);
            }),
            name: "house with a number",
            meaning: "a city; the number is its size",
            key: "city",
          },
          { mark: { shape: "glyph", text: "\u2605" }, name: "capital", key: "capital" },
          { mark: { shape: "glyph", text: "\u263A" }, name: "happy", key: "happy" },
          { mark: { shape: "glyph", text: "\u2013" }, name: "neutral", key: "neutral" },
          { mark: { shape: "glyph", text: "\u2639" }, name: "angry", key: "angry" },
          { mark: building("fortress"), name: "tower", meaning: "a fortress", key: "piece-fortress" },
          { mark: building("temple"), name: "roof on columns", meaning: "a temple", key: "piece-temple" },
          { mark: building("academy"), name: "open book", meaning: "an academy", key: "piece-academy" },
          { mark: building("port"), name: "anchor", meaning: "a port", key: "piece-port" },
          { mark: building("wonder"), name: "pyramid", meaning: "a wonder (point at it for its name)", key: "piece-wonder" },
        ],
      },
      {
        title: "Units (in the owner's colour)",
        entries: [
          { mark: unit("settler"), name: "wagon", meaning: "a settler", key: "settler" },
          { mark: unit("army"), name: "shield", meaning: "an army", key: "army" },
          { mark: unit("ship"), name: "sails", meaning: "a ship", key: "ship" },
          { mark: unit("army", 3), name: "\u00d73 on a unit", meaning: "three of them on the hex (no tag: one)", key: "unit-count" },
          {
            mark: custom((s) => {
              svgEl("rect", { x: 1, y: 5, width: 18, height: 11, rx: 3, fill: "#fffde7", stroke: "#111", "stroke-width": 0.7 }, s);
              drawUnitShape(s, "settler", 10, 10.5, 4.2, "#555");
            }),
            name: "small wagon or shield over a ship",
            meaning: "the ship carries a settler or an army (click the ship to choose the one that sails)",
            key: "unit-cargo",
          },
          {
            mark: { shape: "glyph", text: "\u2663", bg: "#fffde7", border: "#111" },
            name: "\u2663 over a unit",
            meaning: "it entered a forest this turn (click it to choose which one moves)",
            key: "unit-forest",
          },
          { mark: { shape: "glyph", text: "\u2500", border: "#111" }, name: "outline", meaning: "solid: 1st player, dashed: 2nd, dotted: 3rd, dash-dot: 4th", key: "seat-outline" },
        ],
      },
      {
        title: "Marks on the board",
        entries: [
          markEntry("legal"),
          markEntry("selected"),
          markEntry("cursor"),
          markEntry("log"),
          markEntry("picked", "unit"),
          markEntry("focus", "unit"),
        ],
      },
      {
        title: "Keys (click the map first, or Tab to it)",
        entries: [
          { mark: { shape: "glyph", text: "\u2190\u2192" }, name: "arrow keys", meaning: "move the cursor; it starts on your capital", key: "key-arrows" },
          { mark: { shape: "glyph", text: "N" }, name: "N, Shift+N", meaning: "the next (previous) hex where you can act", key: "key-n" },
          { mark: { shape: "glyph", text: "\u21B5" }, name: "Enter", meaning: "select the hex under the cursor", key: "key-enter" },
          { mark: { shape: "glyph", text: "A" }, name: "A", meaning: "from the map to its actions", key: "key-a" },
          { mark: { shape: "glyph", text: "Esc" }, name: "Escape", meaning: "from the actions or the log back to the map; on the map, clear", key: "key-escape" },
        ],
      },
      {
        title: "Advance grid (one box per advance, in the player's colour)",
        entries: [
          { mark: { shape: "area", fill: "#0072B2", stroke: "#0072B2" }, name: "filled", meaning: "owned", key: "adv-owned" },
          { mark: { shape: "area", fill: "none", stroke: "#0072B2", width: 2 }, name: "outlined", meaning: "can be researched now", key: "adv-available" },
          { mark: { shape: "area", fill: "none", stroke: "#0072B2", width: 2, dash: true }, name: "dashed", meaning: "allowed, but not affordable now", key: "adv-unaffordable" },
          { mark: { shape: "area", fill: "#eee", stroke: "#bbb" }, name: "grey", meaning: "locked (click it for the rule)", key: "adv-locked" },
        ],
      },
    ],
  };
}

export function renderLegend(parent: HTMLElement): HTMLElement {
  const box = drawLegend(parent, clashLegend());
  box.classList.add("clash-legend");
  return box;
}
