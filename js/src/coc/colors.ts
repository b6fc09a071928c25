// Colours: terrain fills and colour-blind-safe player colours (Okabe-Ito).

import type { Terrain } from "./model";

export const TERRAIN_COLORS: Record<Terrain, string> = {
  plains: "#cfe39a", // grassland: light yellow-green
  forest: "#3f8a4a", // dark green
  mountain: "#8f8377", // grey-brown
  barren: "#e3c790", // sand
  sea: "#6fa8dc", // blue
};

export const TERRAIN_LABELS: Record<Terrain, string> = {
  plains: "grassland",
  forest: "forest",
  mountain: "mountain",
  barren: "barren",
  sea: "sea",
};

/** A glyph per terrain so the map reads without colour vision too. */
export const TERRAIN_GLYPHS: Record<Terrain, string> = {
  plains: "\u2058", // four dot punctuation (grass tufts)
  forest: "\u2663", // club (tree)
  mountain: "\u25B2", // triangle
  barren: "\u2234", // therefore (stones)
  sea: "\u2248", // almost equal (waves)
};

// Player identity is the product's (shared/players.ts); the board's names for it.
export {
  BARBARIAN_COLOUR as BARBARIAN_COLOR,
  playerColour as playerColor,
  playerName,
} from "../shared/players";

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return "#000";
  const lin = (s: string) => {
    const c = parseInt(s, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const L = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  return L > 0.4 ? "#111" : "#fff";
}

/** "1 army", "3 armies", "2 settlers". */
export function unitWord(kind: string, count: number): string {
  if (count === 1) return `1 ${kind}`;
  const plural = kind.endsWith("y") ? `${kind.slice(0, -1)}ies` : `${kind}s`;
  return `${count} ${plural}`;
}
