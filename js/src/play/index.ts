// The classroom server's play page (and teacher's view): claim the seat named in the
// page's #fragment (or reuse this browser's secret for it), open the room's WebSocket
// through a WsModel, and mount the game's own widget bundle, the same static/<game>.js
// a notebook loads, on that model. Secrets live in the fragment and localStorage only:
// a browser never sends either to the server in a URL.

import { type ServerMessage, WsModel, type WsState } from "../shared/ws_model";
import { reselect, selectHex } from "./select";

/** The widget bundle (static/<name>.js and .css) that draws each game. */
export const BUNDLES: Record<string, string> = {
  coc: "coc",
  secolo: "secolo",
  persistence: "persistence",
  history: "history",
};

interface Place {
  room: string;
  seat: number | null;
  token: string | null;
}

const STATE_TEXT: Record<WsState, string> = {
  connecting: "Connecting to the room…",
  connected: "Connected.",
  reconnecting: "Connection lost: reconnecting…",
  refused: "The room refused this page",
};

export function readFragment(hash: string): Place {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = p.get("seat");
  return { room: p.get("room") ?? "", seat: seat === null || seat === "" ? null : Number(seat), token: p.get("token") };
}

function storageKey(room: string, seat: number | null): string {
  return seat === null ? `clash-teacher:${room}` : `clash-seat:${room}:${seat}`;
}

function $(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

function status(state: string, text: string): void {
  const s = $("clash-status");
  s.dataset.state = state;
  s.textContent = text;
}

async function claimSeat(place: Place): Promise<string> {
  const form = $("clash-join");
  form.replaceChildren();
  const label = document.createElement("label");
  label.textContent = `Your name (seat ${(place.seat ?? 0) + 1}): `;
  const input = document.createElement("input");
  input.name = "name";
  input.maxLength = 40;
  const go = document.createElement("button");
  go.textContent = "Sit down";
  go.dataset.action = "join";
  label.append(input);
  form.append(label, go);
  status("joining", `Room ${place.room}: choose your name and sit down.`);
  for (;;) {
    await new Promise<void>((resolve) => go.addEventListener("click", () => resolve(), { once: true }));
    const r = await fetch(`/api/rooms/${encodeURIComponent(place.room)}/seats/${place.seat}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: input.value }),
    });
    const body = (await r.json()) as { token?: string; reason?: string };
    if (r.ok && body.token) {
      form.replaceChildren();
      return body.token;
    }
    status("refused", body.reason ?? `refused (${r.status})`);
  }
}

/** The seats line; on the teacher's view, a "free" button per person's seat. */
function showSeats(msg: ServerMessage, free: ((seat: number) => void) | null): void {
  const box = $("clash-seats");
  box.replaceChildren();
  for (const s of msg.seats ?? []) {
    const span = document.createElement("span");
    span.className = "room-seat";
    span.dataset.seat = String(s.seat);
    span.dataset.connected = String(s.connected);
    const who = s.name ?? "free";
    span.textContent = `${s.seat === msg.seat ? "▶ " : ""}Seat ${s.seat + 1}: ${who}${s.connected ? " ●" : ""} `;
    if (free && s.name && !s.bot) {
      const b = document.createElement("button");
      b.textContent = "free seat";
      b.title = "Free this seat (a learner lost their browser): their link works again";
      b.dataset.action = "free";
      b.addEventListener("click", () => free(s.seat));
      span.append(b);
    }
    box.append(span);
  }
}

async function mountGame(game: string, model: WsModel, host: HTMLElement): Promise<void> {
  const name = BUNDLES[game];
  if (!name) {
    host.textContent = `This page cannot draw the game ${game}.`;
    return;
  }
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = `/static/${name}.css`;
  document.head.append(css);
  const url = new URL(`/static/${name}.js`, location.href).href; // loaded at run time, not bundled
  const mod = (await import(/* @vite-ignore */ url)) as {
    default: { render(props: { model: WsModel; el: HTMLElement }): unknown };
  };
  host.dataset.game = game;
  mod.default.render({ model, el: host });
}

export async function start(): Promise<void> {
  const teacher = $("clash-play").dataset.teacher === "true";
  const place = readFragment(location.hash);
  if (!place.room || (!teacher && (place.seat === null || Number.isNaN(place.seat)))) {
    status("refused", "This link names no room or seat: ask the teacher for your seat's link.");
    return;
  }
  const seat = teacher ? null : place.seat;
  const key = storageKey(place.room, seat);
  let token = place.token ?? localStorage.getItem(key);
  if (!token) {
    if (teacher) {
      status("refused", "The teacher's view needs the teacher's secret (open it from the start page).");
      return;
    }
    token = await claimSeat(place);
  }
  localStorage.setItem(key, token);
  if (place.token) history.replaceState(null, "", `#room=${place.room}`); // the secret leaves the address bar
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let mounted = false;
  const freeSeat = (n: number): void => {
    void fetch(`/api/rooms/${encodeURIComponent(place.room)}/seats/${n}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${token}` },
    });
  };
  const host = $("clash-table");
  const model: WsModel = new WsModel({
    url: `${proto}//${location.host}/api/rooms/${encodeURIComponent(place.room)}/ws`,
    token,
    onState: (state, detail) => {
      const text = state === "refused" ? `${STATE_TEXT[state]}: ${detail}` : STATE_TEXT[state];
      status(state, `Room ${place.room}${teacher ? " (teacher's view)" : ""} · ${text}`);
      if (state === "refused" && seat !== null) localStorage.removeItem(key);
    },
    local: selectHex,
    onMessage: (msg) => {
      if (msg.type !== "view") return;
      if (msg.view && msg.view.game === "coc") model.setLocal("selected", reselect(model.get("selected"), msg.view));
      showSeats(msg, teacher ? freeSeat : null);
      const game = (msg.view as { game?: string } | undefined)?.game;
      if (!mounted && game) {
        mounted = true;
        void mountGame(game, model, host);
      }
    },
  });
  (window as unknown as { clashModel: WsModel }).clashModel = model; // for tests and the curious
}

if (typeof document !== "undefined" && document.getElementById("clash-play")) void start();
