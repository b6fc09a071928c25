// The review page (/review): it starts the review with the page's secret, shows its progress
// with a Cancel button, then takes the server's review page in.
import { afterEach, describe, expect, it, vi } from "vitest";
import { startReview } from "../src/play/review";

const PAGE = `<!doctype html><html><head><title>Review of Ada's game</title><style>.x{}</style></head>
<body><main><h1>Review of Ada's game</h1><p>Ada: 2 decisions with a choice reviewed.</p>
<svg data-graph="advantage"></svg></main></body></html>`;

function shell(): void {
  document.body.innerHTML = `<main id="clash-review"><h1>Review</h1><p id="review-status" role="status"></p>
    <div id="review-join"></div><div id="review-body"></div></main>`;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("the review page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it("follows the review's progress and then shows it, with the key out of the address bar", async () => {
    vi.useFakeTimers();
    shell();
    history.replaceState(null, "", "#room=R2&seat=0&token=KEY");
    const calls: [string, string, string | undefined][] = [];
    let polls = 0;
    vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push([method, url, (init.headers as Record<string, string>).Authorization]);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (url.endsWith("/page")) return new Response(PAGE, { status: 200 });
      if (method === "POST") return json(202, { state: "running", done: 1, total: 4, player: "Ada" });
      polls += 1;
      return polls < 2 ? json(200, { state: "running", done: 3, total: 4, player: "Ada" }) : json(200, { state: "done", cached: false, seconds: 2.5 });
    });
    const started = startReview();
    await settle();
    await started;
    await settle();
    expect(location.hash).toBe("#room=R2&seat=0");
    expect(document.getElementById("review-status")?.textContent).toContain("1 of 4");
    expect(document.querySelector("progress")?.value).toBe(1);
    expect(document.querySelector("#review-join button")?.textContent).toBe("Cancel the review");
    await vi.advanceTimersByTimeAsync(600);
    await settle();
    expect(document.getElementById("review-status")?.textContent).toContain("3 of 4");
    await vi.advanceTimersByTimeAsync(600);
    await settle();
    expect(document.querySelector("#clash-review h1")?.textContent).toBe("Review of Ada's game");
    expect(document.querySelectorAll("h1")).toHaveLength(1);
    expect(document.querySelector('#review-body svg[data-graph="advantage"]')).not.toBeNull();
    expect(document.getElementById("review-status")?.textContent).toBe("The review is ready (made in 2.5 s).");
    expect(calls[0]).toEqual(["POST", "/api/rooms/R2/seats/0/review", "Bearer KEY"]);
    expect(calls.every((c) => c[2] === "Bearer KEY" && !c[1].includes("KEY"))).toBe(true);
  });

  it("says the server's words when the review is not the page's to see", async () => {
    shell();
    history.replaceState(null, "", "#room=R3&seat=1&token=SEAT");
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ ok: false, rule: "server.own-seat", reason: "another seat's review is not yours to see" }), { status: 403 }));
    await startReview();
    await settle();
    expect(document.getElementById("review-status")?.textContent).toBe("another seat's review is not yours to see");
    expect(document.getElementById("review-status")?.dataset.state).toBe("refused");
  });
});
