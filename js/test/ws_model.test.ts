// The play page's WebSocket model: the widget model's calls over the room's socket.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SocketLike, WsModel, type WsState } from "../src/shared/ws_model";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  send(data: string): void {
    this.sent.push(data);
  }
  close(code = 1000): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(msg: unknown): void {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

function view(version: number, extra: Record<string, unknown> = {}) {
  return { type: "view", seat: 1, version, bots: [null, null], last_action: "", seats: [], view: { game: "history", version, ...extra } };
}

describe("WsModel", () => {
  let sockets: FakeSocket[];
  let states: WsState[];
  let model: WsModel;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    states = [];
    model = new WsModel({
      url: "ws://x/api/rooms/R/ws",
      token: "secret",
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      onState: (s) => states.push(s),
    });
  });
  afterEach(() => {
    model.close();
    vi.useRealTimers();
  });

  it("sends the secret first and takes the pushed view", () => {
    sockets[0].open();
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ token: "secret" });
    const seen: unknown[] = [];
    model.on("change:view", () => seen.push(model.get("view")));
    sockets[0].push(view(3));
    expect(seen).toHaveLength(1);
    expect(model.get("seat")).toBe(1);
    expect(model.get("lock_view")).toBe(true);
    expect(model.state).toBe("connected");
  });

  it("asks the room's coach for a hint and takes its answer as the hint trait and a note", () => {
    const asked: string[] = [];
    model.close();
    sockets = [];
    model = new WsModel({
      url: "ws://x/api/rooms/R/ws",
      token: "secret",
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      onHint: (state) => asked.push(state),
    });
    sockets[0].open();
    sockets[0].push(view(3));
    model.set("intent", { seq: 7, version: 3, type: "hint" });
    model.save_changes();
    expect(JSON.parse(sockets[0].sent[1])).toEqual({ type: "hint", version: 3, seq: 7 });
    expect(asked).toEqual(["asking"]);
    const hint = { version: 3, key: "pass", label: "Pass", reasons: ["The search: ..."] };
    sockets[0].push({ type: "hint", seq: 7, ok: true, version: 3, message: "Hint for Ada: Pass.", hint });
    expect(model.get("hint")).toEqual(hint);
    expect(model.get("feedback")).toMatchObject({ seq: 7, ok: true, message: "Hint for Ada: Pass.", kind: "info" });
    sockets[0].push({ type: "hint", seq: 8, ok: false, rule: "server.no-hints", reason: "The teacher has turned hints off in this room." });
    expect(model.get("feedback")).toMatchObject({ seq: 8, ok: false, rule_id: "server.no-hints" });
    expect(model.get("hint")).toEqual(hint); // a refusal keeps the last hint (the table unmarks it by version)
    expect(asked).toEqual(["asking", "answered", "answered"]);
  });

  it("sends a saved intent as a move and turns the answer into feedback", () => {
    sockets[0].open();
    sockets[0].push(view(3));
    model.set("intent", { seq: 4, version: 3, type: "act", key: "pass" });
    model.save_changes();
    expect(JSON.parse(sockets[0].sent[1])).toEqual({ type: "act", key: "pass", version: 3, seq: 4 });
    sockets[0].push({ type: "result", seq: 4, ok: false, rule: "engine.stale", reason: "moved on", view: { game: "history", version: 4 } });
    expect(model.get("feedback")).toMatchObject({ seq: 4, ok: false, rule_id: "engine.stale", n: 1 });
    expect((model.get("view") as { version: number }).version).toBe(4);
    sockets[0].push({ type: "result", seq: 5, ok: true, message: "Played." });
    expect(model.get("feedback")).toMatchObject({ seq: 5, ok: true, n: 2 });
  });

  it("puts back a view setting the page changed (a room is one seat's view)", () => {
    sockets[0].open();
    sockets[0].push(view(1));
    model.set("seat", 0);
    model.save_changes();
    expect(model.get("seat")).toBe(1);
    expect(sockets[0].sent).toHaveLength(1);
  });

  it("refuses a move while disconnected, reconnects with a growing delay and resyncs", () => {
    sockets[0].open();
    sockets[0].push(view(1));
    sockets[0].close(1006);
    expect(model.state).toBe("reconnecting");
    model.set("intent", { seq: 1, version: 1, type: "act", key: "pass" });
    model.save_changes();
    expect(model.get("feedback")).toMatchObject({ seq: 1, ok: false });
    vi.advanceTimersByTime(400);
    expect(sockets).toHaveLength(2);
    sockets[1].close(1006); // the server is still down
    vi.advanceTimersByTime(300);
    expect(sockets).toHaveLength(2); // the second wait is longer than the first
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(3);
    sockets[2].open();
    expect(JSON.parse(sockets[2].sent[0])).toEqual({ token: "secret" });
    sockets[2].push(view(2));
    expect(model.state).toBe("connected");
    expect((model.get("view") as { version: number }).version).toBe(2);
  });

  it("stops when the server refuses the secret", () => {
    sockets[0].open();
    sockets[0].close(4403);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(states[states.length - 1]).toBe("refused");
  });
});

describe("the play page's own answers", () => {
  it("selects a Clash of Cultures hex from the seat's view, without the server", async () => {
    const { selectHex } = await import("../src/play/select");
    const sockets: FakeSocket[] = [];
    const model = new WsModel({
      url: "ws://x",
      token: "t",
      openSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      local: selectHex,
    });
    sockets[0].open();
    sockets[0].push({
      type: "view",
      seat: 0,
      version: 1,
      view: { game: "coc", version: 1, hexes: [{ q: 1, r: 2, terrain: "plains", explored: true, region: 0 }], cities: [], units: [{ q: 1, r: 2, owner: 0, kind: "settler" }] },
    });
    model.set("intent", { seq: 7, version: 1, type: "select", q: 1, r: 2 });
    model.save_changes();
    expect(sockets[0].sent).toHaveLength(1); // only the secret: the server was not asked
    expect(model.get("selected")).toMatchObject({ q: 1, r: 2, terrain: "plains", units: [{ kind: "settler" }] });
    expect(model.get("feedback")).toMatchObject({ seq: 7, ok: true });
    model.set("intent", { seq: 8, version: 1, type: "select", q: 5, r: 5 });
    model.save_changes();
    expect(model.get("feedback")).toMatchObject({ seq: 8, ok: false, rule_id: "engine.malformed" });
    model.close();
  });
});
