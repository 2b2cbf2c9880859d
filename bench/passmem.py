"""Peak memory of the storage passes against the memory of the module.

Runs in a process of its own (bench/measure.py starts one per program for
bench/run.py), through the Python bindings, so the three phases are
separated in one address space:

1. parse the file: "module" = resident memory after parsing minus before;
2. tile-init-memref: "input" = module + the allocations it adds, the module
   the pass is given;
3. tile-materialize-semantic-aliases + tile-verify-storage: "pass peak" = the
   high-water mark of resident memory during the two passes minus the
   resident memory before them.

Before each phase freed heap goes back to the kernel (``malloc_trim``) and
the kernel's high-water mark is reset (``/proc/self/clear_refs``, value 5), so
a phase neither reuses memory an earlier one freed nor reports an earlier
peak. Linux only; prints one JSON object (MB), or ``{"error": ...}``.

    python bench/passmem.py program.mlir
"""

from __future__ import annotations

import ctypes
import json
import sys


def _status(field: str) -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024.0
    raise RuntimeError(f"no {field} in /proc/self/status")


def measure(path: str) -> dict:
    import tilemem.passes  # noqa: F401  (registers the dialect and passes)
    from tilemem.ir import Context, Location, Module
    from tilemem.limits import parse_module, run_on_large_stack
    from tilemem.passmanager import PassManager

    libc = ctypes.CDLL("libc.so.6")

    def settle() -> float:
        libc.malloc_trim(0)
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return _status("VmRSS")

    def run(module, passes: str) -> None:
        # A large stack, as tile-opt's: MLIR's walks recurse once per level.
        pm = PassManager.parse(f"builtin.module(func.func({passes}))")
        run_on_large_stack(pm.run, module.operation)

    with open(path) as f:
        text = f.read()
    with Context(), Location.unknown():
        # Warm up: load the dialects and passes before anything is measured.
        run(Module.parse("func.func @f() { return }"), "tile-init-memref")
        before = settle()
        module = parse_module(text, source_name=path)
        del text
        parsed = settle()
        run(module, "tile-init-memref")
        prepared = settle()
        run(module, "tile-materialize-semantic-aliases,tile-verify-storage")
        peak = _status("VmHWM")
        after = settle()
    return {
        "module_mb": parsed - before,
        "input_mb": prepared - before,
        "pass_peak_mb": peak - prepared,
        "pass_kept_mb": after - prepared,
    }


def main() -> int:
    try:
        print(json.dumps(measure(sys.argv[1])))
    except Exception as error:  # reported, the benchmark goes on
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
