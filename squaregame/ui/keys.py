"""Letter keys that also work under the Russian keyboard layout.

A person with the Russian (ЙЦУКЕН) layout switched on presses the key marked H and the
terminal sends ``р``. Every single-letter binding is therefore declared through
:func:`keys`, which adds the Cyrillic letter on the same physical key: ``keys("h")`` is
``"h,р"``. Textual shows the first key in the Footer, so the Footer still reads ``h``.
"""

from __future__ import annotations

# Physical key (US QWERTY letter) → the letter the Russian JCUKEN layout sends.
RUSSIAN_LAYOUT = dict(zip("qwertyuiopasdfghjklzxcvbnm", "йцукенгшщзфывапролдячсмить", strict=True))


def keys(spec: str) -> str:
    """A binding key list with the Russian-layout letter after each single Latin letter."""
    out: list[str] = []
    for key in spec.split(","):
        out.append(key)
        if len(key) == 1 and key in RUSSIAN_LAYOUT:
            out.append(RUSSIAN_LAYOUT[key])
    return ",".join(out)
