import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { gameFileMessage, parseViewChoice, scrubTarget, viewChoice } from "../src/shared/controls";
import type { View, WidgetModel } from "../src/coc/model";
import synthetic from "./fixtures/view2p_synthetic.json";
import { mountWidget } from "./mount";

const VIEW = synthetic as unknown as View;

function setup(extra: Partial<WidgetModel> = {}) {
  return mountWidget(VIEW, { seat: null, bots: [null, null], replay_length: 12, ...extra });
}

let ctx: ReturnType<typeof setup>;
beforeEach(() => document.body.replaceChildren());
afterEach(() => ctx?.cleanup());

function change(el: HTMLSelectElement | HTMLInputElement, value: string) {
  el.value = value;
  el.dispatchEvent(new Event("change"));
}

describe("scrubber arithmetic", () => {
  it("moves within 0..length and goes live from the end", () => {
    expect(scrubTarget("first", null, 10)).toBe(0);
    expect(scrubTarget("back", null, 10)).toBe(9);
    expect(scrubTarget("back", 0, 10)).toBe(0);
    expect(scrubTarget("forward", 3, 10)).toBe(4);
    expect(scrubTarget("forward", 9, 10)).toBe(10);
    expect(scrubTarget("forward", null, 10)).toBe(null);
    expect(scrubTarget("last", 2, 10)).toBe(10);
    expect(scrubTarget("live", 2, 10)).toBe(null);
  });

  it("maps the view selector to seat and hot-seat traits and back", () => {
    expect(parseViewChoice("teacher")).toEqual({ seat: null, hotseat: false });
    expect(parseViewChoice("hotseat")).toEqual({ seat: null, hotseat: true });
    expect(parseViewChoice("2")).toEqual({ seat: 2, hotseat: false });
    expect(parseViewChoice("x")).toBe(null);
    expect(parseViewChoice("")).toBe(null);
    expect(viewChoice(1, false)).toBe("1");
    expect(viewChoice(1, true)).toBe("hotseat");
    expect(viewChoice(null, false)).toBe("teacher");
  });
});

describe("control bar", () => {
  it("sets seat, hotseat, bots, delay, autoplay and position traits", () => {
    ctx = setup();
    const { model, el } = ctx;
    const viewSel = el.querySelector(".clash-view-select") as HTMLSelectElement;
    expect([...viewSel.options].map((o) => o.value)).toEqual(["teacher", "0", "1", "hotseat"]);
    change(viewSel, "1");
    expect(model.get("seat")).toBe(1);
    change(viewSel, "hotseat");
    expect(model.get("hotseat")).toBe(true);

    const seatSel = el.querySelectorAll(".clash-seat-select");
    expect(seatSel).toHaveLength(2);
    change(seatSel[1] as HTMLSelectElement, "heuristic");
    expect(model.get("bots")).toEqual([null, "heuristic"]);

    change(el.querySelector(".clash-delay") as HTMLInputElement, "1.5");
    expect(model.get("bot_delay")).toBe(1.5);
    (el.querySelector(".clash-autoplay") as HTMLButtonElement).click();
    expect(model.get("autoplay")).toBe(true);
    expect(el.querySelector(".clash-autoplay")!.textContent).toContain("pause");

    (el.querySelector(".clash-scrub-back") as HTMLButtonElement).click();
    expect(model.get("position")).toBe(11);
    expect(el.querySelector(".clash-scrub-label")!.textContent).toBe("replay 11/12");
    expect(el.querySelector(".clash-widget")!.classList.contains("is-replay")).toBe(true);
    (el.querySelector(".clash-scrub-live") as HTMLButtonElement).click();
    expect(model.get("position")).toBe(null);
    expect(model.saves.length).toBeGreaterThanOrEqual(7);
  });

  it("draws what Python sends back, and tags bot seats in the panels", () => {
    ctx = setup();
    const { model, el } = ctx;
    model.set("bots", ["random", null]);
    const sel = el.querySelectorAll(".clash-seat-select")[0] as HTMLSelectElement;
    expect(sel.value).toBe("random");
    expect(el.querySelector('.clash-player[data-seat="0"] .clash-tag-bot')!.textContent).toBe("random bot");
    model.set("position", 4);
    expect((el.querySelector(".clash-scrub") as HTMLInputElement).value).toBe("4");
    model.set("seat", 0);
    expect((el.querySelector(".clash-view-select") as HTMLSelectElement).value).toBe("0");
    model.set("replay_length", 0);
    model.set("position", null);
    expect((el.querySelector(".clash-scrub") as HTMLInputElement).disabled).toBe(true);
  });
});

describe("game files", () => {
  it("save asks Python for the file and downloads what comes back", () => {
    ctx = setup();
    const { model, el } = ctx;
    (el.querySelector(".clash-save") as HTMLButtonElement).click();
    expect((model.get("intent") as { type: string }).type).toBe("save");
    const made: Blob[] = [];
    const clicked: string[] = [];
    const origCreate = URL.createObjectURL;
    const origClick = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = ((b: Blob) => {
      made.push(b);
      return "blob:x";
    }) as typeof URL.createObjectURL;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      model.emit("msg:custom", { type: "game_file", name: "g.json", text: '{"record": {}}' });
      model.emit("msg:custom", { type: "something else" });
    } finally {
      URL.createObjectURL = origCreate;
      HTMLAnchorElement.prototype.click = origClick;
    }
    expect(clicked).toEqual(["g.json"]);
    expect(made).toHaveLength(1);
  });

  it("reads game file messages strictly", () => {
    expect(gameFileMessage({ type: "game_file", text: "{}" })).toEqual({ name: "game.json", text: "{}" });
    expect(gameFileMessage({ type: "game_file", text: 3 })).toBe(null);
    expect(gameFileMessage(null)).toBe(null);
  });
});

describe("locked view", () => {
  it("shows only the locked seat, hides game files, and sends no view change", () => {
    ctx = setup({ seat: 1, lock_view: true });
    const { model, el } = ctx;
    const bar = el.querySelector(".clash-controls") as HTMLElement;
    const viewSel = el.querySelector(".clash-view-select") as HTMLSelectElement;
    expect(bar.classList.contains("is-view-locked")).toBe(true);
    expect([...viewSel.options].map((o) => o.value)).toEqual(["1"]);
    expect(viewSel.disabled).toBe(true);
    expect((el.querySelector(".clash-control-game") as HTMLElement).style.display).toBe("none");

    const saves = model.saves.length;
    change(viewSel, "teacher"); // a forced change event: the bar still sends nothing
    (el.querySelector(".clash-save") as HTMLButtonElement).click();
    expect(model.get("seat")).toBe(1);
    expect(model.get("hotseat")).toBe(false);
    expect(model.get("intent")).toEqual({});
    expect(model.saves.length).toBe(saves);

    // Replay stays: Python draws it in the locked seat's view.
    (el.querySelector(".clash-scrub-back") as HTMLButtonElement).click();
    expect(model.get("position")).toBe(11);

    // Python lifts the lock: the full selector and the game files come back.
    model.set("lock_view", false);
    expect([...viewSel.options].map((o) => o.value)).toEqual(["teacher", "0", "1", "hotseat"]);
    expect(viewSel.disabled).toBe(false);
    expect((el.querySelector(".clash-control-game") as HTMLElement).style.display).toBe("");
    change(viewSel, "teacher");
    expect(model.get("seat")).toBe(null);
  });
});
