import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Intent, View } from "../src/coc/model";
import { applyPatch, patchFits, type ViewPatch } from "../src/coc/patch";
import synthetic from "./fixtures/view2p_synthetic.json";
import { mountWidget } from "./mount";

const VIEW = synthetic as unknown as View;

function setup(view: View, patch: Record<string, unknown> = {}) {
  return mountWidget(view, { seat: null, bot_names: [], view_patch: patch });
}

let ctx: ReturnType<typeof setup> | null = null;
beforeEach(() => document.body.replaceChildren());
afterEach(() => {
  ctx?.cleanup();
  ctx = null;
});

const base = { ...VIEW, version: 5, log: [{ kind: "a", text: "one" }, { kind: "b", text: "two" }] } as View;

describe("view patches", () => {
  it("apply changed keys, removed keys and the log tail to a new object", () => {
    const p: ViewPatch = {
      base: 5,
      to: 6,
      set: { version: 6, prompt: "next" },
      unset: ["frame"],
      log: { drop: 1, add: [{ kind: "c", text: "three" }] },
    };
    const out = applyPatch({ ...base, frame: { kind: "turn", player: 0 } }, p);
    expect(out.version).toBe(6);
    expect(out.prompt).toBe("next");
    expect("frame" in out).toBe(false);
    expect(out.log.map((e) => e.text)).toEqual(["two", "three"]);
    expect(out.hexes).toBe(base.hexes);
    expect(base.version).toBe(5);
  });

  it("fit only the view they were made for", () => {
    const p: ViewPatch = { base: 5, to: 6, set: {} };
    expect(patchFits(base, p)).toBe("apply");
    expect(patchFits({ ...base, version: 6 }, p)).toBe("old");
    expect(patchFits({ ...base, version: 4 }, p)).toBe("resync");
    expect(patchFits(null, p)).toBe("resync");
  });

  it("redraw the board from a patch, and ask for a full view when one is missed", () => {
    ctx = setup(base);
    const { model, el } = ctx;
    // The version is data for tests, never words on the banner.
    const root = el.querySelector<HTMLElement>(".clash-widget")!;
    expect(root.dataset.version).toBe("5");
    expect(el.querySelector(".clash-status")!.textContent).not.toContain("v5");
    model.set("view_patch", { base: 5, to: 6, set: { version: 6 }, log: { drop: 0, add: [{ kind: "c", text: "three" }] } });
    expect(root.dataset.version).toBe("6");
    expect(el.querySelectorAll(".clash-log-entry")).toHaveLength(3);
    expect(model.saves).toHaveLength(0);
    model.set("view_patch", { base: 8, to: 9, set: { version: 9 } });
    expect(root.dataset.version).toBe("6");
    const intent = model.get("intent") as Intent;
    expect(intent.type).toBe("resync");
  });

  it("a new display catches up from the last patch", () => {
    ctx = setup(base, { base: 5, to: 6, set: { version: 6 } });
    expect(ctx.el.querySelector<HTMLElement>(".clash-widget")!.dataset.version).toBe("6");
  });
});
