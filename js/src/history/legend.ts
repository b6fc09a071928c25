// The History table's legend: suits, card kinds and marks, player colours, and the
// game's words (landfill, treasury, council, pull, initiative, culture clash).

import { seatTag } from "../shared/a11y";
import type { LegendSpec, LegendTerm } from "../shared/legend";

/** The suits as the table draws them (symbol, and the text colour from history.css). */
export const SUITS: { id: string; name: string; plural: string; symbol: string; color: string }[] = [
  { id: "sun", name: "Sun", plural: "Suns", symbol: "\u2600", color: "var(--hccg-sun)" },
  { id: "moon", name: "Moon", plural: "Moons", symbol: "\u263E", color: "var(--hccg-moon)" },
  { id: "star", name: "Star", plural: "Stars", symbol: "\u2605", color: "var(--hccg-star)" },
  { id: "wave", name: "Wave", plural: "Waves", symbol: "\u2248", color: "var(--hccg-wave)" },
  { id: "leaf", name: "Leaf", plural: "Leaves", symbol: "\u2766", color: "var(--hccg-leaf)" },
];

/** A card's background and its kind's tint (as history.css draws them, in either theme). */
const CARD = "var(--match-card-bg)";
const tint = (hue: string, pct = 14) => `color-mix(in srgb, ${hue} ${pct}%, ${CARD})`;

export const HISTORY_TERMS: LegendTerm[] = [
  { term: "pull", meaning: "turn up the top card of your treasury; its rank and suit count (for initiative, growth or a culture clash)" },
  { term: "initiative", meaning: "the order of play this turn, from the cards each player pulled (the lowest goes first)" },
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
        title: "A card's face: its rank and suit (7\u263E is the 7 of Moons)",
        entries: [
          ...SUITS.map((s) => ({
            mark: { shape: "glyph" as const, text: s.symbol, color: s.color },
            name: s.plural, // as the sentences say it: "the 7 of Moons"
            key: `suit-${s.id}`,
          })),
          { mark: { shape: "glyph" as const, text: "A" }, name: "ace", meaning: "rank 1", key: "rank-ace" },
          { mark: { shape: "glyph" as const, text: "J" }, name: "jack", meaning: "rank 11", key: "rank-jack" },
          { mark: { shape: "glyph" as const, text: "Q" }, name: "queen", meaning: "rank 12", key: "rank-queen" },
          { mark: { shape: "glyph" as const, text: "K" }, name: "king", meaning: "rank 13", key: "rank-king" },
        ],
      },
      {
        title: "Cards",
        entries: [
          { mark: { shape: "area", fill: tint("#8bc34a") }, name: "terrain", key: "terrain" },
          { mark: { shape: "area", fill: tint("#ff7043") }, name: "unit", meaning: "its attack, defence and health left are written on it", key: "unit" },
          { mark: { shape: "area", fill: tint("#ffc107", 16) }, name: "creation", key: "creation" },
          { mark: { shape: "area", fill: tint("#2196f3") }, name: "tech", key: "tech" },
          { mark: { shape: "area", fill: CARD, stroke: "#1976d2", width: 3 }, name: "blue outline", meaning: "an action can use this card now", key: "option" },
          { mark: { shape: "area", fill: CARD, stroke: "#2e7d32", width: 3 }, name: "green outline", meaning: "the card you picked", key: "picked" },
          { mark: { shape: "area", fill: CARD, stroke: "#888", dash: true }, name: "dashed card", meaning: "being produced: how much is made of its cost", key: "production" },
          { mark: { shape: "glyph", text: "\u21BB" }, name: "tilted card", meaning: "exhausted (written on it): used this turn", key: "exhausted" },
          { mark: { shape: "glyph", text: "\u25A8" }, name: "striped card", meaning: "a card you may not see (another player's council)", key: "back" },
          { mark: { shape: "area", fill: CARD, stroke: "#1976d2", width: 3 }, name: "bold face in a culture clash", meaning: "one of the five cards that make the best hand (the others are dashed)", key: "best" },
        ],
      },
    ],
    terms: HISTORY_TERMS,
  };
}
