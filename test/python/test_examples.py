"""Every example compiles with every planner to PTO (which real ptoas
accepts and runs on pto-isa's simulator: test_toolchain.py), and the planned
module (addresses applied) computes what the input does."""

import glob
import os
import subprocess
import sys

import pytest
import tilemem
from conftest import EXAMPLES, PACKAGE_DIR, ROOT
from tilemem.testing import interp

KERNELS = sorted(glob.glob(os.path.join(EXAMPLES, "*.mlir")))


def test_examples_cover_the_emission_cases():
    names = {os.path.basename(k) for k in KERNELS}
    assert {"accumulate.mlir", "splitk_matmul.mlir", "select.mlir", "while_loop.mlir"} <= names
    text = "".join(open(k).read() for k in KERNELS)
    for construct in ("scf.for", "scf.while", "scf.if", "tile.matmul_acc", "init_cond"):
        assert construct in text


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp", "ptoas"])
@pytest.mark.parametrize("kernel", KERNELS, ids=os.path.basename)
def test_example_compiles_and_computes_the_same(kernel, planner):
    text = open(kernel).read()
    result = tilemem.compile(kernel, memory_planner=planner)
    level = result.options["pto_level"]
    assert ("addr = " in result.pto) == (level == "level3")
    assert (" addr = " in str(result.module)) == (planner != "ptoas")
    program = interp.compile(str(result.module))
    for seed in range(3):
        inputs = interp.random_inputs(text, seed=seed)
        cmp = interp.compare(text, program, inputs)
        assert cmp.equal, f"{planner}, seed {seed}: {cmp.message}"


def test_build_and_compile_example_runs():
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    proc = subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, "build_and_compile.py")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "scf.for" in out  # the built kernel is printed
    assert "'memory_planner': 'dsa-rp'" in out
    pto = out[out.index("// stats:") :].split("\n", 1)[1]
    assert "pto.tadd" in pto and "pto.alloc_tile addr = " in pto


def test_pipelines_doc_is_generated_and_current():
    """docs/pipelines.md is what scripts/gen_pipelines_doc.py prints from the
    built tools (pass lists, legalized and planned IR, PTO per planner)."""
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR)
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "scripts", "gen_pipelines_doc.py"), "--check"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
