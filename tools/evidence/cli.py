"""The certification evidence report of sonnx-broadcast (issue 7).

usage:
  evidence.py --trace-stage          traceability only (sources, seconds); writes
                                     build/results/trace.txt; `make check` runs it
  evidence.py --coverage-stage       coverage figures of the last `make coverage` against
                                     spec/coverage-justifications.md; writes
                                     build/results/coverage.txt
  evidence.py --relines              renumbers the entries of spec/coverage-justifications.md
                                     whose anchored line has moved (after an edit of src/)
  evidence.py --report [--stages-status N]
                                     the whole report: build/evidence/report.md and
                                     build/evidence/index.html (the same content), a
                                     one-screen summary; exit 1 if anything is red
                                     --smoke-required: WP smoke tests not run
                                     (no build/proofs/smoke.json) is red too

Every figure comes from a tool's own output: the @req citations of the sources
(rules in spec/README.md), WP's JSON report and log (build/proofs/, written by
proofs/wp.sh), doctest's XML report, the RapidCheck and NumPy logs
(build/results/), gcovr's JSON and llvm-cov's JSON (build/coverage/). Nothing in
the report is typed by hand; what cannot be computed is shown as missing, and
missing is red. Standard library only (runs under /usr/bin/python3).

Modules (tools/evidence/), one per stage, each with the rule of its verdicts:
  sources.py   what the project's files state: @req citations, requirements, contracts, rules
  tests.py     doctest cases and RapidCheck properties, and this run's results
  trace.py     the traceability matrix (`make trace`) and its report section
  proofs.py    WP results and the no-admit checks
  coverage.py  statement / branch / MC/DC coverage against the justifications (`make coverage`)
  assumptions.py  the preconditions a caller must guarantee (src/sonnx_broadcast.h)
  trusted.py   tool versions, the libc specifications used, the z3 driver, compilers and flags
  deadcode.py  coverage and WP smoke tests (build/proofs/smoke.json, optional)
  completeness.py  every paragraph of the sources mapped (spec/source-map.md)
  report.py    the report assembled from the sections, the summary, --sample
  common.py, mdhtml.py  paths and Markdown; the HTML page
"""

from .coverage import coverage_stage, relines_justifications
from .report import report, sample
from .trace import trace_stage


def main(argv):
    if "--sample" in argv:
        return sample(argv[argv.index("--sample") + 1])
    if "--trace-stage" in argv:
        return trace_stage()
    if "--coverage-stage" in argv:
        return coverage_stage()
    if "--relines" in argv:
        return relines_justifications()
    if "--report" in argv:
        status = 0
        if "--stages-status" in argv:
            status = int(argv[argv.index("--stages-status") + 1])
        return report(status, smoke_required="--smoke-required" in argv)
    print(__doc__)
    return 2

