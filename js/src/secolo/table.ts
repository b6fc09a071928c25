// The card table: wires the view payload, card clicks and buttons to the model.
// Everything is redrawn from `view` on each change (a table holds a few dozen cards);
// only the half-made choice (`picked`) lives in the front end, and it is dropped
// whenever the game moves on.

import type { ScoreRow } from "../shared/end";
import type { AnyModel } from "@anywidget/types";
import { renderActions } from "../shared/actions";
import { MatchApp } from "../shared/app";
import { el } from "../shared/dom";
import { playerColour, playerName } from "../shared/players";
import { politeRegion, setText } from "../shared/a11y";
import { type Lang, cardBack, cardElement, otherName, protectionLabel, shownName } from "./cards";
import type { Card, Frame, LegalAction, Player, TableModel, View } from "./model";
import { isView } from "./model";
import { candidates, click, clickable, distinct } from "./picker";
import { secoloLegend } from "./legend";
import { renderLegend } from "../shared/legend";
import { CardNav } from "../shared/keyboard";

const MAX_BACKS = 12;
const LOG_SHOWN = 14;

export class Table extends MatchApp<View, TableModel> {
  private readonly prompt: HTMLElement;
  private readonly attack: HTMLElement;
  private readonly stats: HTMLElement;
  private readonly piles: HTMLElement;
  private readonly players: HTMLElement;
  private readonly actions: HTMLElement;
  private picked: string[] = [];
  /** The card names' language (a setting of this table; English as the rest of the product). */
  private lang: Lang = "en";
  private readonly cardNav: CardNav;

  constructor(model: AnyModel<TableModel>, host: HTMLElement) {
    super(model, host, {
      className: "secolo-table match-table",
      prefix: "secolo",
      label: "600 il Secolo di Ferro card table",
      isView,
      affordance: "click a highlighted card, or a button below",
    });
    const root = this.root;
    this.banner(root);
    this.controlBar(root);
    this.prompt = politeRegion(el("div", "secolo-prompt", undefined, root));
    // The attack being answered (a React or Countermand decision).
    this.attack = el("div", "secolo-banner", undefined, root);
    this.attack.setAttribute("role", "alert");
    const top = el("div", "secolo-top", undefined, root);
    this.stats = el("div", "secolo-counts", undefined, top);
    this.languageSetting(top);
    this.piles = el("div", "secolo-piles", undefined, root);
    this.players = el("div", "secolo-players", undefined, root);
    this.actions = el("div", "secolo-actions", undefined, root);
    this.feedbackLine(root);
    renderLegend(el("div", "secolo-legend", undefined, root), secoloLegend());
    this.eventLog(root, LOG_SHOWN);
    // Arrows between the cards, Enter or Space uses the focused one (as a click does).
    this.cardNav = new CardNav(root, ".secolo-card[data-card]");
    this.start();
  }

  /** "Card names: English / Italiano": the seed's Italian names on demand (issue 37). */
  private languageSetting(parent: HTMLElement): void {
    const label = el("label", "secolo-lang", undefined, parent);
    el("span", "", "Card names ", label);
    const select = el("select", "secolo-lang-select", undefined, label);
    for (const [value, words] of [
      ["en", "English"],
      ["it", "Italiano"],
    ] as const) {
      const o = el("option", "", words, select);
      o.value = value;
    }
    select.value = this.lang;
    select.addEventListener("change", () => {
      this.lang = select.value === "it" ? "it" : "en";
      this.root.dataset.lang = this.lang;
      this.render();
    });
    this.root.dataset.lang = this.lang;
  }

  destroy(): void {
    this.cardNav.destroy();
    super.destroy();
  }

  /** The cards the current half-made choice has picked (for tests and the status line). */
  get pickedCards(): string[] {
    return [...this.picked];
  }

  protected onClick(e: MouseEvent): void {
    const target = e.target as HTMLElement | null;
    const cardEl = target?.closest<HTMLElement>(".secolo-card[data-card]");
    if (cardEl && this.root.contains(cardEl)) this.useCard(cardEl.dataset.card as string);
  }

  private useCard(id: string): void {
    if (!this.view) return;
    const legal = this.view.legal;
    if (!clickable(legal, this.picked).has(id) && !this.picked.includes(id)) {
      const fresh = candidates(legal, [id]);
      if (!fresh.length) {
        this.hint = legal.length
          ? `No legal action uses ${this.name(id)} now.`
          : "It is not your decision now.";
        this.render();
        return;
      }
    }
    const res = click(legal, this.picked, id);
    this.hint = "";
    if (res.send !== null) {
      this.picked = [];
      this.render();
      this.send({ type: "act", key: res.send }, { card: id });
    } else {
      this.picked = res.picked;
      this.render();
    }
  }

  protected dropChoice(): void {
    super.dropChoice();
    this.picked = [];
  }

  // -- drawing ---------------------------------------------------------------------
  private names = new Map<string, string>();
  private cultureNames = new Map<string, string>();

  private name(id: string): string {
    return this.names.get(id) ?? id;
  }

  private collectNames(v: View): void {
    const names = new Map<string, string>();
    const add = (c: Card | null | undefined) => {
      if (c) names.set(c.id, shownName(c, this.lang));
    };
    v.pool.forEach(add);
    v.discard.forEach(add);
    for (const p of v.players) {
      add(p.protagonist);
      p.hand?.forEach(add);
      for (const g of p.city) g.cards.forEach(add);
    }
    this.names = names;
    this.cultureNames = new Map((v.cultures ?? []).map((c) => [c.code, shownName(c, this.lang)]));
  }

  protected draw(v: View): void {
    this.collectNames(v);
    const options = clickable(v.legal, this.picked);
    this.root.dataset.frame = v.frame?.kind ?? "none";
    setText(this.prompt, this.promptFor(v));
    this.renderAttack(v);
    this.renderPiles(v, options);
    this.renderPlayers(v, options);
    this.renderActions(v, options);
    this.cardNav.refresh();
  }

  protected finalScores(v: View): ScoreRow[] {
    // Secolo: the cultures in a city decide, then its characters.
    const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
    return v.players.map((p) => ({
      seat: p.seat,
      total: n(p.cultures, "culture", "cultures"),
      parts: [n(p.characters, "character", "characters"), ...p.city.map((c) => `${shownName(c, this.lang)} (${n(c.cards.length, "card", "cards")})`)],
    }));
  }

  protected position(v: View): string {
    if (v.over) return "";
    // Turn 0 is the choice of Protagonists, before the first turn (never "Turn 0" on screen).
    return v.turn.number > 0 ? `Turn ${v.turn.number}` : "Setting up";
  }

  private who(v: View, seat: number): string {
    return playerName(v.players, seat);
  }

  private decides(v: View, f: Frame): boolean {
    return v.seat === null || v.seat === undefined || v.seat === f.player;
  }

  private renderAttack(v: View): void {
    const f = v.frame;
    this.attack.replaceChildren();
    const shown = !!f && (f.kind === "react" || f.kind === "counter") && !v.over;
    this.attack.hidden = !shown;
    this.root.classList.toggle("is-reacting", shown);
    if (!shown || !f) return;
    const att = f.attack;
    let what = "";
    if (f.kind === "react" && att) {
      what =
        `\u2694 ${this.who(v, att.by)} attacks ${this.name(att.target)} in ${this.who(v, att.city)}'s city ` +
        `with ${att.attackers.map((a) => this.name(a)).join(" and ")}.`;
    } else if (f.kind === "counter" && f.pending) {
      what = `\u2694 ${this.who(v, f.pending.by)} stops the Attack with ${this.name(f.pending.card)}.`;
    }
    el("div", "secolo-banner-what", what, this.attack);
    const ask = this.decides(v, f)
      ? `${this.who(v, f.player)}: answer with a Special${f.kind === "react" ? " or an Object" : " (Countermand)"}, or pass.`
      : `Waiting for ${this.who(v, f.player)} to answer\u2026`;
    el("div", "secolo-banner-ask", ask, this.attack);
  }

  private renderPiles(v: View, options: Set<string>): void {
    this.piles.replaceChildren();
    const stats = this.stats;
    stats.replaceChildren();
    const deck = el("span", "secolo-count", `Deck: ${v.deck_count}`, stats);
    deck.title = "Mazzo";
    deck.dataset.pile = "deck";
    const disc = el("span", "secolo-count", `Discard pile: ${v.discard_count}`, stats);
    disc.title = "Scarti";
    disc.dataset.pile = "discard";
    const max = Number(v.options.max_reshuffles ?? 1);
    el("span", "secolo-count", `Reshuffles: ${v.reshuffles}/${max}`, stats).title = "Rimescolamenti";
    el(
      "span",
      "secolo-count secolo-muted",
      `${v.options.deck === "extended" ? "extended" : "base"} deck${v.options.pairs ? " \u00b7 pairs" : ""}`,
      stats,
    );
    if (v.pool.length) {
      el("h4", "", "Protagonists to choose", this.piles).title = "Protagonisti da scegliere";
      const row = el("div", "secolo-row secolo-grid secolo-pool", undefined, this.piles);
      for (const c of v.pool) row.appendChild(this.card(c, "pool", null, options));
    }
    if (v.discard.length) {
      const det = el("details", "secolo-discard", undefined, this.piles);
      el("summary", "", `Discard pile (${v.discard.length}, face up)`, det);
      const row = el("div", "secolo-row", undefined, det);
      let useful = false;
      for (const c of [...v.discard].reverse()) {
        row.appendChild(this.card(c, "discard", null, options));
        useful ||= options.has(c.id);
      }
      det.open = useful;
    }
  }

  private card(c: Card, zone: "city" | "hand" | "pool" | "discard", seat: number | null, options: Set<string>): HTMLElement {
    const e = cardElement(c, { zone, seat, names: this.names, cultures: this.cultureNames, lang: this.lang });
    if (options.has(c.id)) e.classList.add("is-option");
    if (this.picked.includes(c.id)) e.classList.add("is-picked");
    const f = this.view?.frame;
    if (f?.kind === "react" && f.attack) {
      if (f.attack.target === c.id) e.classList.add("is-target");
      if (f.attack.attackers.includes(c.id)) e.classList.add("is-attacker");
    }
    if (f?.kind === "draw" && f.marked?.includes(c.id)) e.classList.add("is-marked");
    // Every card is a button for the keyboard (one tab stop, see CardNav); a click on a card
    // no action uses says so.
    e.setAttribute("role", "button");
    e.tabIndex = -1;
    const state = e.classList.contains("is-picked") ? "picked" : e.classList.contains("is-option") ? "you may use it" : "";
    if (state) el("span", "match-sr-only", `; ${state}`, e);
    return e;
  }

  private renderPlayers(v: View, options: Set<string>): void {
    this.players.replaceChildren();
    for (const p of v.players) this.players.appendChild(this.playerPanel(v, p, options));
  }

  private playerPanel(v: View, p: Player, options: Set<string>): HTMLElement {
    const panel = el("section", "secolo-player");
    panel.dataset.seat = String(p.seat);
    if (p.seat === v.current_player && !v.over) panel.classList.add("is-deciding");
    if (p.seat === v.seat) panel.classList.add("is-me");
    const head = el("div", "secolo-player-head", undefined, panel);
    const me = p.seat === v.seat ? " (you)" : "";
    const tag = el("strong", "match-player-name", `${this.who(v, p.seat)}${me}`, head);
    tag.style.setProperty("--seat-colour", playerColour(v.players, p.seat));
    const bits = [
      `${p.cultures} culture${p.cultures === 1 ? "" : "s"}`,
      `${p.characters} character${p.characters === 1 ? "" : "s"}`,
      `${p.hand_count} in hand`,
    ];
    if (p.partner !== null && p.partner !== undefined) bits.push(`partner: ${this.who(v, p.partner)}`);
    if (p.protagonist) bits.unshift(shownName(p.protagonist, this.lang));
    el("span", "secolo-muted", bits.join(" \u00b7 "), head);
    if (p.sheltered) el("span", "secolo-badge secolo-shield", `\u25C8 ${protectionLabel("bible")}`, head);

    const city = el("div", "secolo-city", undefined, panel);
    city.dataset.seat = String(p.seat);
    for (const grp of p.city) {
      const g = el("div", "secolo-group", undefined, city);
      g.dataset.culture = grp.culture;
      g.dataset.seat = String(p.seat);
      const gh = el("div", "secolo-group-head", shownName(grp, this.lang), g);
      gh.title = otherName(grp, this.lang);
      if (this.lang === "it") gh.setAttribute("lang", "it");
      if (grp.bulwark) {
        g.classList.add("has-bulwark");
        el("span", "secolo-badge secolo-shield", "\u25C8 Bulwark", gh).title = "Baluardo";
      }
      const row = el("div", "secolo-row", undefined, g);
      for (const c of grp.cards) row.appendChild(this.card(c, "city", p.seat, options));
    }
    if (!p.city.length) el("div", "secolo-muted", "(empty city)", city);

    const hand = el("div", "secolo-hand", undefined, panel);
    hand.dataset.seat = String(p.seat);
    el("div", "secolo-group-head", p.hand ? "Hand" : `Hand: ${p.hand_count} hidden`, hand).title = "Mano";
    const row = el("div", p.hand ? "secolo-row secolo-grid" : "secolo-row", undefined, hand);
    if (p.hand) {
      for (const c of p.hand) row.appendChild(this.card(c, "hand", p.seat, options));
    } else {
      for (let i = 0; i < Math.min(p.hand_count, MAX_BACKS); i++) row.appendChild(cardBack(p.seat));
      if (p.hand_count > MAX_BACKS) el("span", "secolo-muted", `+${p.hand_count - MAX_BACKS}`, row);
    }
    return panel;
  }

  private renderActions(v: View, options: Set<string>): void {
    if (!v.legal.length) {
      renderActions(this.actions, "secolo", [], () => {}, {
        idle: v.over || v.current_player === null ? "" : `${this.who(v, v.current_player)} is deciding.`,
      });
      return;
    }
    const picking = this.picked.length > 0;
    const head = picking
      ? `Choosing: ${this.picked.map((c) => this.name(c)).join(" + ")} \u2014 click a highlighted card or a button`
      : options.size
        ? "Click a highlighted card, or choose:"
        : "Choose:";
    // A move that is one highlighted card is made on the card (a click, or Enter on it):
    // no second, long button for it (the Protagonists were offered twice).
    const all = distinct(candidates(v.legal, this.picked));
    const shown = picking ? all : all.filter((a) => !(a.cards.length === 1 && options.has(a.cards[0])));
    renderActions(
      this.actions,
      "secolo",
      shown,
      (a: LegalAction) => {
        this.picked = [];
        this.send({ type: "act", key: a.key });
      },
      {
        head: shown.length ? head : "Click a highlighted card.",
        hint: this.hint,
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
