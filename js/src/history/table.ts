// The History CCG card table: a control bar, the phase and initiative order, each
// player's map (cities with terrains, production, creations and units), councils (face up
// only to their owner), treasury and landfill counts, the last culture clash as two poker
// hands, buttons for the legal actions, feedback (with the rule of a refusal) and the log.
// Everything is redrawn from `view`; only the card a click has picked lives here.

import type { AnyModel } from "@anywidget/types";
import { downloadText, gameFileMessage, parseViewChoice, scrubTarget, viewChoice } from "../controls";
import { button, el } from "../secolo/dom";
import type { Card, City, Clash, Feedback, Intent, LegalAction, Player, TableModel, View } from "./model";
import { colour, isView } from "./model";
import { clickCard, usable } from "./picker";

type IntentBody =
  | { type: "act"; key: string }
  | { type: "undo" | "redo" | "save" }
  | { type: "load"; text: string; name: string };

const LOG_SHOWN = 16;
const MAX_BACKS = 10;
const SUIT_NAMES: Record<string, string> = {
  sun: "Sun",
  moon: "Moon",
  star: "Star",
  wave: "Wave",
  leaf: "Leaf",
  clubs: "Clubs",
  diamonds: "Diamonds",
  hearts: "Hearts",
  spades: "Spades",
};

export class HistoryTable {
  readonly root: HTMLElement;
  private readonly status: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly prompt: HTMLElement;
  private readonly order: HTMLElement;
  private readonly clashEl: HTMLElement;
  private readonly pulled: HTMLElement;
  private readonly playersEl: HTMLElement;
  private readonly actions: HTMLElement;
  private readonly feedbackEl: HTMLElement;
  private readonly logEl: HTMLElement;
  private view: View | null = null;
  private picked: string | null = null;
  private choices: LegalAction[] = [];
  private hint = "";
  private seq = 0;
  private readonly handlers: [string, (...args: unknown[]) => void][] = [];

  constructor(
    private readonly model: AnyModel<TableModel>,
    host: HTMLElement,
  ) {
    const root = el("div", "hccg-table", undefined, host);
    this.root = root;
    root.tabIndex = 0;
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    root.setAttribute("aria-label", "History CCG card table");
    this.status = el("div", "hccg-status", "Waiting for the game view\u2026", root);
    this.bar = el("div", "hccg-bar", undefined, root);
    this.prompt = el("div", "hccg-prompt", undefined, root);
    this.order = el("div", "hccg-order", undefined, root);
    this.clashEl = el("div", "hccg-clash", undefined, root);
    this.pulled = el("div", "hccg-pulled", undefined, root);
    this.actions = el("div", "hccg-actions", undefined, root);
    this.feedbackEl = el("div", "hccg-feedback", undefined, root);
    this.feedbackEl.setAttribute("role", "status");
    this.feedbackEl.setAttribute("aria-live", "polite");
    this.playersEl = el("div", "hccg-players", undefined, root);
    this.logEl = el("ul", "hccg-log", undefined, root);

    root.addEventListener("click", this.onClick);
    for (const t of ["view", "seat", "hotseat", "bots", "bot_names", "autoplay", "position", "replay_length", "lock_view"]) {
      this.on(`change:${t}`, () => this.onView());
    }
    this.on("change:feedback", () => this.onFeedback());
    this.on("msg:custom", (msg: unknown) => {
      const file = gameFileMessage(msg);
      if (file) downloadText(file.name, file.text);
    });
    this.onView();
    this.onFeedback();
  }

  private on(event: string, fn: (...args: unknown[]) => void): void {
    this.model.on(event, fn);
    this.handlers.push([event, fn]);
  }

  destroy(): void {
    for (const [ev, fn] of this.handlers) this.model.off(ev, fn);
    this.handlers.length = 0;
    this.root.removeEventListener("click", this.onClick);
    this.root.remove();
  }

  /** Send an intent to Python: always a NEW object with a fresh seq. */
  send(body: IntentBody): void {
    const prev = this.model.get("intent") as Partial<Intent> | undefined;
    const prevSeq = prev && typeof prev.seq === "number" ? prev.seq : 0;
    this.seq = Math.max(this.seq, prevSeq) + 1;
    const version = this.view ? this.view.version : 0;
    this.model.set("intent", { seq: this.seq, version, ...body } as Intent);
    this.model.save_changes();
  }

  private setTrait<K extends keyof TableModel>(key: K, value: TableModel[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }

  /** The card the last click picked (several actions use it), for tests. */
  get pickedCard(): string | null {
    return this.picked;
  }

  // -- clicks ------------------------------------------------------------------------------
  private onClick = (e: MouseEvent): void => {
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
    if (res.send !== null) this.send({ type: "act", key: res.send });
    this.render();
  };

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

  // -- model changes ---------------------------------------------------------------------
  private onView(): void {
    const v = this.model.get("view");
    if (!isView(v)) {
      this.view = null;
      this.root.classList.add("is-empty");
      return;
    }
    if (!this.view || this.view.version !== v.version) {
      this.picked = null;
      this.choices = [];
      this.hint = "";
    }
    this.root.classList.remove("is-empty");
    this.view = v;
    this.render();
  }

  private onFeedback(): void {
    const fb = (this.model.get("feedback") || {}) as Feedback;
    this.feedbackEl.replaceChildren();
    this.feedbackEl.classList.toggle("is-ok", fb.ok === true);
    this.feedbackEl.classList.toggle("is-bad", fb.ok === false);
    this.feedbackEl.dataset.rule = fb.rule_id ?? "";
    if (!fb.message) return;
    el("span", "", fb.message, this.feedbackEl);
    if (fb.rule_id) {
      const r = el("code", "hccg-rule", fb.rule_id, this.feedbackEl);
      r.title = fb.section ?? "";
      if (fb.section) el("span", "hccg-section", ` \u2014 ${fb.section}`, this.feedbackEl);
    }
  }

  // -- drawing ----------------------------------------------------------------------------
  private render(): void {
    const v = this.view;
    if (!v) return;
    this.root.dataset.version = String(v.version);
    this.root.dataset.frame = v.frame?.kind ?? "none";
    this.root.dataset.phase = v.turn.phase;
    this.root.dataset.turn = String(v.turn.number);
    this.root.dataset.picked = this.picked ?? "";
    this.renderStatus(v);
    this.renderBar(v);
    this.prompt.textContent = this.hint || v.prompt;
    this.renderOrder(v);
    this.renderClash(v);
    this.renderPulled(v);
    this.renderActions(v);
    this.renderPlayers(v);
    this.renderLog(v);
  }

  private seatName(v: View, seat: number): string {
    return v.players[seat]?.name ?? `Player ${seat + 1}`;
  }

  private renderStatus(v: View): void {
    const who =
      v.seat === null || v.seat === undefined ? "teacher's view (every council)" : `${this.seatName(v, v.seat)}'s view`;
    let state: string;
    if (v.over) {
      const w = v.result?.winners ?? [];
      state = `game over \u2014 ${w.map((s) => this.seatName(v, s)).join(" and ")} win${w.length === 1 ? "s" : ""}`;
    } else {
      const mover = v.current_player === null ? "" : ` \u00b7 ${this.seatName(v, v.current_player)} to decide`;
      state = `Turn ${v.turn.number} \u00b7 ${v.turn.phase_name}${mover}`;
    }
    this.status.textContent = `${v.title} \u00b7 ${state} \u00b7 ${who}`;
  }

  private renderBar(v: View): void {
    this.bar.replaceChildren();
    const m = this.model;
    const locked = !!m.get("lock_view");
    const choice = viewChoice(m.get("seat") ?? null, !!m.get("hotseat"));
    const sel = el("select", "hccg-view-select", undefined, this.bar);
    const values = locked ? [choice] : ["teacher", ...v.players.map((p) => String(p.seat)), "hotseat"];
    for (const val of values) {
      const label = val === "teacher" ? "teacher" : val === "hotseat" ? "hot-seat" : this.seatName(v, Number(val));
      el("option", "", label, sel).value = val;
    }
    sel.value = choice;
    sel.disabled = locked;
    sel.title = "Whose eyes: the teacher sees every council, a player only their own";
    sel.addEventListener("change", () => {
      const c = parseViewChoice(sel.value);
      if (!c) return;
      m.set("hotseat", c.hotseat);
      if (!c.hotseat) m.set("seat", c.seat);
      m.save_changes();
    });
    const bots = m.get("bots") ?? [];
    const names = m.get("bot_names") ?? [];
    for (const p of v.players) {
      const s = el("select", "hccg-seat-select", undefined, this.bar);
      s.dataset.seat = String(p.seat);
      s.style.borderColor = colour(p.seat);
      for (const n of ["", ...names]) {
        el("option", "", n ? `${p.name}: ${n} bot` : `${p.name}: person`, s).value = n;
      }
      s.value = bots[p.seat] ?? "";
      s.addEventListener("change", () => {
        const next = v.players.map((q) => (q.seat === p.seat ? s.value || null : (bots[q.seat] ?? null)));
        this.setTrait("bots", next);
      });
    }
    const auto = !!m.get("autoplay");
    button(this.bar, auto ? "\u23F8 bots" : "\u25B6 bots", "hccg-tool hccg-autoplay", () => this.setTrait("autoplay", !auto));
    const undo = button(this.bar, "\u21B6 undo", "hccg-tool hccg-undo", () => this.send({ type: "undo" }));
    undo.disabled = !v.can_undo;
    const redo = button(this.bar, "\u21B7 redo", "hccg-tool hccg-redo", () => this.send({ type: "redo" }));
    redo.disabled = !v.can_redo;
    const n = m.get("replay_length") ?? 0;
    const pos = m.get("position") ?? null;
    button(this.bar, "\u25C0", "hccg-tool hccg-back", () => this.setTrait("position", scrubTarget("back", pos, n)));
    const range = el("input", "hccg-scrub", undefined, this.bar);
    Object.assign(range, { type: "range", min: "0", max: String(n), step: "1", value: String(pos ?? n) });
    range.title = "Replay: the position after this many actions";
    range.addEventListener("change", () => this.setTrait("position", Number(range.value)));
    button(this.bar, "\u25B6", "hccg-tool hccg-forward", () => this.setTrait("position", scrubTarget("forward", pos, n)));
    const live = button(this.bar, "live", "hccg-tool hccg-live", () => this.setTrait("position", null));
    live.disabled = pos === null;
    if (!locked) {
      button(this.bar, "save", "hccg-tool hccg-save", () => this.send({ type: "save" }));
      const picker = el("input", "hccg-load-input", undefined, this.bar);
      picker.type = "file";
      picker.accept = ".json,application/json";
      picker.hidden = true;
      picker.addEventListener("change", async () => {
        const f = picker.files?.[0];
        picker.value = "";
        if (f) this.send({ type: "load", text: await f.text(), name: f.name });
      });
      button(this.bar, "load\u2026", "hccg-tool hccg-load", () => picker.click());
    }
  }

  private renderOrder(v: View): void {
    this.order.replaceChildren();
    el("span", "hccg-muted", "Initiative order: ", this.order);
    v.turn.order.forEach((s, i) => {
      const chip = el("span", "hccg-chip", `${i + 1}. ${this.seatName(v, s)}`, this.order);
      chip.dataset.seat = String(s);
      chip.style.borderColor = colour(s);
      if (v.turn.phase === "action" && !v.turn.active.includes(s)) {
        chip.classList.add("is-passed");
        chip.title = "passed for the rest of the action phase";
      }
    });
    const pulls = v.shown.initiative;
    if (pulls.length) {
      const text = pulls.map((x) => `${this.seatName(v, x.seat)} ${x.card.face}`).join(", ");
      el("span", "hccg-muted", ` \u00b7 pulled ${text}`, this.order);
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
    e.title = `${c.name} \u00b7 ${SUIT_NAMES[c.suit] ?? c.suit}`;
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
    e.style.borderTopColor = colour(c.owner);
    el("span", "hccg-card-face", c.face, e);
    el("span", "hccg-card-name", c.name, e);
    e.title = `${c.name} (${c.face}) \u00b7 ${c.type_name}\n${c.text}`;
    if (options.has(c.id)) e.classList.add("is-option");
    if (this.picked === c.id) e.classList.add("is-picked");
    return e;
  }

  private cityName(v: View, id: string): string {
    for (const p of v.players) for (const c of p.cities) if (c.id === id) return `${c.name} (${c.face})`;
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
    panel.style.borderColor = colour(p.seat);
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
      `council ${p.council_count}/${p.council_max}`,
    ];
    el("span", "hccg-muted", facts.join(" \u00b7 "), head);
    if (!p.holds_capital) el("span", "hccg-badge hccg-lost", "capital lost", head);

    const science = el("div", "hccg-science", undefined, panel);
    if (p.research) {
      const cost = p.research.cost ?? 0;
      el("span", "", `Researching ${p.research.name} ${p.research.counters}/${cost} \u00b7 `, science);
    }
    el("span", "hccg-muted", `techs: ${p.techs.map((t) => t.name).join(", ") || "none"}`, science);
    if (p.policies.length) el("span", "hccg-muted", ` \u00b7 policies: ${p.policies.map((t) => t.name).join(", ")}`, science);

    const map = el("div", "hccg-map", undefined, panel);
    map.dataset.seat = String(p.seat);
    for (const c of p.cities) map.appendChild(this.city(v, c, options));
    if (!p.cities.length) el("div", "hccg-muted", "(no city)", map);

    const council = el("div", "hccg-council", undefined, panel);
    council.dataset.seat = String(p.seat);
    el("div", "hccg-group-head", p.council ? "Council" : `Council: ${p.council_count} hidden`, council);
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
    box.style.borderColor = colour(c.controller);
    const head = el("div", "hccg-city-head", undefined, box);
    head.appendChild(this.card(c, "city", options));
    const pop = el("span", "hccg-pop", `population ${c.population}`, head);
    pop.dataset.pop = String(c.population);
    if (c.capital) el("span", "hccg-badge", "\u2605 capital", head);
    if (c.controller !== c.owner) el("span", "hccg-badge hccg-lost", `taken from ${this.seatName(v, c.owner)}`, head);
    const y = c.yields;
    el("div", "hccg-muted", `food ${y.food} \u00b7 material ${y.material} \u00b7 trade ${y.trade} \u00b7 defence ${c.defence}`, box);
    const parts = el("div", "hccg-row", undefined, box);
    for (const t of c.terrains) {
      const e = this.card(t, "terrain", options);
      if (t.mod) {
        const m = el("span", "hccg-mod", `+ ${t.mod.name}`, e);
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
      el("span", "hccg-unit-stats", `${u.attack}/${u.defence} \u2665${u.health - u.damage}/${u.health}`, e);
      parts.appendChild(e);
    }
    if (c.production) {
      const e = this.card(c.production, "production", options);
      e.classList.add("is-behind");
      el("span", "hccg-made", `${c.production.made}/${c.production.cost ?? "?"}`, e);
      parts.appendChild(e);
    }
    return box;
  }

  private renderActions(v: View): void {
    this.actions.replaceChildren();
    if (v.over) return;
    if (!v.legal.length) {
      el("span", "hccg-muted", `${this.seatName(v, v.current_player ?? 0)} is deciding.`, this.actions);
      return;
    }
    const list = this.choices.length ? this.choices : v.legal;
    if (this.choices.length) {
      button(this.actions, "cancel", "hccg-tool hccg-cancel", () => {
        this.picked = null;
        this.choices = [];
        this.hint = "";
        this.render();
      });
    }
    for (const a of list) {
      const b = button(this.actions, a.label, `hccg-action hccg-kind-${a.kind}`, () => {
        this.picked = null;
        this.choices = [];
        this.send({ type: "act", key: a.key });
      });
      b.dataset.key = a.key;
      b.dataset.kind = a.kind;
    }
  }

  private renderLog(v: View): void {
    this.logEl.replaceChildren();
    for (const e of v.log.slice(-LOG_SHOWN).reverse()) {
      const li = el("li", "", e.text, this.logEl);
      li.dataset.kind = e.kind;
    }
  }
}
