import sys
from pathlib import Path

# tests/core/toygame.py is importable as `toygame` by the core tests
sys.path.insert(0, str(Path(__file__).parent / "core"))
