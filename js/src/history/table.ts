// The History CCG card table: a control bar, the phase and initiative order, each
// player's map (cities with terrains, production, creations and units), councils (face up
// only to their owner), treasury and landfill counts, the last culture clash as two poker
// hands, buttons for the legal actions, feedback (with the rule of a refusal) and the log.
// Everything is redrawn from `view`; only the card a click has picked lives here.

import type { ScoreRow } from "../shared/end";
import type { AnyModel } from "@anywidget/types";
import { renderActions } from "../shared/actions";
import { MatchApp } from "../shared/app";
import { el } from "../shared/dom";
import { playerColour, playerName } from "../shared/players";
import { politeRegion, setText } from "../shared/a11y";
import type { Card, City, Clash, LegalAction, Player, TableModel, Unit, View } from "./model";
import { isView } from "./model";
import { clickCard, usable } from "./picker";
import { HISTORY_TERMS, SUITS, historyLegend } from "./legend";
import { renderLegend } from "../shared/legend";
import { CardNav } from "../shared/keyboard";

const LOG_SHOWN = 16;
const MAX_BACKS = 10;
const RANK_WORDS: Record<string, string> = { A: "ace", J: "jack", Q: "queen", K: "king" };

/** A card's face in words ("queen of Moons"): Python's, else read from the printed face. */
export function faceWords(c: Card): string {
  if (c.face_words) return c.face_words;
  const rank = c.face.slice(0, -1);
  const suit = SUITS.find((s) => s.id === c.suit);
  return `${RANK_WORDS[rank] ?? rank} of ${suit?.plural ?? c.suit}`;
}

/** A unit's numbers in words, for its card: "attack 1 · defence 1" and "health 2 of 2". */
export function unitWords(u: Unit): [string, string] {
  return [`attack ${u.attack}, defence ${u.defence}`, `health ${u.health - u.damage} of ${u.health}`];
}

/** A line of small print on a card, read after a comma (a button's text runs together). */
function cardLine(card: HTMLElement, cls: string, text: string): HTMLElement {
  el("span", "match-sr-only", ", ", card);
  return el("span", cls, text, card);
}

export class HistoryTable extends MatchApp<View, TableModel> {
  private readonly prompt: HTMLElement;
  private readonly order: HTMLElement;
  private readonly clashEl: HTMLElement;
  private readonly pulled: HTMLElement;
  private readonly playersEl: HTMLElement;
  private readonly actions: HTMLElement;
  private picked: string | null = null;
  private choices: LegalAction[] = [];
  private readonly legendBox: HTMLElement;
  private legendSig = "";
  private readonly cardNav: CardNav;

  constructor(model: AnyModel<TableModel>, host: HTMLElement) {
    super(model, host, {
      className: "hccg-table match-table",
      prefix: "hccg",
      label: "History CCG card table",
      isView,
      affordance: "click a highlighted card, or a button below",
    });
    const root = this.root;
    this.banner(root);
    this.controlBar(root);
    this.prompt = politeRegion(el("div", "hccg-prompt", undefined, root));
    this.order = el("div", "hccg-order", undefined, root);
    this.clashEl = el("div", "hccg-clash", undefined, root);
    this.pulled = el("div", "hccg-pulled", undefined, root);
    this.actions = el("div", "hccg-actions", undefined, root);
    this.feedbackLine(root);
    this.playersEl = el("div", "hccg-players", undefined, root);
    this.eventLog(root, LOG_SHOWN);
    this.legendBox = el("div", "hccg-legend", undefined, root);
    this.cardNav = new CardNav(root, ".hccg-card[data-card]");
    this.start();
  }

  destroy(): void {
    this.cardNav.destroy();
    super.destroy();
  }

  /** The card the last click picked (several actions use it), for tests. */
  get pickedCard(): string | null {
    return this.picked;
  }

  // -- clicks ------------------------------------------------------------------------------
  protected onClick(e: MouseEvent): void {
    const target = e.target as Element | null;
    const cardEl = target?.closest<HTMLElement>(".hccg-card[data-card]");
    if (!cardEl || !this.root.contains(cardEl) || !this.view) return;
    const card = this.findCard(this.view, cardEl.dataset.card as string);
    if (!card) return;
    const res = clickCard(this.view, card, cardEl.dataset.zone ?? "");
    this.picked = res.choices.length ? card.id : null;
    this.choices = res.choices;
    this.hint = res.choices.length
      ? `${card.name}: choose what to do with it.`
      : res.send === null
        ? `No action uses ${card.name} now.`
        : "";
    if (res.send !== null) this.send({ type: "act", key: res.send }, { card: card.id });
    this.render();
  }

  private findCard(v: View, id: string): Card | undefined {
    const all: Card[] = [...v.table, ...(v.frame?.cards ?? [])];
    for (const p of v.players) {
      all.push(...(p.council ?? []), ...p.landfill, ...p.techs, ...p.policies);
      if (p.research) all.push(p.research);
      for (const c of p.cities) {
        all.push(c, ...c.terrains, ...c.creations, ...c.units);
        for (const t of c.terrains) if (t.mod) all.push(t.mod);
        if (c.production) all.push(c.production);
      }
    }
    return all.find((c) => c.id === id);
  }

  protected dropChoice(): void {
    super.dropChoice();
    this.picked = null;
    this.choices = [];
  }

  // -- drawing ----------------------------------------------------------------------------
  protected draw(v: View): void {
    this.root.dataset.frame = v.frame?.kind ?? "none";
    this.root.dataset.phase = v.turn.phase;
    this.root.dataset.turn = String(v.turn.number);
    this.root.dataset.picked = this.picked ?? "";
    setText(this.prompt, this.hint || this.promptFor(v));
    this.renderOrder(v);
    this.renderClash(v);
    this.renderPulled(v);
    this.renderActions(v);
    this.renderPlayers(v);
    this.drawLegend(v);
    this.cardNav.refresh();
  }

  protected finalScores(v: View): ScoreRow[] {
    // History: population decides (or wonders, or culture: the result says which way).
    const ways = ((v.result ?? {}) as { ways?: Record<string, string[]> }).ways ?? {};
    return v.players.map((p) => ({
      seat: p.seat,
      total: `population ${p.population}`,
      parts: [`wonders ${p.wonders}`, `culture ${p.culture}`, ...(ways[String(p.seat)]?.length ? [`won by ${ways[String(p.seat)].join(" and ")}`] : [])],
    }));
  }

  protected position(v: View): string {
    if (v.over) return "";
    // Turn 0 is the set-up (its phase says so; never "Turn 0" on screen).
    return v.turn.number > 0 ? `Turn ${v.turn.number} \u00b7 ${v.turn.phase_name}` : v.turn.phase_name;
  }

  /** The legend, drawn again only when the players' names change (it keeps its open state). */
  private drawLegend(v: View): void {
    const seats = v.players.map((p) => ({ seat: p.seat, name: this.seatName(v, p.seat), color: this.seatColour(p.seat) }));
    const sig = JSON.stringify(seats);
    if (sig === this.legendSig) return;
    this.legendSig = sig;
    renderLegend(this.legendBox, historyLegend(seats));
  }

  private seatName(v: View, seat: number): string {
    return playerName(v.players, seat);
  }

  /** A seat's colour, as the view names it. */
  private seatColour(seat: number): string {
    return playerColour(this.view?.players, seat);
  }

  private renderOrder(v: View): void {
    this.order.replaceChildren();
    el("span", "hccg-muted", "Initiative order: ", this.order);
    v.turn.order.forEach((s, i) => {
      const chip = el("span", "hccg-chip", `${i + 1}. ${this.seatName(v, s)}`, this.order);
      chip.dataset.seat = String(s);
      chip.style.borderColor = this.seatColour(s);
      if (v.turn.phase === "action" && !v.turn.active.includes(s)) {
        chip.classList.add("is-passed");
        chip.title = "passed for the rest of the action phase";
      }
    });
    const pulls = v.shown.initiative;
    if (pulls.length) {
      const text = pulls.map((x) => `${this.seatName(v, x.seat)}'s ${faceWords(x.card)}`).join(", ");
      const pulled = el("span", "hccg-muted", ` \u00b7 cards pulled for initiative: ${text}`, this.order);
      pulled.title = HISTORY_TERMS.find((t) => t.term === "initiative")?.meaning ?? "";
    }
  }

  private renderClash(v: View): void {
    this.clashEl.replaceChildren();
    const c = v.shown.clash;
    this.clashEl.hidden = !c;
    if (!c) return;
    el("div", "hccg-clash-head", `Last culture clash, from ${this.cityName(v, c.city)}`, this.clashEl);
    const row = el("div", "hccg-clash-row", undefined, this.clashEl);
    this.hand(v, row, c, "attack");
    el("div", "hccg-vs", "vs", row);
    this.hand(v, row, c, "defence");
    const result = c.tie
      ? `A tie: ${this.seatName(v, c.defender)} defends.`
      : `${this.seatName(v, c.winner)} wins the clash.`;
    el("div", "hccg-clash-result", result, this.clashEl);
  }

  private hand(v: View, parent: HTMLElement, c: Clash, side: "attack" | "defence"): void {
    const box = el("div", `hccg-hand hccg-${side}`, undefined, parent);
    const seat = side === "attack" ? c.attacker : c.defender;
    box.dataset.seat = String(seat);
    const name = side === "attack" ? c.attack_name : c.defence_name;
    const best = side === "attack" ? c.attack_hand : c.defence_hand;
    const cards = side === "attack" ? c.attack_cards : c.defence_cards;
    const head = el("div", "hccg-hand-head", `${this.seatName(v, seat)} (${side === "attack" ? "attacker" : "defender"}): `, box);
    const n = el("strong", "hccg-hand-name", name, head);
    n.dataset.side = side;
    if (seat === c.winner) box.classList.add("is-winner");
    const row = el("div", "hccg-row", undefined, box);
    for (const card of cards) {
      const e = this.face(card);
      if (best.includes(card.id)) e.classList.add("is-best");
      row.appendChild(e);
    }
  }

  /** A small playing-card face: rank and suit, the card's name as a tooltip. */
  private face(c: Card): HTMLElement {
    const e = el("span", `hccg-face hccg-suit-${c.suit}`, c.face);
    e.title = `${faceWords(c)} (${c.name})`;
    e.setAttribute("role", "img");
    e.setAttribute("aria-label", `${faceWords(c)} (${c.name})`);
    return e;
  }

  private renderPulled(v: View): void {
    this.pulled.replaceChildren();
    const cards = v.frame?.cards ?? [];
    this.pulled.hidden = !cards.length;
    if (!cards.length) return;
    el("div", "hccg-muted", "Pulled, face up on the table:", this.pulled);
    const row = el("div", "hccg-row", undefined, this.pulled);
    const options = usable(v.legal);
    for (const c of cards) row.appendChild(this.card(c, "table", options));
  }

  private card(c: Card, zone: string, options: Set<string>): HTMLElement {
    const e = el("button", `hccg-card hccg-type-${c.type}`) as HTMLButtonElement;
    e.type = "button";
    e.dataset.card = c.id;
    e.dataset.zone = zone;
    e.dataset.type = c.type;
    e.style.borderTopColor = this.seatColour(c.owner);
    // The rank, then the suit's symbol in the suit's colour (as in the legend); a screen
    // reader hears the face in words instead ("queen of Moons"), after the name.
    const face = el("span", "hccg-card-face", c.face.slice(0, -1), e);
    el("span", `hccg-suit-${c.suit}`, c.face.slice(-1), face);
    face.setAttribute("aria-hidden", "true");
    el("span", "hccg-card-name", c.name, e);
    e.title = `${c.name} (${faceWords(c)}) \u00b7 ${c.type_name}\n${c.text}`;
    if (options.has(c.id)) e.classList.add("is-option");
    if (this.picked === c.id) e.classList.add("is-picked");
    // For screen readers: the face in words and the card's kind; its state after them.
    el("span", "match-sr-only", `, ${faceWords(c)}, ${c.type_name}`, e);
    if ((c as { fresh?: boolean }).fresh === false) cardLine(e, "hccg-card-note", "exhausted");
    const state = this.picked === c.id ? "picked" : options.has(c.id) ? "you may use it" : "";
    if (state) el("span", "match-sr-only", `; ${state}`, e);
    return e;
  }

  private cityName(v: View, id: string): string {
    for (const p of v.players) for (const c of p.cities) if (c.id === id) return `${c.name} (${faceWords(c)})`;
    return id;
  }

  private renderPlayers(v: View): void {
    this.playersEl.replaceChildren();
    const options = usable(v.legal);
    for (const p of v.players) this.playersEl.appendChild(this.player(v, p, options));
  }

  private player(v: View, p: Player, options: Set<string>): HTMLElement {
    const panel = el("section", "hccg-player");
    panel.dataset.seat = String(p.seat);
    panel.style.borderColor = this.seatColour(p.seat);
    if (p.seat === v.current_player && !v.over) panel.classList.add("is-deciding");
    const head = el("div", "hccg-player-head", undefined, panel);
    el("strong", "", `${p.name}${p.seat === v.seat ? " (you)" : ""}`, head);
    const facts = [
      p.deck_name,
      `population ${p.population}`,
      `culture ${p.culture}`,
      `wonders ${p.wonders}`,
      `trade ${p.trade}`,
      `treasury ${p.treasury_count}`,
      `landfill ${p.landfill.length}`,
      `council ${p.council_count} of ${p.council_max}`,
    ];
    // The game's words carry their meaning as a tooltip (the legend's glossary has them too).
    const line = el("span", "hccg-muted", undefined, head);
    facts.forEach((f, i) => {
      if (i) line.append(" \u00b7 ");
      const part = el("span", "", f, line);
      const term = HISTORY_TERMS.find((t) => f.startsWith(t.term));
      if (term) {
        part.title = `${term.term}: ${term.meaning}`;
        part.classList.add("hccg-term");
      }
    });
    // Before a capital is deployed (the set-up) there is none to have lost.
    if (p.capital && !p.holds_capital) el("span", "hccg-badge hccg-lost", "capital lost", head);

    const science = el("div", "hccg-science", undefined, panel);
    if (p.research) {
      const cost = p.research.cost ?? 0;
      el("span", "", `Researching ${p.research.name}: ${p.research.counters} of ${cost} counters \u00b7 `, science);
    }
    el("span", "hccg-muted", `techs: ${p.techs.map((t) => t.name).join(", ") || "none"}`, science);
    if (p.policies.length) el("span", "hccg-muted", ` \u00b7 policies: ${p.policies.map((t) => t.name).join(", ")}`, science);

    const map = el("div", "hccg-map", undefined, panel);
    map.dataset.seat = String(p.seat);
    for (const c of p.cities) map.appendChild(this.city(v, c, options));
    if (!p.cities.length) el("div", "hccg-muted", "(no city)", map);

    const council = el("div", "hccg-council", undefined, panel);
    council.dataset.seat = String(p.seat);
    el("div", "hccg-group-head", p.council ? "Council" : `Council: ${p.council_count} cards (hidden)`, council);
    const row = el("div", "hccg-row", undefined, council);
    if (p.council) {
      for (const c of p.council) row.appendChild(this.card(c, "council", options));
    } else {
      for (let i = 0; i < Math.min(p.council_count, MAX_BACKS); i++) {
        const back = el("span", "hccg-back", undefined, row);
        back.dataset.seat = String(p.seat);
      }
    }
    return panel;
  }

  private city(v: View, c: City, options: Set<string>): HTMLElement {
    const box = el("div", "hccg-city");
    box.dataset.city = c.id;
    box.dataset.controller = String(c.controller);
    box.style.borderColor = this.seatColour(c.controller);
    const head = el("div", "hccg-city-head", undefined, box);
    head.appendChild(this.card(c, "city", options));
    const pop = el("span", "hccg-pop", `population ${c.population}`, head);
    pop.dataset.pop = String(c.population);
    if (c.capital) el("span", "hccg-badge", "capital", head);
    if (c.controller !== c.owner) el("span", "hccg-badge hccg-lost", `taken from ${this.seatName(v, c.owner)}`, head);
    const y = c.yields;
    el("div", "hccg-muted", `food ${y.food} \u00b7 material ${y.material} \u00b7 trade ${y.trade} \u00b7 defence ${c.defence}`, box);
    const parts = el("div", "hccg-row", undefined, box);
    for (const t of c.terrains) {
      const e = this.card(t, "terrain", options);
      if (t.mod) {
        const m = cardLine(e, "hccg-mod", `+ ${t.mod.name}`);
        m.dataset.card = t.mod.id;
      }
      parts.appendChild(e);
    }
    for (const x of c.creations) {
      const e = this.card(x, "creation", options);
      if (!x.fresh) e.classList.add("is-exhausted");
      parts.appendChild(e);
    }
    for (const u of c.units) {
      const e = this.card(u, "unit", options);
      e.classList.toggle("is-exhausted", !u.fresh);
      for (const line of unitWords(u)) cardLine(e, "hccg-unit-stats", line);
      parts.appendChild(e);
    }
    if (c.production) {
      const e = this.card(c.production, "production", options);
      e.classList.add("is-behind");
      cardLine(e, "hccg-made", `being made: ${c.production.made} of ${c.production.cost ?? "?"}`);
      parts.appendChild(e);
    }
    return box;
  }

  private renderActions(v: View): void {
    const idle = v.over || v.legal.length ? "" : `${this.seatName(v, v.current_player ?? 0)} is deciding.`;
    const picking = this.choices.length > 0;
    renderActions(
      this.actions,
      "hccg",
      v.over ? [] : picking ? this.choices : v.legal,
      (a: LegalAction) => {
        this.picked = null;
        this.choices = [];
        this.send({ type: "act", key: a.key });
      },
      {
        idle,
        cancel: picking
          ? () => {
              this.dropChoice();
              this.render();
            }
          : undefined,
      },
    );
  }
}
