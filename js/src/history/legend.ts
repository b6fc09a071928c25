// The History table's legend: suits, card kinds and marks, player colours, and the
// game's words (landfill, treasury, council, pull, initiative, culture clash).

import { seatTag } from "../shared/a11y";
import type { LegendSpec, LegendTerm } from "../shared/legend";

/** The suits as the table draws them (symbol, and the text colour from history.css). */
export const SUITS: { id: string; name: string; symbol: string; color: string }[] = [
  { id: "sun", name: "Sun", symbol: "\u2600", color: "var(--hccg-sun)" },
  { id: "moon", name: "Moon", symbol: "\u263E", color: "var(--hccg-moon)" },
  { id: "star", name: "Star", symbol: "\u2605", color: "var(--hccg-star)" },
  { id: "wave", name: "Wave", symbol: "\u2248", color: "var(--hccg-wave)" },
  { id: "leaf", name: "Leaf", symbol: "\u2766", color: "var(--hccg-leaf)" },
];

/** A card's background and its kind's tint (as history.css draws them, in either theme). */
const CARD = "var(--match-card-bg)";
const tint = (hue: string, pct = 14) => `color-mix(in srgb, ${hue} ${pct}%, ${CARD})`;

export const HISTORY_TERMS: LegendTerm[] = [
  { term: "pull", meaning: "turn up the top card of your treasury; its rank and suit count (for initiative, growth or a culture clash)" },
  { term: "initiative", meaning: "the order of play this turn, from the cards each player pulled (\"A\u2605\" is an ace of Stars)" },
  { term: "treasury", meaning: "your face-down draw pile" },
  { term: "landfill", meaning: "your discard pile: cards that were used, discarded or destroyed; it is shuffled back when the treasury runs out" },
  { term: "council", meaning: "your hand of cards, hidden from the other players" },
  { term: "culture clash", meaning: "both players pull cards and make their best poker hand; all five suits in one hand (a rainbow) is a bonus" },
];

export function historyLegend(players: { seat: number; name: string; color: string }[]): LegendSpec {
  return {
    title: "Legend: the table's symbols and words",
    open: false, // one line until opened: the table stays in view (docs/design.md, Legends)
    sections: [
      {
        title: "Players",
        entries: players.map((p) => ({
          mark: { shape: "square" as const, fill: p.color, text: seatTag(p.name, p.seat) },
          name: p.name,
          meaning: "the coloured top edge of their cards and the frame of their cities",
          key: `seat-${p.seat}`,
        })),
      },
      {
        title: "Suits (a card's face is its rank and suit, e.g. 7\u263E)",
        entries: SUITS.map((s) => ({ mark: { shape: "glyph" as const, text: s.symbol, color: s.color }, name: s.name, key: `suit-${s.id}` })),
      },
      {
        title: "Cards",
        entries: [
          { mark: { shape: "area", fill: tint("#8bc34a") }, name: "terrain", key: "terrain" },
          { mark: { shape: "area", fill: tint("#ff7043") }, name: "unit", meaning: "attack/defence \u2665 health left", key: "unit" },
          { mark: { shape: "area", fill: tint("#ffc107", 16) }, name: "creation", key: "creation" },
          { mark: { shape: "area", fill: tint("#2196f3") }, name: "tech", key: "tech" },
          { mark: { shape: "area", fill: CARD, stroke: "#1976d2", width: 3 }, name: "blue outline", meaning: "an action can use this card now", key: "option" },
          { mark: { shape: "area", fill: CARD, stroke: "#2e7d32", width: 3 }, name: "green outline", meaning: "the card you picked", key: "picked" },
          { mark: { shape: "area", fill: CARD, stroke: "#888", dash: true }, name: "dashed card", meaning: "being produced (made/cost)", key: "production" },
          { mark: { shape: "glyph", text: "\u21BB" }, name: "tilted card", meaning: "exhausted: used this turn", key: "exhausted" },
          { mark: { shape: "glyph", text: "\u2605" }, name: "capital", meaning: "the player's capital city", key: "capital" },
        ],
      },
    ],
    terms: HISTORY_TERMS,
  };
}
