// A keyboard player never loses their place. Three guards, one per way it was lost:
// - a redraw that removes (or disables) the focused control would drop the focus on the
//   page's <body>: the FocusKeeper sees it and puts the focus on the next useful place;
// - a move made from a control leaves the focus on that control, and a second Enter
//   would play again (End turn twice): after the move the app moves the focus on
//   (see MatchApp.focusAfterMove);
// - keys typed into a select or a text box belong to it: JupyterLab's notebook shortcuts
//   (↓ to the next cell) listen on the document and would take them.

/** The form controls (and the log's scroll box) whose keys are their own. */
export const OWN_KEYS = "select, input, textarea, .match-log-box";

/**
 * Keys pressed in a form control inside `root` stop at `root` (Lumino listens on the
 * document), and a focused control is marked `data-lm-suppress-shortcuts`, which
 * Lumino's key matcher honours even when it listens in the capture phase.
 * Tab and Shift+Tab still move between controls. Returns the clean-up.
 */
export function keepFormKeys(root: HTMLElement): () => void {
  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as Element | null;
    if (!t || !t.matches?.(OWN_KEYS) || e.key === "Tab") return;
    e.stopPropagation();
  };
  const onFocusIn = (e: FocusEvent): void => {
    const t = e.target as Element | null;
    if (t?.matches?.(OWN_KEYS) && !t.hasAttribute("data-lm-suppress-shortcuts")) t.setAttribute("data-lm-suppress-shortcuts", "true");
  };
  root.addEventListener("keydown", onKey);
  root.addEventListener("focusin", onFocusIn);
  return () => {
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("focusin", onFocusIn);
  };
}

type Focusable = HTMLElement | SVGElement;

function isGone(e: Element, root: HTMLElement): boolean {
  return !e.isConnected || !root.contains(e) || (e as HTMLButtonElement).disabled === true || (e as HTMLElement).hidden === true;
}

function onPage(a: Element | null): boolean {
  return !a || a === document.body || a === document.documentElement;
}

/**
 * Watches the focus inside `root`: when a change of the DOM takes it away (the focused
 * element removed, disabled or hidden) and nothing else has it, `next()` says where it
 * goes (never the page). When the person moves the focus out themselves (a click on a
 * notebook cell, Tab past the widget), the keeper lets go.
 */
export class FocusKeeper {
  private last: Element | null = null;
  private readonly observer: MutationObserver | null;

  constructor(
    private readonly root: HTMLElement,
    private readonly next: () => Focusable | null,
  ) {
    root.addEventListener("focusin", this.onFocusIn);
    root.addEventListener("focusout", this.onFocusOut);
    this.observer = typeof MutationObserver === "undefined" ? null : new MutationObserver(() => this.check());
    this.observer?.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden"] });
  }

  destroy(): void {
    this.root.removeEventListener("focusin", this.onFocusIn);
    this.root.removeEventListener("focusout", this.onFocusOut);
    this.observer?.disconnect();
  }

  /** The element inside the root that had the focus last (null: the person left the widget). */
  get lastFocused(): Element | null {
    return this.last;
  }

  private onFocusIn = (e: FocusEvent): void => {
    this.last = e.target as Element;
  };

  private onFocusOut = (e: FocusEvent): void => {
    const to = e.relatedTarget as Node | null;
    if (to && !this.root.contains(to)) {
      this.last = null; // moved elsewhere on purpose
      return;
    }
    if (to) return;
    // Focus going nowhere: a removal (ours to fix) or a click on the page (theirs).
    const from = e.target as Element;
    setTimeout(() => {
      if (this.last === from && !isGone(from, this.root) && onPage(document.activeElement)) this.last = null;
    }, 0);
  };

  /** After a change of the DOM: put a lost focus back. */
  check(): void {
    const last = this.last;
    if (!last || !this.root.isConnected) return;
    const a = document.activeElement;
    if (!(onPage(a) || (a === last && isGone(last, this.root)))) return;
    if (!isGone(last, this.root)) return;
    const target = this.next() ?? this.root;
    target.focus({ preventScroll: true });
  }
}
