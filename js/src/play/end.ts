// The end of a room's game on the play page: who won, every player's score and, where the
// game's view carries one, its own breakdown of the score (the widgets draw their own
// end-of-game panel; this one is the room's: it also says a rematch may follow).

type Obj = Record<string, unknown>;

export interface Over {
  winners: string[];
  scores: { seat: number; name: string; score: number }[];
}

/** The parts of a score each game's view shows per player: a map of parts, or counts. */
const PARTS: Record<string, { map?: string; fields?: string[] }> = {
  coc: { map: "vp_breakdown" },
  persistence: { map: "vp_by" },
  secolo: { fields: ["cultures", "characters"] },
  history: { fields: ["population", "wonders"] },
};

function words(key: string): string {
  const w = key.replace(/_/g, " ");
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** The score's parts per seat, in one order for the table's columns (none: []). */
export function breakdown(view: Obj | undefined): { columns: string[]; rows: Map<number, Record<string, number>> } {
  const rows = new Map<number, Record<string, number>>();
  const spec = PARTS[String(view?.game ?? "")];
  const players = Array.isArray(view?.players) ? (view.players as Obj[]) : [];
  const columns: string[] = [];
  if (!spec) return { columns, rows };
  for (const p of players) {
    const seat = typeof p.seat === "number" ? p.seat : players.indexOf(p);
    const parts: Record<string, number> = {};
    if (spec.map && p[spec.map] && typeof p[spec.map] === "object") {
      for (const [k, v] of Object.entries(p[spec.map] as Obj)) if (typeof v === "number") parts[k] = v;
    }
    for (const f of spec.fields ?? []) if (typeof p[f] === "number") parts[f] = p[f] as number;
    for (const k of Object.keys(parts)) if (!columns.includes(k)) columns.push(k);
    rows.set(seat, parts);
  }
  return { columns, rows };
}

function cell(tag: "td" | "th", text: string, scope?: string): HTMLElement {
  const c = document.createElement(tag);
  c.textContent = text;
  if (scope) c.setAttribute("scope", scope);
  return c;
}

function sentence(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The panel's contents for a finished game (`teacher`: the rematch is theirs to start;
 * `review`: the address of the player's own review). */
export function endPanel(over: Over, view: Obj | undefined, teacher: boolean, review?: string): HTMLElement[] {
  const h = document.createElement("h2");
  h.id = "clash-end-title";
  h.textContent = "The game is over";
  const who = document.createElement("p");
  who.className = "clash-end-winners";
  const w = over.winners;
  who.textContent = w.length ? `${sentence(w)} ${w.length > 1 ? "win" : "wins"}.` : "Nobody wins.";
  const { columns, rows } = breakdown(view);
  const table = document.createElement("table");
  table.className = "clash-end-scores";
  const caption = document.createElement("caption");
  caption.textContent = "Scores";
  const head = document.createElement("tr");
  head.append(cell("th", "Player", "col"), cell("th", "Score", "col"), ...columns.map((c) => cell("th", words(c), "col")));
  const thead = document.createElement("thead");
  thead.append(head);
  const body = document.createElement("tbody");
  for (const s of over.scores) {
    const tr = document.createElement("tr");
    tr.dataset.seat = String(s.seat);
    if (w.includes(s.name)) tr.className = "winner";
    const parts = rows.get(s.seat) ?? {};
    tr.append(cell("th", `${s.name}${w.includes(s.name) ? " (wins)" : ""}`, "row"), cell("td", String(s.score)), ...columns.map((c) => cell("td", c in parts ? String(parts[c]) : "")));
    body.append(tr);
  }
  table.append(caption, thead, body);
  const next = document.createElement("p");
  next.textContent = teacher
    ? "Start a rematch from the teacher's console: the players' pages move to the new room by themselves."
    : "The teacher can start a rematch: this page moves to the new room by itself.";
  if (!review) return [h, who, table, next];
  const link = document.createElement("a");
  link.href = review;
  link.target = "_blank";
  link.className = "clash-review-link";
  link.textContent = "Review my game";
  link.setAttribute("aria-label", "Review my game: where the coach finds your mistakes (opens a new tab)");
  const ask = document.createElement("p");
  ask.append(link, " · the coach judges each of your decisions from what you knew then.");
  return [h, who, table, ask, next];
}
