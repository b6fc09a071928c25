"""A review as a standalone HTML page: the summary, the advantage graph as inline SVG (no
script, no download from elsewhere) and every judged decision in a table."""

from __future__ import annotations

from html import escape

from ..engine.seats import ink
from .review import THRESHOLDS, Review

WIDTH, HEIGHT, PAD = 720, 260, 40


def advantage_svg(review: Review) -> str:
    """Each player's winning chances over the game, as the reviewed seat could judge them:
    one line per player, a dot on each flagged move (its words in a tooltip)."""
    series = review.series
    label = f"Winning chances of each player over {review.player}'s game"
    if not series:
        return f'<svg role="img" aria-label="{escape(label)}: no decision to plot"></svg>'
    first, last = series[0][0], series[-1][0]
    span = max(1, last - first)

    def x(move: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * (move - first) / span

    def y(chance: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * chance

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{escape(label)}" data-graph="advantage">',
        f"<title>{escape(label)}</title>",
    ]
    for level in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(level):.1f}" y2="{y(level):.1f}" '
            f'stroke="#bbb" stroke-dasharray="{"" if level == 0.5 else "2 4"}"/>'
            f'<text x="{PAD - 6}" y="{y(level) + 4:.1f}" text-anchor="end" font-size="11">'
            f"{100 * level:.0f}%</text>"
        )
    parts.append(
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 8}" text-anchor="middle" font-size="11">'
        f"move of the game</text>"
    )
    for seat, name in enumerate(review.players):
        points = " ".join(f"{x(m):.1f},{y(cs[seat]):.1f}" for m, cs in series)
        parts.append(
            f'<polyline fill="none" stroke="{ink(seat)}" stroke-width="2" points="{points}" '
            f'data-seat="{seat}"><title>{escape(name)}</title></polyline>'
        )
    for d in review.flagged:
        parts.append(
            f'<circle cx="{x(d.move):.1f}" cy="{y(d.chances[review.seat]):.1f}" r="5" '
            f'fill="#fff" stroke="#000" data-move="{d.move}" data-verdict="{d.verdict}">'
            f"<title>{escape(d.text)}</title></circle>"
        )
    legend_x = PAD
    for seat, name in enumerate(review.players):
        parts.append(
            f'<rect x="{legend_x}" y="8" width="12" height="12" fill="{ink(seat)}"/>'
            f'<text x="{legend_x + 16}" y="18" font-size="12">{escape(name)}</text>'
        )
        legend_x += 24 + 8 * len(name)
    parts.append("</svg>")
    return "".join(parts)


def review_html(review: Review) -> str:
    """The review as one HTML page (UTF-8), readable offline."""
    rows = "".join(
        f'<tr data-verdict="{d.verdict}"><td>{d.move}</td><td>{escape(d.played)}</td>'
        f"<td>{d.verdict}</td><td>{escape(d.text)}</td></tr>"
        for d in review.decisions
    )
    thresholds = ", ".join(f"{name} from {100 * at:.0f} points" for name, at in THRESHOLDS)
    summary = "".join(f"<p>{escape(line)}</p>" for line in review.summary.splitlines())
    title = f"Review of {review.player}'s game"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border-bottom: 1px solid #ccc; padding: .3rem; text-align: left; vertical-align: top; }}
tr[data-verdict="blunder"] td:nth-child(3) {{ color: #a00; font-weight: bold; }}
tr[data-verdict="mistake"] td:nth-child(3) {{ color: #a40; font-weight: bold; }}
svg {{ width: 100%; height: auto; }}
</style></head>
<body><main>
<h1>{escape(title)}</h1>
{summary}
<h2>Winning chances over the game</h2>
{advantage_svg(review)}
<p>A move is judged by the winning chances it lost against the best move the coach found
(a loss inside the noise of its simulated games is "about equal" and called good):
{escape(thresholds)} of winning chances.</p>
<h2>Every decision with a choice</h2>
<table><thead><tr><th>Move</th><th>Played</th><th>Verdict</th><th>What the coach says</th>
</tr></thead><tbody>{rows}</tbody></table>
{f"<p>{escape(review.outcome)}</p>" if review.outcome else ""}
</main></body></html>
"""
