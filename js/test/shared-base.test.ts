// The shared front-end base (js/src/shared): one banner, one control bar, one feedback
// renderer, one log and one action-button shape for all four games.
import { afterEach, describe, expect, it } from "vitest";
import history from "../src/history/index";
import type { View as HistoryView } from "../src/history/model";
import persistence from "../src/persistence/index";
import type { View as PersistenceView } from "../src/persistence/model";
import secolo from "../src/secolo/index";
import type { View as SecoloView } from "../src/secolo/model";
import type { View as CocView } from "../src/coc/model";
import { renderActions } from "../src/shared/actions";
import { bannerText } from "../src/shared/banner";
import { FeedbackLine, readFeedback } from "../src/shared/feedback";
import { EventLog } from "../src/shared/log";
import { playerColour, playerName } from "../src/shared/players";
import { mountMatch, one, unmountAfterEach } from "./mount-match";
import { mountWidget } from "./mount";
import shrink1 from "./fixtures/history_shrink_seat1.json";
import expand0 from "./fixtures/persistence_expand_seat0.json";
import act0 from "./fixtures/secolo_act_seat0.json";
import view2p from "./fixtures/view2p_synthetic.json";

const SECOLO = act0 as unknown as SecoloView;
const POC = expand0 as unknown as PersistenceView;
const HCCG = shrink1 as unknown as HistoryView;
const COC = view2p as unknown as CocView;

unmountAfterEach();
let cocCleanup: (() => void) | null = null;
afterEach(() => {
  cocCleanup?.();
  cocCleanup = null;
});

/** Mount each of the four front ends; returns [game, root element]. */
function mountAll(): [string, HTMLElement][] {
  const coc = mountWidget(COC, { seat: null, bots: [null, null] });
  cocCleanup = coc.cleanup;
  return [
    ["coc", coc.el.firstElementChild as HTMLElement],
    ["secolo", mountMatch(secolo, SECOLO, null).root],
    ["persistence", mountMatch(persistence, POC, null).root],
    ["history", mountMatch(history, HCCG, null).root],
  ];
}

describe("players", () => {
  it("are named from the view, else Player 1…N: never numbered from 0", () => {
    expect(playerName([{ seat: 0, name: "Ada" }], 0)).toBe("Ada");
    expect(playerName([{ seat: 0 }], 0)).toBe("Player 1");
    expect(playerName(undefined, 2)).toBe("Player 3");
    expect(playerName(undefined, -1)).toBe("Barbarians");
  });

  it("keep a seat's colour when the view names none, and use the view's when it does", () => {
    expect(playerColour(undefined, 0)).toBe(playerColour([{ seat: 0 }], 0));
    expect(playerColour([{ seat: 1, color: "#123456" }], 1)).toBe("#123456");
    expect(playerColour([{ seat: 1, color: "blue" }], 1)).not.toBe("blue"); // not a #rrggbb: the default
  });
});

describe("the banner", () => {
  const base = {
    seat: null,
    current_player: 0,
    over: false,
    result: null,
    players: [
      { seat: 0, name: "Blue" },
      { seat: 1, name: "Red" },
    ],
    legal: [{}],
  };

  it("says whose turn and what to do, then where the game is and whose view", () => {
    const t = bannerText(base, "Age 1 \u00b7 turn 2", "click a highlighted hex");
    expect(t.turn).toBe("Blue to play \u2014 click a highlighted hex");
    expect(t.where).toBe("Age 1 \u00b7 turn 2 \u00b7 teacher's view (every hand)");
  });

  it("names the bot or the person waited for when the viewer has no decision", () => {
    const other = { ...base, seat: 1, legal: [] };
    expect(bannerText(other, "", "click").turn).toBe("Blue to play \u2014 waiting for Blue");
    // a replay's past position (its legal list empty): nobody is waited for
    expect(bannerText(other, "", "click", [], true).turn).toBe("Blue to play \u2014 replay, read-only");
    expect(bannerText({ ...other, seat: 0 }, "", "click", [], true).turn).toBe("Blue to play \u2014 replay, read-only");
    expect(bannerText(other, "", "click", ["heuristic", null]).turn).toBe(
      "Blue to play \u2014 the heuristic bot is choosing",
    );
    expect(bannerText(other, "", "click").where).toBe("Red's view");
  });

  it("follows a decision frame's player, and names the winners at the end", () => {
    expect(bannerText({ ...base, frame: { player: 1 } }, "", "click").turn).toMatch(/^Red to play/);
    const over = { ...base, over: true, result: { winners: [1] } };
    expect(bannerText(over, "", "click").turn).toBe("Game over \u2014 Red wins");
    expect(bannerText({ ...over, result: { winners: [0, 1] } }, "", "").turn).toBe("Game over \u2014 Blue and Red win");
    expect(bannerText({ ...over, result: { winners: [] } }, "", "").turn).toBe("Game over \u2014 a draw");
    // Secolo: tied teams share it as a draw (result.draw), named
    expect(bannerText({ ...over, result: { winners: [0, 1], draw: true } }, "", "").turn).toBe(
      "Game over \u2014 a draw between Blue and Red",
    );
  });
});

describe("the feedback renderer", () => {
  it("reads the structured refusal (kind, text, rule {id, section})", () => {
    const f = readFeedback({ kind: "refused", text: "You cannot pay.", rule: { id: "trade.you-hold", section: "Trade" } });
    expect(f).toEqual({ ok: false, text: "You cannot pay.", rule: { id: "trade.you-hold", section: "Trade" } });
    expect(readFeedback({ kind: "ok", text: "Blue builds a temple." }).ok).toBe(true);
    expect(readFeedback({ verdict: { kind: "refused", text: "No.", rule: null } } as never).ok).toBe(false);
  });

  it("reads Python's four kinds: played and info are fine, refused and error are not", () => {
    expect(readFeedback({ kind: "played", text: "Blue founds a city." }).ok).toBe(true);
    expect(readFeedback({ kind: "info", text: "Took back the last action." }).ok).toBe(true);
    expect(readFeedback({ kind: "error", text: "The widget failed." }).ok).toBe(false);
    const host = document.createElement("div");
    const line = new FeedbackLine(host, "x");
    line.show({ kind: "info", text: "Took back the last action.", rule: null });
    expect(line.el.dataset.kind).toBe("info");
  });

  it("falls back to today's flat shape, and shows nothing for an empty trait", () => {
    expect(readFeedback({ ok: false, message: "No.", rule_id: "x.y", section: "S" })).toEqual({
      ok: false,
      text: "No.",
      rule: { id: "x.y", section: "S" },
    });
    expect(readFeedback({}).ok).toBe(null);
    expect(readFeedback(undefined).ok).toBe(null);
  });

  it("puts the rule's section after the sentence, quiet, with the rule id only in its tooltip", () => {
    const host = document.createElement("div");
    const line = new FeedbackLine(host, "x");
    line.show({ kind: "refused", text: "You hold no ore.", rule: { id: "trade.you-hold", section: "Trade" } });
    expect(one(host, ".x-feedback-message").textContent).toBe("You hold no ore.");
    const section = one(host, ".x-feedback-section");
    expect(section.textContent).toBe("Trade");
    expect(section.title).toContain("trade.you-hold");
    expect(line.el.textContent).not.toContain("trade.you-hold"); // no internal id on screen
    expect(line.el.classList.contains("is-refused")).toBe(true);
    expect(line.el.dataset.rule).toBe("trade.you-hold");
    // An accepted move shows no rule.
    line.show({ kind: "ok", text: "Done.", rule: null });
    expect(host.querySelector(".x-feedback-section")).toBeNull();
    expect(line.el.classList.contains("is-ok")).toBe(true);
  });

  it("shows a note (a selected hex) without the move's tick", () => {
    const host = document.createElement("div");
    const line = new FeedbackLine(host, "x");
    line.show({ kind: "info", text: "Selected: plains, Blue's capital.", rule: null });
    expect(line.el.classList.contains("is-info")).toBe(true);
    expect(line.el.classList.contains("is-ok")).toBe(false);
    expect(line.el.textContent).toBe("Selected: plains, Blue's capital.");
  });
});

describe("the log", () => {
  const log = [1, 2, 3, 4].map((i) => ({ kind: "k", text: `entry ${i}` }));

  it("shows the newest entry first, numbered by the game's count, at most `shown`", () => {
    const host = document.createElement("div");
    const picked: (string | null)[] = [];
    const l = new EventLog(host, "x", 3, (e) => picked.push(e ? e.text : null));
    l.update(log);
    const items = [...host.querySelectorAll("li")];
    expect(items.map((li) => li.textContent)).toEqual(["entry 4", "entry 3", "entry 2"]);
    expect(host.querySelector("ol")!.start).toBe(4);
    items[1].click();
    expect(picked).toEqual(["entry 3"]);
  });
});

describe("action buttons", () => {
  it("show the label in words; the key is only in data-key", () => {
    const host = document.createElement("div");
    const sent: string[] = [];
    renderActions(host, "x", [{ key: "build 2,0 temple", kind: "build", label: "Build a temple" }], (a) => sent.push(a.key), {
      idle: "",
    });
    const b = one<HTMLButtonElement>(host, ".x-action");
    expect(b.textContent).toBe("Build a temple");
    expect(b.title).not.toContain("2,0");
    expect(b.dataset.key).toBe("build 2,0 temple");
    b.click();
    expect(sent).toEqual(["build 2,0 temple"]);
  });
});

describe("one front-end base for the four games", () => {
  it("every game has the same control bar, with labelled groups", () => {
    const groups = mountAll().map(([game, root]) => [
      game,
      [...root.querySelectorAll(".match-controls .match-control-label")].map((e) => e.textContent).join(","),
    ]);
    for (const [, labels] of groups) expect(labels).toBe("view,seats,bots,moves,replay,game");
  });

  it("every game has the banner, the feedback line and a newest-first log", () => {
    for (const [game, root] of mountAll()) {
      const banner = root.querySelector(".match-banner .match-banner-turn");
      expect(banner?.textContent, game).toMatch(/ to play \u2014 | \u2014 waiting|Game over/);
      expect(root.querySelector(".match-feedback"), game).not.toBeNull();
      const n = [...root.querySelectorAll(".match-log li")].map((li) => Number((li as HTMLElement).dataset.index));
      expect(n.length, game).toBeGreaterThan(0);
      expect(n, game).toEqual([...n].sort((a, b) => b - a));
    }
  });

  it("no game shows a player numbered from 0 or a version number", () => {
    for (const [game, root] of mountAll()) {
      const bar = one(root, ".match-controls").textContent ?? "";
      const banner = one(root, ".match-banner").textContent ?? "";
      expect(bar, game).not.toMatch(/[Pp]layer 0\b|\bP0\b/);
      expect(banner, game).not.toMatch(/[Pp]layer 0\b|\bv\d+\b/);
    }
  });

  it("Secolo's bar sets the bots and autoplay traits like the other games'", () => {
    const ctx = mountMatch(secolo, SECOLO, null, { bots: [null, null], autoplay: false });
    const seat1 = one<HTMLSelectElement>(ctx.root, '.secolo-seat-select[data-seat="1"]');
    seat1.value = "heuristic";
    seat1.dispatchEvent(new Event("change"));
    expect(ctx.model.get("bots")).toEqual([null, "heuristic"]);
    one<HTMLButtonElement>(ctx.root, ".secolo-autoplay").click();
    expect(ctx.model.get("autoplay")).toBe(true);
    one<HTMLButtonElement>(ctx.root, ".secolo-save").click();
    expect(ctx.intent()).toMatchObject({ type: "save" });
  });
});

describe("layers", () => {
  it("the shared base imports no game's module (a fifth game gets it for free)", async () => {
    const fs = await import("node:fs");
    const dir = "js/src/shared";
    const files: string[] = fs.readdirSync(dir).filter((f: string) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const src: string = fs.readFileSync(`${dir}/${f}`, "utf8");
      const imports = [...src.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
      for (const spec of imports) expect(spec, `${f} imports ${spec}`).toMatch(/^(\.\/|@anywidget\/)/);
    }
  });
});

describe("a stale answer", () => {
  it("is dimmed when moves were played since (by notebook code), and not after a click's answer", () => {
    const ctx = mountMatch(secolo, SECOLO, null);
    const box = one(ctx.root, ".secolo-feedback");
    ctx.model.set("feedback", { seq: 1, ok: true, message: "Played.", n: 1 });
    // The click's own move: one version on, then more moves by code.
    ctx.model.set("view", { ...structuredClone(SECOLO), version: SECOLO.version + 1 });
    expect(box.classList.contains("is-stale")).toBe(false);
    ctx.model.set("view", { ...structuredClone(SECOLO), version: SECOLO.version + 3 });
    expect(box.classList.contains("is-stale")).toBe(true);
    expect(box.textContent).toContain("Played."); // kept, only quieter
    ctx.model.set("feedback", { seq: null, ok: true, message: "Random bot: played.", n: 2 });
    expect(box.classList.contains("is-stale")).toBe(false);
  });
});
