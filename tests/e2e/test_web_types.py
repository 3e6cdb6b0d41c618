"""The browser client's JavaScript is type-checked: TypeScript (npm's `typescript`, pinned
in package.json and package-lock.json, installed by tests/setup.sh with `npm ci`) checks
every module of reichsstadt/web and every game's board with `--checkJs --noEmit`
(tsconfig.json: strict), and any error fails."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_tsc_finds_no_error_in_the_browser_modules() -> None:
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    assert tsc.exists(), "TypeScript is not installed: run `npm ci` in the checkout (tests/setup.sh does)"
    done = subprocess.run([str(tsc), "-p", str(ROOT / "tsconfig.json"), "--pretty", "false"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"tsc found errors:\n{done.stdout[-4000:]}{done.stderr[-2000:]}"


def test_every_browser_module_is_checked() -> None:
    """Nothing opts out: each module says // @ts-check and none says @ts-nocheck."""
    modules = [*ROOT.glob("reichsstadt/web/**/*.js"), *ROOT.glob("reichsstadt/games/*/web/*.js")]
    assert len(modules) > 20
    for path in modules:
        text = path.read_text(encoding="utf-8")
        assert text.startswith("// @ts-check"), f"{path.relative_to(ROOT)} does not start with // @ts-check"
        assert "@ts-nocheck" not in text and "@ts-ignore" not in text, f"{path.relative_to(ROOT)} opts out of the check"
