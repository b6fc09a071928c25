// Legal actions from view.legal: for the selected hex, the actions whose hexes
// include it; actions without hexes (end turn...) always; and the full list
// folded away for browsing. Two choices the engine would ask next can be made
// here first, from what Python offers (view.legal[].picks / .payments): the unit
// part clicked on the map narrows a move to the keys that name it, and a "pay
// with" choice sits beside an action that would ask how to pay.

import { type LegalAction, type UnitPart, type View, refKeys } from "./model";
import { actionButton } from "../shared/actions";
import { placeWords } from "./places";
import { htmlEl } from "../shared/svg";

interface LegalIndex {
  hexes: ReadonlySet<string>;
  byHex: Map<string, LegalAction[]>;
}

// One index per legal list: a hex click asks for it twice (marks and buttons), and
// a patch that does not touch `legal` keeps the same array, so it is built once
// per change of the list, not once per click.
const indexes = new WeakMap<LegalAction[], LegalIndex>();

function legalIndex(view: View): LegalIndex {
  const legal = view.legal ?? [];
  let ix = indexes.get(legal);
  if (ix) return ix;
  const hexes = new Set<string>();
  const byHex = new Map<string, LegalAction[]>();
  for (const a of legal) {
    for (const k of new Set(refKeys(a.hexes))) {
      hexes.add(k);
      const list = byHex.get(k);
      if (list) list.push(a);
      else byHex.set(k, [a]);
    }
  }
  ix = { hexes, byHex };
  indexes.set(legal, ix);
  return ix;
}

/** "q,r" keys of every hex named by a legal action (shared: do not change it). */
export function legalHexes(view: View): ReadonlySet<string> {
  return legalIndex(view).hexes;
}

export function actionsForHex(view: View, key: string | null): LegalAction[] {
  if (!key) return [];
  return [...(legalIndex(view).byHex.get(key) ?? [])];
}

/** The unit part `ref` in the view (its words), or undefined. */
export function findPart(view: View, ref: string | null): UnitPart | undefined {
  if (!ref) return undefined;
  for (const u of view.units ?? []) for (const p of u.parts ?? []) if (p.ref === ref) return p;
  return undefined;
}

/**
 * The hex's actions with the picked part applied: a move that names `picked` among its
 * choices becomes those choices (keys with the units named); the others stay as they are.
 */
export function withPick(list: LegalAction[], picked: string | null): LegalAction[] {
  if (!picked) return list;
  return list.flatMap((a) => {
    const chosen = (a.picks ?? []).filter((p) => p.parts.includes(picked));
    return chosen.length ? chosen.map((p) => ({ key: p.key, kind: a.kind, label: p.label, payments: p.payments })) : [a];
  });
}

export function actionsWithoutHexes(view: View): LegalAction[] {
  return (view.legal ?? []).filter((a) => refKeys(a.hexes).length === 0);
}

/** Kinds with more than this many general actions fold into one "Research (18)" group. */
export const FOLD_OVER = 3;

/** General actions grouped by kind, in first-seen order. */
export function groupByKind(list: LegalAction[]): [string, LegalAction[]][] {
  const groups = new Map<string, LegalAction[]>();
  for (const a of list) {
    const k = a.kind || "other";
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(a);
  }
  return [...groups];
}

export class ActionList {
  readonly el: HTMLElement;
  // Two parts: the selected hex's actions (redrawn when the selection changes) and
  // the rest (redrawn only when the legal list changes), so a click on a hex does
  // not rebuild every button.
  private readonly hexPart: HTMLElement;
  private readonly restPart: HTMLElement;
  private restSig = "";
  private hexSig = "";
  private restGen = 0;
  private legalRef: LegalAction[] | undefined = undefined;
  private head = "";
  private allOpen = false;
  private readonly openKinds = new Set<string>();

  constructor(
    parent: HTMLElement,
    private readonly onAct: (key: string) => void,
  ) {
    this.el = htmlEl("div", "clash-actions", undefined, parent);
    this.hexPart = htmlEl("div", "clash-actions-here", undefined, this.el);
    this.restPart = htmlEl("div", "clash-actions-rest", undefined, this.el);
  }

  update(view: View, selected: string | null, picked: string | null = null): void {
    // The legal list is compared by reference first: a hex click and Python's echo
    // of it keep the same array, so no serialisation happens on the click path.
    const head = `${view.version}|${view.seat}|${view.current_player}|${view.over}`;
    let restSig = this.restSig;
    if (view.legal !== this.legalRef || head !== this.head) {
      restSig = `${head}|${JSON.stringify(view.legal ?? [])}`;
      this.legalRef = view.legal;
      this.head = head;
    }
    if (restSig !== this.restSig) {
      this.restSig = restSig;
      this.restGen++;
      this.renderRest(view);
    }
    const hexSig = `${this.restGen}|${selected}|${picked}`;
    if (hexSig !== this.hexSig) {
      this.hexSig = hexSig;
      this.renderHex(view, selected, picked);
    }
  }

  private renderHex(view: View, selected: string | null, picked: string | null): void {
    const el = this.hexPart;
    el.replaceChildren();
    const legal = view.legal ?? [];
    if (legal.length === 0) {
      htmlEl("p", "clash-muted", view.over ? "The game is over." : "No actions for this viewer right now.", el);
      return;
    }
    if (selected) {
      const here = actionsForHex(view, selected);
      const [q, r] = selected.split(",").map(Number);
      htmlEl("h4", "", `At ${placeWords(view, q, r)}`, el).title = `hex ${selected}`;
      this.pickHint(view, here, picked, el);
      if (here.length) this.buttons(withPick(here, picked), "clash-actions-hex", el);
      else htmlEl("p", "clash-muted", "No legal action involves this hex.", el);
    } else {
      const n = legalHexes(view).size;
      htmlEl(
        "p",
        "clash-muted",
        n === 1
          ? "Click the outlined hex to see what you can do there."
          : n
            ? "Click an outlined hex to see what you can do there."
            : "No action involves a hex.",
        el,
      );
    }
  }

  private renderRest(view: View): void {
    const el = this.restPart;
    const old = el.querySelector("details.clash-actions-all");
    if (old) this.allOpen = (old as HTMLDetailsElement).open;
    for (const d of el.querySelectorAll<HTMLDetailsElement>("details.clash-actions-kind")) {
      const k = d.dataset.kind ?? "";
      if (d.open) this.openKinds.add(k);
      else this.openKinds.delete(k);
    }
    el.replaceChildren();
    const legal = view.legal ?? [];
    if (legal.length === 0) return;
    const general = actionsWithoutHexes(view);
    if (general.length) {
      htmlEl("h4", "", "Other actions", el);
      const box = htmlEl("div", "clash-buttons clash-actions-general", undefined, el);
      for (const [kind, list] of groupByKind(general)) {
        if (list.length <= FOLD_OVER) {
          for (const a of list) this.button(a, box);
          continue;
        }
        const det = htmlEl("details", "clash-actions-kind", undefined, box);
        det.dataset.kind = kind;
        det.open = this.openKinds.has(kind);
        const title = kind.charAt(0).toUpperCase() + kind.slice(1).replace(/_/g, " ");
        htmlEl("summary", "", `${title} (${list.length})`, det);
        const inner = htmlEl("div", "clash-buttons", undefined, det);
        for (const a of list) this.button(a, inner);
      }
    }
    const det = htmlEl("details", "clash-actions-all", undefined, el);
    det.open = this.allOpen;
    htmlEl("summary", "", `All legal actions (${legal.length})`, det);
    const ul = htmlEl("div", "clash-actions-list", undefined, det);
    for (const a of legal) this.button(a, ul);
  }

  /** Says what a click on a unit does, or which unit is chosen. */
  private pickHint(view: View, here: LegalAction[], picked: string | null, el: HTMLElement): void {
    const part = findPart(view, picked);
    const named = part && here.some((a) => (a.picks ?? []).some((p) => p.parts.includes(picked!)));
    if (part && named) {
      htmlEl("p", "clash-pick-hint", `Chosen: ${part.label} (click it again to undo).`, el);
    } else if (here.some((a) => (a.picks ?? []).some((p) => p.parts.length))) {
      htmlEl(
        "p",
        "clash-pick-hint clash-muted",
        "You may choose which unit goes (or which ship it boards): click it on the map, or Tab to it and press Enter.",
        el,
      );
    }
  }

  private buttons(list: LegalAction[], cls: string, parent: HTMLElement): void {
    const box = htmlEl("div", `clash-buttons ${cls}`, undefined, parent);
    for (const a of list) this.button(a, box);
  }

  private button(a: LegalAction, parent: HTMLElement): void {
    const pays = a.payments ?? [];
    if (!pays.length) {
      actionButton(parent, "clash-action", a, (x) => this.onAct(x.key));
      return;
    }
    // "Pay with" before the action it sets (read and tabbed in that order); by default
    // the game asks after, as without it. The options are the payments in words.
    const box = htmlEl("span", "clash-pay", undefined, parent);
    const select = htmlEl("select", "clash-pay-select", undefined, box);
    actionButton(box, "clash-action", a, (x) => this.onAct(select.value || x.key));
    select.dataset.key = a.key;
    select.setAttribute("aria-label", `Pay with, for ${a.label}`);
    select.title = `Pay with, for ${a.label}`;
    const ask = htmlEl("option", "", "ask me when it is paid", select);
    ask.value = "";
    for (const p of pays) {
      const o = htmlEl("option", "", p.label, select);
      o.value = p.key;
    }
  }
}
