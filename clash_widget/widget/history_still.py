"""History CCG's still picture: the card table as the learner saw it, as SVG.

The live table (``js/src/history/table.ts``) is drawn again with the same parts in the same
order and at the same sizes (13 px text, 12 px cards, 11 px small print): the banner and the
prompt, the initiative order as chips, the last culture clash as two hands of card faces,
the cards pulled face up, then one panel per player framed in their colour: the facts line,
research and techs, each city in a box (its card, population, capital badge, yields, and the
terrains, creations, units and production as cards), and the council (cards, or backs and a
count). A card is the table's card: its owner's colour on the top edge, its kind's tint, its
face (rank and the suit's symbol in the suit's colour), its name, and its numbers in words;
a card an action can use now has the table's blue outline, an exhausted one is tilted and
says so, one being produced is dashed. The ``<desc>`` says the position in words (the read-only
course's alternative text). Drawn from the shown seat's view only (documented keys).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .picture import seat_color, seat_name

WIDTH = 800.0  # a notebook cell in JupyterLab's default layout
PAD = 8.0
FG = "#1f1f1f"
FG2 = "#454545"  # the table's secondary text (≥ 7:1 on white, ≥ 6:1 on the city boxes)
BG2 = "#eeeeee"
CARD_BG = "#ffffff"
BORDER = "#cccccc"
ACCENT = "#1976d2"
BAD = "#a3241c"
FONT = 'font-family="sans-serif"'
LOG_SHOWN = 6


def _mix(a: str, b: str, share: float) -> str:
    """``share`` of colour ``a`` mixed with ``b`` (CSS ``color-mix(in srgb, a share, b)``)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(ca, cb, strict=True)
    )


# The suits' colours and the card kinds' tints, as history.css mixes them in the light theme.
SUIT_INK = {
    "sun": _mix("#d35400", FG, 0.6),
    "moon": _mix("#3f51b5", FG, 0.6),
    "star": _mix("#a07800", FG, 0.6),
    "wave": _mix("#00838f", FG, 0.6),
    "leaf": _mix("#2e7d32", FG, 0.6),
    "hearts": "#c62828",
    "diamonds": "#c62828",
}
KIND_FILL = {
    "terrain": _mix("#8bc34a", CARD_BG, 0.14),
    "unit": _mix("#ff7043", CARD_BG, 0.14),
    "creation": _mix("#ffc107", CARD_BG, 0.16),
    "tech": _mix("#2196f3", CARD_BG, 0.14),
}
CARD_ID = re.compile(r"^\d+-\d\d$")


# Characters' widths as shares of the font size: Arial's metrics, rounded up a little so
# that a wider sans-serif (DejaVu Sans, a browser's fallback) still fits its box.
NARROW, WIDE = set("ijlft.,:;'!|·() -"), set("mwMW@%")


def _w(text: str, size: float) -> float:
    """The width of ``text`` at ``size`` px, estimated (an SVG file cannot measure text)."""
    share = 0.0
    for ch in text:
        if ch in NARROW:
            share += 0.3
        elif ch in WIDE:
            share += 0.85
        elif ch.isupper():
            share += 0.68
        else:  # digits and most lower-case letters
            share += 0.54
    return share * size


def _t(x: float, y: float, text: str, size: float, fill: str = FG, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" fill="{fill}"{extra}>'
        f"{escape(text)}</text>"
    )


def _wrap(words: str, width: float, size: float = 13) -> list[str]:
    """``words`` in lines at most ``width`` px wide at ``size`` px (a long word keeps its
    own line)."""
    lines: list[str] = []
    for word in words.split():
        if lines and _w(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def face_words(card: dict[str, Any]) -> str:
    return str(card.get("face_words") or card.get("face") or "")


@dataclass
class Box:
    """A drawn thing of a known size; ``draw(x, y)`` gives its SVG at that corner."""

    w: float
    h: float
    parts: list[tuple[str, float, float]] = field(default_factory=list)  # (svg, dx, dy)

    def add(self, svg: str, dx: float = 0.0, dy: float = 0.0) -> None:
        self.parts.append((svg, dx, dy))

    def draw(self, x: float, y: float) -> str:
        return "".join(
            f'<g transform="translate({x + dx:.1f} {y + dy:.1f})">{svg}</g>'
            if x + dx or y + dy
            else svg
            for svg, dx, dy in self.parts
        )


def flow(boxes: list[Box], width: float, gap: float, *, centre: bool = False) -> Box:
    """Boxes left to right, wrapping at ``width`` (the table's flex rows); ``centre``: the
    boxes of a row share its centre line (a line of text and chips), else its top (cards)."""
    rows: list[list[Box]] = [[]]
    x = 0.0
    for b in boxes:
        if rows[-1] and x + b.w > width:
            rows.append([])
            x = 0.0
        rows[-1].append(b)
        x += b.w + gap
    out = Box(0.0, 0.0)
    y = 0.0
    for row in rows:
        if not row:
            continue
        tall, x = max(b.h for b in row), 0.0
        for b in row:
            out.add(b.draw(0, 0), x, y + ((tall - b.h) / 2 if centre else 0.0))
            x += b.w + gap
        out.w = max(out.w, x - gap)
        y += tall + gap
    out.h = max(y - gap, 0.0)
    return out


def card_box(
    card: dict[str, Any],
    owner_colour: str,
    *,
    lines: Sequence[str] = (),
    option: bool = False,
    exhausted: bool = False,
    dashed: bool = False,
) -> Box:
    """One card as the table draws it (``.hccg-card``): 12 px face and name, 11 px lines."""
    name = _wrap(str(card.get("name", "")), 114, 12)
    small = (["exhausted"] if exhausted else []) + list(lines)
    inner = max(
        [_w(str(card.get("face", "")), 12)] + [_w(n, 12) for n in name] + [_w(s, 11) for s in small]
    )
    w = min(max(inner + 10, 72.0), 124.0)
    h = 4 + 3 + 14 + 14 * len(name) + 13 * len(small) + 4
    b = Box(w, h)
    fill = KIND_FILL.get(str(card.get("type")), CARD_BG)
    dash = ' stroke-dasharray="4 3"' if dashed else ""
    svg = [
        f'<rect x="0.5" y="0.5" width="{w - 1:.1f}" height="{h - 1:.1f}" rx="4" fill="{fill}" '
        f'stroke="{"#888888" if dashed else BORDER}"{dash}/>',
        # the owner's colour on the top edge (the table's 4 px border-top)
        f'<path d="M0.5 4.5 V2.5 Q0.5 0.5 2.5 0.5 H{w - 2.5:.1f} Q{w - 0.5:.1f} 0.5 '
        f'{w - 0.5:.1f} 2.5 V4.5 Z" fill="{owner_colour}" stroke="{owner_colour}"/>',
    ]
    if option:  # the table's outline for a card an action can use now
        svg.append(
            f'<rect x="-2" y="-2" width="{w + 4:.1f}" height="{h + 4:.1f}" rx="5" fill="none" '
            f'stroke="{ACCENT}" stroke-width="2"/>'
        )
    face = str(card.get("face", ""))
    rank, suit = face[:-1], face[-1:]
    y = 4 + 3 + 11
    svg.append(
        f'<text x="5" y="{y}" font-size="12" font-weight="bold" fill="{FG}" aria-hidden="true">'
        f'{escape(rank)}<tspan fill="{SUIT_INK.get(str(card.get("suit")), FG)}">{escape(suit)}'
        "</tspan></text>"
    )
    for line in name:
        y += 14
        svg.append(_t(5, y, line, 12))
    for line in small:
        y += 13
        svg.append(_t(5, y, line, 11, FG2))
    words = f"{card.get('name', '')} ({face_words(card)}), {card.get('type_name', '')}"
    body = f"<title>{escape(words)}</title>" + "".join(svg)
    if exhausted:  # tilted, as the table tilts it, with room for its corners
        tilt = 0.105  # sin 6°
        dx, dy = h * tilt / 2 + 1, w * tilt / 2 + 1
        body = (
            f'<g transform="translate({dx:.1f} {dy:.1f}) rotate(-6 {w / 2:.1f} {h / 2:.1f})">'
            f"{body}</g>"
        )
        b.w, b.h = w + 2 * dx, h + 2 * dy
    cid, kind = escape(str(card.get("id", ""))), escape(str(card.get("type", "")))
    tag = f'<g data-card="{cid}" data-type="{kind}"'
    b.add(tag + (' data-option="true"' if option else "") + f">{body}</g>")
    return b


def text_box(text: str, size: float = 13, fill: str = FG, **attrs: str) -> Box:
    bold = 1.1 if attrs.get("font_weight") == "bold" else 1.0  # bold letters are wider
    b = Box(_w(text, size) * bold, size + 4)
    b.add(_t(0, size, text, size, fill, **attrs))
    return b


def _usable(view: dict[str, Any]) -> set[str]:
    """The cards some legal action uses (the table outlines them)."""
    return {x for a in view.get("legal", []) for x in a.get("args", []) if CARD_ID.match(str(x))}


def unit_lines(u: dict[str, Any]) -> list[str]:
    """A unit's numbers in words, as the table writes them on its card."""
    left = int(u.get("health", 0)) - int(u.get("damage", 0))
    return [
        f"attack {u.get('attack')}, defence {u.get('defence')}",
        f"health {left} of {u.get('health')}",
    ]


class Still:
    """The picture's parts from top to bottom; ``svg()`` puts them together."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.options = _usable(view)
        self.parts: list[str] = []
        self.y = PAD

    def colour(self, seat: int) -> str:
        return seat_color(self.view, seat)

    def put(self, box: Box, x: float = PAD, gap: float = 6) -> None:
        self.parts.append(box.draw(x, self.y))
        self.y += box.h + gap

    def card(self, c: dict[str, Any], **how: Any) -> Box:
        return card_box(
            c, self.colour(int(c.get("owner", 0))), option=c.get("id") in self.options, **how
        )

    # -- the parts ---------------------------------------------------------------------------
    def banner(self) -> None:
        v = self.view
        turn = v.get("turn") or {}
        if v.get("over"):
            head = str(v.get("prompt") or "The game is over.")
        elif isinstance(v.get("current_player"), int):
            head = f"{seat_name(v, v['current_player'])} to play"
        else:
            head = ""
        where = turn.get("phase_name", "")
        if turn.get("number"):
            where = f"Turn {turn['number']} \u00b7 {where}"
        b = Box(WIDTH - 2 * PAD, 34)
        b.add(_t(0, 14, head, 14, font_weight="bold"))
        b.add(_t(0, 30, where, 13, FG2))
        self.put(b)
        prompt = str(v.get("prompt") or "")
        if prompt and not v.get("over"):
            lines = _wrap(prompt, WIDTH - 2 * PAD - 14)
            p = Box(WIDTH - 2 * PAD, 8 + 17 * len(lines))
            p.add(f'<rect width="{p.w:.1f}" height="{p.h:.1f}" fill="{BG2}"/>')
            p.add(f'<rect width="3" height="{p.h:.1f}" fill="{ACCENT}"/>')
            for i, line in enumerate(lines):
                p.add(_t(9, 17 + 17 * i, line, 13))
            self.put(p)

    def order(self) -> None:
        v, turn = self.view, self.view.get("turn") or {}
        items = [text_box("Initiative order:", fill=FG2)]
        for i, s in enumerate(turn.get("order", [])):
            words = f"{i + 1}. {seat_name(v, s)}"
            passed = turn.get("phase") == "action" and s not in turn.get("active", [])
            chip = Box(_w(words, 13) + 14, 20)
            dash = ' stroke-dasharray="4 3"' if passed else ""
            chip.add(
                f'<rect x="1" y="1" width="{chip.w - 2:.1f}" height="18" rx="9" fill="none" '
                f'stroke="{self.colour(s)}" stroke-width="2"{dash}/>'
            )
            strike = ' text-decoration="line-through"' if passed else ""
            chip.add(
                f'<text x="7" y="14.5" font-size="13" fill="{FG}"{strike}>{escape(words)}</text>'
            )
            items.append(chip)
        pulls = [
            f"{seat_name(v, x['seat'])}'s {face_words(x['card'])}"
            for x in (v.get("shown") or {}).get("initiative", [])
        ]
        if pulls:
            items.append(
                text_box("\u00b7 cards pulled for initiative: " + ", ".join(pulls), fill=FG2)
            )
        self.put(flow(items, WIDTH - 2 * PAD, 6, centre=True))

    def clash(self) -> None:
        c = (self.view.get("shown") or {}).get("clash")
        if not c:
            return
        v = self.view
        hands = []
        for side in ("attack", "defence"):
            seat = c["attacker"] if side == "attack" else c["defender"]
            best = set(c[f"{side}_hand"])
            faces = []
            for card in c[f"{side}_cards"]:
                f = Box(34, 22)
                bold = card["id"] in best  # the best hand's cards: solid and bold, as on the table
                edge = (
                    f'stroke="{ACCENT}" stroke-width="2"'
                    if bold
                    else f'stroke="{BORDER}" stroke-dasharray="3 2"'
                )
                f.add(f'<rect x="1" y="1" width="32" height="20" rx="3" fill="{CARD_BG}" {edge}/>')
                face = str(card.get("face", ""))
                weight = ' font-weight="bold"' if bold else ""
                f.add(
                    f'<text x="17" y="15.5" font-size="12" text-anchor="middle" '
                    f'fill="{FG}"{weight}>'
                    f'{escape(face[:-1])}<tspan fill="{SUIT_INK.get(str(card.get("suit")), FG)}">'
                    f"{escape(face[-1:])}</tspan></text>"
                )
                faces.append(f)
            role = "attacker" if side == "attack" else "defender"
            head = f"{seat_name(v, seat)} ({role}): {c[f'{side}_name']}"
            row = flow(faces, 7 * 36, 2)
            h = Box(max(row.w, _w(head, 13)) + 12, row.h + 30)
            win = seat == c["winner"]
            h.add(
                f'<rect x="0.5" y="0.5" width="{h.w - 1:.1f}" height="{h.h - 1:.1f}" rx="4" '
                f'fill="none" stroke="{"#2e7d32" if win else BORDER}" '
                f'stroke-width="{2 if win else 1}"/>'
            )
            h.add(_t(6, 17, head, 13))
            h.add(row.draw(0, 0), 6, 24)
            hands.append(h)
        result = (
            f"A tie: {seat_name(v, c['defender'])} defends."
            if c.get("tie")
            else f"{seat_name(v, c['winner'])} wins the clash."
        )
        city = self._city_words(c["city"])
        vs = text_box("vs", font_weight="bold")
        inner = flow([hands[0], vs, hands[1]], WIDTH - 4 * PAD, 8, centre=True)
        b = Box(WIDTH - 2 * PAD, inner.h + 48)
        b.add(
            f'<rect x="0.5" y="0.5" width="{b.w - 1:.1f}" height="{b.h - 1:.1f}" rx="4" '
            f'fill="none" stroke="{BORDER}" stroke-dasharray="4 3"/>'
        )
        b.add(_t(6, 17, f"Last culture clash, from {city}", 13))
        b.add(inner.draw(0, 0), 6, 24)
        b.add(_t(6, inner.h + 42, result, 13))
        self.put(b)

    def _city_words(self, cid: str) -> str:
        for p in self.view.get("players", []):
            for c in p.get("cities", []):
                if c.get("id") == cid:
                    return f"{c['name']} ({face_words(c)})"
        return "a city"

    def pulled(self) -> None:
        cards = (self.view.get("frame") or {}).get("cards") or []
        if not cards:
            return
        self.put(text_box("Pulled, face up on the table:", fill=FG2), gap=2)
        self.put(flow([self.card(c) for c in cards], WIDTH - 2 * PAD, 3))

    def city(self, c: dict[str, Any], width: float) -> Box:
        v = self.view
        head = [self.card(c), text_box(f"population {c.get('population', 0)}")]
        if c.get("capital"):
            head.append(self._badge("capital", FG))
        if c.get("controller") != c.get("owner"):
            head.append(self._badge(f"taken from {seat_name(v, int(c['owner']))}", BAD))
        y_ = c.get("yields") or {}
        yields = text_box(
            f"food {y_.get('food', 0)} \u00b7 material {y_.get('material', 0)} \u00b7 "
            f"trade {y_.get('trade', 0)} \u00b7 defence {c.get('defence', 0)}",
            fill=FG2,
        )
        cards = []
        for t in c.get("terrains", []):
            cards.append(self.card(t, lines=[f"+ {t['mod']['name']}"] if t.get("mod") else []))
        for x in c.get("creations", []):
            cards.append(self.card(x, exhausted=x.get("fresh") is False))
        for u in c.get("units", []):
            cards.append(self.card(u, exhausted=not u.get("fresh", True), lines=unit_lines(u)))
        prod = c.get("production")
        if prod:
            made = f"being made: {prod.get('made', 0)} of {prod.get('cost', '?')}"
            cards.append(self.card(prod, dashed=True, lines=[made]))
        top = flow(head, width - 10, 5, centre=True)
        parts = flow(cards, width - 10, 3)
        w = max(top.w, yields.w, parts.w) + 10
        h = top.h + yields.h + (parts.h + 4 if cards else 0) + 10
        b = Box(w, h)
        colour = self.colour(int(c.get("controller", 0)))
        b.add(
            f'<rect x="1" y="1" width="{w - 2:.1f}" height="{h - 2:.1f}" rx="5" fill="{BG2}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        b.add(f'<g data-city="{escape(str(c.get("id", "")))}">{top.draw(5, 5)}</g>')
        b.add(yields.draw(5, 5 + top.h + 2))
        if cards:
            b.add(parts.draw(5, 5 + top.h + yields.h + 4))
        return b

    @staticmethod
    def _badge(words: str, fill: str) -> Box:
        b = Box(_w(words, 11) + 8, 16)
        b.add(f'<rect width="{b.w:.1f}" height="16" rx="3" fill="{BG2}" stroke="{BORDER}"/>')
        b.add(_t(4, 12, words, 11, fill))
        return b

    def player(self, p: dict[str, Any]) -> None:
        v = self.view
        seat = int(p["seat"])
        inner = WIDTH - 2 * PAD - 16
        rows: list[Box] = []
        you = " (you)" if v.get("seat") == seat else ""
        facts = [
            str(p.get("deck_name", "")),
            f"population {p.get('population', 0)}",
            f"culture {p.get('culture', 0)}",
            f"wonders {p.get('wonders', 0)}",
            f"trade {p.get('trade', 0)}",
            f"treasury {p.get('treasury_count', 0)}",
            f"landfill {len(p.get('landfill', []))}",
            f"council {p.get('council_count', 0)} of {p.get('council_max', 0)}",
        ]
        head = [text_box(f"{seat_name(v, seat)}{you}", font_weight="bold")]
        # the facts as one line of text, wrapping between facts as the table's line does
        lines = [""]
        room = inner - head[0].w - 6
        for f in facts:
            joined = f"{lines[-1]} \u00b7 {f}" if lines[-1] else f
            if lines[-1] and _w(joined, 13) > room:
                lines.append(f)
                room = inner
            else:
                lines[-1] = joined
        head += [text_box(line, fill=FG2) for line in lines]
        if p.get("capital") and not p.get("holds_capital", True):
            head.append(self._badge("capital lost", BAD))
        rows.append(flow(head, inner, 6, centre=True))
        science = []
        if p.get("research"):
            r = p["research"]
            science.append(
                f"Researching {r['name']}: {r.get('counters', 0)} of {r.get('cost', 0)} counters"
            )
        science.append("techs: " + (", ".join(t["name"] for t in p.get("techs", [])) or "none"))
        if p.get("policies"):
            science.append("policies: " + ", ".join(t["name"] for t in p["policies"]))
        for line in _wrap(" \u00b7 ".join(science), inner):
            rows.append(text_box(line, fill=FG2))
        cities = [self.city(c, inner) for c in p.get("cities", [])]
        rows.append(flow(cities, inner, 6) if cities else text_box("(no city)", fill=FG2))
        council = p.get("council")
        if council is None:
            rows.append(
                text_box(f"Council: {p.get('council_count', 0)} cards (hidden)", font_weight="bold")
            )
            backs = []
            for _ in range(min(int(p.get("council_count", 0)), 10)):
                back = Box(21, 29)
                back.add(
                    f'<rect x="0.5" y="0.5" width="20" height="28" rx="3" fill="url(#hccg-back)" '
                    f'stroke="{BORDER}"/>'
                )
                backs.append(back)
            if backs:
                rows.append(flow(backs, inner, 3))
        else:
            rows.append(text_box("Council", font_weight="bold"))
            if council:
                rows.append(flow([self.card(c) for c in council], inner, 3))
        h = sum(r.h for r in rows) + 4 * (len(rows) - 1) + 16
        panel = Box(WIDTH - 2 * PAD, h)
        deciding = seat == v.get("current_player") and not v.get("over")
        if deciding:
            panel.add(
                f'<rect x="-2" y="-2" width="{panel.w + 4:.1f}" height="{h + 4:.1f}" rx="7" '
                f'fill="none" stroke="{ACCENT}" stroke-width="2"/>'
            )
        panel.add(
            f'<rect x="1" y="1" width="{panel.w - 2:.1f}" height="{h - 2:.1f}" rx="5" fill="none" '
            f'stroke="{self.colour(seat)}" stroke-width="2"/>'
        )
        y = 8.0
        for r in rows:
            panel.add(r.draw(0, 0), 8, y)
            y += r.h + 4
        self.parts.append(f'<g data-seat="{seat}">')
        self.put(panel, gap=8)
        self.parts.append("</g>")

    def log(self) -> None:
        entries = list(self.view.get("log", []))[-LOG_SHOWN:]
        if not entries:
            return
        self.put(text_box("Log (newest first)", font_weight="bold"), gap=2)
        first = len(self.view.get("log", [])) - len(entries) + 1
        for i, e in reversed(list(enumerate(entries))):
            lines = _wrap(f"{first + i}. {e.get('text', '')}", WIDTH - 2 * PAD - 16)
            for line in lines:
                self.put(text_box(line, fill=FG if i == len(entries) - 1 else FG2), PAD + 12, gap=1)

    def svg(self, title: str) -> str:
        pattern = (
            '<defs><pattern id="hccg-back" width="6" height="6" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(45)"><rect width="6" height="6" fill="{CARD_BG}"/>'
            f'<rect width="3" height="6" fill="{BG2}"/></pattern></defs>'
        )
        h = self.y + PAD
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0f}" height="{h:.0f}" '
            f'viewBox="0 0 {WIDTH:.0f} {h:.0f}" {FONT} data-game="history">'
            f"<title>{escape(title)}</title>"
            f"<desc>{escape(describe_table(self.view))}</desc>{pattern}"
            f'<rect width="100%" height="100%" fill="{CARD_BG}"/>' + "".join(self.parts) + "</svg>"
        )


def draw_history(view: dict[str, Any]) -> str:
    """The History CCG table as the learner saw it (see the module's docstring)."""
    still = Still(view)
    still.banner()
    still.order()
    still.clash()
    still.pulled()
    for p in view.get("players", []):
        still.player(p)
    still.log()
    return still.svg(str(view.get("title") or "History CCG"))


# -- the position in words: the picture's alternative text -----------------------------
def _card_words(c: dict[str, Any]) -> str:
    return f"{c.get('name', '')} ({face_words(c)})"


def _city_sentence(view: dict[str, Any], c: dict[str, Any]) -> str:
    words = _card_words(c) + (", the capital" if c.get("capital") else "")
    if c.get("controller") != c.get("owner"):
        words += f", taken from {seat_name(view, int(c['owner']))}"
    words += f", population {c.get('population', 0)}"
    with_ = [_card_words(t) for t in c.get("terrains", [])]
    with_ += [_card_words(x) for x in c.get("creations", [])]
    with_ += [
        f"{_card_words(u)} with attack {u.get('attack')}, defence {u.get('defence')} and "
        f"health {int(u.get('health', 0)) - int(u.get('damage', 0))} of {u.get('health')}"
        + ("" if u.get("fresh", True) else ", exhausted")
        for u in c.get("units", [])
    ]
    if with_:
        words += ", with " + ", ".join(with_)
    prod = c.get("production")
    if prod:
        words += f"; making {_card_words(prod)}, {prod.get('made', 0)} of {prod.get('cost', '?')}"
    return words


def describe_table(view: dict[str, Any]) -> str:
    """Each player's standing, cities and council in words (the still's ``<desc>``)."""
    out = []
    order = (view.get("turn") or {}).get("order") or []
    if order:
        out.append("Initiative order: " + ", ".join(seat_name(view, s) for s in order) + ".")
    for p in view.get("players", []):
        seat = int(p["seat"])
        line = (
            f"{seat_name(view, seat)} ({p.get('deck_name', '')}): population "
            f"{p.get('population', 0)}, culture {p.get('culture', 0)}, "
            f"wonders {p.get('wonders', 0)}."
        )
        cities = [_city_sentence(view, c) for c in p.get("cities", [])]
        line += (" Cities: " + "; ".join(cities) + ".") if cities else " No city yet."
        council = p.get("council")
        if council is None:
            line += f" Council: {p.get('council_count', 0)} cards, hidden."
        else:
            line += " Council: " + (", ".join(_card_words(c) for c in council) or "empty") + "."
        out.append(line)
    clash = (view.get("shown") or {}).get("clash")
    if clash:
        out.append(
            f"Last culture clash: {seat_name(view, clash['attacker'])}'s "
            f"{str(clash['attack_name']).lower()} against {seat_name(view, clash['defender'])}'s "
            f"{str(clash['defence_name']).lower()}; {seat_name(view, clash['winner'])} won."
        )
    return " ".join(out)
