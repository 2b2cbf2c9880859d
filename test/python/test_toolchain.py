"""tilemem.testing.toolchain: the real chain (tilemem -> ptoas -> pto-isa's CPU
simulator -> comparison with the interpreter).

The chain tests skip, with the reason, when ptoas or pto-isa is missing
(``eval "$(scripts/toolchain-env.sh)"`` provides both). The driver
generator, the signature tracing and the ptoas outcome classification are
tested without them.
"""

import glob
import os
import re
import shutil
import stat
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from conftest import EXAMPLES, PACKAGE_DIR, PLANNERS, ROOT, one_trip_loop_nest, tools_or_skip
from tilemem.testing import toolchain
from tilemem.testing.toolchain import (
    ArgSpec,
    DriverKernel,
    Job,
    KernelSignature,
    ToolchainUnavailable,
)

# ===----------------------------------------------------------------------=== #
# Without the tools
# ===----------------------------------------------------------------------=== #


def test_subpackage_is_installed():
    """Every module of the source package is in build/python_packages
    (python/CMakeLists.txt lists them; a forgotten one would import from
    nowhere)."""
    source = os.path.join(ROOT, "python", "tilemem")
    missing = []
    for path in glob.glob(os.path.join(source, "**", "*.py"), recursive=True):
        rel = os.path.relpath(path, source)
        if not os.path.isfile(os.path.join(PACKAGE_DIR, "tilemem", rel)):
            missing.append(rel)
    assert missing == [], f"not installed into {PACKAGE_DIR}: {missing}"


def _signature():
    args = [
        ArgSpec(0, "X", "!tile.tensor<4x8xf32>", "tensor", "float", 4, 8, "f32"),
        ArgSpec(1, "O", "!tile.tensor<4x8xf32>", "tensor", "float", 4, 8, "f32"),
        ArgSpec(2, "n", "index", "scalar", "int32_t"),
        ArgSpec(3, "c", "i1", "scalar", "bool"),
        ArgSpec(4, "s", "f32", "scalar", "float"),
    ]
    return KernelSignature("k", args, [1], ["!tile.tensor<4x8xf32>"], [1])


def test_driver_source_text():
    src = toolchain.driver_source([DriverKernel("/x/kernel.cpp", _signature())])
    # The kernel is included inside its namespace, after the driver's headers.
    assert 'namespace tilemem_k0 {\n#include "/x/kernel.cpp"\n}' in src
    assert src.index("#include <cstdint>") < src.index('#include "/x/kernel.cpp"')
    # Tensors: global buffers read from argN.in and written to argN.out.
    assert "float *a0 = static_cast<float *>(tm_alloc(128));" in src
    assert 'tm_read(dir + "/arg0.in", a0, 128)' in src
    assert 'tm_read(dir + "/arg1.in", a1, 128)' in src
    assert 'tm_write(dir + "/arg0.out", a0, 128)' in src
    assert 'tm_write(dir + "/arg1.out", a1, 128)' in src
    # Scalars: index -> int32_t (range-checked), i1 -> bool, f32 -> float.
    assert "if (!tm_int(argv[0], -2147483648LL, 2147483647LL, &s2)) return 2;" in src
    assert "int32_t a2 = static_cast<int32_t>(s2);" in src
    assert "if (!tm_int(argv[1], 0, 1, &s3)) return 2;" in src
    assert "bool a3 = s3 != 0;" in src
    assert "float a4 = static_cast<float>(s4);" in src
    assert "if (argc != 3) {" in src
    # The call, in argument order, and the simulator's memory model.
    assert "tilemem_k0::k(a0, a1, a2, a3, a4);" in src
    assert "pto::NPU_MEMORY_INIT(pto::NPUArch::A2A3);" in src
    a5 = toolchain.driver_source([DriverKernel("/x/kernel.cpp", _signature(), arch="a5")])
    assert "pto::NPU_MEMORY_INIT(pto::NPUArch::A5);" in a5
    # Several kernels: one namespace and one case each.
    two = toolchain.driver_source(
        [
            DriverKernel("/a.cpp", _signature(), "tilemem_k0"),
            DriverKernel("/b.cpp", _signature(), "tilemem_k1"),
        ]
    )
    assert "tilemem_k1::k(a0, a1, a2, a3, a4);" in two
    assert "case 1:\n    return tm_run_1(dir, argc - 3, argv + 3);" in two
    with pytest.raises(ValueError):
        toolchain.driver_source(
            [DriverKernel("/a.cpp", _signature()), DriverKernel("/b.cpp", _signature())]
        )


FAKE_KERNEL = """
#define __global__
#define AICORE
#define __gm__
__global__ AICORE void k(__gm__ float* v1, __gm__ float* v2, int32_t v3, bool v4, float v5) {
  for (int i = 0; i < 32; ++i) v2[i] = v1[i] * v5 + v3 + (v4 ? 100 : 0);
}
"""


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ not found")
def test_driver_runs_a_plain_kernel(tmp_path):
    """The driver's I/O without pto-isa: a plain C++ kernel with the same
    signature convention; inputs in, every tensor argument out, scalars
    exact (a hex float)."""
    kernel = tmp_path / "kernel.cpp"
    kernel.write_text(FAKE_KERNEL)
    assert toolchain.cpp_kernel_params(FAKE_KERNEL, "k") == [a.param for a in _signature().args]
    (tmp_path / "driver.cpp").write_text(
        toolchain.driver_source([DriverKernel(str(kernel), _signature())])
    )
    subprocess.run(
        [
            "g++",
            "-std=c++20",
            "-O1",
            "-Wall",
            "-Werror",
            str(tmp_path / "driver.cpp"),
            "-o",
            str(tmp_path / "driver"),
        ],
        check=True,
    )
    x = np.arange(32, dtype=np.float32)
    x.tofile(tmp_path / "arg0.in")
    np.full(32, -1, np.float32).tofile(tmp_path / "arg1.in")
    scale = np.float32(0.1)
    run = subprocess.run(
        [str(tmp_path / "driver"), "0", str(tmp_path), "3", "1", float(scale).hex()],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert np.array_equal(np.fromfile(tmp_path / "arg0.out", np.float32), x)
    expected = (x * scale + np.float32(3) + np.float32(100)).astype(np.float32)
    assert np.array_equal(np.fromfile(tmp_path / "arg1.out", np.float32), expected)
    # Bad scalars, a short input file and an unknown kernel are exit status 2.
    bad = subprocess.run(
        [str(tmp_path / "driver"), "0", str(tmp_path), "3", "2", "1.0"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "bad integer scalar '2'" in bad.stderr
    np.zeros(31, np.float32).tofile(tmp_path / "arg0.in")
    short = subprocess.run(
        [str(tmp_path / "driver"), "0", str(tmp_path), "3", "1", "1.0"],
        capture_output=True,
        text=True,
    )
    assert short.returncode == 2 and "does not hold exactly 128 bytes" in short.stderr
    assert (
        subprocess.run(
            [str(tmp_path / "driver"), "1", str(tmp_path)], capture_output=True
        ).returncode
        == 2
    )


@pytest.mark.parametrize(
    "example, result_arg, stored",
    [
        ("accumulate.mlir", 1, [1]),
        ("select.mlir", 2, [2]),
        ("splitk_matmul.mlir", 2, [2]),
        ("while_loop.mlir", 1, [1]),
    ],
)
def test_kernel_signature_traces_results(example, result_arg, stored):
    with open(os.path.join(EXAMPLES, example)) as f:
        sig = toolchain.kernel_signature(f.read())
    assert sig.results == [result_arg]
    assert sig.stored == stored


def test_kernel_signature_carries_and_branches():
    text = textwrap.dedent("""
    func.func @k(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %C: !tile.tensor<8x8xf32>,
                 %n: index, %c: i1) -> (!tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = tile.load %A[%c0, %c0] : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
      %b = scf.for %i = %c0 to %n step %c1 iter_args(%t = %B) -> (!tile.tensor<8x8xf32>) {
        %t1 = tile.store %x, %t[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
        scf.yield %t1 : !tile.tensor<8x8xf32>
      }
      %r = scf.if %c -> (!tile.tensor<8x8xf32>) {
        %s = tile.store %x, %C[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
        scf.yield %s : !tile.tensor<8x8xf32>
      } else {
        scf.yield %C : !tile.tensor<8x8xf32>
      }
      return %r, %b : !tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>
    }
    """)
    sig = toolchain.kernel_signature(text)
    assert sig.results == [2, 1]
    assert sig.stored == [1, 2]
    assert [a.param for a in sig.args] == ["float*", "float*", "float*", "int32_t", "bool"]
    assert [a.name for a in sig.args] == ["A", "B", "C", "n", "c"]


def _tensor_nest(depth: int) -> str:
    """A kernel that carries tensor %B through `depth` nested one-trip loops
    and stores a tile of %A into it in the innermost one."""
    tensor, tile = "!tile.tensor<16x16xf32>", "!tile.tile<16x16xf32, vec>"
    lines = [
        f"func.func @k(%A: {tensor}, %B: {tensor}) -> {tensor} {{",
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        f"%x = tile.load %A[%c0, %c0] : {tensor} -> {tile}",
    ]
    lines += one_trip_loop_nest(
        depth,
        tensor,
        "%B",
        lambda t: [
            f"%s = tile.store %x, {t}[%c0, %c0] : {tile}, {tensor}",
            f"scf.yield %s : {tensor}",
        ],
    )
    lines += [f"return %r0 : {tensor}", "}"]
    return "\n".join(lines)


def test_kernel_signature_of_a_nest_as_deep_as_tilemem_accepts():
    # The signature follows a tensor back through one Python frame per
    # carry: a 2000-deep nest from an independently written generator
    # stopped it with "maximum recursion depth exceeded".
    from tilemem.limits import MAX_NESTING_DEPTH

    sig = toolchain.kernel_signature(_tensor_nest(MAX_NESTING_DEPTH - 8))
    assert sig.results == [1]
    assert sig.stored == [1]


def test_a_deep_nest_runs_on_the_simulator(tmp_path):
    # Deeper than Python's recursion limit allows a recursive walk of the IR
    # (the signature's, the interpreter's), end to end through the chain.
    tools = tools_or_skip()
    path = tmp_path / "deep.mlir"
    path.write_text(_tensor_nest(1100))
    (result,) = toolchain.run_batch([Job(str(path), memory_planner="pypto")], tools=tools)
    assert result.ok, result.report()


def _fake_tool(tmp_path, name, script):
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + script)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def test_ptoas_outcome_classification(tmp_path):
    pto = tmp_path / "k.pto"
    pto.write_text("module {}\n")
    cpp = str(tmp_path / "k.cpp")
    # The last argument is the output file.
    ok = _fake_tool(tmp_path, "ok", 'for a; do out="$a"; done; echo "// c++" > "$out"\n')
    r = toolchain.run_ptoas(ok, str(pto), cpp, "level3", "a3")
    assert r.status == "accepted", r
    assert r.command[1:4] == ["--pto-level=level3", "--pto-arch=a3", "--enable-insert-sync"]
    rej = _fake_tool(
        tmp_path,
        "rej",
        'echo "debug noise" >&2; '
        "echo \"k.pto:3:5: error: 'pto.tadd' op expects row-major\" >&2; exit 1\n",
    )
    r = toolchain.run_ptoas(rej, str(pto), cpp, "level2", None, insert_sync=False)
    assert r.status == "rejected" and r.signal is None
    assert r.message == "k.pto:3:5: error: 'pto.tadd' op expects row-major"
    assert "--enable-insert-sync" not in r.command
    seg = _fake_tool(tmp_path, "seg", "kill -SEGV $$\n")
    r = toolchain.run_ptoas(seg, str(pto), cpp, "level2", None)
    assert r.status == "crashed" and r.signal == "SIGSEGV"
    (tmp_path / "assert.txt").write_text(
        "ptoas: Casting.h:572: Assertion `isa<To>(Val)' "
        "failed.\nStack dump:\n0. Program arguments: ptoas\n"
    )
    asrt = _fake_tool(tmp_path, "asrt", f"cat {tmp_path / 'assert.txt'} >&2; kill -ABRT $$\n")
    r = toolchain.run_ptoas(asrt, str(pto), cpp, "level2", None)
    assert r.status == "crashed" and r.signal == "SIGABRT"
    assert "Assertion `isa<To>(Val)' failed." in r.message
    silent = _fake_tool(tmp_path, "silent", "exit 0\n")
    r = toolchain.run_ptoas(silent, str(pto), cpp, "level2", None)
    assert r.status == "rejected" and "no C++" in r.message


def test_missing_tools_are_reported(monkeypatch, tmp_path):
    monkeypatch.setenv("TILEMEM_PTOAS", str(tmp_path / "no-ptoas"))
    with pytest.raises(
        ToolchainUnavailable,
        match="ptoas not found: set TILEMEM_PTOAS or run scripts/build-ptoas.sh",
    ):
        toolchain.find_tools()
    monkeypatch.setenv("TILEMEM_PTOAS", sys.executable)  # any executable
    monkeypatch.setenv("TILEMEM_PTO_ISA", str(tmp_path))
    with pytest.raises(
        ToolchainUnavailable,
        match="pto-isa not found: set TILEMEM_PTO_ISA or run scripts/fetch-pto-isa.sh",
    ):
        toolchain.find_tools()
    (tmp_path / "include" / "pto").mkdir(parents=True)
    (tmp_path / "include" / "pto" / "pto-inst.hpp").write_text("")
    assert toolchain.find_pto_isa() == str(tmp_path / "include")


def test_compare_tolerances():
    ref = np.array([[1.0, 0.0, np.nan, np.inf]], np.float32)
    same = toolchain._compare_arrays(ref, ref.copy(), "f32", None)
    assert same[0] == 0
    near = ref.copy()
    near[0, 0] = np.nextafter(np.float32(1), np.float32(2))
    assert toolchain._compare_arrays(ref, near, "f32", None)[0] == 0
    far = ref.copy()
    far[0, 0] = 1.001
    far[0, 3] = -np.inf
    bad, poison, _, first = toolchain._compare_arrays(ref, far, "f32", None)
    assert bad == 2 and poison == 0 and first[:2] == (0, 0)
    mask = np.array([[True, False, False, True]])
    assert toolchain._compare_arrays(ref, far, "f32", mask)[:2] == (0, 2)
    ints = np.array([[1, 2]], np.int32)
    assert toolchain._compare_arrays(ints, ints + np.array([[0, 1]], np.int32), "i32", None)[0] == 1


def test_compare_tolerance_of_a_narrowed_output():
    """An f32 output computed from a value the kernel narrows to f16 (an
    acc -> mat f16 move) is compared at f16's tolerance, about one f16 ulp:
    a narrowing at a rounding tie goes either way when the simulator sums in
    another order (the hunt's extract.mlir: 22 elements of %Dg off by up to
    9.6e-4, -7.534075736999512 for -7.533121585845947, failed at f32's). An
    output without a narrowing keeps f32's, and an error past one f16 ulp
    still fails."""
    path = os.path.join(ROOT, "test", "python", "repros", "ptoas", "extract.mlir")
    assert toolchain.kernel_signature(open(path).read()).narrowed == [None, "f16"]
    assert toolchain.tolerance("f32", "f16") == toolchain.TOLERANCES["f16"]
    assert toolchain.tolerance("f32") == toolchain.TOLERANCES["f32"]
    assert toolchain.tolerance("f16", "f16") == toolchain.TOLERANCES["f16"]
    assert toolchain.tolerance("i32", "f16") is None
    ref = np.array([[-7.533121585845947, 1.0]], np.float32)
    tie = ref.copy()
    tie[0, 0] = -7.534075736999512
    assert toolchain._compare_arrays(ref, tie, "f32", None)[0] == 1
    assert toolchain._compare_arrays(ref, tie, "f32", None, "f16")[0] == 0
    wrong = ref.copy()
    wrong[0, 0] = -7.56
    assert toolchain._compare_arrays(ref, wrong, "f32", None, "f16")[0] == 1


def test_ill_conditioned_kernels_are_told_apart():
    """A kernel whose results move out of tolerance when its sums are
    rounded as float32 rounds them is ill-conditioned on those inputs: the
    mutant of layer_norm with rsqrt(mean + eps), added in order, by exactly
    the simulator's error there (4 elements, max |err| 0.00154), and a
    mutant of decode attention whose denominator cancels. The kernels
    themselves are not, nor are fuzz programs; the interpreter's float64
    sums are restored afterwards."""
    from tilemem.testing import interp
    from tilemem.testing.interp import semantics
    from tilemem.testing.toolchain.compare import ill_conditioned

    mutant = open(
        os.path.join(ROOT, "test", "python", "programs", "ill-conditioned-layer-norm.mlir")
    ).read()
    reason = ill_conditioned(mutant, 1424000501)
    assert reason.startswith("4 element(s) of %Y move out of tolerance (max |err| 0.00154)"), reason
    # Sums that cancel, in a matmul's order of the simulator's own: the
    # random float32 rounding error finds it.
    attention = open(
        os.path.join(ROOT, "test", "python", "programs", "ill-conditioned-decode-attention.mlir")
    ).read()
    assert "(perturbed-float32)" in ill_conditioned(attention, 322530353)
    assert semantics.SUMMATION == ["float64"]
    for path in sorted(glob.glob(os.path.join(ROOT, "kernels", "*.mlir"))):
        assert ill_conditioned(open(path).read(), 1424000501) == "", path
    # Nor are fuzz programs (fixed seeds: none of 243 from here was).
    from tilemem.testing import fuzz
    from tilemem.testing.fuzz.checks import _returns_only_tensors

    checked = 0
    for seed in range(1425000001, 1425000041):
        program = fuzz.generate(seed, tensor_outputs=True)
        if _returns_only_tensors(program):
            assert ill_conditioned(program, seed) == "", seed
            checked += 1
    assert checked >= 30
    # The two orders differ on a sum that cancels, and the switch is undone.
    inputs = interp.random_inputs(mutant, seed=1424000501)
    with semantics.summation("sequential-float32"):
        ordered = interp.run(mutant, inputs).outputs[0]
    exact = interp.run(mutant, inputs).outputs[0]
    finite = np.isfinite(exact)
    assert not np.array_equal(np.asarray(ordered)[finite], np.asarray(exact)[finite])


def test_f16_column_sums_are_added_in_f16():
    """pto-isa's CPU TColSum adds an f16 column in half (its TRowSum adds
    an f16 row in float): a 64-row f16 column sum is ill-conditioned on some
    inputs (shape_sweep seed 1434830641 mismatched by 2 elements with 0.023
    of error), the same sum of f32 values or of an f16 row is not."""
    from tilemem.testing.toolchain.compare import ill_conditioned

    kernel = """
    module attributes {tile.target_arch = "a3"} {
      func.func @k(%A: !tile.tensor<64x128xf16>, %O: !tile.tensor<1x128xf16>) -> !tile.tensor<1x128xf16> {
        %c0 = arith.constant 0 : index
        %x = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf16> -> !tile.tile<64x128xf16, vec>
        %s = tile.col_sum %x : !tile.tile<64x128xf16, vec> -> !tile.tile<1x128xf16, vec>
        %r = tile.store %s, %O[%c0, %c0] : !tile.tile<1x128xf16, vec>, !tile.tensor<1x128xf16>
        return %r : !tile.tensor<1x128xf16>
      }
    }"""
    seeds = range(1, 9)
    assert any("(sequential-float32)" in ill_conditioned(kernel, seed) for seed in seeds)
    f32 = kernel.replace("xf16", "xf32")
    assert not any(ill_conditioned(f32, seed) for seed in seeds)
    rows = (
        kernel.replace("64x128xf16", "128x64xf16")
        .replace("1x128xf16", "128x1xf16")
        .replace("col_sum", "row_sum")
    )
    assert not any(ill_conditioned(rows, seed) for seed in seeds)


def test_what_the_simulator_cannot_compute_is_not_compared():
    from tilemem.testing import corpus
    from tilemem.testing.toolchain.compare import unverifiable

    f32_pad = "%y = tile.fillpad %x valid [5, 19] pad max : !tile.tile<16x32xf32, vec>"
    assert unverifiable(f32_pad) == ""
    assert "numeric_limits<half>" in unverifiable(f32_pad.replace("xf32", "xf16"))
    assert unverifiable(f32_pad.replace("xf32", "xf16").replace("max", "zero")) == ""
    # Any bf16 value, not only a bf16 output: an f32 matmul of bf16 inputs.
    assert "placeholder" in unverifiable("tile.matmul %l, %r : !tile.tile<16x16xbf16, left>")
    # A skipped comparison is its own outcome, not a mismatch (a failure).
    result = toolchain.ChainResult("k", "pypto", "level3", "a3")
    result._set(toolchain.StageOutcome("compare", "skipped", "not comparable: bf16"))
    assert corpus.outcome_of(result) == "unchecked"
    assert "unchecked" not in corpus.FAILURES
    assert result.report().startswith("k [pypto level3 a3]: NOT CHECKED")
    result._set(toolchain.StageOutcome("compare", "failed", "3 mismatching element(s)"))
    assert corpus.outcome_of(result) == "mismatch" and "mismatch" in corpus.FAILURES


# ===----------------------------------------------------------------------=== #
# With ptoas and pto-isa
# ===----------------------------------------------------------------------=== #

EXAMPLE_FILES = sorted(os.path.basename(p) for p in glob.glob(os.path.join(EXAMPLES, "*.mlir")))

# Scalar arguments per example (index: value), so the runs are deterministic
# and cover both arms of the selection.
SCALARS = {
    "select.mlir": [{3: True}, {3: False}],
    "while_loop.mlir": [{2: 3}, {2: 0}],
}

# Diagnosed failures, by the known class (toolchain.KNOWN_CLASSES) they
# belong to. Keep in step with docs/pto-emission.md, "Running on the
# simulator".
XFAIL = {}


def _cases():
    for example in EXAMPLE_FILES:
        for planner in PLANNERS:
            for scalars in SCALARS.get(example, [None]):
                yield example, planner, scalars


CASES = list(_cases())


def _case_id(case):
    example, planner, scalars = case
    tail = "" if not scalars else "-" + "-".join(f"{k}={v}" for k, v in scalars.items())
    return f"{example[:-5]}-{planner}{tail}"


@pytest.fixture(scope="module")
def example_results():
    """Every example with every planner, as one batch (one g++ run)."""
    tools = tools_or_skip()
    jobs = [
        Job(
            os.path.join(EXAMPLES, example),
            memory_planner=planner,
            scalars=scalars,
            name=_case_id((example, planner, scalars)),
        )
        for example, planner, scalars in CASES
    ]
    results = toolchain.run_batch(jobs, tools=tools)
    return {_case_id(c): r for c, r in zip(CASES, results)}


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(
            c,
            id=_case_id(c),
            marks=[pytest.mark.xfail(strict=True, reason=XFAIL[_case_id(c)])]
            if _case_id(c) in XFAIL
            else [],
        )
        for c in CASES
    ],
)
def test_example_on_simulator(example_results, case):
    result = example_results[_case_id(case)]
    assert result.ok, result.report()


def _accumulate_job(**kw):
    return Job(os.path.join(EXAMPLES, "accumulate.mlir"), memory_planner="dsa-rp", **kw)


def test_harness_detects_corrupted_cpp():
    """A harness that cannot fail proves nothing: the scale 0.25 of
    accumulate.mlir turned into 0.5 in ptoas's C++ must be a mismatch in
    every element, found at the compare stage."""
    tools = tools_or_skip()

    def corrupt(cpp):
        assert "0.25" in cpp or "2.5e-01" in cpp, "the scale constant moved"
        return cpp.replace("2.500000000e-01f", "5.000000000e-01f").replace("0.25f", "0.5f")

    good, bad = toolchain.run_batch(
        [_accumulate_job(name="good"), _accumulate_job(name="bad", cpp_filter=corrupt)], tools=tools
    )
    assert good.ok, good.report()
    assert not bad.ok and bad.stage == "compare", bad.report()
    (out,) = [o for o in bad.outputs if o.result == 0]
    assert out.checked and out.mismatches == out.total == 64 * 64, bad.report()


def test_harness_detects_other_reference_inputs():
    """The interpreter fed other inputs than the simulator must disagree;
    the input tensor %A must still come back unchanged."""
    tools = tools_or_skip()
    from tilemem.testing import interp

    path = os.path.join(EXAMPLES, "accumulate.mlir")
    with open(path) as f:
        other = interp.random_inputs(f.read(), seed=12345)
    result = toolchain.run_batch([_accumulate_job(reference_inputs=other)], tools=tools)[0]
    assert not result.ok and result.stage == "compare", result.report()
    by_name = {o.name: o for o in result.outputs}
    assert by_name["B"].mismatches > 4000
    # %A is compared with the reference's inputs, which differ too.
    assert by_name["A"].result is None and by_name["A"].mismatches > 0


def test_memory_fill_exposes_uninitialized_reads():
    """Without its zero fill (TEXPANDS) the accumulator starts from whatever
    the memory holds: the simulator's zeros hide that, the default 0xff fill
    (NaN) does not."""
    tools = tools_or_skip()

    def drop_fill(cpp):
        assert cpp.count("TEXPANDS(") == 1
        return re.sub(r"\n\s*TEXPANDS\([^;]*;", "\n", cpp)

    filled, zeroed = toolchain.run_batch(
        [
            _accumulate_job(name="filled", cpp_filter=drop_fill),
            _accumulate_job(name="zeroed", cpp_filter=drop_fill, memory_fill=None),
        ],
        tools=tools,
    )
    assert not filled.ok and filled.stage == "compare", filled.report()
    (out,) = [o for o in filled.outputs if o.result == 0]
    assert out.mismatches == out.total and np.isnan(out.first[3]), filled.report()
    assert zeroed.ok, zeroed.report()


def test_batch_attributes_compile_and_run_failures():
    """One batch: a kernel whose C++ does not compile, one that aborts and a
    good one. The failed batch is split, each failure lands on its kernel."""
    tools = tools_or_skip()
    head = r"(__global__ AICORE void \w+\([^)]*\) \{)"

    def broken(cpp):
        return re.sub(head, r"\1 this_does_not_compile;", cpp, count=1)

    def aborting(cpp):
        return re.sub(head, r"\1 std::abort();", cpp, count=1)

    good, bad_cxx, bad_run = toolchain.run_batch(
        [
            _accumulate_job(name="good"),
            _accumulate_job(name="broken", cpp_filter=broken),
            _accumulate_job(name="aborting", cpp_filter=aborting),
        ],
        tools=tools,
    )
    assert good.ok, good.report()
    assert (
        bad_cxx.stage == "compile" and "this_does_not_compile" in bad_cxx.stages["compile"].message
    ), bad_cxx.report()
    # Attributed from the failed batch of three, without compiling it alone.
    assert bad_cxx.stages["compile"].detail["attributed_from_batch"]
    assert bad_cxx.stages["compile"].detail["batch_size"] == 3
    assert good.stages["compile"].detail["batch_size"] == 2
    assert bad_run.stage == "run" and "SIGABRT" in bad_run.stages["run"].message, bad_run.report()


_VEC8 = (
    "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, "
    "blayout={}, slayout=none_box, fractal=512, pad=0>"
)
_PTO_HEAD = """module {{
  func.func @k(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: index) {{
    %c8 = arith.constant 8 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %0 = pto.make_tensor_view %arg0, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %1 = pto.make_tensor_view %arg1, shape = [%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>
    %2 = pto.alloc_tile : {R}
    %3 = pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    pto.tload ins(%3 : !pto.partition_tensor_view<8x8xf32>) outs(%2 : {R})
"""
_PTO_TAIL = """    %9 = pto.partition_view %1, offsets = [%c0, %c0], sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x8xf32>
    pto.tstore ins(%2 : {R}) outs(%9 : !pto.partition_tensor_view<8x8xf32>)
    return
  }}
}}
"""

# ptoas's own limits, on PTO written by hand (not tilemem's emission).
PTOAS_CASES = {
    # tadd on a col_major view: ptoas's verifier wants row_major.
    "transposed-view-row-major": (
        "rejected",
        """
    %4 = pto.treshape %2 : {R} -> {C}
    pto.tadd ins(%2, %4 : {R}, {C}) outs(%2 : {R})
""",
    ),
    # an scf.while and an scf.for nested in an scf.while: ptoas asserts in
    # SCFWhileToCF (without the scf.for it does not).
    "ptoas-while-nest-crash": (
        "crashed",
        """
    %4 = scf.while (%a = %c0) : (index) -> index {{
      %p = arith.cmpi slt, %a, %arg2 : index
      scf.condition(%p) %a : index
    }} do {{
    ^bb0(%a1: index):
      %5 = scf.while (%b = %c0) : (index) -> index {{
        %q = arith.cmpi slt, %b, %arg2 : index
        scf.condition(%q) %b : index
      }} do {{
      ^bb0(%b1: index):
        pto.tadd ins(%2, %2 : {R}, {R}) outs(%2 : {R})
        %b2 = arith.addi %b1, %c1 : index
        scf.yield %b2 : index
      }}
      scf.for %i = %c0 to %arg2 step %c1 {{
        pto.tadd ins(%2, %2 : {R}, {R}) outs(%2 : {R})
      }}
      %a2 = arith.addi %a1, %c1 : index
      scf.yield %a2 : index
    }}
""",
    ),
}


@pytest.mark.parametrize("known", sorted(PTOAS_CASES))
def test_real_ptoas_outcomes_are_classified(tmp_path, known):
    tools = tools_or_skip()
    status, body = PTOAS_CASES[known]
    fields = {"R": _VEC8.format("row_major"), "C": _VEC8.format("col_major")}
    text = (_PTO_HEAD + body + _PTO_TAIL).format(**fields)
    (tmp_path / "k.pto").write_text(text)
    outcome = toolchain.run_ptoas(
        tools.ptoas, str(tmp_path / "k.pto"), str(tmp_path / "k.cpp"), "level2", "a3"
    )
    assert outcome.status == status, outcome.message + outcome.stderr[-2000:]
    if status == "crashed":
        assert outcome.signal == "SIGABRT" and "Assertion" in outcome.message
    result = toolchain.ChainResult("k", "ptoas", "level2", "a3", ptoas=outcome)
    result._set(toolchain.StageOutcome("ptoas", "failed", outcome.message))
    assert toolchain.classify_failure(result) == known
    # The same body without the offending part is accepted.
    plain = (_PTO_HEAD + _PTO_TAIL).format(**fields)
    (tmp_path / "ok.pto").write_text(plain)
    assert (
        toolchain.run_ptoas(
            tools.ptoas, str(tmp_path / "ok.pto"), str(tmp_path / "ok.cpp"), "level2", "a3"
        ).status
        == "accepted"
    )


BAD_TILE = (
    "Tile<TileType::Mat, half, 8, 8, BLayout::ColMajor, 8, 8, SLayout::RowMajor, 512, "
    "PadValue::Null, CompactMode::Null> tm_bad; (void)tm_bad;"
)


def test_batch_attributes_shared_tile_type_failures():
    """Two kernels declaring the same tile type pto-isa rejects (a boxed 8x8
    tile): g++ reports the static assertions once, naming only the first;
    the tile-type probe finds the second. Neither is compiled alone."""
    tools = tools_or_skip()
    head = r"(__global__ AICORE void \w+\([^)]*\) \{)"

    def bad_tile(cpp):
        return re.sub(head, lambda m: m.group(1) + " " + BAD_TILE, cpp, count=1)

    good, bad1, bad2 = toolchain.run_batch(
        [
            _accumulate_job(name="good"),
            _accumulate_job(name="bad1", cpp_filter=bad_tile),
            Job(
                os.path.join(EXAMPLES, "select.mlir"),
                memory_planner="pypto",
                name="bad2",
                cpp_filter=bad_tile,
            ),
        ],
        tools=tools,
    )
    assert good.ok, good.report()
    for bad in (bad1, bad2):
        assert bad.stage == "compile" and bad.failure_class == "boxed-tile-too-small", bad.report()
        assert bad.stages["compile"].detail["attributed_from_batch"], bad.report()
    assert bad1.stages["compile"].detail["command"][-3].endswith("driver-batch0.cpp")
    assert bad2.stages["compile"].detail["command"][-1].endswith("tile-types.cpp")


def test_level3_without_addresses_stops_at_emit():
    """A level3 request for the ptoas planner (no addresses) stops at emit
    with the emitter's diagnostic."""
    tools = tools_or_skip()
    r = toolchain.run_chain(
        os.path.join(EXAMPLES, "accumulate.mlir"),
        memory_planner="ptoas",
        level="level3",
        tools=tools,
    )
    assert not r.ok and r.stage == "emit" and "addr" in r.stages["emit"].message, r.report()


def test_emit_diagnostics_name_the_kernel_file(tmp_path):
    """The chain's diagnostics name the kernel's file, compiled or emitted as
    it is (they named <string>: the chain parsed and compiled the text it had
    read), and a signature's parse error too."""
    tools = tools_or_skip()
    refused = os.path.join(ROOT, "test", "python", "repros", "ptoas", "accslice.mlir")
    legalized = tmp_path / "legalized.mlir"
    legalized.write_text(
        textwrap.dedent(
            """\
            func.func @k(%A: !tile.tensor<16x16xf32>) {
              %b = tile.alloc : !tile.buffer<vec, 1024>
              %t = tile.create into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
              %s = tile.slice %t[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x4xf32, vec>
              %x = tile.exp %s into(%b : !tile.buffer<vec, 1024>) : !tile.tile<8x4xf32, vec>
              return
            }
            """
        )
    )
    broken = tmp_path / "broken.mlir"
    broken.write_text("func.func @k() {\n  %x = arith.constant 1 : i32 :\n}\n")
    compiled, emitted, unparsed = toolchain.run_batch(
        [Job(refused), Job(str(legalized), legalized=True), Job(str(broken))], tools=tools
    )
    for result, where in (
        (compiled, f"{refused}:18:12: error: "),
        (emitted, f"{legalized}:4:"),
        (unparsed, f"{broken}:2:"),
    ):
        message = result.stages["emit"].message
        assert result.stage == "emit" and where in message, result.report()
        assert "<string>" not in message, message


def test_cli(tmp_path):
    tools = tools_or_skip()
    env = dict(
        os.environ, PYTHONPATH=PACKAGE_DIR, TILEMEM_PTOAS=tools.ptoas, TILEMEM_PTO_ISA=tools.pto_isa
    )
    keep = tmp_path / "keep"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tilemem.testing.toolchain",
            os.path.join(EXAMPLES, "accumulate.mlir"),
            "--memory-planner",
            "dsa-rp",
            "--keep",
            str(keep),
        ],
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "accumulate [dsa-rp level3 a3]: PASS" in run.stdout
    for stage in toolchain.STAGES:
        assert f"\n  {stage} " in run.stdout
    (job,) = glob.glob(str(keep / "000-*"))
    for name in (
        "kernel.mlir",
        "kernel.pto",
        "kernel.cpp",
        "ptoas.log",
        "arg0.in",
        "arg1.out",
        "run.log",
    ):
        assert os.path.isfile(os.path.join(job, name)), name
