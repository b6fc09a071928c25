// The Persistence of Culture widget: a control bar, the prompt, the world map with the
// Culture cards beside it, the player's hand, buttons, feedback (with the rule of a
// refusal) and the log. Everything is redrawn from `view`; only a half-made choice
// (a selected card) lives in the front end, and it is dropped when the game moves on.

import type { AnyModel } from "@anywidget/types";
import { downloadText, gameFileMessage, parseViewChoice, scrubTarget, viewChoice } from "../controls";
import { button, el } from "../secolo/dom";
import { MapView } from "./map";
import { type Card, type CultureInPlay, type Feedback, type Intent, type MapModel, type View, colour, isView } from "./model";
import { type Selection, areaOptions, buttonActions, cardOptions, clickArea, clickCard, transferPaths } from "./picker";

type IntentBody =
  | { type: "act"; key: string }
  | { type: "undo" | "redo" | "save" }
  | { type: "load"; text: string; name: string };

const LOG_SHOWN = 16;

export class PersistenceApp {
  readonly root: HTMLElement;
  readonly map: MapView;
  private readonly status: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly prompt: HTMLElement;
  private readonly side: HTMLElement;
  private readonly handEl: HTMLElement;
  private readonly actions: HTMLElement;
  private readonly feedbackEl: HTMLElement;
  private readonly logEl: HTMLElement;
  private view: View | null = null;
  private selected: Selection = null;
  private hint = "";
  private seq = 0;
  private readonly handlers: [string, (...args: unknown[]) => void][] = [];

  constructor(
    private readonly model: AnyModel<MapModel>,
    host: HTMLElement,
  ) {
    const root = el("div", "poc-widget", undefined, host);
    this.root = root;
    root.tabIndex = 0;
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    root.setAttribute("aria-label", "The Persistence of Culture world map");
    this.status = el("div", "poc-status", "Waiting for the game view\u2026", root);
    this.bar = el("div", "poc-bar", undefined, root);
    this.prompt = el("div", "poc-prompt", undefined, root);
    const main = el("div", "poc-main", undefined, root);
    const mapBox = el("div", "poc-mapbox", undefined, main);
    this.map = new MapView(mapBox);
    this.side = el("div", "poc-side", undefined, main);
    this.handEl = el("div", "poc-hand", undefined, root);
    this.actions = el("div", "poc-actions", undefined, root);
    this.feedbackEl = el("div", "poc-feedback", undefined, root);
    this.feedbackEl.setAttribute("role", "status");
    this.feedbackEl.setAttribute("aria-live", "polite");
    this.logEl = el("ul", "poc-log", undefined, root);

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

  private setTrait<K extends keyof MapModel>(key: K, value: MapModel[K]): void {
    this.model.set(key, value);
    this.model.save_changes();
  }

  /** The selected card, for tests and the status line. */
  get selection(): Selection {
    return this.selected;
  }

  // -- clicks --------------------------------------------------------------------------
  private onClick = (e: MouseEvent): void => {
    const v = this.view;
    const target = e.target as Element | null;
    if (!v || !target) return;
    const card = target.closest<HTMLElement>("[data-card][data-zone]");
    if (card && this.root.contains(card)) {
      this.useCard(card.dataset.card as string, card.dataset.zone as "hand" | "culture");
      return;
    }
    const area = target.closest<Element>("[data-area]");
    if (area && this.map.svg.contains(area)) {
      const id = area.getAttribute("data-area") as string;
      const land = v.map.areas.find((a) => a.id === id)?.kind === "land";
      const res = clickArea(v.legal, this.selected, id, land);
      this.selected = res.selected;
      if (res.send) this.send({ type: "act", key: res.send });
      this.render();
    }
  };

  private useCard(id: string, zone: "hand" | "culture"): void {
    const v = this.view;
    if (!v) return;
    const card = this.findCard(v, id, zone);
    if (!card) return;
    const res = clickCard(v.legal, this.selected, card, zone);
    this.selected = res.selected;
    this.hint = "";
    if (res.selected) {
      const n = v.legal.filter((a) => a.card === id && a.area).length;
      this.hint =
        zone === "culture"
          ? n
            ? `${card.name}: the highlighted paths lead to the Capitals it may go to; click one.`
            : `${card.name}: click a Capital to try a transfer (none is open now).`
          : `${card.name}: click the land it is for.`;
    }
    if (res.send) this.send({ type: "act", key: res.send });
    this.render();
  }

  private findCard(v: View, id: string, zone: "hand" | "culture"): Card | undefined {
    if (zone === "culture") return v.culture.find((c) => c.id === id);
    for (const p of v.players) for (const c of p.hand ?? []) if (c.id === id) return c;
    return undefined;
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
      this.selected = null;
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
      const r = el("code", "poc-rule", fb.rule_id, this.feedbackEl);
      r.title = fb.section ?? "";
      if (fb.section) el("span", "poc-section", ` \u2014 ${fb.section}`, this.feedbackEl);
    }
  }

  // -- drawing ----------------------------------------------------------------------------
  private render(): void {
    const v = this.view;
    if (!v) return;
    this.root.dataset.version = String(v.version);
    this.root.dataset.frame = v.frame?.kind ?? "none";
    this.root.dataset.selected = this.selected?.card ?? "";
    this.renderStatus(v);
    this.renderBar(v);
    this.prompt.textContent = this.hint || v.prompt;
    this.map.setMap(v.map);
    const { path, dest } = transferPaths(v.legal, this.selected);
    const touched = new Set<string>();
    const last = v.log[v.log.length - 1];
    for (const k of ["land", "area"]) if (last && typeof last[k] === "string") touched.add(last[k] as string);
    this.map.update(v.board, { options: areaOptions(v.legal, this.selected), path, dest }, touched);
    this.renderSide(v);
    this.renderHand(v);
    this.renderActions(v);
    this.renderLog(v);
  }

  private renderStatus(v: View): void {
    const who = v.seat === null || v.seat === undefined ? "teacher's view (every hand)" : `player ${v.seat}'s view`;
    let state: string;
    if (v.over) {
      const w = v.result?.winners ?? [];
      state = `game over \u2014 winner${w.length > 1 ? "s" : ""}: player ${w.join(", ")}`;
    } else {
      state = `Epoch ${v.epoch_name} of ${v.epochs} \u00b7 player ${v.current_player} to decide`;
    }
    this.status.textContent = `${v.title} \u00b7 ${state} \u00b7 ${who}`;
  }

  private renderBar(v: View): void {
    this.bar.replaceChildren();
    const m = this.model;
    const locked = !!m.get("lock_view");
    const choice = viewChoice(m.get("seat") ?? null, !!m.get("hotseat"));
    const sel = el("select", "poc-view-select", undefined, this.bar);
    const values = locked ? [choice] : ["teacher", ...v.players.map((p) => String(p.seat)), "hotseat"];
    for (const val of values) {
      const o = el("option", "", val === "teacher" ? "teacher" : val === "hotseat" ? "hot-seat" : `player ${val}`, sel);
      o.value = val;
    }
    sel.value = choice;
    sel.disabled = locked;
    sel.title = "Whose eyes: the teacher sees every hand, a player only their own";
    sel.addEventListener("change", () => {
      const c = parseViewChoice(sel.value);
      if (!c) return;
      m.set("hotseat", c.hotseat);
      if (!c.hotseat) m.set("seat", c.seat);
      m.save_changes();
    });
    const bots = m.get("bots") ?? [];
    const names = m.get("bot_names") ?? [];
    v.players.forEach((p) => {
      const s = el("select", "poc-seat-select", undefined, this.bar);
      s.dataset.seat = String(p.seat);
      s.style.borderColor = colour(p.seat);
      for (const n of ["", ...names]) {
        const o = el("option", "", n ? `P${p.seat}: ${n} bot` : `P${p.seat}: person`, s);
        o.value = n;
      }
      s.value = bots[p.seat] ?? "";
      s.addEventListener("change", () => {
        const next = v.players.map((q) => (q.seat === p.seat ? s.value || null : (bots[q.seat] ?? null)));
        this.setTrait("bots", next);
      });
    });
    const auto = !!m.get("autoplay");
    button(this.bar, auto ? "\u23F8 bots" : "\u25B6 bots", "poc-tool poc-autoplay", () => this.setTrait("autoplay", !auto));
    const undo = button(this.bar, "\u21B6 undo", "poc-tool poc-undo", () => this.send({ type: "undo" }));
    undo.disabled = !v.can_undo;
    const redo = button(this.bar, "\u21B7 redo", "poc-tool poc-redo", () => this.send({ type: "redo" }));
    redo.disabled = !v.can_redo;
    const n = m.get("replay_length") ?? 0;
    const pos = m.get("position") ?? null;
    button(this.bar, "\u25C0", "poc-tool poc-back", () => this.setTrait("position", scrubTarget("back", pos, n)));
    const range = el("input", "poc-scrub", undefined, this.bar);
    Object.assign(range, { type: "range", min: "0", max: String(n), step: "1", value: String(pos ?? n) });
    range.title = "Replay: the position after this many actions";
    range.addEventListener("change", () => this.setTrait("position", Number(range.value)));
    button(this.bar, "\u25B6", "poc-tool poc-forward", () => this.setTrait("position", scrubTarget("forward", pos, n)));
    const live = button(this.bar, "live", "poc-tool poc-live", () => this.setTrait("position", null));
    live.disabled = pos === null;
    if (!locked) {
      button(this.bar, "save", "poc-tool poc-save", () => this.send({ type: "save" }));
      const picker = el("input", "poc-load-input", undefined, this.bar);
      picker.type = "file";
      picker.accept = ".json,application/json";
      picker.hidden = true;
      picker.addEventListener("change", async () => {
        const f = picker.files?.[0];
        picker.value = "";
        if (f) this.send({ type: "load", text: await f.text(), name: f.name });
      });
      button(this.bar, "load\u2026", "poc-tool poc-load", () => picker.click());
    }
  }

  private cardEl(c: Card, zone: "hand" | "culture", options: Set<string>, parent: HTMLElement): HTMLElement {
    const e = el("button", `poc-card poc-${zone}-card`, undefined, parent) as HTMLButtonElement;
    e.type = "button";
    e.dataset.card = c.id;
    e.dataset.zone = zone;
    e.dataset.pile = c.pile;
    if (options.has(c.id)) e.classList.add("is-option");
    if (this.selected?.card === c.id) e.classList.add("is-selected");
    if (c.culture) e.classList.add("is-culture");
    e.title = `${c.label} \u00b7 Time Frames ${c.frames}` + (c.region ? ` \u00b7 strikes ${c.region}` : "");
    return e;
  }

  private renderSide(v: View): void {
    this.side.replaceChildren();
    const options = cardOptions(v.legal);
    el("h4", "", "Culture cards in play", this.side);
    const list = el("div", "poc-culture", undefined, this.side);
    for (const c of v.culture) this.cultureCard(v, c, options, list);
    if (!v.culture.length) el("div", "poc-muted", "none yet", list);
    if (v.destroyed.length) {
      el("div", "poc-muted poc-destroyed", `Destroyed: ${v.destroyed.map((c) => c.name).join(", ")}`, this.side);
    }
    el("h4", "", "Players", this.side);
    for (const p of v.players) {
      const row = el("div", "poc-player", undefined, this.side);
      row.dataset.seat = String(p.seat);
      if (p.seat === v.current_player && !v.over) row.classList.add("is-deciding");
      const dot = el("span", "poc-dot", undefined, row);
      dot.style.background = colour(p.seat);
      const empires = v.empires.filter((e) => e.seat === p.seat).map((e) => e.name);
      el("span", "", `Player ${p.seat}: ${p.vp} VP \u00b7 ${p.hand_count} cards \u00b7 ${empires.join(", ") || "no Empire yet"}`, row);
    }
  }

  private cultureCard(v: View, c: CultureInPlay, options: Set<string>, parent: HTMLElement): void {
    const e = this.cardEl(c, "culture", options, parent);
    e.dataset.seat = String(c.seat);
    const marker = el("span", "poc-marker", c.empire_name.slice(0, 2), e);
    marker.style.background = colour(c.seat);
    marker.title = `Marked with an army of the ${c.empire_name} (player ${c.seat})`;
    const where = v.map.areas.find((a) => a.id === c.capital)?.name ?? "?";
    el("span", "poc-card-name", `${c.name} \u00b7 ${c.points} VP`, e);
    el("span", "poc-card-where", `${c.empire_name}, ${where}`, e);
  }

  private renderHand(v: View): void {
    this.handEl.replaceChildren();
    const options = cardOptions(v.legal);
    for (const p of v.players) {
      if (!p.hand) continue;
      const box = el("div", "poc-hand-row", undefined, this.handEl);
      box.dataset.seat = String(p.seat);
      el("span", "poc-hand-head", `Player ${p.seat}'s hand:`, box);
      for (const c of p.hand) {
        const e = this.cardEl(c, "hand", options, box);
        e.style.borderTopColor = c.culture ? "#6a1b9a" : c.pile;
        e.textContent = c.label;
      }
    }
  }

  private renderActions(v: View): void {
    this.actions.replaceChildren();
    if (this.selected) {
      button(this.actions, "cancel", "poc-tool poc-cancel", () => {
        this.selected = null;
        this.hint = "";
        this.render();
      });
    }
    for (const a of buttonActions(v.legal)) {
      const b = button(this.actions, a.label, `poc-action poc-kind-${a.kind}`, () => {
        this.selected = null;
        this.send({ type: "act", key: a.key });
      });
      b.dataset.key = a.key;
      b.dataset.kind = a.kind;
      if (a.empire) b.dataset.empire = a.empire;
    }
    if (!v.legal.length && !v.over) el("span", "poc-muted", `Player ${v.current_player} is deciding.`, this.actions);
    if (v.legal.length) {
      const all = el("details", "poc-all", undefined, this.actions);
      el("summary", "", `all ${v.legal.length} legal actions`, all);
      for (const a of v.legal) {
        const b = button(all, a.label, "poc-action-all", () => this.send({ type: "act", key: a.key }));
        b.dataset.key = a.key;
      }
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
