"""Without the research extra, importing an adapter says which library is missing and how
to install it (it said only "No module named 'pettingzoo'")."""

from __future__ import annotations

import subprocess
import sys

import pytest

HINT = "reichsstadt's research adapters need the research extra (pip install 'reichsstadt[research]')"


@pytest.mark.parametrize("missing, module", [
    ("pettingzoo", "pettingzoo"), ("gymnasium", "pettingzoo"), ("gymnasium", "gymnasium"), ("pyspiel", "openspiel"),
    ("numpy", "selfplay"), ("numpy", "bots"), ("numpy", "encoding"),
])
def test_an_adapter_without_its_library_says_how_to_install_it(missing, module):
    script = (f"import sys; sys.modules[{missing!r}] = None\n"   # as if it were not installed
              f"try:\n    import reichsstadt.interop.{module}\n"
              "except ModuleNotFoundError as exc:\n    print(exc.name, '|', exc)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    name, said = out.stdout.strip().split(" | ")
    assert name == missing and said.endswith(HINT) and missing in said
