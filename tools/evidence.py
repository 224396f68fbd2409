#!/usr/bin/env python3
"""Entry point of the certification evidence report: the code is the package tools/evidence/,
one module per stage (tools/evidence/cli.py has the usage and lists the modules)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from evidence.cli import main  # noqa: E402  (the package next to this file)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
