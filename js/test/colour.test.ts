// Player colours: distinguishable under the common colour-vision deficiencies (the
// players' letters and names are the second cue; see keyboard.test.ts for seatTag).

import { describe, expect, it } from "vitest";
import { CVD_KINDS, colourDistance } from "../src/shared/a11y";
import { PLAYER_COLOURS } from "../src/shared/players";

// CIE76 ΔE: about 2.3 is "just noticeable"; 12 or more reads as a different colour at a
// glance (our threshold for two players' pieces side by side).
const APART = 12;

function closest(palette: string[], kind: string): number {
  let min = Infinity;
  for (let i = 0; i < palette.length; i++)
    for (let j = i + 1; j < palette.length; j++) min = Math.min(min, colourDistance(palette[i], palette[j], kind));
  return min;
}

describe("colourDistance", () => {
  it("is 0 for one colour and large for black and white", () => {
    expect(colourDistance("#123456", "#123456")).toBe(0);
    expect(colourDistance("#000000", "#ffffff")).toBeGreaterThan(99);
  });

  it("sees red and green alike under deuteranopia (the simulation works)", () => {
    expect(colourDistance("#ff0000", "#00ff00")).toBeGreaterThan(100);
    expect(colourDistance("#d00000", "#8a8a00", "deuteranopia")).toBeLessThan(APART);
  });
});

describe("the player colours of the four games", () => {
  for (const [name, palette] of [
    ["all six seats (every game)", PLAYER_COLOURS],
    ["Clash of Cultures (4 seats)", PLAYER_COLOURS.slice(0, 4)],
  ] as const) {
    it(`${name}: every two seats stay apart for normal vision and under ${CVD_KINDS.join(", ")}`, () => {
      for (const kind of ["normal", ...CVD_KINDS]) expect(closest([...palette], kind), kind).toBeGreaterThanOrEqual(APART);
    });
  }
});
