// Zoom and pan of an SVG through its viewBox. Zoom: buttons and ctrl+wheel
// (around the pointer); pan: drag with the primary button. A drag longer than a
// few pixels swallows the click that follows, so panning never selects a hex.

import type { Box } from "./hex";

const DRAG_THRESHOLD_PX = 4;
const MIN_SCALE = 0.25; // fraction of the fitted box: 4x zoom-in at most
const MAX_SCALE = 2.5; // 2.5x zoom-out at most

export class Viewport {
  private home: Box = { x: 0, y: 0, width: 100, height: 100 };
  private box: Box = { ...this.home };
  private drag: { id: number; x: number; y: number; box: Box; moved: boolean } | null = null;
  private suppressClick = false;
  private readonly listeners: [string, EventListener, AddEventListenerOptions?][] = [];

  constructor(private readonly svg: SVGSVGElement) {
    this.listen("wheel", (e) => this.onWheel(e as WheelEvent), { passive: false });
    this.listen("pointerdown", (e) => this.onDown(e as PointerEvent));
    this.listen("pointermove", (e) => this.onMove(e as PointerEvent));
    this.listen("pointerup", (e) => this.onUp(e as PointerEvent));
    this.listen("pointercancel", (e) => this.onUp(e as PointerEvent));
    // Capture phase: runs before the board's click handler.
    this.listen(
      "click",
      (e) => {
        if (this.suppressClick) {
          e.stopPropagation();
          e.preventDefault();
          this.suppressClick = false;
        }
      },
      { capture: true },
    );
  }

  private listen(type: string, fn: EventListener, opts?: AddEventListenerOptions): void {
    this.svg.addEventListener(type, fn, opts);
    this.listeners.push([type, fn, opts]);
  }

  destroy(): void {
    for (const [t, fn, o] of this.listeners) this.svg.removeEventListener(t, fn, o);
    this.listeners.length = 0;
  }

  /** Set the box that "fit" returns to; keeps the current zoom if asked. */
  setHome(box: Box, keepZoom: boolean): void {
    const changed =
      box.x !== this.home.x ||
      box.y !== this.home.y ||
      box.width !== this.home.width ||
      box.height !== this.home.height;
    this.home = { ...box };
    if (!keepZoom || changed) this.fit();
  }

  fit(): void {
    this.apply({ ...this.home });
  }

  get scale(): number {
    return this.box.width / this.home.width;
  }

  /** Zoom by `factor` (< 1 zooms in) around a point in SVG coordinates (default: centre). */
  zoom(factor: number, cx?: number, cy?: number): void {
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    const f = s / this.scale;
    const px = cx ?? this.box.x + this.box.width / 2;
    const py = cy ?? this.box.y + this.box.height / 2;
    this.apply({
      x: px - (px - this.box.x) * f,
      y: py - (py - this.box.y) * f,
      width: this.box.width * f,
      height: this.box.height * f,
    });
  }

  private apply(b: Box): void {
    this.box = b;
    const r = (n: number) => Math.round(n * 100) / 100;
    this.svg.setAttribute("viewBox", `${r(b.x)} ${r(b.y)} ${r(b.width)} ${r(b.height)}`);
  }

  /** SVG units per screen pixel (the viewBox is fitted with "meet"). */
  private unitsPerPx(): number {
    const rect = this.svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return 1;
    return Math.max(this.box.width / rect.width, this.box.height / rect.height);
  }

  private toSvg(clientX: number, clientY: number): { x: number; y: number } {
    const rect = this.svg.getBoundingClientRect();
    const k = this.unitsPerPx();
    // "meet" centres the box: offsets of the unused space on each axis.
    const ox = (rect.width * k - this.box.width) / 2;
    const oy = (rect.height * k - this.box.height) / 2;
    return {
      x: this.box.x - ox + (clientX - rect.left) * k,
      y: this.box.y - oy + (clientY - rect.top) * k,
    };
  }

  private onWheel(e: WheelEvent): void {
    if (!e.ctrlKey && !e.metaKey) return; // plain wheel scrolls the notebook
    e.preventDefault();
    const p = this.toSvg(e.clientX, e.clientY);
    this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    this.suppressClick = false;
    this.drag = { id: e.pointerId, x: e.clientX, y: e.clientY, box: { ...this.box }, moved: false };
  }

  private onMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!d.moved) {
      d.moved = true;
      this.svg.classList.add("is-panning");
      try {
        this.svg.setPointerCapture(e.pointerId);
      } catch {
        /* pointer capture is optional */
      }
    }
    const k = this.unitsPerPx();
    this.apply({ ...d.box, x: d.box.x - dx * k, y: d.box.y - dy * k });
  }

  private onUp(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.drag = null;
    if (d.moved) {
      this.suppressClick = true;
      this.svg.classList.remove("is-panning");
    }
  }
}
