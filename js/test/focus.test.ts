// A keyboard player never loses their place (issue 37): the focus after a move, after a
// redraw that removes the focused control, keys in a select (JupyterLab must not take
// them), the log's scroll box and its pickable entries, and the board's shortcuts.

import { describe, expect, it } from "vitest";
import { homeHex, nextLegalHex } from "../src/coc/app";
import { placeWords } from "../src/coc/places";
import type { View } from "../src/coc/model";
import { FocusKeeper, keepFormKeys } from "../src/shared/focus";
import build from "./fixtures/choices_build.json";
import view2p from "./fixtures/view2p.json";
import { mountWidget } from "./mount";
import { unmountAfterEach } from "./mount-match";

unmountAfterEach();

function key(target: Element, k: string, opts: KeyboardEventInit = {}): KeyboardEvent {
  const e = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...opts });
  target.dispatchEvent(e);
  return e;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("keys in a form control stay in the table", () => {
  it("an arrow key in a select does not reach the document (JupyterLab's shortcuts)", () => {
    const root = document.createElement("div");
    document.body.appendChild(root);
    const sel = document.createElement("select");
    root.appendChild(sel);
    const stop = keepFormKeys(root);
    const heard: string[] = [];
    const listen = (e: Event) => heard.push((e as KeyboardEvent).key);
    document.addEventListener("keydown", listen);
    sel.focus();
    const down = key(sel, "ArrowDown");
    key(sel, "Tab");
    key(root, "ArrowDown"); // not a form control: JupyterLab may have it
    document.removeEventListener("keydown", listen);
    stop();
    expect(heard).toEqual(["Tab", "ArrowDown"]);
    expect(down.defaultPrevented).toBe(false); // the select still changes its value
    expect(sel.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
  });
});

describe("FocusKeeper", () => {
  it("puts the focus on the next useful place when the focused control is removed", async () => {
    const root = document.createElement("div");
    root.tabIndex = 0;
    document.body.appendChild(root);
    const b = document.createElement("button");
    const next = document.createElement("button");
    root.append(b, next);
    const keeper = new FocusKeeper(root, () => next);
    b.focus();
    b.remove();
    await tick();
    expect(document.activeElement).toBe(next);
    keeper.destroy();
  });

  it("lets go when the person moves the focus out of the table", async () => {
    const root = document.createElement("div");
    const outside = document.createElement("input");
    document.body.append(root, outside);
    const b = document.createElement("button");
    const next = document.createElement("button");
    root.append(b, next);
    const keeper = new FocusKeeper(root, () => next);
    b.focus();
    outside.focus();
    b.remove();
    await tick();
    expect(document.activeElement).toBe(outside);
    keeper.destroy();
  });
});

describe("Clash: the focus after a move", () => {
  it("leaves the button just played for the next choice, and the board when a hex has something to do", () => {
    const { model, el } = mountWidget(build as unknown as View);
    const root = el.querySelector<HTMLElement>(".clash-widget")!;
    const settler = root.querySelector<HTMLButtonElement>('button.clash-action[data-key="unit settler"]')!;
    settler.focus();
    settler.click();
    // Python's answer: the next choice (done), no hex involved: the focus is on it.
    const next = structuredClone(build) as unknown as View;
    next.version = (build as { version: number }).version + 1;
    next.legal = [{ key: "done", kind: "done", label: "Done building", hexes: [] }];
    model.set("view", next);
    expect(document.activeElement?.getAttribute("data-key")).toBe("done");
    // Done: back to a turn where hexes have actions: the board (its cursor) has the focus.
    (document.activeElement as HTMLButtonElement).click();
    const turn = structuredClone(next);
    turn.version += 1;
    turn.legal = [
      { key: "collect 1,1", kind: "collect", label: "Collect", hexes: [[1, 1]] },
      { key: "end", kind: "end", label: "End turn", hexes: [] },
    ] as View["legal"];
    model.set("view", turn);
    expect(document.activeElement).toBe(root);
  });
});

describe("Clash: shorter keyboard paths", () => {
  it("starts the cursor at the seat's capital", () => {
    expect(homeHex(view2p as unknown as View)).toBe("1,1");
    expect(homeHex({ ...(view2p as unknown as View), seat: 1 })).toBe("8,-2");
    const { el } = mountWidget(view2p as unknown as View);
    const cur = el.querySelector("polygon.clash-hex.is-cursor");
    expect([cur?.getAttribute("data-q"), cur?.getAttribute("data-r")]).toEqual(["1", "1"]);
  });

  it("N walks the hexes with something to do in reading order, Shift+N back, wrapping", () => {
    const v = structuredClone(view2p) as unknown as View;
    v.legal = [
      { key: "x", kind: "move", label: "x", hexes: [[2, 0], [0, 0], [1, 1]] },
    ] as View["legal"];
    expect(nextLegalHex(v, null, 1)).toBe("0,0");
    expect(nextLegalHex(v, "0,0", 1)).toBe("2,0");
    expect(nextLegalHex(v, "2,0", 1)).toBe("1,1");
    expect(nextLegalHex(v, "1,1", 1)).toBe("0,0");
    expect(nextLegalHex(v, "0,0", -1)).toBe("1,1");
  });

  it("A goes from the board to the actions, Escape back", () => {
    const { el } = mountWidget(build as unknown as View);
    const root = el.querySelector<HTMLElement>(".clash-widget")!;
    root.focus();
    key(root, "a");
    const b = document.activeElement as HTMLElement;
    expect(b.matches("button.clash-action")).toBe(true);
    key(b, "Escape");
    expect(document.activeElement).toBe(root);
  });
});

describe("the log by keyboard", () => {
  it("its scroll box takes the focus, and an entry that outlines hexes is a button", () => {
    const v = structuredClone(view2p) as unknown as View;
    v.log = [
      { kind: "move", text: "Blue moves a settler.", hexes: [[1, 1]] },
      { kind: "note", text: "Orange ends the turn." },
    ] as View["log"];
    const { el } = mountWidget(v);
    const box = el.querySelector<HTMLElement>(".match-log-box")!;
    expect(box.tabIndex).toBe(0);
    expect(box.getAttribute("aria-label")).toBe("Log, newest first");
    const pick = el.querySelector<HTMLButtonElement>("li .match-log-pick")!;
    expect(pick.textContent).toBe("Blue moves a settler.");
    expect(el.querySelectorAll(".match-log-pick")).toHaveLength(1);
    pick.click(); // Enter and Space on a button click it
    expect(pick.getAttribute("aria-pressed")).toBe("true");
    expect(el.querySelectorAll("polygon.clash-hex.is-log, .clash-mark-log").length).toBeGreaterThan(0);
  });
});

describe("places in words", () => {
  it("names a hex by its terrain and the nearest city, never by coordinates", () => {
    const v = structuredClone(view2p) as unknown as View;
    const words = (q: number, r: number) => placeWords(v, q, r);
    // The engine's words (clash_widget/coc/places.py), handed to each hex of the view.
    expect(words(1, 1)).toBe("Blue's capital");
    expect(words(1, 0)).toBe("the forest next to Blue's capital");
    expect(words(1, 2)).toBe("the unexplored hex south of Blue's capital");
    expect(words(8, -2)).toBe("Orange's capital");
    expect(words(99, 99)).toBe("a hex off the map");
    for (const h of v.hexes) expect(words(h.q, h.r)).not.toMatch(/-?\d+,-?\d+/);
  });
});

describe("the prompt while someone else decides", () => {
  it("is empty while another seat (a bot) chooses, the game's prompt when it is the viewer's turn", () => {
    const waiting = structuredClone(view2p) as unknown as View;
    waiting.prompt = "Choose an action (3 a turn) or a free ability, or end your turn.";
    const { el, model } = mountWidget(waiting, { bots: [null, "heuristic"] });
    expect(waiting.legal).toHaveLength(0); // Orange (a bot) decides: Blue's view has nothing to do
    expect(el.querySelector(".clash-prompt")!.textContent).toBe("");
    expect(el.querySelector(".clash-status")!.textContent).toContain("bot is choosing");
    const mine = structuredClone(build) as unknown as View;
    model.set("view", mine);
    expect(el.querySelector(".clash-prompt")!.textContent).toBe(mine.prompt);
  });
});

describe("the end of a game", () => {
  function finished(): View {
    const v = structuredClone(view2p) as unknown as View;
    v.over = true;
    v.version += 1;
    v.legal = [];
    v.result = { winners: [1] };
    v.players[0].vp = 18;
    v.players[0].vp_breakdown = { city_pieces: 0, advances: 9, wonders: 0, objectives: 8, events: 1 };
    v.players[1].vp = 27;
    v.players[1].vp_breakdown = { city_pieces: 4, advances: 12, wonders: 5, objectives: 6, events: 0 };
    v.log = [
      { kind: "turn", text: "Age 6, turn 3: Blue to play." },
      { kind: "game_over", text: "Game over after six status phases: Blue 18 VP, Orange 27 VP. Winner: Orange." },
    ] as View["log"];
    return v;
  }

  it("shows one panel: why it ended, each score with its sources, New game and Replay", () => {
    const { el, model } = mountWidget(view2p as unknown as View, { autoplay: true, bots: [null, "heuristic"] });
    const panel = el.querySelector<HTMLElement>(".match-end")!;
    expect(panel.hidden).toBe(true); // the game goes on
    model.set("view", finished());
    expect(panel.hidden).toBe(false);
    expect(panel.querySelector(".match-end-reason")!.textContent).toBe(
      "Game over after six status phases: Blue 18 VP, Orange 27 VP. Winner: Orange.",
    );
    const rows = [...panel.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Blue", "18 VP", "advances 9 \u00b7 objectives 8 \u00b7 events 1"],
      ["Orange (wins)", "27 VP", "city pieces 4 \u00b7 advances 12 \u00b7 wonders 5 \u00b7 objectives 6"],
    ]);
    // The bots button does not offer "pause" on a finished game.
    const play = el.querySelector<HTMLButtonElement>(".clash-autoplay")!;
    expect(play.textContent).not.toContain("pause");
    expect(play.disabled).toBe(true);
    // New game asks Python for one; Replay goes to the start of the replay.
    panel.querySelector<HTMLButtonElement>(".match-end-new")!.click();
    expect(model.get("intent")).toMatchObject({ type: "new" });
    panel.querySelector<HTMLButtonElement>(".match-end-replay")!.click();
    expect(model.get("position")).toBe(0);
  });

  it("the last move's focus goes to the final scores", () => {
    const { el, model } = mountWidget(build as unknown as View);
    const root = el.querySelector<HTMLElement>(".clash-widget")!;
    const b = root.querySelector<HTMLButtonElement>('button.clash-action[data-key="unit settler"]')!;
    b.focus();
    b.click();
    model.set("view", { ...finished(), version: (build as { version: number }).version + 1 });
    expect(document.activeElement).toBe(root.querySelector(".match-end"));
  });
});

describe("Secolo says a thing once", () => {
  it("a card's kind in English, its Italian word in the tooltip", async () => {
    const { cardElement } = await import("../src/secolo/cards");
    const c = cardElement({ id: "cat-ch-5", type: "character", culture: "cat", name: "Frate", gloss: "Friar" } as never, { zone: "city" });
    expect(c.querySelector(".secolo-card-type")!.textContent).toBe("Character");
    expect(c.querySelector(".secolo-card-name")!.textContent).toBe("Friar");
    expect(c.title).toContain("Italian: Frate");
    expect(c.textContent).not.toContain("Personaggio");
  });
});

describe("the prompt in a replay", () => {
  it("shows the replay's note although nothing can be played", () => {
    const v = structuredClone(view2p) as unknown as View;
    v.prompt = "Replay: after 3 of 5 actions (read-only). Choose an action.";
    const { el } = mountWidget(v, { position: 3, replay_length: 5 });
    expect(el.querySelector(".clash-prompt")!.textContent).toBe(v.prompt);
  });
});
