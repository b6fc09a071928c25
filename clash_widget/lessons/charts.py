"""Line charts for the lessons: matplotlib where it is installed, else SVG and a table.

The course's offline JupyterLite site (``make lite``) runs on Pyodide without
matplotlib, numpy or pillow: those exist for the browser only as compiled
packages, which are not on PyPI. There :func:`show_charts` draws the same panels
as plain SVG, says why in one line, and lists the numbers in a table; with
matplotlib (a Jupyter server, or a site built with the full Pyodide) it draws the
figure as before. Either way a notebook cell just calls::

    show_charts([Panel("open field", "attacking armies", "attacker wins (%)",
                       [Series("1 defending", [1, 2, 3, 4], [58.3, 80.1, 92.0, 97.3])])])
"""

from __future__ import annotations

import html
import importlib.util
import math
from dataclasses import dataclass, field
from typing import Any

# matplotlib's default colour cycle, so both drawings look alike.
CYCLE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2")
NO_PLOTTING = (
    "matplotlib is not available in this offline site (it is compiled for Python in "
    "the browser and not on PyPI), so the chart is drawn without it; the numbers are below."
)
NO_PLOTTING_TABLE = (
    "matplotlib is not available in this offline site (it is compiled for Python in "
    "the browser and not on PyPI), so the numbers of the chart are shown as a table."
)


@dataclass
class Series:
    """One line (``kind="line"``) or a set of dots (``kind="points"``)."""

    label: str
    x: list[float]
    y: list[float]
    color: str | None = None
    kind: str = "line"


@dataclass
class Panel:
    title: str
    xlabel: str
    ylabel: str
    series: list[Series] = field(default_factory=list)
    xticks: list[float] | None = None
    xticklabels: list[str] | None = None
    legend: bool = True


def plotting_available() -> bool:
    """Whether matplotlib can be imported here."""
    return importlib.util.find_spec("matplotlib") is not None


def show_charts(
    panels: list[Panel],
    *,
    size: tuple[float, float] = (10, 3.6),
    sharey: bool = False,
    plotting: bool | None = None,
) -> None:
    """Display ``panels`` side by side (``plotting=False`` forces the SVG drawing)."""
    from IPython.display import HTML, display

    if plotting if plotting is not None else plotting_available():
        _matplotlib(panels, size, sharey)
    else:
        display(HTML(charts_html(panels, size=size, sharey=sharey)))


def _matplotlib(panels: list[Panel], size: tuple[float, float], sharey: bool) -> None:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(panels), figsize=size, sharey=sharey, squeeze=False)
    for ax, p in zip(axes[0], panels, strict=True):
        for i, s in enumerate(p.series):
            color = s.color or (None if s.kind == "line" else "black")
            if s.kind == "points":
                ax.scatter(s.x, s.y, color=color, zorder=5, s=18, label=s.label)
            else:
                ax.plot(s.x, s.y, marker="o", label=s.label, color=color or CYCLE[i % len(CYCLE)])
        ax.set_title(p.title, fontsize=10)
        ax.set_xlabel(p.xlabel)
        ax.set_ylabel(p.ylabel)
        if p.xticks is not None:
            ax.set_xticks(p.xticks, p.xticklabels or [_fmt(t) for t in p.xticks])
        ax.grid(alpha=0.3)
        if p.legend and p.series:
            ax.legend(loc="best", fontsize=8)
    plt.tight_layout()
    _show_png(fig, describe(panels))


def describe(panels: list[Panel]) -> str:
    """Charts in words: each panel's title, its axes and its lines."""
    said = []
    for p in panels:
        lines = ", ".join(s.label for s in p.series if s.label)
        said.append(
            f"{p.title}: {p.ylabel} against {p.xlabel}" + (f", for {lines}" if lines else "")
        )
    return ("A chart. " if len(panels) == 1 else f"{len(panels)} charts. ") + "; ".join(said) + "."


# ------------------------------------------------------------ the SVG drawing ---


def _nice_max(v: float) -> float:
    """The smallest 1, 2, 2.5 or 5 times a power of ten that is at least ``v``."""
    if v <= 0:
        return 1.0
    mag = 10 ** math.floor(math.log10(v))
    return next(step * mag for step in (1, 2, 2.5, 5, 10) if step * mag >= v)


def _fmt(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 1e-9 else f"{v:.2f}".rstrip("0").rstrip(".")


def panel_svg(p: Panel, width: int = 480, height: int = 300, ymax: float | None = None) -> str:
    """One panel as an SVG string (axes, grid, lines with dots, legend)."""
    left, right, top, bottom = 52, 12, 26, 44
    pw, ph = width - left - right, height - top - bottom
    xs = [x for s in p.series for x in s.x] + list(p.xticks or [])
    ys = [y for s in p.series for y in s.y]
    x0, x1 = (min(xs), max(xs)) if xs else (0.0, 1.0)
    if x1 == x0:
        x1 = x0 + 1
    top_y = ymax if ymax is not None else _nice_max(max(ys) if ys else 1.0)

    def sx(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * pw

    def sy(y: float) -> float:
        return top + ph - y / top_y * ph

    e = html.escape
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'style="flex:1 1 320px;max-width:{width}px;height:auto" '
        'font-family="sans-serif" font-size="11">',
        f'<text x="{left + pw / 2}" y="16" text-anchor="middle" font-size="12">{e(p.title)}</text>',
    ]
    for k in range(6):  # horizontal grid and y ticks
        v = top_y * k / 5
        y = sy(v)
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + pw}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{_fmt(v)}</text>'
        )
    ticks = p.xticks if p.xticks is not None else sorted(set(xs))
    labels = p.xticklabels or [_fmt(t) for t in ticks]
    for t, lab in zip(ticks, labels, strict=False):
        x = sx(t)
        out.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + ph}" stroke="#eee"/>'
            f'<text x="{x:.1f}" y="{top + ph + 14}" text-anchor="middle">{e(lab)}</text>'
        )
    out.append(
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>'
        f'<text x="{left + pw / 2}" y="{height - 6}" text-anchor="middle">{e(p.xlabel)}</text>'
        f'<text transform="translate(12 {top + ph / 2}) rotate(-90)" '
        f'text-anchor="middle">{e(p.ylabel)}</text>'
    )
    legend = []
    for i, s in enumerate(p.series):
        color = s.color or ("black" if s.kind == "points" else CYCLE[i % len(CYCLE)])
        pts = [(sx(x), sy(y)) for x, y in zip(s.x, s.y, strict=True)]
        if s.kind == "line" and len(pts) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            out.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        for x, y in pts:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
        legend.append((s.label, color))
    if p.legend:
        for j, (label, color) in enumerate(legend):
            y = top + 10 + 14 * j
            out.append(
                f'<circle cx="{left + 10}" cy="{y - 4}" r="4" fill="{color}"/>'
                f'<text x="{left + 18}" y="{y}">{e(label)}</text>'
            )
    out.append("</svg>")
    return "".join(out)


def panel_table(p: Panel) -> str:
    """The panel's numbers: one row per x, one column per series."""
    e = html.escape
    xs = sorted({x for s in p.series for x in s.x})
    names = dict(zip(p.xticks or [], p.xticklabels or [], strict=False))
    head = "".join(f"<th>{e(s.label)}</th>" for s in p.series)
    rows = []
    for x in xs:
        cells = []
        for s in p.series:
            vals = [y for xx, y in zip(s.x, s.y, strict=True) if xx == x]
            cells.append(f"<td>{_fmt(round(vals[0], 2)) if vals else ''}</td>")
        rows.append(f"<tr><th>{e(names.get(x, _fmt(x)))}</th>{''.join(cells)}</tr>")
    return (
        f"<table><caption>{e(p.title)}: {e(p.ylabel)}</caption>"
        f"<thead><tr><th>{e(p.xlabel)}</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def charts_html(
    panels: list[Panel], *, size: tuple[float, float] = (10, 3.6), sharey: bool = False
) -> str:
    """The note, the panels as SVG side by side, and their numbers."""
    width = int(size[0] * 96 / max(1, len(panels)))
    height = int(size[1] * 84)
    ymax = None
    if sharey:
        ys = [y for p in panels for s in p.series for y in s.y]
        ymax = _nice_max(max(ys)) if ys else None
    svgs = "".join(panel_svg(p, width, height, ymax) for p in panels)
    tables = "".join(panel_table(p) for p in panels)
    return (
        f'<div class="clash-chart"><p><em>{html.escape(NO_PLOTTING)}</em></p>'
        f'<div style="display:flex;flex-wrap:wrap;gap:8px">{svgs}</div>'
        f'<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start">{tables}</div>'
        "</div>"
    )


def table_html(columns: list[str], rows: list[list[Any]], caption: str = "") -> str:
    """A plain HTML table (numbers rounded to 3 significant places)."""
    e = html.escape

    def cell(v: Any) -> str:
        return e(f"{v:.3g}" if isinstance(v, float) else str(v))

    head = "".join(f"<th>{e(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in r) + "</tr>" for r in rows)
    cap = f"<caption>{e(caption)}</caption>" if caption else ""
    return f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def show_table(columns: list[str], rows: list[list[Any]], caption: str = "") -> None:
    """Display the numbers of a chart that cannot be drawn here, with the one-line why.

    For charts :func:`show_charts` does not draw (bars, box plots): a notebook draws
    with matplotlib when :func:`plotting_available`, else shows the same numbers here.
    """
    from IPython.display import HTML, display

    display(
        HTML(
            f"<p><em>{html.escape(NO_PLOTTING_TABLE)}</em></p>" + table_html(columns, rows, caption)
        )
    )


# ---------------------------------------------------------- horizontal bars ---


@dataclass
class Bar:
    """One row of a horizontal bar chart: a bar from 0 to ``value``, an optional 95%
    interval drawn as a black whisker, and a short note written after it."""

    label: str
    value: float
    low: float | None = None
    high: float | None = None
    note: str = ""
    color: str | None = None


def _bar_range(bars: list[Bar], ref: float | None) -> tuple[float, float]:
    ends = [0.0] + [b.value for b in bars]
    ends += [x for b in bars for x in (b.low, b.high) if x is not None]
    if ref is not None:
        ends.append(ref)
    lo, hi = min(ends), max(ends)
    pad = (hi - lo) * 0.05 or 1.0
    return (lo - pad if lo < 0 else 0.0, hi + pad)


def show_bars(
    bars: list[Bar],
    *,
    title: str,
    xlabel: str,
    ref: float | None = None,
    xlim: tuple[float, float] | None = None,
    plotting: bool | None = None,
) -> None:
    """Display a horizontal bar chart (``ref``: a dashed reference line, e.g. 0 or 50%).

    With matplotlib it draws a figure; without it (the offline site) the same bars as
    SVG, the one-line why, and the numbers in a table.
    """
    from IPython.display import HTML, display

    if plotting if plotting is not None else plotting_available():
        _matplotlib_bars(bars, title, xlabel, ref, xlim)
    else:
        display(HTML(bars_html(bars, title=title, xlabel=xlabel, ref=ref, xlim=xlim)))


def _matplotlib_bars(
    bars: list[Bar], title: str, xlabel: str, ref: float | None, xlim: tuple[float, float] | None
) -> None:
    import matplotlib.pyplot as plt

    lo, hi = xlim or _bar_range(bars, ref)
    fig, ax = plt.subplots(figsize=(9, 0.45 * len(bars) + 1.4))
    ys = list(range(len(bars)))
    colors = [b.color or CYCLE[0] for b in bars]
    ax.barh(ys, [b.value for b in bars], color=colors, height=0.6)
    for y, b in zip(ys, bars, strict=True):
        if b.low is not None and b.high is not None:
            ax.plot([b.low, b.high], [y, y], color="black", lw=1.5)
            ax.plot([b.low, b.low], [y - 0.15, y + 0.15], color="black", lw=1.5)
            ax.plot([b.high, b.high], [y - 0.15, y + 0.15], color="black", lw=1.5)
        if b.note:
            end = max(v for v in (b.value, b.high, 0.0) if v is not None)
            ax.text(end + (hi - lo) * 0.01, y, b.note, va="center", fontsize=8)
    if ref is not None:
        ax.axvline(ref, ls="--", color="grey")
    ax.set_yticks(ys, [b.label for b in bars])
    ax.set_xlim(lo, hi + (hi - lo) * (0.25 if any(b.note for b in bars) else 0))
    ax.invert_yaxis()
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    plt.tight_layout()
    _show_png(fig, describe_bars(bars, title, xlabel))


def _show_png(fig: Any, words: str) -> None:
    """Show a figure as a PNG whose text is ``words``: the read-only course makes that the
    picture's alternative text (a chart is more than "<Figure size 1000x360>")."""
    import base64
    import io

    import matplotlib.pyplot as plt
    from IPython.display import display

    png = io.BytesIO()
    fig.savefig(png, format="png", dpi=fig.dpi)
    plt.close(fig)
    data = base64.b64encode(png.getvalue()).decode("ascii")
    display({"image/png": data, "text/plain": words}, raw=True)


def describe_bars(bars: list[Bar], title: str, xlabel: str) -> str:
    """A bar chart in words: its title, its axis and each bar's value."""
    rows = "; ".join(f"{b.label}: {_fmt(b.value)}" for b in bars)
    return f"A bar chart. {title} ({xlabel}): {rows}."


def bars_svg(
    bars: list[Bar],
    *,
    title: str,
    xlabel: str,
    ref: float | None = None,
    xlim: tuple[float, float] | None = None,
    width: int = 720,
) -> str:
    """The bar chart as an SVG string (labels on the left, notes after the bars)."""
    e = html.escape
    left, right, top, row = 170, 150, 26, 24
    pw = width - left - right
    height = top + row * len(bars) + 40
    lo, hi = xlim or _bar_range(bars, ref)
    span = (hi - lo) or 1.0

    def sx(x: float) -> float:
        return left + (min(max(x, lo), hi) - lo) / span * pw

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'style="max-width:{width}px;width:100%;height:auto" font-family="sans-serif" '
        'font-size="11">',
        f'<text x="{left + pw / 2}" y="16" text-anchor="middle" font-size="12">{e(title)}</text>',
    ]
    base = top + row * len(bars)
    step = _nice_max(span / 5)  # round ticks: 1, 2, 2.5 or 5 times a power of ten
    ticks = [step * k for k in range(math.ceil(lo / step), math.floor(hi / step) + 1)]
    for v in ticks:  # vertical grid and x ticks
        x = sx(v)
        out.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{base}" stroke="#ddd"/>'
            f'<text x="{x:.1f}" y="{base + 14}" text-anchor="middle">{_fmt(round(v, 2))}</text>'
        )
    for i, b in enumerate(bars):
        y = top + row * i + row / 2
        x0, x1 = sorted((sx(0.0), sx(b.value)))
        color = b.color or CYCLE[0]
        out.append(
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{e(b.label)}</text>'
            f'<rect x="{x0:.1f}" y="{y - row * 0.3:.1f}" width="{max(x1 - x0, 0.5):.1f}" '
            f'height="{row * 0.6:.1f}" fill="{color}"/>'
        )
        end = x1
        if b.low is not None and b.high is not None:
            a, c = sx(b.low), sx(b.high)
            out.append(
                f'<path d="M{a:.1f},{y:.1f}H{c:.1f}M{a:.1f},{y - 4:.1f}V{y + 4:.1f}'
                f'M{c:.1f},{y - 4:.1f}V{y + 4:.1f}" stroke="black" stroke-width="1.5"/>'
            )
            end = max(end, c)
        if b.note:
            out.append(f'<text x="{end + 4:.1f}" y="{y + 4:.1f}">{e(b.note)}</text>')
    if ref is not None:
        x = sx(ref)
        out.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{base}" stroke="grey" '
            'stroke-dasharray="4 3"/>'
        )
    out.append(
        f'<rect x="{left}" y="{top}" width="{pw}" height="{base - top}" fill="none" stroke="#888"/>'
        f'<text x="{left + pw / 2}" y="{height - 6}" text-anchor="middle">{e(xlabel)}</text></svg>'
    )
    return "".join(out)


def bars_html(
    bars: list[Bar],
    *,
    title: str,
    xlabel: str,
    ref: float | None = None,
    xlim: tuple[float, float] | None = None,
) -> str:
    """The note, the SVG bars and their numbers in a table."""
    intervals = any(b.low is not None for b in bars)
    columns = ["", xlabel] + (["95% interval"] if intervals else []) + [""]
    rows = []
    for b in bars:
        row: list[Any] = [b.label, round(b.value, 3)]
        if intervals:
            row.append(
                "" if b.low is None else f"{_fmt(round(b.low, 2))} to {_fmt(round(b.high or 0, 2))}"
            )
        rows.append([*row, b.note])
    return (
        f'<div class="clash-chart"><p><em>{html.escape(NO_PLOTTING)}</em></p>'
        + bars_svg(bars, title=title, xlabel=xlabel, ref=ref, xlim=xlim)
        + table_html(columns, rows, title)
        + "</div>"
    )
