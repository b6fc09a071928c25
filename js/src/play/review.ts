// The review page (/review#room=R&seat=N, clash_widget/server/pages.py): the coach's review
// of one seat's game, asked with the page's secret (the teacher key from the console's link
// or this tab, else this browser's seat secret: a player sees only their own, after the
// end). It mounts the game's own table (the bundle the play page mounts) on a ReviewModel:
// the table replays the game in the reviewed seat's own view, and its review screen (the
// one the notebooks' tables show) follows the review's progress, then shows the summary,
// the advantage graph and the judged moves; picking one moves the replay there and marks
// the move played and the better one on the board.

import { mountGame, readFragment } from "./index";
import { keyForm } from "./key_form";
import { type Answer, type ReplayAnswer, ReviewModel, type ReviewStatus } from "./review_model";
import { selectHex } from "./select";

const TEACHER_KEY = "clash-teacher-key";

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

/** The server's review calls for `seat` of `room`, with `token` in a header (never the URL). */
function api(room: string, seat: number, token: string) {
  const base = `/api/rooms/${encodeURIComponent(room)}/seats/${seat}/review`;
  async function call<T>(method: string, path = ""): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
    if (method === "POST") {
      init.headers = { ...init.headers, "Content-Type": "application/json" };
      init.body = "{}";
    }
    const r = await fetch(base + path, init);
    const body = (await r.json().catch(() => ({}))) as Answer<T>["body"];
    return { status: r.status, body };
  }
  return {
    start: () => call<ReviewStatus>("POST"),
    status: () => call<ReviewStatus>("GET"),
    cancel: () => call<ReviewStatus>("DELETE"),
    view: (at: number | null) => call<ReplayAnswer>("GET", `/view${at === null ? "" : `?at=${at}`}`),
  };
}

/** The page's status line follows the review's state (not every decision: the review
 * screen's own progress line counts them). */
function statusWords(status: number, s: ReviewStatus, last: string): string {
  if (status >= 400 && s.state !== "queued" && s.state !== "running") return s.reason ?? `The server refused the review (${status}).`;
  switch (s.state) {
    case "queued":
      return "The review waits for its turn (the server reviews one game at a time)…";
    case "running":
      return last.startsWith("The coach is judging") ? last : `The coach is judging ${s.player ?? "the player"}'s decisions…`;
    case "done":
      return `The review is ready (${s.cached ? "kept from an earlier review" : `made in ${(s.seconds ?? 0).toFixed(1)} s`}).`;
    case "cancelled":
      return `The review stopped: ${s.reason ?? "cancelled"}.`;
    case "failed":
      return s.reason ?? "The coach could not finish the review.";
    default:
      return "No review yet.";
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
  let token = place.token ?? sessionStorage.getItem(TEACHER_KEY) ?? localStorage.getItem(`clash-seat:${place.room}:${seat}`);
  if (!token) token = await askKey("This review needs the teacher key, or the player's own page (its Review my game link, after the game).");
  const page = $("clash-review");
  for (;;) {
    let refused = 0;
    const model = new ReviewModel({
      api: api(place.room, seat, token),
      seat,
      local: selectHex,
      onStatus: (status, s) => {
        const bad = (status >= 400 && s.state !== "queued" && s.state !== "running") || s.state === "failed";
        if (status === 401 || status === 403) refused = status;
        say(statusWords(status, s, $("review-status").textContent ?? ""), bad);
        if (s.state === "done" && s.review) {
          page.querySelector("h1")!.textContent = `Review of ${s.review.player}'s game`;
          document.title = `Review of ${s.review.player}'s game: Clash classroom`;
          page.dataset.ready = "true";
        }
      },
    });
    say("Opening the game…");
    if (await model.begin()) {
      const game = (model.get("view") as { game?: string }).game ?? "";
      const host = $("review-table");
      host.dataset.hints = "false"; // the review is no place for a hint
      await mountGame(game, model, host, page);
      (window as unknown as { clashModel: ReviewModel }).clashModel = model; // for tests and the curious
      return;
    }
    if (!refused) return;
    // Not this secret's review (or a mistyped key): the server's words stay, a key may be typed.
    if (sessionStorage.getItem(TEACHER_KEY) === token) sessionStorage.removeItem(TEACHER_KEY);
    token = await askKey("");
  }
}

/** The teacher key, typed (`why`: the status line's words; empty: the refusal's stay). */
function askKey(why: string): Promise<string> {
  const asked = keyForm($("review-join"), "review-key", "Open the review");
  if (why) say(why);
  return asked;
}
