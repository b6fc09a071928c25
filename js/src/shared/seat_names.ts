// Seats' default names, the same in every game (clash_widget/engine/seats.py SEATS: the
// colour's name; tests/test_seats_js.py keeps the two equal). For pages that name seats
// before any view does: the classroom's console and play page.

/** The colours' names, seat by seat: a seat's default name in every game. */
export const PLAYER_COLOUR_NAMES = ["Blue", "Orange", "Green", "Purple", "Red", "Yellow"];

/** A seat's default name, as the games give it: its colour, past the palette "Player N". */
export function seatColourName(seat: number): string {
  return PLAYER_COLOUR_NAMES[seat] ?? `Player ${seat + 1}`;
}
