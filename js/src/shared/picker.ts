// Turning card clicks into one of the legal actions, without knowing any rule.
//
// The rules core lists every legal action with its arguments; `cardsOf` says which of
// them are cards. Each click adds a card to `picked`; the candidates are the legal
// actions that use every picked card. When the candidates all read the same (e.g. the
// same Attack made with either of two identical Attack cards) the first one is sent;
// otherwise the table highlights the cards that would narrow the choice further and
// shows the candidates as buttons.

import type { LegalAction } from "./model";

/** The card ids among an action's arguments. */
export type CardsOf<A> = (a: A) => readonly string[];

export type PickResult = { send: string; picked: [] } | { send: null; picked: string[] };

/** The legal actions that use every picked card. */
export function candidates<A>(legal: A[], picked: string[], cardsOf: CardsOf<A>): A[] {
  return legal.filter((a) => {
    const cards = cardsOf(a);
    return picked.every((c) => cards.includes(c));
  });
}

/** One action per distinct label (identical Attack cards give identical choices). */
export function distinct<A extends LegalAction>(actions: A[]): A[] {
  const seen = new Set<string>();
  const out: A[] = [];
  for (const a of actions) {
    if (seen.has(a.label)) continue;
    seen.add(a.label);
    out.push(a);
  }
  return out;
}

/** Cards a click can still use: those of the candidates that are not picked yet. */
export function clickable<A>(legal: A[], picked: string[], cardsOf: CardsOf<A>): Set<string> {
  const out = new Set<string>();
  for (const a of candidates(legal, picked, cardsOf)) for (const c of cardsOf(a)) if (!picked.includes(c)) out.add(c);
  return out;
}

/** What a click on `card` does: send an action, narrow the choice, or start over. */
export function click<A extends LegalAction>(legal: A[], picked: string[], card: string, cardsOf: CardsOf<A>): PickResult {
  let next = picked.includes(card) ? picked : [...picked, card];
  let cands = candidates(legal, next, cardsOf);
  if (!cands.length && picked.length) {
    next = [card]; // a card that does not fit the current choice starts a new one
    cands = candidates(legal, next, cardsOf);
  }
  if (!cands.length) return { send: null, picked: [] };
  const choices = distinct(cands);
  if (choices.length === 1) return { send: choices[0].key, picked: [] };
  return { send: null, picked: next };
}
