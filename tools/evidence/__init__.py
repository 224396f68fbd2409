"""The certification evidence report of sonnx-broadcast, one module per stage (cli.py lists them).
Run it as `python3 tools/evidence.py ...` (or `python3 -m evidence` from tools/)."""
