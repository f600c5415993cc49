"""A plain (non-editable) install of the wheel finds every asset."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow  # (builds and installs a wheel; CI's clean install then runs it from elsewhere)
@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="needs the source tree")
def test_wheel_carries_every_asset_and_finds_them(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
    )
    (wheel,) = wheels.glob("squaregame-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = [
        p.relative_to(ROOT / "assets").as_posix()
        for p in (ROOT / "assets").rglob("*")
        if p.is_file()
    ]
    assert assets
    missing = [a for a in assets if f"squaregame/assets/{a}" not in names]
    assert not missing

    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    probe = (
        "import squaregame, squaregame.paths as p, json\n"
        "from squaregame.cli.main import main\n"
        "print(json.dumps([squaregame.__file__, str(p.assets_dir())]))\n"
        "main(['analyze', 'squares', '999999', '--json'])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    res = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    first, second = res.stdout.splitlines()[:2]
    import json

    module_file, assets_dir = json.loads(first)
    assert module_file.startswith(str(target)) and assets_dir.startswith(str(target))
    assert json.loads(second)["remoteness_exact"] is True
