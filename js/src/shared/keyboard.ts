// Playing without a mouse: the arrow keys move the focus between the items of a group
// (map areas, cards) to the nearest one in that direction, Enter or Space acts on the
// focused item as a click would, and the group keeps one tab stop (a "roving" tabindex),
// so Tab moves between groups and controls, not through forty areas.

export type Direction = "left" | "right" | "up" | "down";

export const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

export interface Point {
  x: number;
  y: number;
}

/**
 * The index of the item nearest to `points[from]` in direction `dir` (screen
 * coordinates: y grows downwards), or -1 when nothing lies that way. An item counts
 * when it is further along `dir`; the off-axis distance weighs double, so that "right"
 * prefers the item on the same row to a closer one on the row below.
 */
export function nearestInDirection(points: readonly Point[], from: number, dir: Direction): number {
  const o = points[from];
  if (!o) return -1;
  let best = -1;
  let bestScore = Infinity;
  points.forEach((p, i) => {
    if (i === from) return;
    const dx = p.x - o.x;
    const dy = p.y - o.y;
    const along = dir === "left" ? -dx : dir === "right" ? dx : dir === "up" ? -dy : dy;
    const across = dir === "left" || dir === "right" ? Math.abs(dy) : Math.abs(dx);
    if (along <= 0.5) return;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

/**
 * Where an arrow key leads: the nearest item that way; without a layout (every centre
 * the same, e.g. not rendered yet) the next or previous item in reading order.
 */
export function nextItem(points: readonly Point[], from: number, dir: Direction): number {
  const o = points[from];
  if (o && points.every((p) => p.x === o.x && p.y === o.y)) {
    const step = dir === "right" || dir === "down" ? 1 : -1;
    const i = from + step;
    return i >= 0 && i < points.length ? i : -1;
  }
  return nearestInDirection(points, from, dir);
}

/** Make `current` the group's one tab stop (the others stay focusable by script only). */
export function rove(items: readonly Element[], current: Element | null): void {
  const stop = current && items.includes(current) ? current : (items[0] ?? null);
  for (const e of items) e.setAttribute("tabindex", e === stop ? "0" : "-1");
}

export interface ArrowNavOptions {
  /** The group's items, in reading order (asked afresh on each key: the view redraws). */
  items: () => Element[];
  /** An item's centre; default: the middle of its bounding box on screen. */
  centre?: (e: Element) => Point;
  /** Announce the newly focused item (e.g. into a live region). */
  onFocus?: (e: Element) => void;
}

function boxCentre(e: Element): Point {
  const r = e.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Native controls act on Enter/Space themselves; anything else gets a synthetic click. */
function actsNatively(e: Element): boolean {
  return e instanceof HTMLButtonElement || e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLAnchorElement || e instanceof HTMLElement && e.tagName === "SUMMARY";
}

/**
 * Arrow keys between the items of a group under `container`, Enter/Space to act.
 * Returns the clean-up. Keys are stopped from reaching JupyterLab (its own shortcuts
 * would move between cells).
 */
export function arrowNav(container: HTMLElement | SVGElement, opts: ArrowNavOptions): () => void {
  const centre = opts.centre ?? boxCentre;
  const onKey = (ev: Event): void => {
    const e = ev as KeyboardEvent;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const items = opts.items();
    const target = e.target as Element | null;
    const from = target ? items.findIndex((i) => i === target || i.contains(target)) : -1;
    if (from < 0) return;
    const item = items[from];
    const dir = ARROWS[e.key];
    if (dir) {
      e.preventDefault();
      e.stopPropagation();
      const next = nextItem(items.map(centre), from, dir);
      if (next >= 0) focusItem(items, items[next], opts.onFocus);
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && !actsNatively(item)) {
      e.preventDefault();
      e.stopPropagation();
      item.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    }
  };
  const onFocusIn = (ev: Event): void => {
    const items = opts.items();
    const target = ev.target as Element | null;
    const item = items.find((i) => i === target);
    if (!item) return;
    rove(items, item);
    opts.onFocus?.(item);
  };
  container.addEventListener("keydown", onKey);
  container.addEventListener("focusin", onFocusIn);
  return () => {
    container.removeEventListener("keydown", onKey);
    container.removeEventListener("focusin", onFocusIn);
  };
}

function focusItem(items: Element[], item: Element, onFocus?: (e: Element) => void): void {
  rove(items, item);
  (item as HTMLElement | SVGElement).focus({ preventScroll: false });
  onFocus?.(item);
}

/**
 * The cards of a card table as one keyboard group: arrows between cards (by their place
 * on screen), Enter/Space to use one, and a single tab stop that `refresh` (after each
 * redraw) puts on the focused card, else on the first card one may use, else the first.
 */
export class CardNav {
  private readonly stop: () => void;

  constructor(
    private readonly root: HTMLElement,
    private readonly selector: string,
    private readonly preferred = ".is-option",
  ) {
    this.stop = arrowNav(root, { items: () => this.items() });
  }

  items(): HTMLElement[] {
    return [...this.root.querySelectorAll<HTMLElement>(this.selector)];
  }

  refresh(): void {
    const items = this.items();
    const active = document.activeElement;
    const current = items.find((i) => i === active) ?? items.find((i) => i.matches(this.preferred)) ?? items[0] ?? null;
    rove(items, current);
  }

  destroy(): void {
    this.stop();
  }
}
