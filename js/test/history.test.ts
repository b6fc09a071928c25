import { describe, expect, it } from "vitest";
import widget from "../src/history/index";
import { type Card, type View, TRAIT_NAMES, isView } from "../src/history/model";
import { clickCard, isCardId, naturalKey, usable, using } from "../src/history/picker";
import { mountMatch, one, unmountAfterEach } from "./mount-match";
import plan0 from "./fixtures/history_plan_seat0.json";
import shrink1 from "./fixtures/history_shrink_seat1.json";
import trade from "./fixtures/history_trade.json";

// Fixtures come from the real rules core (js/test/fixtures/make_history_fixtures.py): the
// notebook's sandbox, turn 2; player 1 at their trade, at their plans; player 2 after losing
// the culture clash.
const TRADE = trade as unknown as View;
const PLAN0 = plan0 as unknown as View;
const SHRINK1 = shrink1 as unknown as View;

function setup(view: View | Record<string, never>, seat: number | null = null) {
  return mountMatch(widget, view, seat);
}

function cardEl(el: HTMLElement, id: string): HTMLElement {
  return one(el, `.hccg-card[data-card="${id}"]`);
}

let ctx: ReturnType<typeof setup> | undefined;
unmountAfterEach();

describe("picker (no rules in JS: only the legal list)", () => {
  it("tells card ids from seats and numbers", () => {
    expect(isCardId("0-07")).toBe(true);
    expect(isCardId("1")).toBe(false);
    expect(isCardId("12")).toBe(false);
  });

  it("sends the one action that uses a card, offers several, or names a natural refusal", () => {
    const pottery = PLAN0.players[0].council!.find((c) => c.design === "pottery") as Card;
    expect(clickCard(PLAN0, pottery, "council")).toEqual({ send: `research ${pottery.id}`, choices: [] });
    const warriors = PLAN0.players[0].council!.find((c) => c.design === "warriors") as Card;
    const res = clickCard(PLAN0, warriors, "council");
    expect(res.send).toBeNull();
    expect(res.choices.map((a) => a.key).sort()).toEqual([`produce 0-00 ${warriors.id}`, `produce 0-07 ${warriors.id}`]);
    const rival = PLAN0.players[1].cities[0];
    expect(naturalKey(PLAN0, rival, "city")).toBe(`attack 0-00 ${rival.id}`);
  });

  it("lists the cards the legal actions use", () => {
    expect(using(SHRINK1.legal, "1-07").map((a) => a.key)).toEqual(["shrink 1-07"]);
    expect([...usable(SHRINK1.legal)].sort()).toEqual(["1-00", "1-07"]);
  });
});

describe("the card table", () => {
  it("recognises its view and lists the traits", () => {
    expect(isView(TRADE)).toBe(true);
    expect(isView({ game: "secolo", players: [], legal: [] })).toBe(false);
    expect(TRAIT_NAMES).toContain("view");
  });

  it("draws maps, councils face up for the teacher, the phase and the order", () => {
    ctx = setup(TRADE);
    const root = ctx.el.querySelector(".hccg-table") as HTMLElement;
    expect(root.dataset.frame).toBe("trade");
    expect(root.dataset.turn).toBe("2");
    expect(ctx.el.querySelectorAll(".hccg-city").length).toBe(4);
    expect(ctx.el.querySelector('.hccg-city[data-city="0-00"] .hccg-pop')?.textContent).toBe("population 2");
    expect(ctx.el.querySelectorAll('.hccg-council[data-seat="1"] .hccg-card').length).toBe(2);
    expect(ctx.el.querySelector(".hccg-order")?.textContent).toContain("Initiative order");
    expect(ctx.el.querySelectorAll(".hccg-action").length).toBe(TRADE.legal.length);
  });

  it("hides another player's council (backs only)", () => {
    ctx = setup(SHRINK1, 1);
    expect(ctx.el.querySelectorAll('.hccg-council[data-seat="0"] .hccg-card').length).toBe(0);
    expect(ctx.el.querySelectorAll('.hccg-council[data-seat="0"] .hccg-back').length).toBe(
      SHRINK1.players[0].council_count,
    );
  });

  it("shows the culture clash as two named hands", () => {
    ctx = setup(SHRINK1, 1);
    const clash = ctx.el.querySelector(".hccg-clash") as HTMLElement;
    expect(clash.hidden).toBe(false);
    expect(clash.querySelector('.hccg-hand-name[data-side="attack"]')?.textContent).toBe("Pair");
    expect(clash.querySelector('.hccg-hand-name[data-side="defence"]')?.textContent).toBe("High card");
    expect(clash.querySelectorAll(".hccg-attack .hccg-face.is-best").length).toBe(5);
  });

  it("turns a card click into the action that uses it", () => {
    ctx = setup(SHRINK1, 1);
    cardEl(ctx.el, "1-07").click();
    expect(ctx.intent()).toMatchObject({ type: "act", key: "shrink 1-07", version: SHRINK1.version });
  });

  it("offers the choices when several actions use a card, then sends the chosen one", () => {
    ctx = setup(PLAN0, 0);
    const warriors = PLAN0.players[0].council!.find((c) => c.design === "warriors") as Card;
    cardEl(ctx.el, warriors.id).click();
    const root = ctx.el.querySelector(".hccg-table") as HTMLElement;
    expect(root.dataset.picked).toBe(warriors.id);
    const buttons = [...ctx.el.querySelectorAll<HTMLButtonElement>(".hccg-action")];
    expect(buttons.length).toBe(2);
    buttons.find((b) => b.dataset.key === `produce 0-07 ${warriors.id}`)!.click();
    expect(ctx.intent()).toMatchObject({ type: "act", key: `produce 0-07 ${warriors.id}` });
  });

  it("sends the natural action of an unusable card so that Python names the rule", () => {
    ctx = setup(PLAN0, 0);
    cardEl(ctx.el, PLAN0.players[1].cities[0].id).click();
    expect(ctx.intent()).toMatchObject({ type: "act", key: `attack 0-00 ${PLAN0.players[1].cities[0].id}` });
    ctx.model.set("feedback", {
      ok: false,
      message: "Only fresh units attack",
      rule_id: "attack.fresh-units",
      section: "Ours: combat",
    });
    const fb = ctx.el.querySelector(".hccg-feedback") as HTMLElement;
    expect(fb.dataset.rule).toBe("attack.fresh-units");
    expect(fb.textContent).toContain("Only fresh units attack");
  });
});

// Issue #37, item 7: every mark on the table is said in words. A card's face ("Q☾") is
// drawn for the eye (aria-hidden) and named in words for a screen reader and a tooltip.
const SUIT_MARKS = /[\u2600\u263E\u2605\u2248\u2766\u2665\u2663\u2666\u2660]/;

/** What a screen reader reads under `node`: its text, skipping aria-hidden parts. */
function spoken(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (node instanceof Element && node.getAttribute("aria-hidden") === "true") return "";
  if (node instanceof Element && node.getAttribute("aria-label")) return node.getAttribute("aria-label")!;
  return [...node.childNodes].map(spoken).join("");
}

/** A unit on Riverside, as the rules core's view gives one (Spearmen, queen of Moons). */
function withUnit(v: View, fresh = true): View {
  const view = structuredClone(v);
  const city = view.players[0].cities[0];
  city.units = [
    { id: "0-30", design: "spearmen", name: "Spearmen", type: "unit", type_name: "Unit", rank: 12, suit: "moon", face: "Q\u263E", face_words: "queen of Moons", owner: 0, text: "Cost 3; attack 2, defence 2, health 2, move 1.", damage: 1, fresh, attack: 2, defence: 2, health: 2, move: 1 },
  ];
  return view;
}

describe("every mark in words (issue #37)", () => {
  it("no text a screen reader reads, no tooltip and no label outside the legend carries a bare suit symbol", () => {
    for (const [view, seat] of [[withUnit(TRADE), null], [SHRINK1, 1], [PLAN0, 0]] as const) {
      ctx = setup(view, seat);
      const root = ctx.el.querySelector(".hccg-table") as HTMLElement;
      const legend = root.querySelector(".match-legend");
      const parts = [...root.children].filter((c) => !c.contains(legend));
      const read = parts.map(spoken).join(" ");
      expect(read).not.toMatch(SUIT_MARKS);
      for (const e of root.querySelectorAll("[title]")) expect(e.getAttribute("title")).not.toMatch(SUIT_MARKS);
      expect(read).toContain("ace of Stars"); // the initiative pull, in words
    }
  });

  it("a card reads its name, its face in words and its kind; the face is drawn for the eye", () => {
    ctx = setup(withUnit(TRADE, false));
    const card = cardEl(ctx.el, "0-30");
    expect(spoken(card)).toBe("Spearmen, queen of Moons, Unit, exhausted, attack 2, defence 2, health 1 of 2");
    expect(one(card, ".hccg-card-face").textContent).toBe("Q\u263E");
    expect(card.title).toMatch(/^Spearmen \(queen of Moons\) · Unit/);
  });

  it("a unit's numbers are written out, not 2/2 \u2665 1/2", () => {
    ctx = setup(withUnit(TRADE));
    const stats = [...cardEl(ctx.el, "0-30").querySelectorAll(".hccg-unit-stats")].map((e) => e.textContent);
    expect(stats).toEqual(["attack 2, defence 2", "health 1 of 2"]);
  });

  it("the legend names each suit and each lettered rank", () => {
    ctx = setup(TRADE);
    const legend = one(ctx.el, ".match-legend");
    for (const key of ["suit-sun", "suit-leaf", "rank-ace", "rank-king"]) {
      expect(legend.querySelector(`[data-legend="${key}"]`)).not.toBeNull();
    }
    expect(legend.querySelector('[data-legend="suit-leaf"]')?.textContent).toContain("Leaves");
  });
});
