// The play page's own styles (the page shell, clash_widget/server/pages.py, has none of
// these): the greyed board while disconnected, the notes and the end-of-game panel.
export const PAGE_CSS = `
#clash-table.clash-offline { filter: grayscale(1); opacity: 0.45; pointer-events: none; user-select: none; }
#clash-status[data-state="refused"] { margin: 6px 0; padding: 6px 10px; border-left: 4px solid #c62828; background: #fdecea; color: #8e1b1b; font-weight: 600; font-size: 1.05em; }
#clash-offline-note { margin: 6px 0; padding: 6px 10px; border-left: 4px solid #c62828; background: #fdecea; color: #8e1b1b; font-weight: 600; }
#clash-paused, #clash-rematch { margin: 6px 0; padding: 6px 10px; border-left: 4px solid #9c6c00; background: #fff8e1; }
#clash-watch { margin: 6px 0; }
#clash-table[data-hints="false"] [class*="-control-coach"] { display: none; }
#clash-hint { margin: 6px 0; padding: 4px 14px 8px; border-left: 4px solid #0b5cad; background: #f2f7fd; max-width: 60em; }
#clash-hint h2 { margin: 0.3em 0; font-size: 1.1em; }
#clash-hint ul { margin: 0.2em 0; padding-left: 1.4em; }
#clash-hint p { margin: 0.4em 0 0; font-weight: 600; }
.clash-console-link { margin-left: 1.5em; }
#clash-end { margin: 10px 0; padding: 8px 14px 12px; border: 2px solid #0b5cad; border-radius: 6px; background: #f2f7fd; max-width: 46em; }
#clash-end h2 { margin: 0.2em 0; font-size: 1.2em; }
.clash-end-winners { font-weight: 700; font-size: 1.1em; }
.clash-end-scores caption { text-align: left; font-weight: 600; }
.clash-end-scores tr.winner th, .clash-end-scores tr.winner td { background: #e3f0d8; }
.clash-end-scores td { text-align: right; }
.clash-join-form { margin: 8px 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.clash-join-form input { font: inherit; padding: 3px 6px; }
.clash-join-form button { font: inherit; padding: 3px 12px; }
#clash-play :focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
`;
