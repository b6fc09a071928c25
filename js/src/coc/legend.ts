// The Clash of Cultures legend (the shared legend component, ./shared/legend): terrains
// (colour + glyph), cities and their moods, units, buildings, the board's marks and the
// advance grid's boxes.

import { TERRAIN_COLORS, TERRAIN_GLYPHS, TERRAIN_LABELS } from "./colors";
import type { Terrain } from "./model";
import { type LegendSpec, renderLegend as drawLegend } from "../shared/legend";

const GREY = "#9e9e9e";

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
        title: "Cities and units (in the owner's colour)",
        entries: [
          { mark: { shape: "house", fill: GREY, text: "2" }, name: "city", meaning: "the number is its size", key: "city" },
          { mark: { shape: "glyph", text: "\u2605" }, name: "capital", key: "capital" },
          { mark: { shape: "glyph", text: "\u263A" }, name: "happy", key: "happy" },
          { mark: { shape: "glyph", text: "\u2013" }, name: "neutral", key: "neutral" },
          { mark: { shape: "glyph", text: "\u2639" }, name: "angry", key: "angry" },
          { mark: { shape: "square", fill: GREY, text: "1" }, name: "settlers", meaning: "the number is how many", key: "settler" },
          { mark: { shape: "circle", fill: GREY, text: "3" }, name: "army", key: "army" },
          { mark: { shape: "ship", fill: GREY }, name: "ships", key: "ship" },
          {
            mark: { shape: "glyph", text: "+", bg: "#fffde7", border: "#111" },
            name: "+S, +A over a ship",
            meaning: "it carries a settler, an army (click the ship to choose the one that sails)",
            key: "unit-cargo",
          },
          {
            mark: { shape: "glyph", text: "\u2663", bg: "#fffde7", border: "#111" },
            name: "\u2663 over a unit",
            meaning: "it entered a forest this turn (click it to choose which one moves)",
            key: "unit-forest",
          },
          { mark: { shape: "glyph", text: "F", bg: GREY }, name: "F A T P W", meaning: "fortress, academy, temple, port, wonder", key: "buildings" },
          { mark: { shape: "glyph", text: "\u2500", border: "#111" }, name: "outline", meaning: "solid: 1st player, dashed: 2nd, dotted: 3rd, dash-dot: 4th", key: "seat-outline" },
        ],
      },
      {
        title: "Marks on the board",
        entries: [
          { mark: { shape: "area", fill: "#3f8a4a", stroke: "#fff", width: 2, dash: true }, name: "white dashed outline", meaning: "the current action can use this hex", key: "legal" },
          { mark: { shape: "area", fill: "#fff3b0", stroke: "#c79100", width: 2 }, name: "gold outline", meaning: "what the last move touched", key: "log" },
          { mark: { shape: "area", fill: "#cfe39a", stroke: "#d81b60", width: 3 }, name: "pink ring", meaning: "the selected hex", key: "selected" },
          { mark: { shape: "area", fill: "#cfe39a", stroke: "#1976d2", width: 2, dash: true }, name: "blue dashed ring", meaning: "the keyboard cursor (arrow keys; Enter selects)", key: "cursor" },
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
