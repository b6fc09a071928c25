import { describe, expect, it } from "vitest";
import widget from "../src/persistence/index";
import { type LegalAction, type View, TRAIT_NAMES, isView } from "../src/persistence/model";
import { areaOptions, buttonActions, clickArea, clickCard, transferPaths } from "../src/persistence/picker";
import { mountMatch, one, unmountAfterEach } from "./mount-match";
import choose from "./fixtures/persistence_choose.json";
import expand0 from "./fixtures/persistence_expand_seat0.json";
import transfer0 from "./fixtures/persistence_transfer_seat0.json";
import transfer1 from "./fixtures/persistence_transfer_seat1.json";

// Fixtures come from the real rules core (js/test/fixtures/make_persistence_fixtures.py):
// the notebook's sandbox, Epoch II; player 0 takes the Hittites, Law may go Egypt -> Anatolia.
const CHOOSE = choose as unknown as View;
const EXPAND0 = expand0 as unknown as View;
const TRANSFER0 = transfer0 as unknown as View;
const TRANSFER1 = transfer1 as unknown as View;

function setup(view: View | Record<string, never>, seat: number | null = 0) {
  return mountMatch(widget, view, seat);
}

function area(el: HTMLElement, id: string): SVGPathElement {
  return one<SVGPathElement>(el, `path.poc-area[data-area="${id}"]`);
}

let ctx: ReturnType<typeof setup> | undefined;
unmountAfterEach();

describe("picker (no rules in JS: only the legal list)", () => {
  const legal: LegalAction[] = [
    { key: "enter gaul", kind: "enter", label: "Enter Gaul", area: "gaul" },
    { key: "fleet north_sea", kind: "fleet", label: "Put a fleet", area: "north_sea" },
    { key: "declare red-fort italy", kind: "declare", label: "Declare Fortress", card: "red-fort", area: "italy" },
    { key: "declare red-leader", kind: "declare", label: "Declare Great Leader", card: "red-leader", area: null },
    { key: "end", kind: "end", label: "End" },
  ];
  const fort = { id: "red-fort", name: "Fortress", label: "", pile: "red", effect: "fort", frames: "I", culture: false };
  const leader = { ...fort, id: "red-leader", effect: "leader" };
  const civil = { ...fort, id: "red-civil-war", effect: "civil_war" };
  const science = { ...fort, id: "science", effect: "culture", culture: true, pile: "culture" };

  it("sends legal area moves, and the would-be move elsewhere so Python names the rule", () => {
    expect(clickArea(legal, null, "gaul", true).send).toBe("enter gaul");
    expect(clickArea(legal, null, "north_sea", false).send).toBe("fleet north_sea");
    expect(clickArea(legal, null, "persia", true).send).toBe("enter persia");
    expect(clickArea(legal, null, "red_sea", false).send).toBe("fleet red_sea");
  });

  it("selects cards with targets, sends the others", () => {
    expect(clickCard(legal, null, leader, "hand")).toEqual({ send: "declare red-leader", selected: null });
    expect(clickCard(legal, null, fort, "hand")).toEqual({ send: null, selected: { card: "red-fort", zone: "hand" } });
    expect(clickCard(legal, null, civil, "hand").selected).toEqual({ card: "red-civil-war", zone: "hand" });
    expect(clickCard(legal, null, science, "hand").send).toBe("declare science");
    const sel = { card: "red-fort", zone: "hand" as const };
    expect([...areaOptions(legal, sel)]).toEqual(["italy"]);
    expect(clickArea(legal, sel, "gaul", true).send).toBe("declare red-fort gaul");
    expect(clickCard(legal, sel, fort, "hand")).toEqual({ send: null, selected: null });
  });

  it("buttons are the actions no click stands for", () => {
    expect(buttonActions(legal).map((a) => a.key)).toEqual(["end"]);
    expect([...areaOptions(legal, null)].sort()).toEqual(["gaul", "north_sea"]);
  });
});

describe("the world map", () => {
  it("draws every area as a polygon with data-area, and the pieces", () => {
    ctx = setup(CHOOSE, null);
    expect(isView(CHOOSE)).toBe(true);
    expect(ctx.el.querySelectorAll("path.poc-area[data-area]")).toHaveLength(CHOOSE.map.areas.length);
    expect(ctx.el.querySelectorAll(".poc-strait")).toHaveLength(CHOOSE.map.straits.length);
    const egypt = ctx.el.querySelector('.poc-army[data-area="egypt"]');
    expect(egypt?.classList.contains("is-capital")).toBe(true);
    expect(egypt?.getAttribute("data-seat")).toBe("0");
    expect(ctx.el.querySelector('.poc-widget')?.getAttribute("data-frame")).toBe("choose");
  });

  it("offers the Empires as buttons and sends the choice", () => {
    ctx = setup(CHOOSE, null);
    const b = ctx.el.querySelector<HTMLButtonElement>('.poc-action[data-key="choose hittites"]');
    expect(b).not.toBeNull();
    b!.click();
    expect(ctx.intent()).toMatchObject({ type: "act", key: "choose hittites", version: CHOOSE.version });
  });

  it("highlights the start land and sends a click on it; any other land is sent for Python to explain", () => {
    ctx = setup(EXPAND0, 0);
    expect(area(ctx.el, "anatolia").classList.contains("is-option")).toBe(true);
    area(ctx.el, "anatolia").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.intent()).toMatchObject({ key: "enter anatolia" });
    area(ctx.el, "britain").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.intent()).toMatchObject({ key: "enter britain" });
  });

  it("shows the Culture cards beside the map with their owner's marker", () => {
    ctx = setup(TRANSFER0, 0);
    const law = ctx.el.querySelector<HTMLElement>('.poc-culture-card[data-card="law"]');
    expect(law?.dataset.seat).toBe("0");
    expect(law?.querySelector(".poc-marker")?.textContent).toBe("Eg");
    expect(law?.textContent).toContain("Egypt");
  });

  it("clicking a Culture card highlights the friendly path to each Capital it may go to", () => {
    ctx = setup(TRANSFER0, 0);
    const { path, dest } = transferPaths(TRANSFER0.legal, { card: "law", zone: "culture" });
    expect([...dest]).toEqual(["anatolia"]);
    expect([...path]).toEqual(["egypt", "levant", "anatolia"]);
    ctx.el.querySelector<HTMLElement>('.poc-culture-card[data-card="law"]')!.click();
    for (const a of ["egypt", "levant", "anatolia"]) expect(area(ctx.el, a).classList.contains("is-path")).toBe(true);
    expect(area(ctx.el, "anatolia").classList.contains("is-dest")).toBe(true);
    expect(area(ctx.el, "persia").classList.contains("is-path")).toBe(false);
    area(ctx.el, "anatolia").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ctx.intent()).toMatchObject({ type: "act", key: "transfer law anatolia" });
  });

  it("another seat sees no hand but the backs' count, and no legal actions", () => {
    ctx = setup(TRANSFER1, 1);
    expect(TRANSFER1.legal).toHaveLength(0);
    expect(ctx.el.querySelectorAll('.poc-hand-card')).toHaveLength(TRANSFER1.players[1].hand!.length);
    expect(ctx.el.querySelectorAll('.poc-hand-row[data-seat="0"]')).toHaveLength(0);
    expect(ctx.el.querySelector(".poc-actions")?.textContent).toContain("Blue is deciding");
  });

  it("shows a refusal with its rule", () => {
    ctx = setup(EXPAND0, 0);
    ctx.model.set("feedback", { ok: false, message: "Refused: enter britain", rule_id: "expand.first-army-start", section: "Host: Expansion", n: 1 });
    const fb = ctx.el.querySelector<HTMLElement>(".poc-feedback")!;
    expect(fb.dataset.rule).toBe("expand.first-army-start");
    expect(fb.textContent).toContain("Host: Expansion");
  });

  it("lists the traits the Python widget syncs, and cleans up its listeners", () => {
    expect(TRAIT_NAMES).toContain("view");
    ctx = setup(CHOOSE, null);
    const model = ctx.model;
    expect(model.listenerCount()).toBeGreaterThan(0);
    ctx.cleanup();
    ctx = undefined;
    expect(model.listenerCount()).toBe(0);
  });
});
