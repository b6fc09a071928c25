// The review page (/review#room=R&seat=N, clash_widget/server/pages.py): the coach's review of
// one seat's game, asked with the page's secret (the teacher key from the console's link or
// this tab, else this browser's seat secret: a player sees only their own, after the end).
// It starts the review on the server, shows its progress (with a Cancel button) and then
// the review itself: the server's page (coach/render.py), summary, advantage graph and every
// decision, taken into this page.

import { readFragment } from "./index";

const TEACHER_KEY = "clash-teacher-key";
const POLL_MS = 500;

interface Status {
  state?: "none" | "queued" | "running" | "done" | "cancelled" | "failed";
  done?: number;
  total?: number;
  player?: string;
  reason?: string;
  rule?: string;
  seconds?: number;
  cached?: boolean;
}

function $(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found;
}

function say(text: string, bad = false): void {
  const s = $("review-status");
  s.textContent = text;
  s.dataset.state = bad ? "refused" : "ok";
}

function btn(text: string, act: () => void): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", act);
  return b;
}

/** The teacher key, typed (when the page has no secret of its own). */
function askKey(): Promise<string> {
  const form = document.createElement("form");
  form.className = "clash-join-form";
  const label = document.createElement("label");
  label.htmlFor = "review-key";
  label.textContent = "Teacher key";
  const input = document.createElement("input");
  input.id = "review-key";
  input.type = "password";
  input.autocomplete = "off";
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = "Open the review";
  form.append(label, input, go);
  $("review-join").replaceChildren(form);
  say("This review needs the teacher key, or the player's own page (its Review my game link, after the game).");
  input.focus();
  return new Promise((resolve) =>
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      if (!input.value.trim()) return;
      $("review-join").replaceChildren();
      resolve(input.value.trim());
    }),
  );
}

class ReviewPage {
  private readonly base: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly tools = document.createElement("div");
  private readonly bar = document.createElement("progress");

  constructor(
    room: string,
    seat: number,
    private readonly token: string,
  ) {
    this.base = `/api/rooms/${encodeURIComponent(room)}/seats/${seat}/review`;
    this.tools.className = "review-tools";
    this.bar.id = "review-progress";
    this.bar.setAttribute("aria-label", "Decisions judged");
  }

  private async call(method: string, path = ""): Promise<{ status: number; body: Status }> {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${this.token}` } };
    if (method === "POST") {
      init.headers = { ...init.headers, "Content-Type": "application/json" };
      init.body = "{}";
    }
    const r = await fetch(this.base + path, init);
    const body = (await r.json().catch(() => ({}))) as Status;
    return { status: r.status, body };
  }

  async begin(): Promise<void> {
    let answer: { status: number; body: Status };
    try {
      answer = await this.call("POST");
    } catch {
      say("The server does not answer: reload the page in a moment.", true);
      return;
    }
    this.show(answer.status, answer.body);
  }

  private show(status: number, s: Status): void {
    if (status >= 400 && s.state !== "queued" && s.state !== "running") {
      say(s.reason ?? `The server refused the review (${status}).`, true);
      this.offer(status === 409 && s.rule === "server.coach-busy" ? "Try again" : "");
      return;
    }
    if (s.state === "done") {
      void this.page(s);
      return;
    }
    if (s.state === "queued" || s.state === "running") {
      const total = s.total ?? 0;
      this.bar.max = Math.max(total, 1);
      this.bar.value = s.done ?? 0;
      say(
        s.state === "queued"
          ? "The review waits for its turn (the server reviews one game at a time)…"
          : `The coach is judging ${s.player ?? "the player"}'s decisions: ${s.done ?? 0} of ${total || "?"}…`,
      );
      this.tools.replaceChildren(this.bar, btn("Cancel the review", () => void this.cancel()));
      $("review-join").replaceChildren(this.tools);
      this.timer = setTimeout(() => void this.poll(), POLL_MS);
      return;
    }
    say(s.state === "cancelled" ? `The review stopped: ${s.reason ?? "cancelled"}.` : (s.reason ?? "No review yet."), s.state === "failed");
    this.offer("Start the review");
  }

  private offer(words: string): void {
    if (!words) {
      $("review-join").replaceChildren();
      return;
    }
    this.tools.replaceChildren(btn(words, () => void this.begin()));
    $("review-join").replaceChildren(this.tools);
  }

  private async poll(): Promise<void> {
    this.timer = null;
    try {
      const { status, body } = await this.call("GET");
      this.show(status, body);
    } catch {
      say("Lost the server: trying again…", true);
      this.timer = setTimeout(() => void this.poll(), POLL_MS * 4);
    }
  }

  private async cancel(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { status, body } = await this.call("DELETE");
    this.show(status, body);
  }

  /** The server's review page, taken into this one (its styles, its heading and contents). */
  private async page(s: Status): Promise<void> {
    const r = await fetch(`${this.base}/page`, { headers: { Authorization: `Bearer ${this.token}` } });
    if (!r.ok) {
      say("The review is done but its page could not be read: reload the page.", true);
      return;
    }
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    for (const style of Array.from(doc.head.querySelectorAll("style"))) document.head.append(style);
    document.title = doc.title || document.title;
    const main = doc.querySelector("main");
    const heading = main?.querySelector("h1");
    if (heading) {
      $("clash-review").querySelector("h1")!.textContent = heading.textContent;
      heading.remove();
    }
    $("review-body").replaceChildren(...Array.from(main?.childNodes ?? []));
    $("review-join").replaceChildren();
    const when = s.cached ? "kept from an earlier review" : `made in ${(s.seconds ?? 0).toFixed(1)} s`;
    say(`The review is ready (${when}).`);
    $("clash-review").dataset.ready = "true";
  }
}

export async function startReview(): Promise<void> {
  const place = readFragment(location.hash);
  if (!place.room || place.seat === null || Number.isNaN(place.seat)) {
    say("This link names no room or seat.", true);
    return;
  }
  const seat = place.seat;
  if (place.token) sessionStorage.setItem(TEACHER_KEY, place.token);
  // The secret leaves the address bar (a shared screen shows none).
  history.replaceState(null, "", `#room=${place.room}&seat=${seat}`);
  const token =
    place.token ??
    sessionStorage.getItem(TEACHER_KEY) ??
    localStorage.getItem(`clash-seat:${place.room}:${seat}`) ??
    (await askKey());
  await new ReviewPage(place.room, seat, token).begin();
}
