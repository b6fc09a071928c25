import { describe, expect, it } from "vitest";
import widget from "../src/secolo/index";
import { type LegalAction, type View, TRAIT_NAMES, isView } from "../src/secolo/model";
import { candidates, click, clickable, distinct } from "../src/secolo/picker";
import { mountMatch, one, unmountAfterEach } from "./mount-match";
import pick from "./fixtures/secolo_pick.json";
import act0 from "./fixtures/secolo_act_seat0.json";
import react1 from "./fixtures/secolo_react_seat1.json";
import react0 from "./fixtures/secolo_react_seat0.json";
import protectedTeacher from "./fixtures/secolo_protected_teacher.json";

// Fixtures come from the real rules core (js/test/fixtures/make_secolo_fixtures.py):
// 2 players, seed 2; seat 0 can attack pir-ch-4 with ind-ch-5 + ind-pr-1 using atk-18.
const PICK = pick as unknown as View;
const ACT0 = act0 as unknown as View;
const REACT1 = react1 as unknown as View;
const REACT0 = react0 as unknown as View;
const PROTECTED = protectedTeacher as unknown as View;
const ATTACK = "attack atk-18 ind-ch-5 ind-pr-1 pir-ch-4";

function setup(view: View | Record<string, never>, seat: number | null = 0) {
  return mountMatch(widget, view, seat);
}

function card(el: HTMLElement, id: string): HTMLElement {
  return one(el, `.secolo-card[data-card="${id}"]`);
}

let ctx: ReturnType<typeof setup> | undefined;
unmountAfterEach();

describe("picker (no rules in JS: only the legal list)", () => {
  const legal: LegalAction[] = [
    { key: "attack atk-1 a b t", kind: "attack", label: "Attack T with A and B", cards: ["atk-1", "a", "b", "t"] },
    { key: "attack atk-2 a b t", kind: "attack", label: "Attack T with A and B", cards: ["atk-2", "a", "b", "t"] },
    { key: "attack atk-1 a b u", kind: "attack", label: "Attack U with A and B", cards: ["atk-1", "a", "b", "u"] },
    { key: "play x", kind: "play", label: "Play X", cards: ["x"] },
    { key: "end", kind: "end", label: "End your turn", cards: [] },
  ];

  it("narrows by every picked card and dedupes equal labels", () => {
    expect(candidates(legal, ["t"]).map((a) => a.key)).toEqual(["attack atk-1 a b t", "attack atk-2 a b t"]);
    expect(distinct(candidates(legal, ["t"]))).toHaveLength(1);
    expect([...clickable(legal, ["atk-1"])].sort()).toEqual(["a", "b", "t", "u"]);
  });

  it("sends at once when the choice is unique, else waits for a target", () => {
    expect(click(legal, [], "x")).toEqual({ send: "play x", picked: [] });
    expect(click(legal, [], "atk-1")).toEqual({ send: null, picked: ["atk-1"] });
    expect(click(legal, ["atk-1"], "u")).toEqual({ send: "attack atk-1 a b u", picked: [] });
    // identical Attack cards: the target alone decides
    expect(click(legal, [], "t").send).toBe("attack atk-1 a b t");
  });

  it("starts over on a card that does not fit, and ignores useless cards", () => {
    expect(click(legal, ["atk-2"], "x")).toEqual({ send: "play x", picked: [] });
    expect(click(legal, [], "nothing")).toEqual({ send: null, picked: [] });
  });
});

describe("card table rendering", () => {
  it("mirrors the Python traits", () => {
    expect(TRAIT_NAMES.sort()).toEqual([
      "autoplay",
      "bot_delay",
      "bot_names",
      "bots",
      "feedback",
      "hint",
      "hotseat",
      "intent",
      "last_action",
      "lock_view",
      "position",
      "replay_length",
      "review",
      "seat",
      "view",
    ]);
    expect(isView(ACT0)).toBe(true);
    expect(isView({})).toBe(false);
  });

  it("shows cities grouped by culture with data-* selectors, the cards named in English", () => {
    ctx = setup(ACT0);
    const groups = ctx.el.querySelectorAll('.secolo-city[data-seat="0"] .secolo-group[data-culture]');
    const cultures = [...groups].map((g) => (g as HTMLElement).dataset.culture);
    expect(cultures).toEqual(ACT0.players[0].city.map((g) => g.culture));
    const c = card(ctx.el, "ind-ch-5");
    expect(c.dataset.seat).toBe("0");
    expect(c.dataset.culture).toBe("ind");
    expect(c.dataset.zone).toBe("city");
    expect(c.querySelector(".secolo-card-name")?.textContent).toBe("Obsessed woman");
    expect(c.title).toContain("Italian: Ossessa");
    expect(ctx.el.querySelector('[data-pile="deck"]')?.textContent).toContain(String(ACT0.deck_count));
    expect(ctx.el.querySelector('[data-pile="discard"]')?.textContent).toContain(String(ACT0.discard_count));
  });

  it("shows only the viewer's hand; other hands are face-down backs", () => {
    ctx = setup(ACT0);
    const mine = ctx.el.querySelectorAll('.secolo-hand[data-seat="0"] .secolo-card[data-card]');
    expect(mine).toHaveLength(ACT0.players[0].hand_count);
    const theirs = ctx.el.querySelector('.secolo-hand[data-seat="1"]') as HTMLElement;
    expect(theirs.querySelectorAll(".secolo-card[data-card]")).toHaveLength(0);
    expect(theirs.querySelectorAll(".secolo-back")).toHaveLength(ACT0.players[1].hand_count);
  });

  it("makes legal actions buttons and highlights usable cards", () => {
    ctx = setup(ACT0);
    const keys = [...ctx.el.querySelectorAll<HTMLButtonElement>(".secolo-action")].map((b) => b.dataset.key);
    expect(keys).toContain(ATTACK);
    expect(keys).toContain("end");
    expect(card(ctx.el, "atk-18").classList.contains("is-option")).toBe(true);
    expect(card(ctx.el, "pir-ch-4").classList.contains("is-option")).toBe(true);
    ctx.el.querySelector<HTMLButtonElement>('.secolo-action[data-key="end"]')!.click();
    expect(ctx.intent()).toMatchObject({ type: "act", key: "end", version: ACT0.version, seq: 1 });
    expect(ctx.model.saves).toHaveLength(1);
  });

  it("attacks by clicking the target, then the Attack card", () => {
    ctx = setup(ACT0);
    card(ctx.el, "pir-ch-4").click(); // also the target of two Specials: not yet decided
    expect(ctx.model.saves).toHaveLength(0);
    expect(card(ctx.el, "pir-ch-4").classList.contains("is-picked")).toBe(true);
    expect(card(ctx.el, "atk-18").classList.contains("is-option")).toBe(true);
    const offered = [...ctx.el.querySelectorAll<HTMLButtonElement>(".secolo-action")].map((b) => b.dataset.kind);
    expect(offered).toContain("attack");
    expect(offered).not.toContain("end");
    card(ctx.el, "atk-18").click();
    expect(ctx.intent()).toMatchObject({ type: "act", key: ATTACK });
  });

  it("cancel drops a half-made choice; a useless card only gives a hint", () => {
    ctx = setup(ACT0);
    card(ctx.el, "pir-ch-4").click();
    ctx.el.querySelector<HTMLButtonElement>(".secolo-cancel")!.click();
    expect(ctx.el.querySelector(".is-picked")).toBeNull();
    card(ctx.el, "cat-pr-1").click(); // the opponent's Protagonist: no action uses it
    expect(ctx.model.saves).toHaveLength(0);
    expect(ctx.el.querySelector(".secolo-hint")?.textContent).toContain("No legal action");
  });

  it("prompts the defender to react, and tells the attacker to wait", () => {
    ctx = setup(REACT1, 1);
    const banner = ctx.el.querySelector(".secolo-banner") as HTMLElement;
    expect(banner.hidden).toBe(false);
    expect(banner.textContent).toContain("attacks Cabin boy in Orange's city with Obsessed woman and The Witch Mother.");
    expect(card(ctx.el, "pir-ch-4").classList.contains("is-target")).toBe(true);
    expect(card(ctx.el, "ind-ch-5").classList.contains("is-attacker")).toBe(true);
    const kinds = [...ctx.el.querySelectorAll<HTMLButtonElement>(".secolo-action")].map((b) => b.dataset.key);
    expect(kinds).toContain("pass");
    // The Special is one highlighted card: played on the card, not offered twice as a button.
    expect(kinds).not.toContain("special sp-tre-1");
    expect(card(ctx.el, "sp-tre-1").classList.contains("is-option")).toBe(true);
    card(ctx.el, "sp-tre-1").click();
    expect(ctx.intent()).toMatchObject({ key: "special sp-tre-1" });
    ctx.cleanup();

    ctx = setup(REACT0, 0);
    expect(ctx.el.querySelector(".secolo-banner")?.textContent).toContain("Waiting for Orange");
    expect(ctx.el.querySelectorAll(".secolo-action")).toHaveLength(0);
  });

  it("shows protections: Bulwark groups and attached Objects", () => {
    ctx = setup(PROTECTED, null);
    const group = ctx.el.querySelector('.secolo-city[data-seat="0"] .secolo-group[data-culture="ind"]') as HTMLElement;
    expect(group.classList.contains("has-bulwark")).toBe(true);
    expect(card(ctx.el, "ind-ch-5").dataset.protected).toBe("bulwark");
    expect(card(ctx.el, "ind-ob").dataset.attachedTo).toBe("ind-pr-1");
    expect(card(ctx.el, "ind-pr-1").textContent).toContain("holds Amulet");
    // teacher view: every hand is shown face up
    expect(ctx.el.querySelectorAll('.secolo-hand[data-seat="1"] .secolo-card[data-card]').length).toBe(
      PROTECTED.players[1].hand_count,
    );
  });

  it("plays a focused card with Enter", () => {
    ctx = setup(PICK, null);
    const c = card(ctx.el, "cat-pr-1");
    expect(c.tabIndex).toBe(0);
    c.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(ctx.intent()).toMatchObject({ key: "pick cat-pr-1" });
  });

  it("lets the Protagonists be picked from the pool", () => {
    ctx = setup(PICK, null);
    const pool = ctx.el.querySelectorAll('.secolo-card[data-zone="pool"]');
    expect(pool).toHaveLength(PICK.pool.length);
    card(ctx.el, "ind-pr-1").click();
    expect(ctx.intent()).toMatchObject({ key: "pick ind-pr-1", version: 0 });
  });

  it("redraws on a new view, shows feedback and cleans up its listeners", () => {
    ctx = setup({});
    expect(ctx.el.querySelector(".secolo-table")?.classList.contains("is-empty")).toBe(true);
    ctx.model.set("view", structuredClone(ACT0));
    expect(ctx.el.querySelectorAll(".secolo-player")).toHaveLength(2);
    const log = [...ctx.el.querySelectorAll(".secolo-log li")].map((li) => li.textContent);
    expect(log[0]).toBe(ACT0.log[ACT0.log.length - 1].text); // newest first
    ctx.model.set("feedback", { ok: false, message: "Refused", rule_id: "attack.protected", n: 1 });
    expect(ctx.el.querySelector(".secolo-feedback")?.classList.contains("is-bad")).toBe(true);
    expect(ctx.el.querySelector<HTMLElement>(".secolo-feedback-section")?.title).toContain("attack.protected");
    ctx.cleanup();
    expect(ctx.model.listenerCount()).toBe(0);
    expect(document.querySelector(".secolo-table")).toBeNull();
    ctx = undefined;
  });
});

/** What a card or heading shows (not its screen-reader-only words). */
function shown(e: Element): string {
  const copy = e.cloneNode(true) as Element;
  copy.querySelectorAll(".match-sr-only").forEach((x) => x.remove());
  return copy.textContent ?? "";
}

describe("Secolo says a thing once (issue 37, item 7)", () => {
  const everyCard = (v: View) => [
    ...v.pool,
    ...v.discard,
    ...v.players.flatMap((p) => [...(p.hand ?? []), ...p.city.flatMap((g) => g.cards)]),
  ];

  it("no card or heading shows a name in both languages", () => {
    for (const v of [PICK, ACT0, PROTECTED]) {
      ctx = setup(v, null);
      for (const c of everyCard(v)) {
        const words = shown(card(ctx.el, c.id));
        expect(words).toContain(c.gloss);
        if (c.name !== c.gloss) expect(words).not.toContain(c.name);
      }
      for (const g of v.players.flatMap((p) => p.city)) {
        const head = ctx.el.querySelector(`.secolo-group[data-culture="${g.culture}"] .secolo-group-head`)!;
        expect(shown(head)).toContain(g.gloss);
        expect(shown(head)).not.toContain(g.name);
      }
      for (const p of v.players.filter((p) => p.protagonist)) {
        const head = shown(ctx.el.querySelector(`.secolo-player[data-seat="${p.seat}"] .secolo-player-head`)!);
        expect(head).toContain(p.protagonist!.gloss);
        expect(head).not.toContain(p.protagonist!.name);
      }
      // The table's own words (the legend's glossary names the Italian words on purpose; the
      // log is the engine's sentences).
      const own = ctx.el.querySelector(".secolo-table")!.cloneNode(true) as Element;
      own.querySelectorAll(".secolo-legend, .secolo-log").forEach((x) => x.remove());
      const table = shown(own);
      for (const twice of ["Personaggio", "Protagonista", "Mazzo", "Mano", "(deck)", "(hand)"]) expect(table).not.toContain(twice);
      ctx.cleanup();
      ctx = undefined;
    }
  });

  it("the Protagonists are offered once: on their cards, each with what it does", () => {
    ctx = setup(PICK, null);
    const pool = [...ctx.el.querySelectorAll<HTMLElement>('.secolo-card[data-zone="pool"]')];
    expect(pool).toHaveLength(PICK.pool.length);
    for (const p of PICK.pool) {
      const mentions = [...ctx.el.querySelectorAll(".secolo-card, button")].filter((e) => shown(e).includes(p.gloss));
      expect(mentions).toEqual([card(ctx.el, p.id)]);
      expect(card(ctx.el, p.id).querySelector(".secolo-card-text")?.textContent).toBe(p.text);
    }
    expect(ctx.el.querySelectorAll('.secolo-action[data-kind="pick"]')).toHaveLength(0);
  });

  it("a card reads name, then kind, then Culture (in the hand), then what it does", () => {
    ctx = setup(ACT0, null);
    const hand = ACT0.players[0].hand!.find((c) => c.type === "special" || c.type === "object" || c.type === "bulwark")!;
    const e = card(ctx.el, hand.id);
    const parts = [...e.children].filter((x) => !x.classList.contains("match-sr-only")).map((x) => x.className);
    expect(parts.slice(0, 2)).toEqual(["secolo-card-name", "secolo-card-type"]);
    expect(parts[parts.length - 1]).toBe("secolo-card-text");
  });

  it("the Italian names on demand: the table's setting, and the tooltip", () => {
    ctx = setup(ACT0, null);
    const c = card(ctx.el, "pir-ch-4");
    expect(c.title).toContain("Italian: Mozzo");
    const select = ctx.el.querySelector<HTMLSelectElement>(".secolo-lang select")!;
    expect(select.value).toBe("en");
    select.value = "it";
    select.dispatchEvent(new Event("change"));
    const it = card(ctx.el, "pir-ch-4");
    expect(it.querySelector(".secolo-card-name")?.textContent).toBe("Mozzo");
    expect(it.querySelector(".secolo-card-type")?.textContent).toBe("Personaggio");
    expect(shown(it)).not.toContain("Cabin boy");
    expect(it.title).toContain("English: Cabin boy");
    expect(it.querySelector(".secolo-card-name")?.getAttribute("lang")).toBe("it"); // read in Italian
    expect(ctx.model.saves).toHaveLength(0); // a setting of the page, not a move
  });
});
