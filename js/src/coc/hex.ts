// Axial-coordinate geometry for flat-top hexagons.
// Axial (q, r): q grows to the east (columns), r grows to the south-south-east.
// Centre of (q, r) with circumradius `size`: x = 1.5 * size * q,
// y = sqrt(3) * size * (r + q / 2).

export const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function hexCenter(q: number, r: number, size: number): Point {
  return { x: 1.5 * size * q, y: SQRT3 * size * (r + q / 2) };
}

/** The six corners of a flat-top hex, starting east and going clockwise (SVG y down). */
export function hexCorners(q: number, r: number, size: number): Point[] {
  const c = hexCenter(q, r, size);
  const out: Point[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push({ x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) });
  }
  return out;
}

function fmt(n: number): string {
  // Two decimals are plenty for SVG and keep snapshots stable (no -0).
  const s = (Math.round(n * 100) / 100).toString();
  return s === "-0" ? "0" : s;
}

/** The `points` attribute of an SVG polygon for the hex. */
export function hexPoints(q: number, r: number, size: number): string {
  return hexCorners(q, r, size)
    .map((p) => `${fmt(p.x)},${fmt(p.y)}`)
    .join(" ");
}

/** Smallest box holding all hexes, grown by `margin` on every side. */
export function boundingBox(hexes: { q: number; r: number }[], size: number, margin = 0): Box {
  if (hexes.length === 0) return { x: -size, y: -size, width: 2 * size, height: 2 * size };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const h = (SQRT3 / 2) * size;
  for (const { q, r } of hexes) {
    const c = hexCenter(q, r, size);
    minX = Math.min(minX, c.x - size);
    maxX = Math.max(maxX, c.x + size);
    minY = Math.min(minY, c.y - h);
    maxY = Math.max(maxY, c.y + h);
  }
  return {
    x: minX - margin,
    y: minY - margin,
    width: maxX - minX + 2 * margin,
    height: maxY - minY + 2 * margin,
  };
}

/** The six axial neighbour offsets of a hex (N, NE, SE, S, SW, NW for flat-top). */
export const NEIGHBOURS: [number, number][] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];

export function hexDistance(a: { q: number; r: number }, b: { q: number; r: number }): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export type Direction = "up" | "down" | "left" | "right";

/**
 * The hex nearest to `from` in screen direction `dir` among `hexes`, or null.
 * Works on any map shape: candidates must lie in a 120-degree cone around the
 * direction; the closest (with a penalty for sideways offset) wins.
 */
export function stepInDirection<T extends { q: number; r: number }>(
  from: { q: number; r: number },
  dir: Direction,
  hexes: T[],
): T | null {
  const o = hexCenter(from.q, from.r, 1);
  const [ux, uy] = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] }[dir];
  let best: T | null = null;
  let bestScore = Infinity;
  for (const h of hexes) {
    if (h.q === from.q && h.r === from.r) continue;
    const c = hexCenter(h.q, h.r, 1);
    const dx = c.x - o.x;
    const dy = c.y - o.y;
    const along = dx * ux + dy * uy;
    const side = Math.abs(dx * uy - dy * ux);
    if (along <= 0.01 || side > along * SQRT3 + 0.01) continue;
    const score = Math.hypot(dx, dy) + 0.5 * side;
    if (score < bestScore - 1e-9) {
      bestScore = score;
      best = h;
    }
  }
  return best;
}
