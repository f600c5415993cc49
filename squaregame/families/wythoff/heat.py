"""The heatmap's colours: a square's background graded by its remoteness (cold squares in
blues, hot in ambers, darker the longer), and the ink that reads on it."""

from __future__ import annotations

REM_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
COLD_SCALE = ((0x9E, 0xC9, 0xF5), (0x1F, 0x3F, 0x8F))  # light → dark, by remoteness
HOT_SCALE = ((0xF5, 0xD7, 0x9E), (0x8F, 0x4A, 0x10))


def shade(cold: bool, rem: int, top: int) -> str:
    """The heatmap's background for a square: its family (cold blues, hot ambers) and, by
    its remoteness on a scale to ``top``, how dark."""
    lo, hi = COLD_SCALE if cold else HOT_SCALE
    t = min(1.0, rem / max(1, top))
    r, g, b = (round(a + (c - a) * t) for a, c in zip(lo, hi, strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def text_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (#rrggbb)."""
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def rem_char(rem: int, queen: int | None = None) -> str:
    """A square's remoteness as one character: 0–9, then a–z, "+" beyond. Far out
    (``queen``: the queen's own remoteness) how much shorter than hers it is, "−" for far
    shorter and "+" for longer: there remoteness runs to the trillions, and what a square
    near her says is how it compares with where she stands."""
    if queen is None:
        return REM_CHARS[rem] if rem < len(REM_CHARS) else "+"
    fewer = queen - rem
    if fewer < 0:
        return "+"
    return REM_CHARS[fewer] if fewer < len(REM_CHARS) else "−"
