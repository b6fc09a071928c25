// One card as a DOM element with stable data-* selectors:
// data-card (id), data-type, data-culture, data-seat (owner, for city and hand cards)
// and data-zone (city, hand, pool, discard).

import { el } from "../shared/dom";
import type { Card } from "./model";

export type Zone = "city" | "hand" | "pool" | "discard";

// One language per label (issue 37): the kind in English on the card, the game's
// Italian word in the tooltip (and the legend's glossary).
export const TYPE_LABELS: Record<string, string> = {
  protagonist: "Protagonist",
  character: "Character",
  bulwark: "Bulwark",
  object: "Object",
  attack: "Attack",
  special: "Special",
};

export const TYPE_ITALIAN: Record<string, string> = {
  protagonist: "Protagonista",
  character: "Personaggio",
  bulwark: "Baluardo",
  object: "Oggetto",
  attack: "Attacco",
  special: "Speciale",
};

const PROTECTION_LABELS: Record<string, string> = {
  bulwark: "protected by a Bulwark",
  object: "protected by its Object",
  bible: "sheltered by the Printed Bible",
};

export function protectionLabel(why: string): string {
  return PROTECTION_LABELS[why] ?? `protected (${why})`;
}

export interface CardOptions {
  zone: Zone;
  seat?: number | null;
  /** Names of other cards by id (for "attached to ..." texts). */
  names?: Map<string, string>;
}

export function cardElement(card: Card, opts: CardOptions): HTMLElement {
  const c = el("div", `secolo-card secolo-type-${card.type}`);
  c.dataset.card = card.id;
  c.dataset.type = card.type;
  c.dataset.culture = card.culture ?? "none";
  c.dataset.zone = opts.zone;
  if (opts.seat !== undefined && opts.seat !== null) c.dataset.seat = String(opts.seat);
  el("div", "secolo-card-name", card.name, c);
  el("div", "secolo-card-gloss", card.gloss, c);
  el("div", "secolo-card-type", TYPE_LABELS[card.type] ?? card.type, c);
  const italian = TYPE_ITALIAN[card.type];
  const tips = [`${card.name} (${card.gloss})`, `${TYPE_LABELS[card.type] ?? card.type}${italian ? ` (${italian})` : ""}`];
  if (card.text) tips.push(card.text);
  if (card.protected) {
    c.classList.add("is-protected");
    c.dataset.protected = card.protected;
    el("div", "secolo-badge secolo-shield", `\u25C8 ${protectionLabel(card.protected)}`, c);
    tips.push(protectionLabel(card.protected));
  }
  if (card.object) {
    const name = opts.names?.get(card.object) ?? card.object;
    el("div", "secolo-badge", `holds ${name}`, c);
  }
  if (card.attached_to) {
    c.classList.add("is-attached");
    c.dataset.attachedTo = card.attached_to;
    const name = opts.names?.get(card.attached_to) ?? card.attached_to;
    el("div", "secolo-badge", `attached to ${name}`, c);
  }
  c.title = tips.join("\n");
  if (opts.zone === "hand" || opts.zone === "city") el("span", "match-sr-only", `, in ${opts.zone === "hand" ? "the hand" : "the city"}`, c);
  return c;
}

/** A face-down card (another player's hand): shows nothing but its back. */
export function cardBack(seat: number): HTMLElement {
  const c = el("div", "secolo-card secolo-back");
  c.dataset.seat = String(seat);
  c.dataset.zone = "hand";
  c.setAttribute("aria-hidden", "true");
  return c;
}
