// Player panels: resources with limits, tokens, tracks, actions left, VP,
// advances, and the hand when the viewer may see it.

import { renderAdvances } from "./advances";
import { playerColor, playerName } from "./colors";
import type { Player, View } from "./model";
import { htmlEl } from "../shared/svg";

const RESOURCES = ["food", "wood", "ore", "ideas", "gold"] as const;

/** Words for a card id when the view sends no name: "bumper_crop#2" -> "Bumper crop". */
export function idWords(id: string): string {
  const words = id.replace(/#\d+$/, "").replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function cardText(card: unknown): string {
  if (card === null || card === undefined) return "?";
  if (typeof card === "string" || typeof card === "number") return String(card);
  if (typeof card === "object") {
    const c = card as Record<string, unknown>;
    const name = c.name ?? c.title ?? (typeof c.id === "string" ? idWords(c.id) : c.id) ?? c.key;
    if (name !== undefined) return typeof c.type === "string" ? `${String(name)} (${c.type})` : String(name);
  }
  return JSON.stringify(card);
}

export class Panels {
  readonly el: HTMLElement;
  private sig = "";
  /** Per seat: the advance whose details are open (kept across redraws). */
  private openAdvance = new Map<number, string>();
  /** Per seat: the last advances block and what it was drawn from (most actions leave
   * most players' advances alone, so their 48 chips are reused, not rebuilt). */
  private advDrawn = new Map<number, { sig: string; el: HTMLElement | null }>();
  private taking: string[] = [];

  /** ``onAct``: send a legal action key (an advance chip's research button). */
  constructor(
    parent: HTMLElement,
    private readonly onAct?: (key: string) => void,
  ) {
    this.el = htmlEl("div", "clash-panels", undefined, parent);
  }

  update(view: View, bots: (string | null)[] = []): void {
    // The advance buttons depend on which research keys are legal, not on the rest of the list.
    const taking = (view.legal ?? []).filter((a) => a.kind === "research" || a.kind === "advance").map((a) => a.key);
    const sig = JSON.stringify([view.players, view.turn, view.current_player, view.seat, view.over, bots, taking]);
    if (sig === this.sig) return;
    this.sig = sig;
    this.taking = taking;
    this.el.replaceChildren();
    for (const p of view.players ?? []) this.renderPlayer(p, view, bots[p.seat] ?? null);
  }

  private renderPlayer(p: Player, view: View, bot: string | null): void {
    const current = view.current_player === p.seat && !view.over;
    const card = htmlEl(
      "section",
      `clash-player${current ? " is-current" : ""}${view.seat === p.seat ? " is-viewer" : ""}`,
      undefined,
      this.el,
    );
    card.dataset.seat = String(p.seat);
    const color = playerColor(view.players, p.seat);
    card.style.setProperty("--clash-player-color", color);
    const head = htmlEl("header", "clash-player-head", undefined, card);
    htmlEl("span", "clash-player-swatch", undefined, head).style.background = color;
    htmlEl("span", "clash-player-name", playerName([p], p.seat), head);
    if (view.seat === p.seat) htmlEl("span", "clash-tag", "you", head);
    if (bot) htmlEl("span", "clash-tag clash-tag-bot", `${bot} bot`, head);
    if (view.turn && view.turn.first_player === p.seat) htmlEl("span", "clash-tag", "1st", head);
    if (current) htmlEl("span", "clash-tag clash-tag-turn", `to play \u00B7 ${actionsLeft(view.turn?.actions_left ?? 0)}`, head);
    htmlEl("span", "clash-player-vp", `${formatNum(p.vp)} VP`, head).title = breakdown(p);

    const res = htmlEl("div", "clash-resources", undefined, card);
    for (const r of RESOURCES) {
      const have = p.resources?.[r] ?? 0;
      const lim = p.limits?.[r];
      const cell = htmlEl("span", `clash-res clash-res-${r}`, undefined, res);
      cell.dataset.resource = r;
      htmlEl("span", "clash-res-name", r, cell);
      htmlEl("span", "clash-res-value", lim !== undefined ? `${have}/${lim}` : String(have), cell);
      if (lim !== undefined && have >= lim) cell.classList.add("is-full");
    }
    const stats = htmlEl("div", "clash-stats", undefined, card);
    const stat = (label: string, value: string, title = "") => {
      const s = htmlEl("span", "clash-stat", undefined, stats);
      htmlEl("span", "clash-stat-name", label, s);
      htmlEl("span", "clash-stat-value", value, s);
      if (title) s.title = title;
    };
    stat("mood tokens", String(p.mood_tokens ?? 0));
    stat("culture tokens", String(p.culture_tokens ?? 0));
    if (p.mood_track !== undefined) stat("mood track", String(p.mood_track));
    if (p.culture_track !== undefined) stat("culture track", String(p.culture_track));
    const adv = this.advances(card, p, view);
    if (!adv) stat("advances", String(p.advances?.length ?? 0), (p.advances ?? []).join(", "));
    if (p.hand !== null && p.hand !== undefined) {
      const hand = htmlEl("div", "clash-hand", undefined, card);
      htmlEl("span", "clash-stat-name", `hand (${p.hand.length})`, hand);
      for (const c of p.hand) htmlEl("span", "clash-card", cardText(c), hand);
    } else {
      stat("hand", `${p.hand_count ?? 0} hidden`);
    }
  }

  private advances(card: HTMLElement, p: Player, view: View): HTMLElement | null {
    const deciding = view.current_player === p.seat && !view.over;
    const sig = JSON.stringify([p.advance_status, p.name, deciding ? this.taking : null, !!view.advance_tree]);
    const drawn = this.advDrawn.get(p.seat);
    if (drawn && drawn.sig === sig) {
      if (drawn.el) card.appendChild(drawn.el);
      return drawn.el;
    }
    const el = renderAdvances(card, p, view, {
      open: this.openAdvance.get(p.seat) ?? null,
      onOpen: (id) => (id ? this.openAdvance.set(p.seat, id) : this.openAdvance.delete(p.seat)),
      onAct: this.onAct,
    });
    this.advDrawn.set(p.seat, { sig, el });
    return el;
  }
}

function formatNum(n: number | undefined): string {
  if (n === undefined || n === null) return "0";
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function breakdown(p: Player): string {
  const b = p.vp_breakdown;
  if (!b) return "";
  return Object.entries(b)
    .map(([k, v]) => `${k}: ${formatNum(v)}`)
    .join("\n");
}

/** "1 action left", "3 actions left". */
export function actionsLeft(n: number): string {
  return `${n} action${n === 1 ? "" : "s"} left`;
}
