// The Persistence of Culture widget: a control bar, the prompt, the world map with the
// Culture cards beside it, the player's hand, buttons, feedback (with the rule of a
// refusal) and the log. Everything is redrawn from `view`; only a half-made choice
// (a selected card) lives in the front end, and it is dropped when the game moves on.

import type { ScoreRow } from "../shared/end";
import type { AnyModel } from "@anywidget/types";
import { renderActions } from "../shared/actions";
import { MatchApp } from "../shared/app";
import { el } from "../shared/dom";
import { playerColour, playerName } from "../shared/players";
import { MapView, mapLegend, mapNames } from "./map";
import { politeRegion, setText } from "../shared/a11y";
import { renderLegend } from "../shared/legend";
import { CardNav } from "../shared/keyboard";
import { type Card, type CultureInPlay, type MapModel, type View, isView } from "./model";
import { type Selection, areaOptions, buttonActions, cardOptions, clickArea, clickCard, transferPaths } from "./picker";

const LOG_SHOWN = 16;

export class PersistenceApp extends MatchApp<View, MapModel> {
  readonly map: MapView;
  private readonly prompt: HTMLElement;
  private readonly side: HTMLElement;
  private readonly handEl: HTMLElement;
  private readonly actions: HTMLElement;
  private selected: Selection = null;
  private readonly legendBox: HTMLElement;
  private legendSig = "";
  private readonly cardNav: CardNav; // a11y: the cards are one tab stop, arrows between them

  constructor(model: AnyModel<MapModel>, host: HTMLElement) {
    super(model, host, {
      className: "poc-widget",
      prefix: "poc",
      label: "The Persistence of Culture world map",
      isView,
      affordance: "click a highlighted land on the map, a card or a button",
    });
    const root = this.root;
    this.banner(root);
    this.controlBar(root);
    this.prompt = politeRegion(el("div", "poc-prompt", undefined, root));
    const main = el("div", "poc-main", undefined, root);
    const mapBox = el("div", "poc-mapbox", undefined, main);
    this.map = new MapView(mapBox);
    this.legendBox = el("div", "poc-legend", undefined, mapBox);
    this.side = el("div", "poc-side", undefined, main);
    this.handEl = el("div", "poc-hand", undefined, root);
    this.actions = el("div", "poc-actions", undefined, root);
    this.feedbackLine(root);
    this.eventLog(root, LOG_SHOWN);
    this.cardNav = new CardNav(root, ".poc-card[data-card]");
    this.start();
  }

  /** The selected card, for tests and the status line. */
  get selection(): Selection {
    return this.selected;
  }

  // -- clicks --------------------------------------------------------------------------
  protected onClick(e: MouseEvent): void {
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
      if (res.send) this.send({ type: "act", key: res.send }, { area: id });
      this.render();
    }
  }

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
    if (res.send) this.send({ type: "act", key: res.send }, { card: id });
    const fromKeys = this.root.contains(document.activeElement);
    this.render();
    // A half-made choice by keyboard: the focus goes on to what completes it (a highlighted land).
    if (fromKeys && res.selected && !res.send) this.map.svg.querySelector<SVGElement>("path.is-option")?.focus({ preventScroll: true });
  }

  private findCard(v: View, id: string, zone: "hand" | "culture"): Card | undefined {
    if (zone === "culture") return v.culture.find((c) => c.id === id);
    for (const p of v.players) for (const c of p.hand ?? []) if (c.id === id) return c;
    return undefined;
  }

  protected dropChoice(): void {
    super.dropChoice();
    this.selected = null;
  }

  // -- drawing ----------------------------------------------------------------------------
  protected draw(v: View): void {
    this.root.dataset.frame = v.frame?.kind ?? "none";
    this.root.dataset.selected = this.selected?.card ?? "";
    setText(this.prompt, this.hint || this.promptFor(v));
    this.map.setMap(v.map);
    const { path, dest } = transferPaths(v.legal, this.selected);
    const touched = new Set<string>();
    const last = v.log[v.log.length - 1];
    for (const k of ["land", "area"]) if (last && typeof last[k] === "string") touched.add(last[k] as string);
    this.map.update(v.board, { options: areaOptions(v.legal, this.selected), path, dest }, touched, mapNames(v));
    this.renderSide(v);
    this.renderHand(v);
    this.renderActions(v);
    this.drawLegend(v);
    this.cardNav.refresh();
  }

  /** The legend (drawn again only when the players' names change, so it keeps its open/closed state). */
  private drawLegend(v: View): void {
    const seats = v.players.map((p) => ({ seat: p.seat, name: playerName(v.players, p.seat), color: playerColour(v.players, p.seat) }));
    const sig = JSON.stringify(seats);
    if (sig === this.legendSig) return;
    this.legendSig = sig;
    renderLegend(this.legendBox, mapLegend(seats));
  }

  protected finalScores(v: View): ScoreRow[] {
    // Persistence: VP by source over the Epochs, then what the last Epoch's scoring
    // brought (the view's log keeps only the newest entries: earlier Epochs may be gone).
    return v.players.map((p) => {
      const scored = v.log.filter((e) => e.kind === "vp" && e.seat === p.seat);
      const parts = Object.entries(p.vp_by ?? {}).map(([k, n]) => `${k} ${n}`);
      const last = scored[scored.length - 1];
      if (last && typeof last.vp === "number") parts.push(`last Epoch +${last.vp}`);
      return { seat: p.seat, total: `${p.vp} VP`, parts };
    });
  }

  protected position(v: View): string {
    return `Epoch ${v.epoch_name} of ${v.epochs}`;
  }

  private who(v: View, seat: number): string {
    return playerName(v.players, seat);
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
      dot.style.background = playerColour(v.players, p.seat);
      const empires = v.empires.filter((e) => e.seat === p.seat).map((e) => e.name);
      el("span", "", `${this.who(v, p.seat)}: ${p.vp} VP \u00b7 ${p.hand_count} cards \u00b7 ${empires.join(", ") || "no Empire yet"}`, row);
    }
  }

  private cultureCard(v: View, c: CultureInPlay, options: Set<string>, parent: HTMLElement): void {
    const e = this.cardEl(c, "culture", options, parent);
    e.dataset.seat = String(c.seat);
    const marker = el("span", "poc-marker", c.empire_name.slice(0, 2), e);
    marker.style.background = playerColour(v.players, c.seat);
    marker.title = `Marked with an army of the ${c.empire_name} (${this.who(v, c.seat)})`;
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
      el("span", "poc-hand-head", `${this.who(v, p.seat)}'s hand:`, box);
      for (const c of p.hand) {
        const e = this.cardEl(c, "hand", options, box);
        e.style.borderTopColor = c.culture ? "#6a1b9a" : c.pile;
        e.textContent = c.label;
      }
    }
  }

  private renderActions(v: View): void {
    const act = (a: { key: string }): void => {
      this.selected = null;
      this.send({ type: "act", key: a.key });
    };
    const list = renderActions(this.actions, "poc", buttonActions(v.legal), act, {
      idle: v.legal.length || v.over || v.current_player === null ? "" : `${this.who(v, v.current_player)} is deciding.`,
      all: v.legal,
      cancel: this.selected
        ? () => {
            this.dropChoice();
            this.render();
          }
        : undefined,
    });
    for (const b of list.querySelectorAll<HTMLElement>(".poc-action[data-key]")) {
      const empire = v.legal.find((a) => a.key === b.dataset.key)?.empire;
      if (empire) b.dataset.empire = empire;
    }
  }
}
