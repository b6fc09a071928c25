// The classroom server's play page (and teacher's view): claim the seat named in the
// page's #fragment with the seat's claim secret from its join link (or reuse this
// browser's seat secret), open the room's WebSocket through a WsModel, and mount the
// game's own widget bundle, the same <game>.js a notebook loads, served at /tables/ from where its GameSpec says it lies, on that model.
// Secrets live in the fragment and the browser's storage only: a browser never sends
// either to the server in a URL, and the page takes them out of the address bar.

import type { AnyModel } from "@anywidget/types";
import { seatColourName } from "../shared/seat_names";
import { type ServerMessage, WsModel, type WsState } from "../shared/ws_model";
import { endPanel } from "./end";
import { hintKey, hintMoved, hintPanel } from "./hint";
import { keyForm } from "./key_form";
import { startReview } from "./review";
import { reselect, selectHex } from "./select";
import { PAGE_CSS } from "./style";

/** The widget bundle (/tables/<name>.js and .css) that draws each game: the server writes
 * the games' registrations (GameSpec.bundle) into the page's data-bundles. */
export function bundles(page: HTMLElement | null): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(page?.dataset.bundles ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The console keeps the teacher key here (this tab only). */
const TEACHER_KEY = "clash-teacher-key";
const REPLACED = "This seat's link has been replaced: ask the teacher for your link.";

interface Place {
  room: string;
  seat: number | null;
  token: string | null;
  claim: string | null;
}

const STATE_TEXT: Record<WsState, string> = {
  connecting: "Connecting to the room…",
  connected: "Connected.",
  reconnecting: "Connection lost: reconnecting…",
  refused: "The room closed this page",
};

export function readFragment(hash: string): Place {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const seat = p.get("seat");
  return {
    room: p.get("room") ?? "",
    seat: seat === null || seat === "" ? null : Number(seat),
    token: p.get("token"),
    claim: p.get("claim"),
  };
}

function storageKey(room: string, seat: number | null): string {
  return seat === null ? `clash-teacher:${room}` : `clash-seat:${room}:${seat}`;
}

/** Seat secrets stay in this browser; the teacher's only in this tab. */
function store(seat: number | null): Storage {
  return seat === null ? sessionStorage : localStorage;
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

/** A page-level box after the status line (made once). */
function box(id: string, role?: string): HTMLElement {
  let b = document.getElementById(id);
  if (!b) {
    b = document.createElement("div");
    b.id = id;
    if (role) b.setAttribute("role", role);
    $("clash-join").before(b);
  }
  return b;
}

function seatWords(seat: number): string {
  return `seat ${seat + 1} (${seatColourName(seat)})`;
}

/** Ask for the person's name and sit down with the link's claim; the seat's secret. */
async function claimSeat(place: Place, claim: string | null, again = false): Promise<string | null> {
  const seat = place.seat ?? 0;
  const form = document.createElement("form");
  form.className = "clash-join-form";
  const label = document.createElement("label");
  label.htmlFor = "clash-name";
  label.textContent = `Your name for ${seatWords(seat)}`;
  const input = document.createElement("input");
  input.id = "clash-name";
  input.name = "name";
  input.maxLength = 24;
  input.setAttribute("autocomplete", "nickname");
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = again ? "Sit down again" : "Sit down";
  go.dataset.action = "join";
  form.append(label, input, go);
  $("clash-join").replaceChildren(form);
  // Sitting down again after the teacher freed the seat: the server's words stay on screen.
  if (!again) status("joining", `Room ${place.room}: type your name and sit down.`);
  input.focus();
  for (;;) {
    await new Promise<void>((resolve) =>
      form.addEventListener(
        "submit",
        (ev) => {
          ev.preventDefault();
          resolve();
        },
        { once: true },
      ),
    );
    let r: Response;
    try {
      r = await fetch(`/api/rooms/${encodeURIComponent(place.room)}/seats/${seat}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: input.value, claim }),
      });
    } catch {
      status("refused", "The room does not answer: try again in a moment.");
      continue;
    }
    const body = (await r.json().catch(() => ({}))) as { token?: string; reason?: string; rule?: string };
    if (r.ok && body.token) {
      $("clash-join").replaceChildren();
      return body.token;
    }
    if (r.status === 403) {
      // The claim is the only thing a 403 here can be about: say it the learner's way.
      $("clash-join").replaceChildren();
      status("refused", claim ? REPLACED : "This link has no invitation in it: ask the teacher for your seat's link.");
      return null;
    }
    status("refused", body.reason ?? `The room refused this (${r.status}).`);
  }
}

/** Whether the room still stands and a person may sit at `seat` (no bot plays it). */
async function seatOpen(room: string, seat: number): Promise<boolean> {
  try {
    const r = await fetch(`/api/rooms/${encodeURIComponent(room)}`);
    if (!r.ok) return false;
    const info = (await r.json()) as { seats?: { seat: number; bot: string | null }[] };
    return !info.seats?.find((s) => s.seat === seat)?.bot;
  } catch {
    return false;
  }
}

/** The teacher's view without a secret: ask for the teacher key. */
function askTeacherKey(problem = ""): Promise<string> {
  const asked = keyForm($("clash-join"), "clash-teacher-key", "Open the teacher's view");
  status(problem ? "refused" : "joining", problem || "The teacher's view needs the teacher key (the one the server printed when it first started).");
  return asked;
}

/** The seats line: who sits where, and who is connected. */
function showSeats(msg: ServerMessage, mine: number | null, offline = false): void {
  const line = $("clash-seats");
  line.replaceChildren();
  for (const s of msg.seats ?? []) {
    const span = document.createElement("span");
    span.className = "room-seat";
    span.dataset.seat = String(s.seat);
    // Offline, this page cannot know who else is connected: it says nothing of it.
    const connected = s.connected && !offline;
    span.dataset.connected = String(connected);
    const who = s.bot ? `${s.bot} bot` : (s.name ?? "free");
    span.textContent = `${s.seat === mine ? "▶ " : ""}Seat ${s.seat + 1}: ${who}${connected ? " ● connected" : ""} `;
    line.append(span);
  }
}

/** The teacher's "view as" select: whose view the connection is pushed. */
function watchSelect(msg: ServerMessage, watching: number | null, pick: (seat: number | null) => void): void {
  const line = box("clash-watch");
  let select = line.querySelector("select");
  if (!select) {
    const label = document.createElement("label");
    label.htmlFor = "clash-watch-seat";
    label.textContent = "View as ";
    select = document.createElement("select");
    select.id = "clash-watch-seat";
    select.addEventListener("change", () => pick(select!.value === "" ? null : Number(select!.value)));
    const manage = document.createElement("a");
    manage.href = "/console";
    manage.textContent = "Seats, links and kicks: the teacher's console";
    manage.className = "clash-console-link";
    line.append(label, select, manage);
  }
  const options: [string, string][] = [["", "Teacher (every hand)"]];
  for (const s of msg.seats ?? []) options.push([String(s.seat), `Seat ${s.seat + 1} (${s.name ?? seatColourName(s.seat)})`]);
  const signature = JSON.stringify(options);
  if (select.dataset.options !== signature) {
    select.dataset.options = signature;
    select.replaceChildren(
      ...options.map(([value, text]) => {
        const o = document.createElement("option");
        o.value = value;
        o.textContent = text;
        return o;
      }),
    );
  }
  select.value = watching === null ? "" : String(watching);
}

/** Grey the board and make it inert while the page cannot play (a visible note says why;
 * when the room closed the page, the status line above it says why). */
function setPlayable(host: HTMLElement, playable: boolean, why: string): void {
  host.inert = !playable;
  host.classList.toggle("clash-offline", !playable);
  if (playable) host.removeAttribute("aria-disabled");
  else host.setAttribute("aria-disabled", "true");
  const note = box("clash-offline-note", "status");
  note.hidden = playable || !why;
  note.textContent = playable ? "" : why;
}

/** Mount `game`'s own table (its bundle, as `page`'s data-bundles name it) on `model` in `host`. */
export async function mountGame(game: string, model: AnyModel<Record<string, unknown>>, host: HTMLElement, page: HTMLElement | null = document.getElementById("clash-play")): Promise<void> {
  const name = bundles(page)[game];
  if (!name) {
    host.textContent = `This page cannot draw the game ${game}.`;
    return;
  }
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = `/tables/${name}.css`; // where the game's spec says its table lies
  document.head.append(css);
  const url = new URL(`/tables/${name}.js`, location.href).href; // loaded at run time, not bundled
  const mod = (await import(/* @vite-ignore */ url)) as {
    default: { render(props: { model: AnyModel<Record<string, unknown>>; el: HTMLElement }): unknown };
  };
  host.dataset.game = game;
  mod.default.render({ model, el: host });
}

function addStyle(): void {
  if (document.getElementById("clash-play-style")) return;
  const style = document.createElement("style");
  style.id = "clash-play-style";
  style.textContent = PAGE_CSS;
  document.head.append(style);
}

/** The page's secret for its seat (claiming the seat if this browser has none); null: none. */
async function secretFor(place: Place, teacher: boolean): Promise<string | null> {
  const seat = teacher ? null : place.seat;
  const key = storageKey(place.room, seat);
  if (place.token) return place.token;
  const kept = store(seat).getItem(key) ?? (teacher ? sessionStorage.getItem(TEACHER_KEY) : null);
  if (kept) return kept;
  if (teacher) return askTeacherKey();
  return claimSeat(place, place.claim);
}

export async function start(): Promise<void> {
  addStyle();
  const teacher = $("clash-play").dataset.teacher === "true";
  const place = readFragment(location.hash);
  if (!place.room || (!teacher && (place.seat === null || Number.isNaN(place.seat)))) {
    status("refused", "This link names no room or seat: ask the teacher for your seat's link.");
    return;
  }
  const seat = teacher ? null : place.seat;
  const key = storageKey(place.room, seat);
  const token = await secretFor(place, teacher);
  if (!token) return;
  store(seat).setItem(key, token);
  // The secrets leave the address bar (a screenshot or a shared screen shows none).
  history.replaceState(null, "", seat === null ? `#room=${place.room}` : `#room=${place.room}&seat=${seat}`);
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let mounted = false;
  let watching: number | null = teacher && place.seat !== null && !Number.isNaN(place.seat) ? place.seat : null;
  const host = $("clash-table");
  const end = box("clash-end");
  end.setAttribute("aria-labelledby", "clash-end-title");
  end.hidden = true;
  let shownOver = "";
  let last: ServerMessage | null = null;
  const hintBox = box("clash-hint", "region");
  hintBox.setAttribute("aria-labelledby", "clash-hint-title");
  hintBox.setAttribute("aria-live", "polite");
  hintBox.hidden = true;
  hintKey(host);
  const model: WsModel = new WsModel({
    url: `${proto}//${location.host}/api/rooms/${encodeURIComponent(place.room)}/ws`,
    token,
    onState: (state, detail) => {
      const text = state === "refused" ? `${STATE_TEXT[state]}: ${detail}` : STATE_TEXT[state];
      status(state, `Room ${place.room}${teacher ? " (teacher's view)" : ""} · ${text}`);
      if (state === "connected") {
        setPlayable(host, true, "");
        if (teacher && watching !== null) model.sendMessage({ type: "watch", seat: watching });
      } else if (mounted || state !== "connecting") {
        if (last) showSeats(last, teacher ? null : seat, true);
        setPlayable(host, false, state === "refused" ? "" : "Reconnecting… the board comes back as soon as the room answers.");
      }
      if (state === "refused") {
        store(seat).removeItem(key);
        if (teacher) {
          sessionStorage.removeItem(TEACHER_KEY);
          // A wrong key: ask again (the page starts over with the new one).
          void askTeacherKey(`The room refused that key: ${detail}`).then((again) => {
            store(null).setItem(key, again);
            location.reload();
          });
        } else if (place.claim) {
          // Kicked: the same link (still known to this page) may sit down again, if the
          // room still stands and no bot took the seat.
          const claim = place.claim;
          void seatOpen(place.room, seat ?? 0).then((open) => {
            if (!open) return;
            void claimSeat(place, claim, true).then((again) => {
              if (again) {
                store(seat).setItem(key, again);
                location.reload();
              }
            });
          });
        }
      }
    },
    local: selectHex,
    onHint: (state, msg) => hintPanel(hintBox, state, msg),
    onMessage: (msg) => {
      if (msg.type === "rematch" && msg.room) {
        if (teacher) {
          const note = box("clash-rematch", "status");
          note.textContent = `A rematch started in room ${msg.room}: follow it from the teacher's console.`;
          return;
        }
        // The seat's secret opens the new room too: this page moves there.
        store(seat).setItem(storageKey(msg.room, seat), token);
        model.close();
        location.hash = `#room=${msg.room}&seat=${seat}`;
        location.reload();
        return;
      }
      if (msg.type !== "view") return;
      last = msg;
      if (msg.view && msg.view.game === "coc") model.setLocal("selected", reselect(model.get("selected"), msg.view));
      showSeats(msg, teacher ? null : seat);
      hintMoved(hintBox, msg.version);
      host.dataset.hints = String(msg.hints !== false); // the teacher's switch, live
      if (teacher) {
        watching = msg.seat ?? null;
        watchSelect(msg, watching, (n) => {
          watching = n;
          model.sendMessage({ type: "watch", seat: n });
        });
      }
      const paused = box("clash-paused", "status");
      paused.textContent = msg.paused ? "The teacher has paused this room: play goes on when the teacher resumes it." : "";
      paused.hidden = !msg.paused;
      const over = msg.over ? JSON.stringify(msg.over) : "";
      if (over !== shownOver) {
        shownOver = over;
        end.hidden = !msg.over;
        const review = teacher || seat === null ? undefined : `/review#room=${encodeURIComponent(place.room)}&seat=${seat}`;
        end.replaceChildren(...(msg.over ? endPanel(msg.over, msg.view, teacher, review) : []));
      }
      const game = (msg.view as { game?: string } | undefined)?.game;
      if (!mounted && game) {
        mounted = true;
        // The table shows its Hint button where the model has a `hint` trait: a seat's page
        // (the teacher's view shows every hand); the room's switch shows or hides it.
        if (!teacher) model.setLocal("hint", {});
        void mountGame(game, model, host);
      }
    },
  });
  (window as unknown as { clashModel: WsModel }).clashModel = model; // for tests and the curious
}

if (typeof document !== "undefined" && document.getElementById("clash-play")) void start();
if (typeof document !== "undefined" && document.getElementById("clash-review")) void startReview();
