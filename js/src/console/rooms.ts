// The list of rooms: per room its game, name and state (whose turn, finished and who won,
// broken and why, paused, when it was made and last played) and per seat who sits there,
// whether they are connected and the join link when the console has one. The buttons call
// back into index.ts; nothing here talks to the server.

import { seatColourName } from "../shared/seat_names";
import type { RoomInfo, SeatInfo } from "./api";
import { button, el, when } from "./dom";

export interface RoomActions {
  copy(room: string, seat: number, field: HTMLInputElement): void;
  reset(room: RoomInfo, seat: SeatInfo): void;
  reserve(room: RoomInfo, seat: SeatInfo): void;
  bot(room: RoomInfo, seat: SeatInfo): void;
  kick(room: RoomInfo, seat: SeatInfo): void;
  pause(room: RoomInfo): void;
  /** Let the room's players ask the coach for hints, or not. */
  hints(room: RoomInfo): void;
  rename(room: RoomInfo): void;
  archive(room: RoomInfo): void;
  remove(room: RoomInfo): void;
  download(room: RoomInfo): void;
  rematch(room: RoomInfo): void;
  /** The teacher's view of a room (seat: as that seat sees it). */
  viewUrl(room: string, seat: number | null): string;
  /** The review of a seat's game (the coach's page, opened with the teacher key). */
  reviewUrl(room: string, seat: number): string;
  /** The join link the console was given for a seat, if any. */
  link(room: string, seat: number): string | null;
}

export function roomTitle(r: RoomInfo): string {
  return r.name ? `${r.name} (${r.title})` : `${r.title}, room ${r.room}`;
}

/** The room's state in a sentence. */
export function roomState(r: RoomInfo): string {
  if (r.broken) return `Not served: ${r.broken}.`;
  const s = r.status ?? {};
  const parts: string[] = [];
  if (s.over || r.over) {
    const w = s.winners ?? [];
    parts.push(w.length ? `Finished: ${w.join(" and ")} ${w.length > 1 ? "win" : "wins"}.` : "Finished.");
  } else if (s.to_move) {
    parts.push(`${s.to_move} to move.`);
  }
  if (r.paused) parts.push("Paused by you.");
  if (r.hints === false) parts.push("Hints are off.");
  if (typeof s.moves === "number") parts.push(`${s.moves} ${s.moves === 1 ? "move" : "moves"} so far.`);
  return parts.join(" ") || "Waiting for its players.";
}

function seatWho(s: SeatInfo): string {
  if (s.bot) return `${s.bot} bot`;
  if (s.taken) return s.name ?? "someone";
  if (s.reserved && s.name) return `free, kept for ${s.name}`;
  return "free";
}

function seatRow(r: RoomInfo, s: SeatInfo, act: RoomActions): HTMLTableRowElement {
  const k = `${r.room}:${s.seat}`;
  const label = `Seat ${s.seat + 1} (${seatColourName(s.seat)})`;
  const connected = el(
    "span",
    { class: `console-dot${s.connected ? " on" : ""}`, "data-connected": String(s.connected) },
    s.connected ? "connected" : s.bot ? "on the server" : "not connected",
  );
  const linkCell = el("td", { class: "console-link" });
  const url = act.link(r.room, s.seat);
  if (s.bot) {
    linkCell.append(el("span", { class: "console-hint" }, "a bot needs no link"));
  } else if (url) {
    const field = el("input", { type: "text", readonly: "", value: url, "aria-label": `Join link of ${label}`, "data-key": `${k}:link` });
    field.addEventListener("focus", () => field.select());
    linkCell.append(field, button("Copy", `${k}:copy`, () => act.copy(r.room, s.seat, field), { "aria-label": `Copy: the join link of ${label}` }));
  } else {
    linkCell.append(el("span", { class: "console-hint" }, "not shown again: New link makes a new one"));
  }
  const tools = el("td", { class: "console-seat-tools" });
  tools.append(button(s.bot ? "Give to a person" : "New link", `${k}:reset`, () => act.reset(r, s), { "aria-label": `${s.bot ? "Give to a person" : "New link"}: ${label}` }));
  if (!s.bot) {
    const words = s.reserved ? "Change reserved name" : "Reserve for a name";
    tools.append(button(words, `${k}:reserve`, () => act.reserve(r, s), { "aria-label": `${words}: ${label}` }));
  }
  const botWords = s.bot ? "Change the bot" : "Give to a bot";
  tools.append(button(botWords, `${k}:bot`, () => act.bot(r, s), { "aria-label": `${botWords}: ${label}` }));
  if (s.taken && !s.bot) tools.append(button("Kick", `${k}:kick`, () => act.kick(r, s), { class: "danger", "aria-label": `Kick: ${s.name ?? "the person"} from ${label}` }));
  tools.append(el("a", { href: act.viewUrl(r.room, s.seat), target: "_blank", rel: "noopener", "data-key": `${k}:view`, "aria-label": `View as this seat: ${label} (opens a new tab)` }, "View as this seat"));
  if (!r.broken) tools.append(el("a", { href: act.reviewUrl(r.room, s.seat), target: "_blank", rel: "noopener", "data-key": `${k}:review`, "aria-label": `Review: the game of ${label} (opens a new tab)` }, "Review"));
  const row = el("tr", { "data-seat": String(s.seat) }, el("th", { scope: "row" }, label), el("td", { class: "console-who" }, seatWho(s)), el("td", {}, connected), linkCell, tools);
  return row;
}

/** One room's panel. */
export function roomPanel(r: RoomInfo, act: RoomActions): HTMLElement {
  const headingId = `room-${r.room}-title`;
  const box = el("section", { class: "console-room", "data-room": r.room, "aria-labelledby": headingId });
  if (r.broken) box.classList.add("broken");
  if (r.archived) box.classList.add("archived");
  const heading = el("h3", { id: headingId }, roomTitle(r));
  if (r.archived) heading.append(el("span", { class: "console-tag" }, "archived"));
  if (r.paused) heading.append(el("span", { class: "console-tag" }, "paused"));
  const state = el("p", { class: "console-room-state" }, roomState(r));
  const dates = el("p", { class: "console-room-dates" }, `Room code ${r.room} · made ${when(r.created)} · last move ${r.status?.moves ? when(r.last_move) : "none yet"}`);
  const table = el("table", { class: "console-seats" });
  table.append(
    el("caption", { class: "match-sr-only" }, `Seats of ${roomTitle(r)}`),
    el("thead", {}, el("tr", {}, ...["Seat", "Who", "Connection", "Join link", "Seat actions"].map((h) => el("th", { scope: "col" }, h)))),
  );
  const body = el("tbody");
  for (const s of r.seats) body.append(seatRow(r, s, act));
  table.append(body);
  const k = r.room;
  const tools = el(
    "div",
    { class: "console-room-tools", role: "group", "aria-label": `Room actions for ${roomTitle(r)}` },
    el("a", { href: act.viewUrl(r.room, null), target: "_blank", rel: "noopener", "data-key": `${k}:teacher` }, "Open teacher's view"),
    button(r.paused ? "Resume" : "Pause", `${k}:pause`, () => act.pause(r)),
    button(r.hints === false ? "Turn hints on" : "Turn hints off", `${k}:hints`, () => act.hints(r)),
    button("Rename", `${k}:rename`, () => act.rename(r)),
    button("Download game", `${k}:download`, () => act.download(r)),
    button("Rematch", `${k}:rematch`, () => act.rematch(r)),
    button(r.archived ? "Unarchive" : "Archive", `${k}:archive`, () => act.archive(r)),
    button("Delete", `${k}:delete`, () => act.remove(r), { class: "danger" }),
  );
  box.append(heading, state, dates, table, tools);
  return box;
}
