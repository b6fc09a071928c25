// The banner, the same in every game: first whose turn it is and what to do next
// ("Blue to play — click a highlighted hex"), then where the game is (the game's own
// words: "Age 1 · turn 2 · 3 actions left") and whose eyes the table shows.

import { type NamedPlayer, nameList, playerName } from "./players";

/** What the banner reads of a view (every game's view has these fields). */
export interface BannerView {
  seat: number | null;
  current_player: number | null;
  over: boolean;
  /** `draw`: the winners share it as a draw (Secolo: several teams tie). */
  result?: { winners: number[]; draw?: boolean } | null;
  frame?: { player: number } | null;
  players: readonly NamedPlayer[];
  legal: readonly unknown[];
}

export interface BannerText {
  /** Whose turn and what to do next. */
  turn: string;
  /** Where the game is, then whose view. */
  where: string;
}

/**
 * The banner's two lines. `affordance` is what a person does on this table when it is
 * their decision ("click a highlighted hex or choose an action below"); `bots` names
 * the bot of each seat (null: a person); `replay`: the table shows a past position, where
 * nobody plays (not "waiting for" anyone).
 */
export function bannerText(
  v: BannerView,
  position: string,
  affordance: string,
  bots: readonly (string | null)[] = [],
  replay = false,
): BannerText {
  const viewer = v.seat === null || v.seat === undefined ? "teacher's view (every hand)" : `${playerName(v.players, v.seat)}'s view`;
  const where = [position, viewer].filter(Boolean).join(" \u00b7 ");
  if (v.over) {
    const w = v.result?.winners ?? [];
    let turn: string;
    if (v.result?.draw || !w.length) turn = `Game over \u2014 a draw${w.length ? ` between ${nameList(v.players, w)}` : ""}`;
    else turn = `Game over \u2014 ${nameList(v.players, w)} ${w.length > 1 ? "win" : "wins"}`;
    return { turn, where };
  }
  const who = v.frame?.player ?? v.current_player;
  if (who === null || who === undefined) return { turn: "Waiting for the game\u2026", where };
  const name = playerName(v.players, who);
  const bot = bots[who];
  let next: string;
  if (replay) next = "replay, read-only";
  else if (v.legal.length) next = affordance;
  else if (bot) next = `the ${bot} bot is choosing`;
  else next = `waiting for ${name}`;
  return { turn: `${name} to play \u2014 ${next}`, where };
}

/** Fill a banner element: a strong line (whose turn, what now) and a quiet one (where). */
export function renderBanner(box: HTMLElement, prefix: string, text: BannerText): void {
  let turn = box.querySelector<HTMLElement>(`.${prefix}-banner-turn`);
  let where = box.querySelector<HTMLElement>(`.${prefix}-banner-where`);
  if (!turn || !where) {
    box.replaceChildren();
    turn = document.createElement("strong");
    turn.className = `${prefix}-banner-turn match-banner-turn`;
    turn.setAttribute("aria-live", "polite"); // whose turn and what now, read out as it changes
    where = document.createElement("span");
    where.className = `${prefix}-banner-where match-banner-where`;
    box.append(turn, where);
  }
  if (turn.textContent !== text.turn) turn.textContent = text.turn;
  if (where.textContent !== text.where) where.textContent = text.where;
}
