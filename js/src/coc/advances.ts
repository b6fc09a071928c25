// One player's advances: the 12 groups as columns of chips (owned filled in the
// player's colour, available outlined, unaffordable dashed, locked dimmed). Every
// state and reason comes from Python (advance_status + advance_tree, computed by
// the research action's own checks); the only action offered is a key found in
// view.legal, so legality is never decided here.

import type { AdvanceTree, LegalAction, Player, View } from "./model";
import { htmlEl } from "../shared/svg";
import { playerName } from "../shared/players";

export type AdvanceState = "owned" | "available" | "unaffordable" | "locked";

export interface AdvanceCell {
  id: string;
  name: string;
  summary: string;
  group: string;
  state: AdvanceState;
  /** [rule id, reason, section] when not owned and not available. */
  rule: [string, string, string] | null;
}

export interface AdvanceGroup {
  id: string;
  name: string;
  cells: AdvanceCell[];
}

/** The player's tree, decoded; [] when the view carries no advances data. */
export function advanceGroups(tree: AdvanceTree | undefined, status: string | undefined): AdvanceGroup[] {
  if (!tree || typeof status !== "string") return [];
  let i = 0;
  return tree.groups.map(([gid, gname, advs]) => ({
    id: gid,
    name: gname,
    cells: advs.map(([id, name, summary]) => {
      const code = status[i++] ?? "";
      const state = tree.codes[code] ?? "locked";
      return { id, name, summary, group: gname, state, rule: tree.rules[code] ?? null };
    }),
  }));
}

/** The legal action that would take this advance for ``seat`` now (research, or a
 * free advance); the legal list is the deciding player's, so other seats get none. */
export function legalFor(view: View, seat: number, id: string): LegalAction | undefined {
  if (seat !== view.current_player || view.over) return undefined;
  const keys = [`research ${id}`, `advance ${id}`];
  return (view.legal ?? []).find((a) => keys.includes(a.key));
}

const STATE_TEXT: Record<AdvanceState, string> = {
  owned: "owned",
  available: "available",
  unaffordable: "allowed, but not affordable now",
  locked: "locked",
};

export function describe(cell: AdvanceCell): string {
  const lines = [`${cell.name} (${cell.group}): ${STATE_TEXT[cell.state]}`];
  if (cell.rule) lines.push(`[${cell.rule[0]}] ${cell.rule[1]}`);
  if (cell.summary) lines.push(cell.summary);
  return lines.join("\n");
}

export interface AdvancesOptions {
  /** The advance whose details are shown (kept across redraws by the caller). */
  open: string | null;
  onOpen: (id: string | null) => void;
  onAct?: (key: string) => void;
}

/** Draw one player's advances into ``parent``; nothing when the view has none. */
export function renderAdvances(parent: HTMLElement, p: Player, view: View, opts: AdvancesOptions): HTMLElement | null {
  const groups = advanceGroups(view.advance_tree, p.advance_status);
  if (!groups.length) return null;
  const cells = groups.flatMap((g) => g.cells);
  const count = (s: AdvanceState) => cells.filter((c) => c.state === s).length;
  const box = htmlEl("div", "clash-adv", undefined, parent);
  const head = htmlEl("div", "clash-adv-head", undefined, box);
  htmlEl("span", "clash-stat-name", "advances", head);
  htmlEl("span", "clash-stat-value", String(count("owned")), head);
  htmlEl("span", "clash-adv-count", `\u00B7 ${count("available")} available`, head);
  head.title = "filled: owned \u00B7 outlined: available \u00B7 dashed: allowed but not affordable now \u00B7 grey: locked (click a chip for the rule)";

  const grid = htmlEl("div", "clash-adv-grid", undefined, box);
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", `Advances of ${playerName([p], p.seat)}: arrow keys move, Enter shows why`);
  const detail = htmlEl("div", "clash-adv-detail", undefined, box);
  detail.setAttribute("aria-live", "polite");

  const chips: HTMLButtonElement[][] = [];
  let open = opts.open;
  const showDetail = () => {
    detail.replaceChildren();
    for (const row of chips) for (const b of row) b.setAttribute("aria-pressed", String(b.dataset.advance === open));
    const cell = cells.find((c) => c.id === open);
    if (!cell) {
      detail.hidden = true;
      return;
    }
    detail.hidden = false;
    const title = htmlEl("div", "clash-adv-title", undefined, detail);
    htmlEl("strong", "", cell.name, title);
    htmlEl("span", `clash-adv-state is-${cell.state}`, STATE_TEXT[cell.state], title);
    if (cell.rule) {
      const why = htmlEl("div", "clash-adv-why", undefined, detail);
      htmlEl("code", "clash-rule-id", cell.rule[0], why);
      htmlEl("span", "", ` ${cell.rule[1]}`, why);
      why.title = cell.rule[2];
    }
    if (cell.summary) htmlEl("div", "clash-adv-summary", cell.summary, detail);
    const act = legalFor(view, p.seat, cell.id);
    if (act && opts.onAct) {
      const onAct = opts.onAct;
      const btn = htmlEl("button", "clash-adv-act", act.label, detail);
      btn.type = "button";
      btn.dataset.key = act.key;
      btn.addEventListener("click", () => onAct(act.key));
    }
  };

  groups.forEach((g, gi) => {
    const col = htmlEl("div", "clash-adv-col", undefined, grid);
    const label = htmlEl("span", "clash-adv-group", g.name.slice(0, 3), col);
    label.title = g.name;
    const row: HTMLButtonElement[] = [];
    g.cells.forEach((c, ci) => {
      const b = htmlEl("button", `clash-adv-chip is-${c.state}`, undefined, col);
      b.type = "button";
      b.dataset.advance = c.id;
      b.dataset.state = c.state;
      b.dataset.g = String(gi);
      b.dataset.i = String(ci);
      b.title = describe(c);
      b.setAttribute("aria-label", `${c.name}: ${STATE_TEXT[c.state]}`);
      b.tabIndex = -1;
      if (legalFor(view, p.seat, c.id)) {
        b.classList.add("is-legal");
        b.title += "\n(click, then research it)";
      }
      b.addEventListener("click", () => {
        open = open === c.id ? null : c.id;
        opts.onOpen(open);
        showDetail();
      });
      row.push(b);
    });
    chips.push(row);
  });
  // One tab stop per panel (roving focus): the open chip, else the first one.
  const first = chips.flat().find((b) => b.dataset.advance === open) ?? chips[0]?.[0];
  if (first) first.tabIndex = 0;
  grid.addEventListener("keydown", (e) => moveFocus(e, chips));
  showDetail();
  return box;
}

const MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

function moveFocus(e: KeyboardEvent, chips: HTMLButtonElement[][]): void {
  const d = MOVES[e.key];
  const from = e.target as HTMLElement;
  if (!d || from.dataset.g === undefined) return;
  const g = Math.min(Math.max(Number(from.dataset.g) + d[0], 0), chips.length - 1);
  const col = chips[g];
  const i = Math.min(Math.max(Number(from.dataset.i) + d[1], 0), col.length - 1);
  const to = col[i];
  e.preventDefault();
  e.stopPropagation(); // the board's own arrow keys must not move too
  for (const b of chips.flat()) b.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}
