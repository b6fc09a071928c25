// One card as a DOM element with stable data-* selectors:
// data-card (id), data-type, data-culture, data-seat (owner, for city and hand cards)
// and data-zone (city, hand, pool, discard).
//
// A card reads at a glance (issue 37): its name, large; its kind (and Culture, where no
// group names it); on the cards a player is choosing among (the hand, the Protagonists to
// choose) what it does. One language per label: English by default, the game's Italian
// names when the table's "Card names" setting says so; the other language in the tooltip.

import { el } from "../shared/dom";
import type { Card } from "./model";

export type Zone = "city" | "hand" | "pool" | "discard";
export type Lang = "en" | "it";

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

/** Something with an Italian `name` and an English `gloss` (a card, a Culture). */
interface Named {
  name: string;
  gloss: string;
}

/** Its name in the table's language. */
export function shownName(x: Named, lang: Lang): string {
  return lang === "it" ? x.name : x.gloss;
}

/** Its name in the other language (for the tooltip). */
export function otherName(x: Named, lang: Lang): string {
  return lang === "it" ? x.gloss : x.name;
}

export function typeLabel(type: string, lang: Lang): string {
  return (lang === "it" ? TYPE_ITALIAN[type] : TYPE_LABELS[type]) ?? type;
}

export interface CardOptions {
  zone: Zone;
  seat?: number | null;
  /** Names of other cards by id, in the table's language (for "attached to ..." texts). */
  names?: Map<string, string>;
  /** Culture names by code, in the table's language (for the kind line). */
  cultures?: Map<string, string>;
  lang?: Lang;
}

// The zones where a player chooses among cards: there the card says what it does. Every
// Attack does the same (the legend says what): its text only in the tooltip.
const EFFECT_SHOWN: ReadonlySet<Zone> = new Set(["hand", "pool"]);
const effectShown = (card: Card, zone: Zone) => EFFECT_SHOWN.has(zone) && card.type !== "attack";

export function cardElement(card: Card, opts: CardOptions): HTMLElement {
  const lang = opts.lang ?? "en";
  const c = el("div", `secolo-card secolo-type-${card.type}`);
  c.dataset.card = card.id;
  c.dataset.type = card.type;
  c.dataset.culture = card.culture ?? "none";
  c.dataset.zone = opts.zone;
  if (opts.seat !== undefined && opts.seat !== null) c.dataset.seat = String(opts.seat);
  const name = shownName(card, lang);
  const nameEl = el("div", "secolo-card-name", name, c);
  // The kind, and the Culture where no group heading names it (the hand, the piles).
  const kind = typeLabel(card.type, lang);
  const culture = opts.zone !== "city" && card.culture ? opts.cultures?.get(card.culture) : undefined;
  const kindEl = kind !== name ? el("div", "secolo-card-type", kind, c) : null;
  const cultureEl = culture ? el("div", "secolo-card-type secolo-card-culture", culture, c) : null;
  // Italian words read in an Italian voice
  if (lang === "it") for (const e of [nameEl, kindEl, cultureEl]) e?.setAttribute("lang", "it");
  const other = otherName(card, lang);
  const tips = [`${lang === "it" ? "English" : "Italian"}: ${other}`];
  if (card.text) {
    if (effectShown(card, opts.zone)) el("div", "secolo-card-text", card.text, c);
    else {
      tips.push(card.text);
      el("span", "match-sr-only", `: ${card.text}`, c);
    }
  }
  if (card.protected) {
    c.classList.add("is-protected");
    c.dataset.protected = card.protected;
    el("div", "secolo-badge secolo-shield", `\u25C8 ${protectionLabel(card.protected)}`, c);
  }
  if (card.object) {
    const held = opts.names?.get(card.object) ?? card.object;
    el("div", "secolo-badge", `holds ${held}`, c);
  }
  if (card.attached_to) {
    c.classList.add("is-attached");
    c.dataset.attachedTo = card.attached_to;
    const holder = opts.names?.get(card.attached_to) ?? card.attached_to;
    el("div", "secolo-badge", `attached to ${holder}`, c);
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
