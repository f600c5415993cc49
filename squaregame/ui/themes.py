"""The three themes squaregame offers (Settings and the command palette), each checked for
contrast: every text colour the game screens use — the ✓/✗ marks, the hint line, plain text
and the selected move row — against the background it is drawn on reaches WCAG AA
(4.5 : 1; ``tests/test_contrast.py`` computes it from these colours).

Textual's dark and light themes are kept by name (saved settings still name them) with the
colours that failed replaced: dark's red (2.9 : 1 on its surface), light's green, red and
orange (1.6, 4.1 and 1.5 : 1). The selected move row is drawn in reverse video
(``game.tcss``), so its contrast is the same pair's as an unselected row's."""

from __future__ import annotations

from dataclasses import replace

from textual.theme import BUILTIN_THEMES, Theme

DARK = replace(BUILTIN_THEMES["textual-dark"], error="#FF6B81")
LIGHT = replace(
    BUILTIN_THEMES["textual-light"],
    success="#125227",
    error="#9B1C3A",
    warning="#7A4A00",
    accent="#7A4A00",
)
HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ffff00",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#1a1a1a",
    success="#00ff00",
    warning="#ffff00",
    error="#ff6060",
    dark=True,
)
THEME_OBJECTS = (DARK, LIGHT, HIGH_CONTRAST)  # the names are play.settings.THEMES
OURS_BY_NAME = {t.name: t for t in THEME_OBJECTS}
