import { describe, expect, it } from "vitest";
import { BETTER_MARK, PLAYED_MARK, ReviewPanel, moveLine, revealMarks, verdictText } from "../src/shared/review";
import { describe as describeGraph, niceTicks, scale } from "../src/shared/advantage";
import type { ReviewedMove } from "../src/shared/model";
import { reviewResult, reviewedMove } from "./review-result";

const PLAYERS = [
  { seat: 0, name: "Blue", color: "#0072B2", ink: "#0072B2" },
  { seat: 1, name: "Orange", color: "#E69F00", ink: "#9C6C00" },
];

const END_THE_TURN = { label: "End the turn", card: "end" };

/** The decision after `index` actions: card `index` played, ending the turn the better move
 * unless the coach agrees (`same`); the hint was taken at index 4. */
function move(index: number, verdict: ReviewedMove["verdict"], same = false): ReviewedMove {
  const played = { label: `Play card ${index}`, card: `c${index}` };
  return reviewedMove(index, verdict, played, same ? played : END_THE_TURN, {
    reasons: same ? [] : ["Ending early keeps the card"],
    hint: index === 4 ? "taken" : "",
  });
}

const RESULT = reviewResult({
  players: ["Blue", "Orange"],
  summary: "Blue: 3 decisions with a choice reviewed; 1 mistake.\nMove 3: you played Play card 2.",
  outcome: "Blue wins.",
  decisions: [move(0, "good", true), move(2, "mistake"), move(4, "good")],
  series: [
    [1, [40, 60]],
    [3, [42, 58]],
    [5, [44, 56]],
    [6, [100, 0]],
  ],
});

function panel() {
  const jumps: number[] = [];
  const started: number[] = [];
  let cancelled = 0;
  const p = new ReviewPanel({ start: (s) => started.push(s), cancel: () => cancelled++, jump: (i) => jumps.push(i) });
  document.body.appendChild(p.el);
  p.setPlayers(PLAYERS, null);
  return { p, jumps, started, cancelled: () => cancelled };
}

describe("the review screen", () => {
  it("shows the progress with a Cancel, then the result", () => {
    const { p, started, cancelled } = panel();
    expect(p.el.hidden).toBe(true);
    p.open();
    (p.el.querySelector(".match-review-start") as HTMLButtonElement).click();
    expect(started).toEqual([0]);
    p.update({ run: 1, state: "running", seat: 0, player: "Blue", length: 6, done: 1, total: 3 });
    const bar = p.el.querySelector("progress")!;
    expect(bar.value).toBe(1);
    expect(p.el.querySelector(".match-review-progress-text")!.textContent).toContain("1 of 3");
    (p.el.querySelector(".match-review-cancel") as HTMLButtonElement).click();
    expect(cancelled()).toBe(1);
    p.update({ run: 1, state: "done", seat: 0, player: "Blue", length: 6, done: 3, total: 3, result: RESULT });
    expect((p.el.querySelector(".match-review-progress") as HTMLElement).hidden).toBe(true);
    expect(p.el.querySelector(".match-review-summary")!.textContent).toContain("1 mistake");
    expect(p.el.querySelector(".match-review-noise")!.textContent).toContain("from 32 simulated games a move, played on to the end of the game.");
    const svg = p.el.querySelector("svg.match-adv")!;
    expect(svg.querySelectorAll("[data-index]")).toHaveLength(3);
    expect(svg.querySelector("desc")!.textContent).toContain("Marked: 1 mistake");
    expect(p.el.querySelectorAll(".match-adv-table tbody tr")).toHaveLength(4);
    // only the flagged decisions are listed at first
    expect([...p.el.querySelectorAll(".match-review-item")].map((li) => (li as HTMLElement).dataset.verdict)).toEqual(["mistake"]);
  });

  it("jumps to a decision's position from its mark or its line, and marks the board there", () => {
    const { p, jumps } = panel();
    p.update({ run: 2, state: "done", seat: 0, player: "Blue", length: 6, done: 3, total: 3, result: RESULT });
    const point = p.el.querySelector('.match-adv-point[data-index="2"]') as SVGGElement;
    expect(point.getAttribute("role")).toBe("button");
    expect(point.getAttribute("aria-label")).toContain("mistake, 12 points lost");
    point.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(jumps).toEqual([2]);
    expect(point.classList.contains("is-selected")).toBe(true);
    expect(p.el.querySelector(".match-review-detail")!.textContent).toContain("Better: End the turn");
    const board = document.createElement("div");
    board.innerHTML = '<div data-card="c2"></div><button data-card="end"></button>';
    p.markBoard(board, 3); // another position: no marks
    expect(board.querySelectorAll(`.${PLAYED_MARK}, .${BETTER_MARK}`)).toHaveLength(0);
    p.markBoard(board, 2);
    expect(board.querySelector(`.${PLAYED_MARK}`)!.getAttribute("data-card")).toBe("c2");
    expect(board.querySelector(`.${BETTER_MARK}`)!.getAttribute("data-card")).toBe("end");
    const table = document.createElement("div");
    table.className = "match-app";
    table.append(p.el, board);
    document.body.appendChild(table);
    p.markBoard(table, 2);
    expect(revealMarks(p.el)?.getAttribute("data-card")).toBe("c2");
    expect(p.el.querySelector(".match-review-show")).not.toBeNull();
    (p.el.querySelector(".match-review-filter input") as HTMLInputElement).click(); // every decision
    const lines = p.el.querySelectorAll<HTMLButtonElement>("button.match-review-move");
    expect(lines).toHaveLength(3);
    expect(lines[2].textContent).toContain("hint taken");
    lines[2].click();
    expect(jumps).toEqual([2, 4]);
  });

  it("reviews only the viewer's own game from a player's view", () => {
    const { p } = panel();
    p.setPlayers(PLAYERS, 1);
    expect([...p.el.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["Orange"]);
  });

  it("words verdicts with their losses and what they rest on", () => {
    expect(verdictText(move(2, "mistake"))).toBe("mistake, 12 points lost");
    expect(verdictText(move(0, "good", true))).toBe("good, the coach's own choice");
    expect(verdictText(move(4, "good"))).toBe("good, about equal");
    expect(moveLine(move(2, "mistake"))).toContain("32 simulated games each");
    expect(describeGraph(RESULT, PLAYERS)).toContain("Blue's winning chances were 40% at move 1");
  });

  it("places moves and chances on the graph", () => {
    const s = scale(1, 11);
    expect(s.y(100)).toBeLessThan(s.y(0));
    expect(s.x(11)).toBeGreaterThan(s.x(1));
    expect(niceTicks(1, 157)).toEqual([50, 100, 150]);
  });
});
