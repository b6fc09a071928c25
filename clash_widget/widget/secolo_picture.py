"""The still picture of a 600 il Secolo di Ferro table: the table as the learner saw it.

Drawn from the shown seat's view only, with the live table's layout, marks and sizes
(``js/src/secolo``; issue 37, item 10): the piles' counts, the Protagonists to choose, then
each player's panel with their city, culture by culture under a bar of the culture's
colour, and their hand (face down when the view hides it). A card is the live card: a
stripe of its culture's colour on top, its English name in 14 px bold, its kind (and its
Culture in the hand), what it does on the cards one chooses among, its badges; the marks
are the table's (blue outline: an action can use it; red ring: under Attack; orange:
attacking; dashed: attached; struck through: marked for discarding). Every word is at
least 13 px at 100 %. The ``<desc>`` says the position in words (the read-only course's
alternative text), and each card's ``<title>`` gives its Italian name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .picture import seat_color, seat_ink, seat_name

WIDTH = 800.0
PAD = 8.0
CARD_W = 136.0  # a city card (secolo.css .secolo-card)
GRID_MIN = 124.0  # the hand's and the Protagonists' columns (minmax(124px, 1fr))
GAP = 6.0
NAME_PX, TEXT_PX = 14, 13
NAME_LINE, TEXT_LINE = 17.5, 17.0
INK, INK2 = "#1f1f1f", "#3c3c3c"  # --match-fg and --match-fg2 in the light theme
BORDER, ACCENT = "#cccccc", "#1976d2"
OK_TEXT, BAD, WARN = "#2a632d", "#c62828", "#ef6c00"

# One hue per culture, as the table's stripes (secolo.css).
CULTURE_COLORS = {
    "cat": "#b8860b",
    "rif": "#546e7a",
    "sci": "#1e88e5",
    "ind": "#8e24aa",
    "pir": "#c62828",
    "tur": "#00897b",
    "art": "#f4511e",
}
TYPE_LABELS = {
    "protagonist": "Protagonist",
    "character": "Character",
    "bulwark": "Bulwark",
    "object": "Object",
    "attack": "Attack",
    "special": "Special",
}
PROTECTION = {
    "bulwark": "protected by a Bulwark",
    "object": "protected by its Object",
    "bible": "sheltered by the Printed Bible",
}


def _em(ch: str) -> float:
    """An upper bound of a character's width in a sans-serif font, in em."""
    if ch in "il.,:;'|!j ":
        return 0.34
    if ch in "frt()-":
        return 0.44
    if ch in "mwMW":
        return 0.92
    if ch.isupper() or ch.isdigit():
        return 0.72
    return 0.62


def text_width(words: str, px: float, bold: bool = False) -> float:
    return sum(_em(c) for c in words) * px * (1.08 if bold else 1.0)


def wrap(words: str, width: float, px: float, bold: bool = False, slack: float = 0) -> list[str]:
    """Lines of ``words`` that fit ``width`` pixels; a word alone on its line may take
    ``slack`` more (a card's padding), a longer one is cut with a hyphen."""
    lines: list[str] = []
    line = ""
    # words, a hyphenated one broken after its hyphens ("Plague-" "spreader")
    for word in re.findall(r"[^\s-]+-*|-+", words):
        trial = line + word if line.endswith("-") else f"{line} {word}".strip()
        if text_width(trial, px, bold) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, px, bold) > width + slack:  # one long word: cut it
            cut = max(
                k for k in range(1, len(word)) if text_width(word[:k] + "-", px, bold) <= width
            )
            lines.append(word[:cut] + "-")
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def _text(x: float, y: float, words: str, px: int, fill: str = INK, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{px}" fill="{fill}"{extra}>'
        f"{escape(words)}</text>"
    )


@dataclass
class Marks:
    """The table's marks on a card, read from the view as the live table reads them."""

    options: set[str] = field(default_factory=set)
    target: str | None = None
    attackers: set[str] = field(default_factory=set)
    marked: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, view: dict[str, Any]) -> Marks:
        marks = cls({c for a in view.get("legal", []) for c in a.get("cards", [])})
        frame = view.get("frame") or {}
        attack = frame.get("attack") or {}
        if frame.get("kind") == "react" and attack:
            marks.target = attack.get("target")
            marks.attackers = set(attack.get("attackers", []))
        if frame.get("kind") == "draw":
            marks.marked = set(frame.get("marked") or [])
        return marks


class Card:
    """One card's drawing: its lines of words, measured, then drawn at a place."""

    def __init__(
        self,
        card: dict[str, Any],
        width: float,
        *,
        zone: str,
        cultures: dict[str, str],
        names: dict[str, str],
    ) -> None:
        self.card, self.width, self.zone = card, width, zone
        inner = width - 14
        name = str(card.get("gloss") or card.get("name", ""))
        self.name = wrap(name, inner, NAME_PX, bold=True, slack=10)
        kind = TYPE_LABELS.get(str(card.get("type")), str(card.get("type")))
        self.kind = [kind] if kind != name else []
        culture = cultures.get(str(card.get("culture"))) if zone != "city" else None
        if culture:
            self.kind.append(culture)
        shows_effect = zone in ("hand", "pool") and card.get("type") != "attack"
        self.effect = wrap(str(card.get("text", "")), inner, TEXT_PX) if shows_effect else []
        badges = []
        if card.get("protected"):
            badges.append((PROTECTION.get(card["protected"], "protected"), OK_TEXT, "\u25c8 "))
        if card.get("object"):
            badges.append((f"holds {names.get(card['object'], card['object'])}", INK2, ""))
        if card.get("attached_to"):
            holder = names.get(card["attached_to"], card["attached_to"])
            badges.append((f"attached to {holder}", INK2, ""))
        self.badges = [
            (line, colour)
            for words, colour, mark in badges
            for line in wrap(mark + words, inner, TEXT_PX)
        ]
        self.height = (
            6 + 4 + len(self.name) * NAME_LINE + len(self.kind) * TEXT_LINE
            + (7 + len(self.effect) * TEXT_LINE if self.effect else 0)
            + len(self.badges) * TEXT_LINE + 6
        )  # fmt: skip
        self.height = max(self.height, 56.0)

    def draw(self, x: float, y: float, marks: Marks, height: float | None = None) -> str:
        c = self.card
        h = height or self.height
        cid = str(c.get("id", ""))
        stripe = CULTURE_COLORS.get(str(c.get("culture")), "#5f5f5f")
        dash = ' stroke-dasharray="4 3"' if c.get("attached_to") else ""
        parts = [
            f'<g data-card="{escape(cid)}" data-zone="{self.zone}" data-type="{c.get("type")}">'
        ]
        italian = c.get("name")
        parts.append(f"<title>{escape(f'{self.name_words} (Italian: {italian})')}</title>")
        # The marks outside the card, as the table's rings (box-shadows) under its outline:
        # a card may be under Attack or attacking and usable too.
        if cid == marks.target:
            parts.append(_ring(x, y, self.width, h, 1.5, BAD, 3))
        if cid in marks.attackers:
            parts.append(_ring(x, y, self.width, h, 1, WARN, 2))
        if cid in marks.options:
            parts.append(_ring(x, y, self.width, h, 2, ACCENT, 2))
        fill = "url(#secolo-marked)" if cid in marks.marked else "#ffffff"
        edge = "#5b8f5e" if c.get("protected") else BORDER
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{self.width:.1f}" height="{h:.1f}" rx="5" '
            f'fill="{fill}" stroke="{edge}"{dash}/>'
        )
        parts.append(
            f'<path d="M{x + 0.5:.1f},{y + 6:.1f} v-1 a4.5,4.5 0 0 1 4.5,-4.5 '
            f'h{self.width - 10:.1f} a4.5,4.5 0 0 1 4.5,4.5 v1 z" fill="{stripe}"/>'
        )
        tx, ty = x + 7, y + 6 + 4
        deco = {"text_decoration": "line-through"} if cid in marks.marked else {}
        for line in self.name:
            ty += NAME_LINE
            parts.append(_text(tx, ty - 4.5, line, NAME_PX, font_weight="bold", **deco))
        for line in self.kind:
            ty += TEXT_LINE
            parts.append(_text(tx, ty - 4.5, line, TEXT_PX, INK2))
        if self.effect:
            ty += 4
            parts.append(
                f'<line x1="{tx:.1f}" x2="{x + self.width - 7:.1f}" y1="{ty:.1f}" y2="{ty:.1f}" '
                f'stroke="{BORDER}"/>'
            )
            ty += 3
            for line in self.effect:
                ty += TEXT_LINE
                parts.append(_text(tx, ty - 4.5, line, TEXT_PX))
        for line, colour in self.badges:
            ty += TEXT_LINE
            parts.append(_text(tx, ty - 4.5, line, TEXT_PX, colour))
        parts.append("</g>")
        return "".join(parts)

    @property
    def name_words(self) -> str:
        return str(self.card.get("gloss") or self.card.get("name", ""))


def _ring(x: float, y: float, w: float, h: float, off: float, colour: str, width: int) -> str:
    return (
        f'<rect x="{x - off:.1f}" y="{y - off:.1f}" width="{w + 2 * off:.1f}" '
        f'height="{h + 2 * off:.1f}" rx="{5 + off:.1f}" fill="none" stroke="{colour}" '
        f'stroke-width="{width}"/>'
    )


def _grid(x0: float, width: float) -> tuple[int, float]:
    """The hand's and the pool's grid: as many columns of at least GRID_MIN as fit."""
    cols = max(1, int((width + GAP) // (GRID_MIN + GAP)))
    return cols, (width - (cols - 1) * GAP) / cols


class Layout:
    """Places the table's parts top to bottom, as the live table's blocks."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.parts: list[str] = []
        self.y = 0.0
        self.marks = Marks.of(view)
        self.cultures = {
            str(c["code"]): str(c.get("gloss") or c["name"]) for c in view.get("cultures", [])
        }
        self.names: dict[str, str] = {}
        for c in self._every_card():
            self.names[str(c["id"])] = str(c.get("gloss") or c.get("name"))

    def _every_card(self) -> list[dict[str, Any]]:
        v = self.view
        cards = list(v.get("pool", [])) + list(v.get("discard", []))
        for p in v.get("players", []):
            cards += [p["protagonist"]] if p.get("protagonist") else []
            cards += list(p.get("hand") or [])
            cards += [c for g in p.get("city", []) for c in g.get("cards", [])]
        return cards

    def card(self, c: dict[str, Any], width: float, zone: str) -> Card:
        return Card(c, width, zone=zone, cultures=self.cultures, names=self.names)

    def line(
        self, words: str, px: int = TEXT_PX, fill: str = INK, x: float = PAD, **a: str
    ) -> None:
        self.y += px + 6
        self.parts.append(_text(x, self.y - 4, words, px, fill, **a))

    def grid_row(self, cards: list[dict[str, Any]], x0: float, width: float, zone: str) -> None:
        """Cards in even columns, each row as tall as its cards (aligned at the top)."""
        cols, cw = _grid(x0, width)
        drawn = [self.card(c, cw, zone) for c in cards]
        for i in range(0, len(drawn), cols):
            row = drawn[i : i + cols]
            for k, d in enumerate(row):
                self.parts.append(d.draw(x0 + k * (cw + GAP), self.y, self.marks))
            self.y += max(d.height for d in row) + GAP

    def header(self) -> None:
        v = self.view
        prompt = str(v.get("prompt") or "")
        for line in wrap(prompt, WIDTH - 2 * PAD, TEXT_PX, bold=True)[:3]:
            self.line(line, font_weight="bold")
        opts = v.get("options") or {}
        counts = [
            f"Deck: {v.get('deck_count', 0)}",
            f"Discard pile: {v.get('discard_count', 0)}",
            f"Reshuffles: {v.get('reshuffles', 0)}/{opts.get('max_reshuffles', 1)}",
        ]
        self.y += TEXT_PX + 6
        x = PAD
        for words in counts:  # spaced as the table's counts (SVG folds runs of spaces)
            self.parts.append(_text(x, self.y - 4, words, TEXT_PX))
            x += text_width(words, TEXT_PX) + 12
        if v.get("discard"):
            self.line(f"\u25b8 Discard pile ({len(v['discard'])}, face up)", fill=INK2)
        if v.get("pool"):
            self.line("Protagonists to choose", font_weight="bold")
            self.y += 3
            self.grid_row(list(v["pool"]), PAD, WIDTH - 2 * PAD, "pool")

    def player(self, p: dict[str, Any]) -> None:
        v, seat = self.view, int(p["seat"])
        x0, inner = PAD + 5, WIDTH - 2 * PAD - 10
        top = self.y + 2
        self.y = top + 2
        parts_before = len(self.parts)
        me = " (you)" if seat == v.get("seat") else ""
        name = f"{seat_name(v, seat)}{me}"
        bits = [
            f"{p.get('cultures', 0)} culture{'s' if p.get('cultures') != 1 else ''}",
            f"{p.get('characters', 0)} character{'s' if p.get('characters') != 1 else ''}",
            f"{p.get('hand_count', 0)} in hand",
        ]
        if p.get("protagonist"):
            bits.insert(0, self.names.get(p["protagonist"]["id"], ""))
        self.y += 19
        self.parts.append(
            f'<circle cx="{x0 + 5:.1f}" cy="{self.y - 8.5:.1f}" r="5" '
            f'fill="{seat_color(v, seat)}" stroke="#333"/>'
        )
        self.parts.append(
            _text(x0 + 14, self.y - 4, name, TEXT_PX, seat_ink(v, seat), font_weight="bold")
        )
        head_x = x0 + 14 + text_width(name, TEXT_PX, True) + 8
        for i, line in enumerate(wrap(" \u00b7 ".join(bits), WIDTH - PAD - 8 - head_x, TEXT_PX)):
            self.y += TEXT_LINE if i else 0
            self.parts.append(_text(head_x, self.y - 4, line, TEXT_PX, INK2))
        if p.get("sheltered"):
            self.line("\u25c8 " + PROTECTION["bible"], fill=OK_TEXT, x=x0)
        self.city(p, x0, inner)
        hand = p.get("hand")
        heading = "Hand" if hand is not None else f"Hand: {p.get('hand_count', 0)} hidden"
        self.line(heading, fill=INK2, x=x0, font_weight="bold")
        self.y += 2
        if hand:
            self.grid_row(list(hand), x0, inner, "hand")
        else:
            self.backs(int(p.get("hand_count", 0)), x0)
        bottom = self.y + 2
        deciding = seat == v.get("current_player") and not v.get("over")
        stroke = f'stroke="{ACCENT}" stroke-width="2"' if deciding else f'stroke="{BORDER}"'
        self.parts.insert(
            parts_before,
            f'<rect x="{PAD:.1f}" y="{top:.1f}" width="{WIDTH - 2 * PAD:.1f}" '
            f'height="{bottom - top:.1f}" rx="4" fill="none" {stroke} data-seat="{seat}"/>',
        )
        self.y = bottom + 6

    def city(self, p: dict[str, Any], x0: float, inner: float) -> None:
        groups = p.get("city") or []
        if not groups:
            self.line("(empty city)", fill=INK2, x=x0)
            return
        self.y += 4
        x, row_top, row_h = x0, self.y, 0.0
        for g in groups:
            cards = [self.card(c, CARD_W, "city") for c in g.get("cards", [])]
            per_row = max(1, int((inner - 8 + GAP) // (CARD_W + GAP)))
            w = 8 + min(len(cards), per_row) * (CARD_W + GAP) - GAP
            if x > x0 and x + w > x0 + inner:  # the group starts a new line, as flex-wrap does
                x, row_top, row_h = x0, row_top + row_h + 6, 0.0
            h = self.group(g, cards, x, row_top, w, per_row)
            x += w + 8
            row_h = max(row_h, h)
        self.y = row_top + row_h + 4

    def group(
        self, g: dict[str, Any], cards: list[Card], x: float, y: float, w: float, per_row: int
    ) -> float:
        """A culture group: a bar of its colour, its name, its cards (a Bulwark's group on
        a grey ground); returns its height."""
        head = str(g.get("gloss") or g.get("name"))
        if g.get("bulwark"):
            head += "   \u25c8 Bulwark"
        drawn, cy = [], y + 21
        for i in range(0, len(cards), per_row):
            row = cards[i : i + per_row]
            for k, d in enumerate(row):
                drawn.append(d.draw(x + 8 + k * (CARD_W + GAP), cy, self.marks))
            cy += max(d.height for d in row) + GAP
        h = cy - GAP - y
        if g.get("bulwark"):
            self.parts.append(
                f'<rect x="{x + 4:.1f}" y="{y:.1f}" width="{w - 4:.1f}" height="{h:.1f}" '
                'fill="#eeeeee"/>'
            )
        colour = CULTURE_COLORS.get(str(g.get("culture")), BORDER)
        self.parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="4" height="{h:.1f}" fill="{colour}" '
            f'data-culture="{escape(str(g.get("culture")))}"/>'
        )
        self.parts.append(_text(x + 8, y + 14, head, TEXT_PX, INK2, font_weight="bold"))
        self.parts += drawn
        return h

    def backs(self, n: int, x0: float) -> None:
        """Another player's hand, face down: one striped small card each (12 at most)."""
        if n == 0:
            return
        for i in range(min(n, 12)):
            x = x0 + i * (26 + GAP)
            self.parts.append(
                f'<rect x="{x:.1f}" y="{self.y:.1f}" width="26" height="40" rx="4" '
                f'fill="url(#secolo-back)" stroke="{BORDER}" data-back="{i}"/>'
            )
        if n > 12:
            self.parts.append(_text(x0 + 12 * (26 + GAP), self.y + 25, f"+{n - 12}", TEXT_PX, INK2))
        self.y += 40 + GAP


DEFS = (
    "<defs>"
    '<pattern id="secolo-back" width="5" height="5" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="5" height="5" fill="#eeeeee"/>'
    f'<rect width="2" height="5" fill="{BORDER}"/></pattern>'
    '<pattern id="secolo-marked" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(135)"><rect width="8" height="8" fill="#ffffff"/>'
    '<rect width="2" height="8" fill="#eeeeee"/></pattern>'
    "</defs>"
)


def describe_table(view: dict[str, Any]) -> str:
    """The table in words: each player's Protagonist, city and hand (or its count when the
    view hides it), and the piles."""
    layout = Layout(view)
    names = layout.names
    out = []
    if view.get("pool"):
        out.append(
            "Protagonists to choose: " + ", ".join(names[c["id"]] for c in view["pool"]) + "."
        )
    for p in view.get("players", []):
        who = seat_name(view, int(p["seat"]))
        lead = f"{who}"
        if p.get("protagonist"):
            lead += f", Protagonist {names[p['protagonist']['id']]}"
        groups = [
            f"{layout.cultures.get(g['culture'], g.get('gloss', ''))} "
            f"({', '.join(names[c['id']] for c in g.get('cards', []))})"
            for g in p.get("city") or []
        ]
        city = "; ".join(groups) if groups else "empty"
        hand = p.get("hand")
        held = (
            ", ".join(names[c["id"]] for c in hand)
            if hand
            else f"{p.get('hand_count', 0)} cards, face down"
        )
        out.append(f"{lead}: city {city}; hand: {held}.")
    out.append(
        f"Deck: {view.get('deck_count', 0)} cards, discard pile: {view.get('discard_count', 0)}."
    )
    return " ".join(out)


def draw_secolo(view: dict[str, Any]) -> str:
    layout = Layout(view)
    layout.header()
    layout.y += 4
    for p in view.get("players", []):
        layout.player(p)
    height = layout.y + PAD
    title = str(view.get("title", "600 il Secolo di Ferro"))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {WIDTH:.0f} {height:.0f}" font-family="sans-serif">'
        f"<title>{escape(title)}</title><desc>{escape(describe_table(view))}</desc>{DEFS}"
        f'<rect width="100%" height="100%" fill="#ffffff"/>' + "".join(layout.parts) + "</svg>"
    )
