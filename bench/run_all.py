"""Run every ``bench/bench_*.py`` script in turn (``make bench``); each writes its own figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

failed = 0
for script in sorted(Path(__file__).parent.glob("bench_*.py")):
    print(f"== {script.name}", flush=True)
    failed += subprocess.run([sys.executable, str(script)], check=False).returncode != 0
raise SystemExit(1 if failed else 0)
