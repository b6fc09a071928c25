// The Secolo table's legend: what the card marks and badges mean, and the game's
// Italian words with their English.

import type { LegendSpec } from "../shared/legend";

export function secoloLegend(): LegendSpec {
  return {
    title: "Legend: the table's marks and words",
    open: false, // one line until opened: the table stays in view (docs/design.md, Legends)
    sections: [
      {
        title: "Cards",
        entries: [
          { mark: { shape: "area", fill: "#fff", stroke: "#8e24aa", width: 4 }, name: "coloured top stripe", meaning: "the card's Culture (one colour per Culture; the name is on the group)", key: "culture" },
          { mark: { shape: "area", fill: "#fff", stroke: "#1976d2", width: 3 }, name: "blue outline", meaning: "an action can use this card now", key: "option" },
          { mark: { shape: "area", fill: "#fff", stroke: "#ef6c00", width: 3 }, name: "orange outline", meaning: "a card you picked (pick the rest, or a button)", key: "picked" },
          { mark: { shape: "area", fill: "#fff", stroke: "#c62828", width: 4 }, name: "red ring", meaning: "the card under Attack", key: "target" },
          { mark: { shape: "glyph", text: "\u2694" }, name: "orange ring", meaning: "an attacking card", key: "attacker" },
          { mark: { shape: "glyph", text: "\u25C8", color: "#2e7d32" }, name: "shield", meaning: "protected: an Attack cannot take it", key: "protected" },
          { mark: { shape: "area", fill: "#fff", stroke: "#888", dash: true }, name: "dashed card", meaning: "attached to another card", key: "attached" },
          { mark: { shape: "glyph", text: "S\u0336", bg: "#eee" }, name: "struck through", meaning: "marked for discarding (new cards are drawn for them)", key: "marked" },
          { mark: { shape: "area", fill: "#ddd", stroke: "#999" }, name: "striped small card", meaning: "a card in another player's hand (face down)", key: "back" },
        ],
      },
    ],
    terms: [
      { term: "Card names", meaning: "English on the cards; the game's Italian names with the setting above the table (and in each card's tooltip)" },
      { term: "Protagonist (Protagonista)", meaning: "the card each player chooses at the start; it stays with them all game" },
      { term: "Character (Personaggio)", meaning: "a citizen of one Culture, played into your city" },
      { term: "Culture (Cultura)", meaning: "the cards of one people; a city counts its Cultures" },
      { term: "Attack (Attacco)", meaning: "discarded with two of your Characters of one Culture (an attacking pair): an unprotected Character of another Culture in an opponent's city is discarded" },
      { term: "Deck, discard pile, hand (Mazzo, Scarti, Mano)", meaning: "where the cards wait, go when used, and are held" },
      { term: "Reshuffles (Rimescolamenti)", meaning: "how often the discard pile has become the deck again" },
    ],
  };
}
