// The "New room" form: game, players, an optional seed, who plays each seat (a person or
// one of the game's bots) and an optional name per seat, and the room's own name. Seats
// count from 1 and are named by their colours, as in the games; the server's request
// numbers them from 0, which only this module's `spec` knows.

import { seatColourName } from "../shared/seat_names";
import { el, freshId } from "./dom";

export interface GameInfo {
  game: string;
  title: string;
  min: number;
  max: number;
  bots: string[];
}

export interface NewRoom {
  spec: Record<string, unknown>;
  /** Names to reserve seats for (seat counted from 0), after the room is made. */
  names: [number, string][];
}

const PERSON = "";

function labelled(text: string, field: HTMLElement, hint?: string): HTMLElement {
  const id = freshId("f");
  field.id = id;
  const label = el("label", { for: id }, text);
  const box = el("div", { class: "console-field" }, label, field);
  if (hint) {
    const hintId = freshId("hint");
    field.setAttribute("aria-describedby", hintId);
    box.append(el("span", { id: hintId, class: "console-hint" }, hint));
  }
  return box;
}

/** The form; `submit` gets the room to make and answers with an error text or null. */
export function newRoomForm(games: GameInfo[], submit: (room: NewRoom) => Promise<string | null>): HTMLElement {
  const form = el("form", { id: "new-room", class: "console-new-room", "aria-labelledby": "new-room-title", novalidate: "" });
  const game = el("select", { name: "game" });
  for (const g of games) game.append(el("option", { value: g.game }, g.title));
  const players = el("input", { name: "players", type: "number", inputmode: "numeric" });
  const seed = el("input", { name: "seed", type: "text", inputmode: "numeric", autocomplete: "off" });
  const title = el("input", { name: "name", type: "text", maxlength: "60", autocomplete: "off" });
  const seatsBox = el("fieldset", { class: "console-seats-form" });
  const error = el("p", { class: "console-error", role: "alert" });
  const make = el("button", { type: "submit", class: "primary" }, "Make the room");

  const chosen = (): GameInfo => games.find((g) => g.game === game.value) ?? games[0];
  const drawSeats = (): void => {
    const g = chosen();
    const n = Math.min(g.max, Math.max(g.min, Number(players.value) || g.min));
    const before = [...seatsBox.querySelectorAll<HTMLSelectElement>("select")].map((s) => s.value);
    const names = [...seatsBox.querySelectorAll<HTMLInputElement>("input")].map((s) => s.value);
    seatsBox.replaceChildren(el("legend", {}, "Who plays each seat"));
    for (let i = 0; i < n; i++) {
      const who = el("select", { name: `seat-${i + 1}`, "data-seat": String(i + 1) });
      who.append(el("option", { value: PERSON }, "Person"));
      for (const b of g.bots) who.append(el("option", { value: b }, `${b} bot`));
      if (before[i] && g.bots.includes(before[i])) who.value = before[i];
      const name = el("input", { name: `name-${i + 1}`, type: "text", maxlength: "24", autocomplete: "off" });
      name.value = names[i] ?? "";
      const colour = seatColourName(i);
      const row = el(
        "div",
        { class: "console-seat-row" },
        labelled(`Seat ${i + 1} (${colour})`, who),
        labelled(`Name for seat ${i + 1} (optional)`, name),
      );
      const sync = (): void => {
        name.disabled = who.value !== PERSON;
      };
      who.addEventListener("change", sync);
      sync();
      seatsBox.append(row);
    }
  };
  const settleGame = (): void => {
    const g = chosen();
    players.min = String(g.min);
    players.max = String(g.max);
    const n = Number(players.value);
    if (!n || n < g.min || n > g.max) players.value = String(g.min);
    drawSeats();
  };
  game.addEventListener("change", settleGame);
  players.addEventListener("input", drawSeats);

  form.append(
    el("h2", { id: "new-room-title" }, "New room"),
    el(
      "div",
      { class: "console-form-line" },
      labelled("Game", game),
      labelled("Players", players),
      labelled("Seed (optional)", seed, "the same seed deals the same game"),
      labelled("Room name (optional)", title, "e.g. Group B, Tuesday"),
    ),
    seatsBox,
    error,
    make,
  );
  settleGame();

  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const g = chosen();
    const n = Number(players.value);
    if (!Number.isInteger(n) || n < g.min || n > g.max) {
      error.textContent = `${g.title} is played by ${g.min} to ${g.max} players.`;
      players.focus();
      return;
    }
    const spec: Record<string, unknown> = { game: g.game, players: n };
    const seedText = seed.value.trim();
    if (seedText) {
      if (!/^\d+$/.test(seedText)) {
        error.textContent = "The seed is a whole number (or leave it empty for a new deal).";
        seed.focus();
        return;
      }
      spec.seed = Number(seedText);
    }
    if (title.value.trim()) spec.name = title.value.trim();
    const bots: Record<string, string> = {};
    const names: [number, string][] = [];
    seatsBox.querySelectorAll<HTMLSelectElement>("select").forEach((s, i) => {
      if (s.value !== PERSON) bots[String(i)] = s.value;
    });
    seatsBox.querySelectorAll<HTMLInputElement>("input").forEach((input, i) => {
      if (!input.disabled && input.value.trim()) names.push([i, input.value.trim()]);
    });
    if (Object.keys(bots).length) spec.bots = bots;
    make.disabled = true;
    void submit({ spec, names }).then((problem) => {
      make.disabled = false;
      if (problem) error.textContent = problem;
    });
  });
  return form;
}
