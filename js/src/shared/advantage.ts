// The advantage graph of a review: every player's winning chances over the game, as the
// reviewed player could judge them at each of their decisions, then the result. One line
// per player in the player's colour and dash (colour is never the only cue: the reviewed
// player's line is the thick one, each line is named at its end), and a mark per judged
// decision on the reviewed player's line, its shape saying the verdict. The marks are one
// keyboard group (arrow keys between them, Enter or a click picks one); the graph's words
// (a title, a description and a table of its points) are its text alternative.

import { svgEl, svgText } from "./svg";
import { arrowNav, rove } from "./keyboard";
import { type NamedPlayer, playerColour, playerInk, playerName } from "./players";
import type { ReviewResult, ReviewedMove, Verdict } from "./model";
import { el } from "./dom";

export const W = 640;
export const H = 210;
const PAD = { left: 44, right: 70, top: 14, bottom: 30 };
const DASHES = ["none", "7 4", "2 3", "8 3 2 3"];

/** The words of a verdict, for people. */
export const VERDICT_WORDS: Record<Verdict, string> = {
  good: "good",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
};

/** The verdict's mark: its shape and its chess-like sign (shape and sign, never colour alone),
 *  filled darker the worse it is, in greys: the players' lines use the seats' colours. */
export const VERDICT_MARKS: Record<Verdict, { shape: "circle" | "diamond" | "square" | "triangle"; sign: string; fill: string }> = {
  good: { shape: "circle", sign: "", fill: "#ffffff" },
  inaccuracy: { shape: "diamond", sign: "?!", fill: "#d9d9d9" },
  mistake: { shape: "square", sign: "?", fill: "#8c8c8c" },
  blunder: { shape: "triangle", sign: "??", fill: "#3d3d3d" },
};

export interface Scale {
  x: (move: number) => number;
  y: (points: number) => number;
}

/** Where a move and a number of points (0 to 100) fall on the graph. */
export function scale(first: number, last: number): Scale {
  const span = Math.max(1, last - first);
  const w = W - PAD.left - PAD.right;
  const h = H - PAD.top - PAD.bottom;
  return {
    x: (m) => PAD.left + ((m - first) / span) * w,
    y: (p) => PAD.top + (1 - Math.max(0, Math.min(100, p)) / 100) * h,
  };
}

/** The words a decision's mark is read out with. */
export function pointLabel(d: ReviewedMove, seat: number): string {
  const chances = d.chances[seat] ?? d.best_chances;
  const verdict = d.same ? "good, the coach's own choice" : d.verdict === "good" ? "good" : `${d.verdict}, ${d.loss} points lost`;
  return `Move ${d.move}: ${d.played}; ${verdict}; ${Math.round(chances)}% winning chances`;
}

/** One sentence for the whole graph (its description). */
export function describe(r: ReviewResult, players: readonly NamedPlayer[]): string {
  const seat = r.seat;
  const pts = r.decisions.map((d) => ({ move: d.move, c: d.chances[seat] ?? 0 }));
  if (!pts.length) return `${r.player} had no decision with a choice to judge.`;
  const low = pts.reduce((a, b) => (b.c < a.c ? b : a));
  const high = pts.reduce((a, b) => (b.c > a.c ? b : a));
  const end = r.series.length ? r.series[r.series.length - 1] : null;
  const flagged = (["inaccuracy", "mistake", "blunder"] as Verdict[])
    .filter((v) => r.counts[v])
    .map((v) => `${r.counts[v]} ${v}${r.counts[v] === 1 ? "" : "s"}`);
  const parts = [
    `${playerName(players, seat)}'s winning chances were ${Math.round(pts[0].c)}% at move ${pts[0].move}`,
    `highest ${Math.round(high.c)}% at move ${high.move}, lowest ${Math.round(low.c)}% at move ${low.move}`,
  ];
  if (end && r.outcome) parts.push(`at the end ${Math.round(end[1][seat] ?? 0)}%`);
  const marks = flagged.length ? `Marked: ${flagged.join(", ")}.` : "No inaccuracy, mistake or blunder.";
  return `${parts.join("; ")}. ${marks}`;
}

function mark(g: SVGGElement, v: Verdict, x: number, y: number, stroke: string): void {
  const m = VERDICT_MARKS[v];
  const r = v === "good" ? 3.5 : 6.5;
  const common = { fill: m.fill, stroke, "stroke-width": 1.5, class: "match-adv-shape" };
  if (m.shape === "circle") svgEl("circle", { cx: x, cy: y, r, ...common }, g);
  else if (m.shape === "square") svgEl("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...common }, g);
  else if (m.shape === "diamond") svgEl("polygon", { points: `${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`, ...common }, g);
  else svgEl("polygon", { points: `${x},${y - r - 1} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`, ...common }, g);
}

export interface Chart {
  svg: SVGSVGElement;
  table: HTMLDetailsElement;
  /** Mark the point of decision `index` as the one shown (null: none). */
  select: (index: number | null) => void;
  destroy: () => void;
}

/** Draw the graph of `r` into `parent`; `pick(d)` is called for a click or Enter on a mark. */
export function drawChart(parent: HTMLElement, r: ReviewResult, players: readonly NamedPlayer[], pick: (d: ReviewedMove) => void): Chart {
  const series = r.series;
  const first = series.length ? series[0][0] : 0;
  const last = series.length ? series[series.length - 1][0] : 1;
  const s = scale(first, last);
  const svg = svgEl("svg", { class: "match-adv", viewBox: `0 0 ${W} ${H}`, role: "group", "data-seat": r.seat, "data-points": r.decisions.length });
  const uid = `adv-${Math.random().toString(36).slice(2, 8)}`;
  const title = svgEl("title", { id: `${uid}-t` }, svg);
  title.textContent = `Advantage graph: each player's winning chances over ${r.player}'s game`;
  const desc = svgEl("desc", { id: `${uid}-d` }, svg);
  desc.textContent = describe(r, players);
  svg.setAttribute("aria-labelledby", `${uid}-t`);
  svg.setAttribute("aria-describedby", `${uid}-d`);
  parent.appendChild(svg);

  // the grid: 0, 25, 50, 75, 100 %; 50 % is even
  const grid = svgEl("g", { class: "match-adv-grid", "aria-hidden": "true" }, svg);
  for (const p of [0, 25, 50, 75, 100]) {
    const y = s.y(p);
    svgEl("line", { x1: PAD.left, x2: W - PAD.right, y1: y, y2: y, class: p === 50 ? "is-even" : "" }, grid);
    svgText(`${p}%`, { x: PAD.left - 6, y: y + 4, "text-anchor": "end" }, grid);
  }
  svgText("move", { x: W - PAD.right, y: H - 4, "text-anchor": "end" }, grid);
  const ticks = niceTicks(first, last);
  for (const t of ticks) svgText(String(t), { x: s.x(t), y: H - PAD.bottom + 16, "text-anchor": "middle" }, grid);

  // one line per player; the reviewed player's on top
  const n = series.length ? series[0][1].length : 0;
  const order = [...Array(n).keys()].filter((p) => p !== r.seat).concat(n ? [r.seat] : []);
  const lines = svgEl("g", { class: "match-adv-lines", "aria-hidden": "true" }, svg);
  for (const p of order) {
    const pts = series.map(([m, cs]) => `${s.x(m).toFixed(1)},${s.y(cs[p] ?? 0).toFixed(1)}`).join(" ");
    svgEl(
      "polyline",
      {
        points: pts,
        fill: "none",
        stroke: playerColour(players, p),
        "stroke-width": p === r.seat ? 3 : 1.8,
        "stroke-dasharray": DASHES[p % DASHES.length],
        "data-seat": p,
      },
      lines,
    );
    const end = series.length ? series[series.length - 1] : null;
    if (end) {
      svgText(playerName(players, p), { x: W - PAD.right + 6, y: s.y(end[1][p] ?? 0) + 4 + (p === r.seat ? 0 : 10 * Math.sign(p - r.seat)), style: `fill: ${playerInk(players, p)}`, class: "match-adv-name" }, lines);
    }
  }

  // a mark per judged decision, on the reviewed player's line
  const marks = svgEl("g", { class: "match-adv-points" }, svg);
  const items: SVGGElement[] = [];
  const stroke = playerInk(players, r.seat);
  // the click target: up to 9 units round a mark, less where the marks stand close together
  const spacing = (W - PAD.left - PAD.right) / Math.max(1, r.decisions.length);
  const hit = Math.max(3, Math.min(9, spacing / 1.5));
  for (const d of r.decisions) {
    const x = s.x(d.move);
    const y = s.y(d.chances[r.seat] ?? 0);
    const g = svgEl("g", {
      class: `match-adv-point is-${d.verdict}`,
      role: "button",
      tabindex: "-1",
      "data-index": d.index,
      "data-move": d.move,
      "data-verdict": d.verdict,
      "aria-label": pointLabel(d, r.seat),
    }, marks);
    svgEl("circle", { cx: x, cy: y, r: hit, class: "match-adv-hit" }, g); // a bigger target than the mark
    mark(g, d.verdict, x, y, stroke);
    if (VERDICT_MARKS[d.verdict].sign) svgText(VERDICT_MARKS[d.verdict].sign, { x, y: y - 10, "text-anchor": "middle", class: "match-adv-sign", "aria-hidden": "true" }, g);
    g.addEventListener("click", () => pick(d));
    items.push(g);
  }
  rove(items, items.find((i) => !i.classList.contains("is-good")) ?? items[0] ?? null);
  const stop = arrowNav(svg, { items: () => items, centre: (e) => centreOf(e as SVGGElement) });

  // the text alternative: the graph's points as a table (folded)
  const table = el("details", "match-adv-table") as HTMLDetailsElement;
  el("summary", "", "The graph as a table", table);
  const t = el("table", "", undefined, table);
  const head = el("tr", "", undefined, el("thead", "", undefined, t));
  for (const h of ["Move", ...[...Array(n).keys()].map((p) => `${playerName(players, p)}'s chances`), "Verdict"]) el("th", "", h, head).setAttribute("scope", "col");
  const body = el("tbody", "", undefined, t);
  const byMove = new Map(r.decisions.map((d) => [d.move, d]));
  for (const [m, cs] of series) {
    const tr = el("tr", "", undefined, body);
    const d = byMove.get(m);
    el("th", "", d ? String(m) : `${m} (the result)`, tr).setAttribute("scope", "row");
    for (const c of cs) el("td", "", `${Math.round(c)}%`, tr);
    el("td", "", d ? VERDICT_WORDS[d.verdict] : "", tr);
  }
  parent.appendChild(table);

  return {
    svg,
    table,
    select(index) {
      let chosen: Element | null = null;
      for (const i of items) {
        const on = index !== null && i.dataset.index === String(index);
        i.classList.toggle("is-selected", on);
        if (on) {
          i.setAttribute("aria-current", "true");
          chosen = i;
        } else i.removeAttribute("aria-current");
      }
      if (chosen && !items.some((i) => i === document.activeElement)) rove(items, chosen);
    },
    destroy: stop,
  };
}

function centreOf(g: SVGGElement): { x: number; y: number } {
  const c = g.querySelector("circle.match-adv-hit");
  return { x: Number(c?.getAttribute("cx") ?? 0), y: Number(c?.getAttribute("cy") ?? 0) };
}

/** About six round move numbers between `first` and `last`. */
export function niceTicks(first: number, last: number): number[] {
  const span = Math.max(1, last - first);
  const raw = span / 6;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((k) => k >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let t = Math.ceil(first / step) * step; t <= last; t += step) out.push(t);
  return out;
}
