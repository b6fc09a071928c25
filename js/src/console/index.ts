// The teacher's console (/console, clash_widget/server/pages.py): sign in with the
// server's teacher key (kept in this tab's sessionStorage only), make rooms, hand out seat
// links and follow every room, refreshed every few seconds. The server keeps only digests
// of the seats' links, so a link is shown when it is made (a new room, New link, a
// rematch) and kept in this tab; New link makes another one.

import { seatColourName } from "../shared/seat_names";
import { Api, type Created, type RoomInfo, Refused } from "./api";
import { ask, asking } from "./dialog";
import { button, el, freshId } from "./dom";
import { type GameInfo, type NewRoom, newRoomForm } from "./form";
import { type RoomActions, roomPanel, roomTitle } from "./rooms";
import "./console.css";

const KEY = "clash-teacher-key";
const LINKS = "clash-console-links";
export const REFRESH_MS = 3000;

function $(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

/** Say something in the status line (read out by screen readers). */
function say(text: string, kind: "info" | "error" = "info"): void {
  const s = $("console-status");
  s.textContent = text;
  s.dataset.kind = kind;
}

function wordsOf(err: unknown): string {
  return err instanceof Refused ? err.message : "Something went wrong; try again.";
}

/** The join links this tab was given, by "room:seat" (sessionStorage: gone with the tab). */
class Links {
  private map: Record<string, string> = {};
  constructor() {
    try {
      this.map = JSON.parse(sessionStorage.getItem(LINKS) ?? "{}") as Record<string, string>;
    } catch {
      this.map = {};
    }
  }
  get(room: string, seat: number): string | null {
    return this.map[`${room}:${seat}`] ?? null;
  }
  set(room: string, seat: number, url: string | null): void {
    if (url) this.map[`${room}:${seat}`] = url;
    else delete this.map[`${room}:${seat}`];
    sessionStorage.setItem(LINKS, JSON.stringify(this.map));
  }
  took(created: Created): void {
    for (const s of created.seats) this.set(created.room, s.seat, s.join);
  }
}

function signIn(main: HTMLElement, then: (key: string) => void, problem = ""): void {
  const form = el("form", { id: "sign-in", class: "console-sign-in" });
  const input = el("input", { id: "teacher-key", type: "password", name: "key", autocomplete: "off", required: "" });
  form.append(
    el("h2", {}, "Sign in"),
    el("p", {}, "Type the teacher key the server printed when it first started (or the first line of its key file). It stays in this tab only."),
    el("label", { for: "teacher-key" }, "Teacher key"),
    input,
    el("button", { type: "submit", class: "primary" }, "Sign in"),
  );
  main.querySelector("#sign-in")?.remove();
  main.querySelector("#console-body")?.remove();
  main.append(form);
  say(problem || "Sign in with the teacher key.", problem ? "error" : "info");
  input.focus();
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const key = input.value.trim();
    if (!key) {
      say("Type the teacher key first.", "error");
      return;
    }
    form.remove();
    then(key);
  });
}

class Console {
  private readonly links = new Links();
  private rooms: RoomInfo[] = [];
  private shown = "";
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly list: HTMLElement;
  private readonly fresh: HTMLElement;
  private readonly archived: HTMLInputElement;

  constructor(
    private readonly main: HTMLElement,
    private readonly api: Api,
    private readonly games: GameInfo[],
    private readonly signOut: () => void,
  ) {
    const body = el("div", { id: "console-body" });
    const out = el("p", { class: "console-signed" }, "Signed in as the teacher. ", button("Sign out", "sign-out", () => this.stop(true)));
    this.fresh = el("section", { id: "fresh-links", class: "console-fresh", "aria-live": "polite", hidden: "" });
    const toggleId = freshId("archived");
    this.archived = el("input", { id: toggleId, type: "checkbox", "data-key": "show-archived" });
    this.archived.addEventListener("change", () => this.draw(true));
    this.list = el("div", { id: "rooms", class: "console-rooms" });
    body.append(
      out,
      newRoomForm(games, (r) => this.create(r)),
      this.fresh,
      el(
        "section",
        { "aria-labelledby": "rooms-title" },
        el("h2", { id: "rooms-title" }, "Rooms"),
        el(
          "p",
          { class: "console-hint" },
          "The server keeps no copy of the seats' join links: a link is shown here when it is made (with the room, or by New link) and only in this tab. Give each learner their own link; New link replaces a lost one.",
        ),
        el("div", { class: "console-field inline" }, this.archived, el("label", { for: toggleId }, "Show archived rooms")),
        this.list,
      ),
    );
    main.append(body);
  }

  async start(): Promise<boolean> {
    try {
      await this.refresh();
    } catch (err) {
      if (err instanceof Refused && (err.status === 401 || err.status === 403)) {
        this.stop(true, `${err.message} Try again.`);
        return false;
      }
      say(wordsOf(err), "error");
    }
    this.timer = setInterval(() => void this.refresh().catch((err) => say(wordsOf(err), "error")), REFRESH_MS);
    return true;
  }

  private stop(forget: boolean, problem = ""): void {
    if (this.timer) clearInterval(this.timer);
    if (forget) sessionStorage.removeItem(KEY);
    this.main.querySelector("#console-body")?.remove();
    this.signOut();
    if (problem) say(problem, "error");
    else say("Signed out. Sign in with the teacher key.");
  }

  async refresh(): Promise<void> {
    const { rooms, warning } = await this.api.rooms();
    this.rooms = rooms;
    if (warning) say(warning, "error");
    else if ($("console-status").dataset.kind === "error" && $("console-status").textContent?.startsWith("The server does not answer")) say("The server answers again.");
    this.draw(false);
  }

  /** Redraw the list if anything changed; the focused control keeps the focus. */
  private draw(force: boolean): void {
    if (asking()) return; // never under an open question
    const visible = this.rooms.filter((r) => this.archived.checked || !r.archived).reverse(); // newest first
    const signature = JSON.stringify([visible, visible.map((r) => r.seats.map((s) => this.links.get(r.room, s.seat)))]);
    if (!force && signature === this.shown) return;
    this.shown = signature;
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
    const hiddenCount = this.rooms.length - visible.length;
    const panels = visible.map((r) => roomPanel(r, this.actions));
    if (!panels.length) panels.push(el("p", { class: "console-hint" }, this.rooms.length ? "Every room is archived." : "No rooms yet: make one above."));
    if (hiddenCount && !this.archived.checked) panels.push(el("p", { class: "console-hint" }, `${hiddenCount} archived ${hiddenCount === 1 ? "room is" : "rooms are"} hidden.`));
    this.list.replaceChildren(...panels);
    if (focused) this.list.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  }

  private async create(r: NewRoom): Promise<string | null> {
    let made: Created;
    try {
      made = await this.api.create(r.spec);
    } catch (err) {
      return wordsOf(err);
    }
    this.links.took(made);
    const problems: string[] = [];
    for (const [seat, name] of r.names) {
      try {
        await this.api.reserve(made.room, seat, name);
      } catch (err) {
        problems.push(`${name}: ${wordsOf(err)}`);
      }
    }
    this.showFresh(made, "The new room's join links");
    say(`Room ${made.room} is ready.${problems.length ? ` Some names were not kept: ${problems.join("; ")}` : ""}`, problems.length ? "error" : "info");
    await this.refresh().catch(() => undefined);
    return null;
  }

  /** The links just made, apart from the list, so they are easy to hand out at once. */
  private showFresh(made: Created, title: string): void {
    const items = made.seats.map((s) =>
      el("li", {}, `Seat ${s.seat + 1} (${seatColourName(s.seat)}): `, s.join ? el("code", {}, s.join) : `${s.bot ?? "a"} bot`),
    );
    this.fresh.replaceChildren(
      el("h2", {}, title),
      el("p", {}, "Each seat's link is shown now and in the room's list below in this tab only: the server cannot show it again."),
      el("ul", {}, ...items),
      button("Hide", "fresh-hide", () => {
        this.fresh.hidden = true;
      }),
    );
    this.fresh.hidden = false;
  }

  private async run(what: () => Promise<unknown>, done: string): Promise<void> {
    try {
      await what();
      say(done);
    } catch (err) {
      say(wordsOf(err), "error");
    }
    await this.refresh().catch(() => undefined);
  }

  private readonly actions: RoomActions = {
    link: (room, seat) => this.links.get(room, seat),
    reviewUrl: (room, seat) => `/review#room=${encodeURIComponent(room)}&seat=${seat}&token=${encodeURIComponent(this.api.key)}`,
    hints: (r) =>
      void this.run(
        () => this.api.settle(r.room, { hints: r.hints === false }),
        r.hints === false ? `${roomTitle(r)}: its players may ask the coach for hints.` : `${roomTitle(r)}: hints are off.`,
      ),
    viewUrl: (room, seat) => `/teacher#room=${encodeURIComponent(room)}&token=${encodeURIComponent(this.api.key)}${seat === null ? "" : `&seat=${seat}`}`,
    copy: (room, seat, field) => {
      const url = this.links.get(room, seat) ?? field.value;
      const label = `Seat ${seat + 1} (${seatColourName(seat)})`;
      const fallback = (): void => {
        field.focus();
        field.select();
        let copied = false;
        try {
          copied = document.execCommand("copy");
        } catch {
          copied = false;
        }
        say(copied ? `Copied the link of ${label}.` : `The link of ${label} is selected: press Ctrl+C (or ⌘C) to copy it.`);
      };
      if (navigator.clipboard?.writeText) {
        navigator.clipboard.writeText(url).then(() => say(`Copied the link of ${label}.`), fallback);
      } else fallback();
    },
    reset: async (r, s) => {
      const label = `Seat ${s.seat + 1} (${seatColourName(s.seat)})`;
      const ok = await ask({
        title: s.bot ? `Give ${label} to a person?` : `New link for ${label}?`,
        text: s.bot
          ? `${roomTitle(r)}: the ${s.bot} bot stops playing this seat; whoever opens its new link sits down.`
          : `${roomTitle(r)}: the seat's old link stops working at once${s.taken ? `, and ${s.name ?? "the person there"} leaves the seat until they open the new link` : ""}.`,
        confirm: "Make a new link",
      });
      if (ok === null) return;
      await this.run(async () => {
        const answer = await this.api.reset(r.room, s.seat);
        this.links.set(r.room, s.seat, answer.join);
      }, `${label} has a new link: copy it from the list.`);
    },
    reserve: async (r, s) => {
      const label = `Seat ${s.seat + 1} (${seatColourName(s.seat)})`;
      const name = await ask({
        title: `Reserve ${label}`,
        text: "The person who sits down with this seat's link is called by this name in the game. Leave it empty to lift the reservation.",
        confirm: "Reserve",
        input: { label: "Name", value: s.reserved ? (s.name ?? "") : "", maxLength: 24 },
      });
      if (name === null) return;
      await this.run(() => this.api.reserve(r.room, s.seat, name), name.trim() ? `${label} is kept for ${name.trim()}.` : `${label} is no longer reserved.`);
    },
    bot: async (r, s) => {
      const label = `Seat ${s.seat + 1} (${seatColourName(s.seat)})`;
      const bots = this.games.find((g) => g.game === r.game)?.bots ?? [];
      const bot = await ask({
        title: `Give ${label} to a bot`,
        text: `A bot plays this seat from now on${s.taken && !s.bot ? `; ${s.name ?? "the person there"} leaves it and their link stops working` : ""}.`,
        confirm: "Give to the bot",
        choose: { label: "Bot", choices: bots.map((b) => [b, `${b} bot`]) },
      });
      if (bot === null) return;
      await this.run(async () => {
        await this.api.bot(r.room, s.seat, bot);
        this.links.set(r.room, s.seat, null);
      }, `The ${bot} bot plays ${label}.`);
    },
    kick: async (r, s) => {
      const label = `Seat ${s.seat + 1} (${seatColourName(s.seat)})`;
      const who = s.name ?? "the person there";
      const ok = await ask({
        title: `Kick ${who}?`,
        text: `${who} leaves ${label} of ${roomTitle(r)}. The seat's link stays the same: whoever opens it next sits down.`,
        confirm: "Kick",
        danger: true,
      });
      if (ok === null) return;
      await this.run(() => this.api.free(r.room, s.seat), `${label} is free; its link works again.`);
    },
    pause: (r) => void this.run(() => this.api.settle(r.room, { paused: !r.paused }), r.paused ? `${roomTitle(r)} plays on.` : `${roomTitle(r)} is paused.`),
    rename: async (r) => {
      const name = await ask({
        title: "Rename the room",
        text: `${roomTitle(r)}: a name you and your class recognise (empty: none).`,
        confirm: "Rename",
        input: { label: "Room name", value: r.name, maxLength: 60 },
      });
      if (name === null) return;
      await this.run(() => this.api.settle(r.room, { name }), "Renamed.");
    },
    archive: (r) =>
      void this.run(
        () => this.api.settle(r.room, { archived: !r.archived }),
        r.archived ? `${roomTitle(r)} is back in the list.` : `${roomTitle(r)} is archived (see "Show archived rooms").`,
      ),
    remove: async (r) => {
      const ok = await ask({
        title: `Delete ${roomTitle(r)}?`,
        text: "The room and its game are deleted for good, and its players' pages are closed. Download the game first to keep it.",
        confirm: "Delete",
        danger: true,
      });
      if (ok === null) return;
      await this.run(() => this.api.remove(r.room), `${roomTitle(r)} is deleted.`);
    },
    download: (r) =>
      void this.api.download(r.room).then(
        (name) => say(`Saved the game as ${name}.`),
        (err) => say(wordsOf(err), "error"),
      ),
    rematch: async (r) => {
      const ok = await ask({
        title: `Rematch of ${roomTitle(r)}?`,
        text: "A new room of the same game, options, bots and people. Learners still in this room move to the new one by themselves.",
        confirm: "Start the rematch",
      });
      if (ok === null) return;
      await this.run(async () => {
        const made = await this.api.rematch(r.room);
        this.links.took(made);
        this.showFresh(made, "The rematch's join links");
      }, "The rematch is ready: its learners are moved there.");
    },
  };
}

export function start(): void {
  const main = $("clash-console");
  let games: GameInfo[] = [];
  try {
    games = JSON.parse(main.dataset.games ?? "[]") as GameInfo[];
  } catch {
    games = [];
  }
  const open = (key: string): void => {
    say("Signing in…");
    const c = new Console(main, new Api(key), games, () => signIn(main, open));
    void c.start().then((ok) => {
      if (!ok) return;
      sessionStorage.setItem(KEY, key);
      say("Signed in. The list refreshes by itself.");
    });
  };
  const kept = sessionStorage.getItem(KEY);
  if (kept) open(kept);
  else signIn(main, open);
}

if (typeof document !== "undefined" && document.getElementById("clash-console")) start();
