// A static legend: terrains (colour + glyph), unexplored, moods, unit shapes.

import { TERRAIN_COLORS, TERRAIN_GLYPHS, TERRAIN_LABELS } from "./colors";
import type { Terrain } from "./model";
import { htmlEl } from "../shared/svg";

export function renderLegend(parent: HTMLElement): HTMLElement {
  const box = htmlEl("div", "clash-legend", undefined, parent);
  box.setAttribute("aria-label", "legend");
  for (const t of Object.keys(TERRAIN_COLORS) as Terrain[]) {
    const item = htmlEl("span", "clash-legend-item", undefined, box);
    const sw = htmlEl("span", `clash-swatch clash-swatch-${t}`, TERRAIN_GLYPHS[t], item);
    sw.style.background = TERRAIN_COLORS[t];
    htmlEl("span", "", TERRAIN_LABELS[t], item);
  }
  const un = htmlEl("span", "clash-legend-item", undefined, box);
  htmlEl("span", "clash-swatch clash-swatch-unexplored", "?", un);
  htmlEl("span", "", "unexplored", un);
  const extra: [string, string][] = [
    ["clash-key-mood clash-mood-happy", "\u263A happy"],
    ["clash-key-mood clash-mood-neutral", "\u2013 neutral"],
    ["clash-key-mood clash-mood-angry", "\u2639 angry"],
    ["clash-key-unit", "\u25A0 settler \u25CF army \u25BC ship"],
    ["clash-key-piece", "F A T P W: fortress academy temple port wonder"],
  ];
  for (const [cls, text] of extra) htmlEl("span", `clash-legend-item ${cls}`, text, box);
  return box;
}
