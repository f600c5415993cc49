"""Python source parsed once per test process: several static checks (layers, the registry,
catalog keys, panels) each walked every module of the package, ~2.5 s of parsing a check."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.cache
def parsed(text: str) -> ast.Module:
    """``ast.parse(text)``, the tree shared: its callers only read it."""
    return ast.parse(text)


def parsed_file(path: Path) -> ast.Module:
    """The module at ``path``, parsed (once, whichever check asks first)."""
    return parsed(path.read_text(encoding="utf-8"))
