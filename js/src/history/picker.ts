// Turning clicks on cards into legal actions, without knowing the rules.
//
// The rules core lists every legal action with its arguments; card ids look like
// "1-07". A click on a card keeps the legal actions that use it: one action is sent at
// once, several are offered as buttons. A card no legal action uses still sends the
// action it would most naturally be (research a tech, produce a unit, found a city, play
// an event, explore with a unit, attack or clash with a city), so that Python's refusal
// names the rule that stands in the way.

import { candidates, clickable } from "../shared/picker";
import type { Card, City, LegalAction, View } from "./model";

const CARD_ID = /^\d+-\d\d$/;

export function isCardId(x: string): boolean {
  return CARD_ID.test(x);
}

const cardsOf = (a: LegalAction): string[] => a.args.filter(isCardId);

/** The legal actions that use `card` among their arguments. */
export function using(legal: LegalAction[], card: string): LegalAction[] {
  return candidates(legal, [card], cardsOf);
}

/** Every card id some legal action uses. */
export function usable(legal: LegalAction[]): Set<string> {
  return clickable(legal, [], cardsOf);
}

export type ClickResult = { send: string | null; choices: LegalAction[] };

/** What a click on `card` does: send one action, or offer the ones that use it. */
export function clickCard(v: View, card: Card, zone: string): ClickResult {
  const cands = using(v.legal, card.id);
  if (cands.length === 1) return { send: cands[0].key, choices: [] };
  if (cands.length > 1) return { send: null, choices: cands };
  return { send: naturalKey(v, card, zone), choices: [] };
}

function actor(v: View): number | null {
  return v.current_player;
}

function citiesOf(v: View, seat: number): City[] {
  const out: City[] = [];
  for (const p of v.players) for (const c of p.cities) if (c.controller === seat) out.push(c);
  return out;
}

/** The action a click on a card nothing uses would be (Python explains the refusal). */
export function naturalKey(v: View, card: Card, zone: string): string | null {
  const me = actor(v);
  if (me === null || v.over) return null;
  const mine = citiesOf(v, me);
  if (zone === "council") {
    if (card.type === "tech") return `research ${card.id}`;
    if (card.type === "city") return `found ${card.id}`;
    if (card.type === "unit" || card.type === "creation") {
      return mine.length ? `produce ${mine[0].id} ${card.id}` : null;
    }
    return `play ${card.id}`;
  }
  if (zone === "unit") return `explore ${card.id}`;
  if (zone === "city") {
    const city = card as City;
    if (city.controller === me) {
      const rival = v.players.find((p) => p.seat !== me);
      return rival ? `clash ${card.id} ${rival.seat}` : null;
    }
    return mine.length ? `attack ${mine[0].id} ${card.id}` : null;
  }
  return null;
}
