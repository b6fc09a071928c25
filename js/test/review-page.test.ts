// The review page (/review): it opens the replay and the review with the page's secret (in a
// header, never the URL; the secret leaves the address bar), asks for the teacher key when
// it has none, says the server's words when the review is not its to see, and mounts the
// game's own table (the bundle the play page mounts) in replay with the review screen.
import { afterEach, describe, expect, it, vi } from "vitest";
import { keyForm } from "../src/play/key_form";
import { startReview } from "../src/play/review";
import act0 from "./fixtures/secolo_act_seat0.json";

function shell(): void {
  document.body.innerHTML = `<main id="clash-review" data-bundles='{"secolo": "secolo"}'><h1>Review</h1>
    <p id="review-status" role="status"></p><div id="review-join"></div><div id="review-table"></div></main>`;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const RESULT = {
  game: "secolo",
  seat: 0,
  player: "Ada",
  players: ["Ada", "Ben"],
  summary: "Ada: 0 decisions.",
  outcome: "",
  decisions: [],
  series: [],
  counts: { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 },
  thresholds: [],
  rounds: 2,
  turns: 1,
};

describe("the review page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    sessionStorage.clear();
    localStorage.clear();
  });

  it("opens the replay and the review with the key in a header, the key out of the address bar", async () => {
    shell();
    history.replaceState(null, "", "#room=R2&seat=0&token=KEY");
    const calls: [string, string, string | undefined][] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push([method, url, (init.headers as Record<string, string>).Authorization]);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url.includes("/review/view")) return json(200, { seat: 0, position: 9, length: 9, view: act0 });
      return json(200, { state: "done", cached: true, review: RESULT });
    });
    // The table's bundle comes from the server's /tables/ at run time, which this test has
    // not: the mount itself is the browser test's (tests/browser/test_classroom_coach.py).
    const added: Node[] = [];
    vi.spyOn(document.head, "append").mockImplementation((...nodes) => void added.push(...(nodes as Node[])));
    await expect(startReview()).rejects.toThrow();
    await settle();
    expect(location.hash).toBe("#room=R2&seat=0");
    expect(calls[0]).toEqual(["GET", "/api/rooms/R2/seats/0/review/view", "Bearer KEY"]);
    expect(calls[1]).toEqual(["POST", "/api/rooms/R2/seats/0/review", "Bearer KEY"]);
    expect(calls.every((c) => c[2] === "Bearer KEY" && !c[1].includes("KEY"))).toBe(true);
    expect(document.getElementById("review-status")?.textContent).toBe("The review is ready (kept from an earlier review).");
    expect(document.querySelector("#clash-review h1")?.textContent).toBe("Review of Ada's game");
    expect(document.getElementById("clash-review")?.dataset.ready).toBe("true");
    expect(added.map((n) => (n as HTMLLinkElement).getAttribute("href"))).toEqual(["/tables/secolo.css"]); // the game's table, as its spec says
  });

  it("says the server's words when the review is not the page's to see", async () => {
    shell();
    history.replaceState(null, "", "#room=R3&seat=1&token=SEAT");
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ ok: false, rule: "server.own-seat", reason: "another seat's review is not yours to see" }), { status: 403 }));
    void startReview();
    await settle();
    expect(document.getElementById("review-status")?.textContent).toBe("another seat's review is not yours to see");
    expect(document.getElementById("review-status")?.dataset.state).toBe("refused");
    expect(document.querySelector("#review-table")?.children).toHaveLength(0);
    // the words stay, and a (teacher) key may be typed instead
    expect(document.querySelector("#review-join input#review-key")).not.toBeNull();
  });

  it("asks for the teacher key when the page has no secret", async () => {
    shell();
    history.replaceState(null, "", "#room=R4&seat=1");
    const auth: (string | undefined)[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit = {}) => {
      auth.push((init.headers as Record<string, string>).Authorization);
      return new Response(JSON.stringify({ reason: "no" }), { status: 403 });
    });
    const started = startReview();
    await settle();
    expect(document.getElementById("review-status")?.textContent).toContain("needs the teacher key");
    const input = document.querySelector<HTMLInputElement>("#review-join input#review-key")!;
    expect(input.type).toBe("password");
    expect(document.activeElement).toBe(input);
    input.value = "  typed-key ";
    input.form!.requestSubmit();
    await settle();
    expect(auth[0]).toBe("Bearer typed-key");
    // refused (a mistyped key): the server's words, and the form again
    expect(document.getElementById("review-status")?.textContent).toBe("no");
    const again = document.querySelector<HTMLInputElement>("#review-join input#review-key")!;
    again.value = "right-key";
    again.form!.requestSubmit();
    await settle();
    expect(auth[1]).toBe("Bearer right-key");
    void started;
  });
});

describe("keyForm", () => {
  it("resolves with the key typed, never an empty one, and empties its box", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    const asked = keyForm(host, "k", "Open");
    const input = host.querySelector<HTMLInputElement>("input#k")!;
    expect(host.querySelector("label")?.htmlFor).toBe("k");
    expect(host.querySelector("label")?.textContent).toBe("Teacher key");
    expect(host.querySelector("button")?.textContent).toBe("Open");
    input.value = "   ";
    input.form!.requestSubmit();
    expect(host.children).toHaveLength(1); // still asking
    input.value = " key ";
    input.form!.requestSubmit();
    expect(await asked).toBe("key");
    expect(host.children).toHaveLength(0);
  });
});
