// Player identity, the same in every game: a seat's name and colour come from the view
// (Python names the players once, for every game); before a view names them, seats are
// "Player 1…N" (never numbered from 0) in the product's colour order.

/** What the front ends read of a view's player: its seat, and its name and colours when Python sends them. */
export interface NamedPlayer {
  seat: number;
  name?: string;
  /** Fill, as drawn on a board or card. */
  color?: string;
  /** The same hue dark enough for text on white. */
  ink?: string;
}

// Python's palette (clash_widget/engine/seats.py SEATS: Okabe-Ito, Blue first), only for a
// view that names no colour; tests/test_seats_js.py keeps the two equal.
export const PLAYER_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#F0E442"];
export const BARBARIAN_COLOUR = "#2b2b2b";

function find(players: readonly NamedPlayer[] | undefined, seat: number): NamedPlayer | undefined {
  return players?.find((p) => p.seat === seat);
}

/** A seat's name: the view's, else "Player <seat + 1>"; negative seats are the barbarians. */
export function playerName(players: readonly NamedPlayer[] | undefined, seat: number): string {
  if (seat < 0) return "Barbarians";
  const n = find(players, seat)?.name;
  return typeof n === "string" && n ? n : `Player ${seat + 1}`;
}

/** A seat's colour: the view's (a #rrggbb), else the seat's place in PLAYER_COLOURS. */
export function playerColour(players: readonly NamedPlayer[] | undefined, seat: number): string {
  if (seat < 0) return BARBARIAN_COLOUR;
  const c = find(players, seat)?.color;
  if (typeof c === "string" && /^#[0-9a-fA-F]{6}$/.test(c)) return c;
  return PLAYER_COLOURS[seat % PLAYER_COLOURS.length];
}

/** A seat's colour for text on the page: the view's `ink`, else its fill. */
export function playerInk(players: readonly NamedPlayer[] | undefined, seat: number): string {
  const c = seat < 0 ? undefined : find(players, seat)?.ink;
  return typeof c === "string" && /^#[0-9a-fA-F]{6}$/.test(c) ? c : playerColour(players, seat);
}

/** "Blue", "Blue and Red", "Blue, Red and Green". */
export function nameList(players: readonly NamedPlayer[] | undefined, seats: readonly number[]): string {
  const names = seats.map((s) => playerName(players, s));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
