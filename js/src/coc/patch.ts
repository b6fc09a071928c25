// Compact view updates from Python (clash_widget/engine/session.py, make_patch): after an
// action only the changed top-level keys and the log's new tail travel. A patch
// applies to the view of version `base` only; any other view asks for a full one.

import type { LogEntry, View } from "./model";

export interface ViewPatch {
  base: number;
  to: number;
  set: Partial<View> & Record<string, unknown>;
  unset?: string[];
  log?: { drop: number; add: LogEntry[] };
}

export function isPatch(p: unknown): p is ViewPatch {
  const x = p as ViewPatch;
  return !!x && typeof x === "object" && typeof x.base === "number" && typeof x.to === "number" && !!x.set;
}

/** What to do with a patch given the view we have. */
export function patchFits(view: View | null, p: ViewPatch): "apply" | "old" | "resync" {
  if (!view) return "resync";
  if (view.version === p.base) return "apply";
  return view.version >= p.to ? "old" : "resync";
}

/** A NEW view: `view` with the patch applied (the input is not changed). */
export function applyPatch(view: View, p: ViewPatch): View {
  const out: Record<string, unknown> = { ...view, ...p.set };
  for (const k of p.unset ?? []) delete out[k];
  if (p.log) out.log = [...(view.log ?? []).slice(p.log.drop), ...p.log.add];
  return out as unknown as View;
}
