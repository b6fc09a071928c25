// A coach's review as the server sends it (coach/front.py's review payload), built the same
// way for the review screen's tests (review.test.ts) and the review page's (review-model.test.ts);
// each test names the moves and figures it looks at.

import type { ReviewResult, ReviewedMove, Verdict } from "../src/shared/model";

/** A move as the review words it, and the card the board marks for it. */
export interface MoveOnBoard {
  label: string;
  card: string;
}

/** The decision made after `index` actions: `played` against the coach's `best` (the same
 * card when the coach agrees: then no better move is marked). */
export function reviewedMove(
  index: number,
  verdict: Verdict,
  played: MoveOnBoard,
  best: MoveOnBoard,
  fields: Partial<ReviewedMove> = {},
): ReviewedMove {
  const same = played.card === best.card;
  return {
    index,
    move: index + 1,
    played: played.label,
    best: best.label,
    same,
    verdict,
    loss: verdict === "good" ? 0 : 12,
    low: 5,
    high: 19,
    played_chances: 40,
    best_chances: 52,
    games: 32,
    choices: 3,
    chances: [40 + index, 60 - index],
    reasons: [],
    hint: "",
    text: `Move ${index + 1}: judged.`,
    played_targets: [{ card: played.card }],
    best_targets: same ? [] : [{ card: best.card }],
    ...fields,
  };
}

type Given = Pick<ReviewResult, "players" | "summary" | "decisions" | "series">;

/** The review of the first seat's game of Secolo; its counts are its decisions' verdicts. */
export function reviewResult(given: Given & Partial<ReviewResult>): ReviewResult {
  const counts: Record<Verdict, number> = { good: 0, inaccuracy: 0, mistake: 0, blunder: 0 };
  for (const d of given.decisions) counts[d.verdict] += 1;
  return {
    game: "secolo",
    seat: 0,
    player: given.players[0],
    outcome: "",
    counts,
    thresholds: [
      { verdict: "blunder", points: 20 },
      { verdict: "mistake", points: 10 },
      { verdict: "inaccuracy", points: 5 },
    ],
    rounds: 32,
    turns: 0,
    horizon: "to the end of the game",
    ...given,
  };
}
