// The play page's pure parts: reading a join link's fragment, the end-of-game panel with
// each game's own score parts, and the teacher's "watch" message over the room's socket.
import { describe, expect, it } from "vitest";
import { breakdown, endPanel } from "../src/play/end";
import { bundles, readFragment } from "../src/play/index";
import { type SocketLike, WsModel } from "../src/shared/ws_model";

describe("readFragment", () => {
  it("reads the room, the seat and the seat's claim from a join link", () => {
    expect(readFragment("#room=ABC234&seat=1&claim=s3cr-t_")).toEqual({ room: "ABC234", seat: 1, token: null, claim: "s3cr-t_" });
  });
  it("has no claim when the link carries none", () => {
    expect(readFragment("#room=ABC234&seat=0").claim).toBeNull();
  });
});

describe("bundles", () => {
  it("reads each game's bundle from what the server wrote into the page", () => {
    const page = { dataset: { bundles: '{"coc": "coc", "toy": "toy-table"}' } } as unknown as HTMLElement;
    expect(bundles(page)).toEqual({ coc: "coc", toy: "toy-table" });
  });
  it("knows no bundle when the page says nothing readable", () => {
    expect(bundles(null)).toEqual({});
    expect(bundles({ dataset: { bundles: "{oops" } } as unknown as HTMLElement)).toEqual({});
  });
});

describe("the end of a game", () => {
  const over = {
    winners: ["Ada"],
    scores: [
      { seat: 0, name: "Ada", score: 9 },
      { seat: 1, name: "Ben", score: 4 },
    ],
  };

  it("shows each game's own parts of the score (Clash of Cultures: its VP breakdown)", () => {
    const view = {
      game: "coc",
      players: [
        { seat: 0, vp_breakdown: { city_pieces: 5, advances: 2, wonders: 2, objectives: 0, events: 0 } },
        { seat: 1, vp_breakdown: { city_pieces: 3, advances: 1, wonders: 0, objectives: 0, events: 0 } },
      ],
    };
    const { columns, rows } = breakdown(view);
    expect(columns).toEqual(["city_pieces", "advances", "wonders", "objectives", "events"]);
    expect(rows.get(0)).toMatchObject({ city_pieces: 5, wonders: 2 });
    const host = document.createElement("div");
    host.append(...endPanel(over, view, false));
    expect(host.querySelector(".clash-end-winners")?.textContent).toBe("Ada wins.");
    const heads = [...host.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads).toEqual(["Player", "Score", "City pieces", "Advances", "Wonders", "Objectives", "Events"]);
    const first = [...host.querySelectorAll("tbody tr")[0].children].map((c) => c.textContent);
    expect(first).toEqual(["Ada (wins)", "9", "5", "2", "2", "0", "0"]);
    expect(host.textContent).toContain("The teacher can start a rematch");
  });

  it("shows scores alone for a view without parts, and names every winner", () => {
    const host = document.createElement("div");
    host.append(...endPanel({ ...over, winners: ["Ada", "Ben"] }, { game: "unknown" }, true));
    expect(host.querySelector(".clash-end-winners")?.textContent).toBe("Ada and Ben win.");
    expect([...host.querySelectorAll("thead th")].map((th) => th.textContent)).toEqual(["Player", "Score"]);
    expect(host.textContent).toContain("teacher's console");
  });
});

describe("the teacher's watch message", () => {
  it("goes over the socket once connected, and not before", () => {
    const sent: string[] = [];
    let socket: SocketLike | null = null;
    const model = new WsModel({
      url: "ws://x/api/rooms/R/ws",
      token: "key",
      openSocket: () => {
        socket = { readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, send: (d: string) => sent.push(d), close: () => {} };
        return socket;
      },
    });
    expect(model.sendMessage({ type: "watch", seat: 1 })).toBe(false);
    const s = socket as unknown as SocketLike;
    s.readyState = 1;
    s.onopen?.({});
    s.onmessage?.({ data: JSON.stringify({ type: "view", seat: null, version: 0, view: { game: "history" } }) });
    expect(model.sendMessage({ type: "watch", seat: 1 })).toBe(true);
    expect(JSON.parse(sent[sent.length - 1])).toEqual({ type: "watch", seat: 1 });
    model.close();
  });
});

describe("the coach's hint panel", () => {
  it("writes the move, its reasons and the alternatives, and puts them away when the game moves on", async () => {
    const { hintPanel, hintMoved } = await import("../src/play/hint");
    const panel = document.createElement("div");
    hintPanel(panel, "asking");
    expect(panel.textContent).toContain("thinking");
    hintPanel(panel, "answered", {
      type: "hint",
      ok: true,
      hint: {
        version: 4,
        player: "Ada",
        label: "Found a city",
        reasons: ["Rule of thumb: a city is 1 VP", "The search: won 62 of 100"],
        alternatives: [{ label: "Research", text: "48% over 100 simulated games", about_equal: false }],
      },
    });
    expect(panel.querySelector("h2")?.textContent).toBe("Hint for Ada: Found a city");
    expect(panel.querySelectorAll(".clash-hint-reasons li")).toHaveLength(2);
    expect(panel.textContent).toContain("Research: 48% over 100 simulated games.");
    hintMoved(panel, 4);
    expect(panel.hidden).toBe(false);
    hintMoved(panel, 5);
    expect(panel.hidden).toBe(true);
    hintPanel(panel, "answered", { type: "hint", ok: false, reason: "Orange decides now, not you." });
    expect(panel.textContent).toContain("No hint");
    expect(panel.textContent).toContain("Orange decides now");
  });
});
