import { describe, expect, it } from "vitest";
import { SQRT3, boundingBox, hexCenter, hexCorners, hexDistance, hexPoints, stepInDirection } from "../src/coc/hex";

describe("flat-top axial geometry", () => {
  it("puts the origin at 0,0 and steps columns by 1.5 size", () => {
    expect(hexCenter(0, 0, 10)).toEqual({ x: 0, y: 0 });
    const c = hexCenter(1, 0, 10);
    expect(c.x).toBeCloseTo(15);
    expect(c.y).toBeCloseTo(5 * SQRT3);
    expect(hexCenter(0, 1, 10).y).toBeCloseTo(10 * SQRT3);
    expect(hexCenter(0, 1, 10).x).toBeCloseTo(0);
  });

  it("has six corners at distance size, the first due east (flat top)", () => {
    const cs = hexCorners(2, -1, 10);
    const c = hexCenter(2, -1, 10);
    expect(cs).toHaveLength(6);
    for (const p of cs) expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeCloseTo(10);
    expect(cs[0].x).toBeCloseTo(c.x + 10);
    expect(cs[0].y).toBeCloseTo(c.y);
    // flat top: corners 4 and 5 share the same y (top edge)
    expect(cs[4].y).toBeCloseTo(cs[5].y);
  });

  it("neighbouring hexes share an edge (two corners)", () => {
    const a = hexCorners(0, 0, 10);
    const b = hexCorners(1, 0, 10);
    const shared = a.filter((p) => b.some((q) => Math.hypot(p.x - q.x, p.y - q.y) < 1e-9));
    expect(shared).toHaveLength(2);
  });

  it("formats polygon points compactly", () => {
    expect(hexPoints(0, 0, 10)).toBe("10,0 5,8.66 -5,8.66 -10,0 -5,-8.66 5,-8.66");
  });

  it("computes a bounding box with margin", () => {
    const b = boundingBox([{ q: 0, r: 0 }], 10, 2);
    expect(b.x).toBeCloseTo(-12);
    expect(b.width).toBeCloseTo(24);
    expect(b.height).toBeCloseTo(10 * SQRT3 + 4);
    const b2 = boundingBox([{ q: 0, r: 0 }, { q: 2, r: 0 }], 10);
    expect(b2.width).toBeCloseTo(50);
  });

  it("measures hex distance", () => {
    expect(hexDistance({ q: 0, r: 0 }, { q: 2, r: -1 })).toBe(2);
    expect(hexDistance({ q: 0, r: 0 }, { q: -3, r: 3 })).toBe(3);
  });

  it("steps the keyboard cursor in screen directions", () => {
    const grid = [];
    for (let q = -2; q <= 2; q++) for (let r = -2; r <= 2; r++) grid.push({ q, r });
    expect(stepInDirection({ q: 0, r: 0 }, "down", grid)).toEqual({ q: 0, r: 1 });
    expect(stepInDirection({ q: 0, r: 0 }, "up", grid)).toEqual({ q: 0, r: -1 });
    const right = stepInDirection({ q: 0, r: 0 }, "right", grid)!;
    expect(right.q).toBe(1);
    const left = stepInDirection({ q: 0, r: 0 }, "left", grid)!;
    expect(left.q).toBe(-1);
    expect(stepInDirection({ q: 0, r: 0 }, "up", [{ q: 0, r: 0 }])).toBeNull();
  });
});
