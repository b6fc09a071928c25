// The teacher's console's pure parts: the "New room" form's request (seats counted from 1
// on screen, from 0 in the request) and a room's state in words.
import { describe, expect, it } from "vitest";
import type { RoomInfo } from "../src/console/api";
import { type NewRoom, newRoomForm } from "../src/console/form";
import { roomState } from "../src/console/rooms";

const GAMES = [
  { game: "coc", title: "Clash of Cultures", min: 2, max: 4, bots: ["random", "heuristic"] },
  { game: "history", title: "History CCG", min: 2, max: 2, bots: ["random"] },
];

function fill(form: HTMLElement, name: string, value: string): void {
  const field = form.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!field) throw new Error(`no field ${name}`);
  field.value = value;
  field.dispatchEvent(new Event(field.tagName === "SELECT" ? "change" : "input"));
}

describe("the New room form", () => {
  it("names seats by colour from 1 and asks the server with seats from 0", async () => {
    const asked: NewRoom[] = [];
    const form = newRoomForm(GAMES, async (r) => {
      asked.push(r);
      return null;
    });
    document.body.append(form);
    fill(form, "players", "3");
    const labels = [...form.querySelectorAll("fieldset label")].map((l) => l.textContent);
    expect(labels).toContain("Seat 3 (Green)");
    fill(form, "seat-3", "heuristic");
    fill(form, "name-1", "Ada");
    fill(form, "seed", "12");
    (form as HTMLFormElement).requestSubmit();
    await Promise.resolve();
    expect(asked).toHaveLength(1);
    expect(asked[0].spec).toEqual({ game: "coc", players: 3, seed: 12, bots: { "2": "heuristic" } });
    expect(asked[0].names).toEqual([[0, "Ada"]]);
    form.remove();
  });

  it("says in words what is wrong before asking the server", () => {
    const asked: NewRoom[] = [];
    const form = newRoomForm(GAMES, async (r) => {
      asked.push(r);
      return null;
    });
    document.body.append(form);
    fill(form, "seed", "twelve");
    (form as HTMLFormElement).requestSubmit();
    expect(asked).toHaveLength(0);
    expect(form.querySelector(".console-error")?.textContent).toBe("The seed is a whole number (or leave it empty for a new deal).");
    form.remove();
  });
});

describe("a room's state in words", () => {
  const base: RoomInfo = {
    room: "ABC234", game: "history", title: "History CCG", players: 2, name: "", archived: false, paused: false,
    broken: null, created: 0, last_move: null, status: { to_move: "Ada", over: false, winners: [], moves: 3 }, seats: [],
  };
  it("says whose turn it is", () => {
    expect(roomState(base)).toBe("Ada to move. 3 moves so far.");
  });
  it("says who won, that it is paused, or why it is not served", () => {
    expect(roomState({ ...base, paused: true, status: { over: true, winners: ["Ada", "Ben"], moves: 40 } })).toBe(
      "Finished: Ada and Ben win. Paused by you. 40 moves so far.",
    );
    expect(roomState({ ...base, broken: "its game does not replay to the stored position" })).toBe(
      "Not served: its game does not replay to the stored position.",
    );
  });
});
