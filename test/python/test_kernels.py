"""The kernel corpus of kernels/ (docs/kernels.md): each kernel computes its
numpy golden in the interpreter's value mode; after every planner, in both
Buffer-IR modes, storage mode on the planned module equals value mode on the
kernel, with the number of tile.move copies the pipeline inserts pinned;
its PTO is emitted at level2 and level3; and on the real toolchain ptoas
accepts it and pto-isa's CPU simulator computes the golden (skipped, with
the reason, without ptoas and pto-isa)."""

import importlib.util
import os
import sys
import tempfile

import numpy as np
import pytest
import tilemem
from conftest import PLANNERS, ROOT, tools_or_skip
from tilemem.testing import interp, toolchain

_spec = importlib.util.spec_from_file_location(
    "kernels_golden", os.path.join(ROOT, "kernels", "golden.py")
)
golden = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = golden  # its dataclasses look their module up
_spec.loader.exec_module(golden)

KERNELS = sorted(golden.KERNELS)
BUFFER_IR = (True, False)

# tile.move ops the storage pipeline inserts into each kernel, the same for
# every planner and Buffer-IR mode (the kernels' own moves, mat -> left and
# right, are not counted). docs/kernels.md says where each comes from.
MOVES_INSERTED = {
    "gemm_splitk": 0,
    "gemm_w8a8_a5": 0,
    "row_softmax": 0,
    "online_softmax": 1,
    "layer_norm": 0,
    "rms_norm": 0,
    "rotary": 0,
    "ffn": 0,
    "ffn_f16": 0,
    "ffn_a5": 0,
    "flash_attention": 1,
    "flash_attention_f16": 1,
    "flash_attention_a5": 1,
    "flash_attention_causal_a5": 1,
    "qwen3_decode_attention": 1,
}


def _text(name):
    with open(golden.KERNELS[name].path) as f:
        return f.read()


def _inputs(name, seed=0):
    return interp.random_inputs(_text(name), seed=seed)


def test_corpus_is_complete():
    assert len(KERNELS) >= 8
    assert set(MOVES_INSERTED) == set(KERNELS)
    on_disk = {f[:-5] for f in os.listdir(golden.DIR) if f.endswith(".mlir")}
    assert on_disk == set(KERNELS)


def test_golden_check_fails_on_a_wrong_result():
    """The comparison can fail: a result off by one ulp of f16 in one
    element is caught, and so is a NaN."""
    kernel = golden.KERNELS["row_softmax"]
    inputs = _inputs("row_softmax")
    want = kernel.golden(*inputs)[0]
    assert golden.check(kernel, inputs, [want]) is None
    bad = want.copy()
    bad[3, 5] += 1e-3
    assert "1 of 32768" in golden.check(kernel, inputs, [bad])
    bad[3, 5] = np.nan
    assert golden.check(kernel, inputs, [bad]) is not None


@pytest.mark.parametrize("name", KERNELS)
def test_value_mode_computes_the_golden(name):
    kernel = golden.KERNELS[name]
    for seed in (0, 1):
        inputs = _inputs(name, seed)
        run = interp.run(_text(name), inputs, mode="value")
        assert not any(p.any() for p in run.poison if p is not None)
        assert golden.check(kernel, inputs, run.outputs) is None, f"seed {seed}"


@pytest.mark.parametrize("buffer_ir", BUFFER_IR, ids=lambda b: f"buffer-ir-{str(b).lower()}")
@pytest.mark.parametrize("planner", PLANNERS)
@pytest.mark.parametrize("name", KERNELS)
def test_storage_mode_equals_value_mode(name, planner, buffer_ir):
    path = golden.KERNELS[name].path
    result = tilemem.compile(path, memory_planner=planner, enable_buffer_ir=buffer_ir)
    assert result.stats["moves_inserted"] == MOVES_INSERTED[name]
    planned = str(result.module)
    cmp = interp.compare(_text(name), planned, _inputs(name))
    assert cmp.equal, cmp.message
    # The planner's PTO level: level3 (tilemem's addresses) for pypto and
    # dsa-rp, level2 (ptoas's PlanMemory places the buffers) for ptoas.
    if planner == "ptoas":
        assert result.options["pto_level"] == "level2" and "addr = " not in result.pto
    else:
        assert result.options["pto_level"] == "level3" and "pto.alloc_tile addr = " in result.pto


def test_rejected_kernel_and_its_rewrite():
    """docs/kernels.md's rejected GEMM (its K-prefix product stored after the
    loop accumulated into it) fails at the loop, naming the prefix and the
    store that reads it; the
    rewrite the doc gives (store the prefix first) needs no copy."""
    import re

    doc = open(os.path.join(ROOT, "docs", "kernels.md")).read()
    text = re.search(r"```mlir\n(func\.func @gemm_prefix.*?\n})\n```", doc, re.S).group(1)
    with pytest.raises(tilemem.CompileError) as error:
        tilemem.compile(text)
    first = error.value.diagnostics[0]
    assert "no acc->acc copy on a3" in first.message
    assert first.location.endswith(":11:10")
    assert any(
        n.location.endswith(":10:13") and "is defined here" in n.message for n in first.notes
    ), str(first)
    # The read that needs the old value: the prefix's store after the loop.
    assert "still read by 'tile.store' after the loop updates it" in first.message
    assert any(n.location.endswith(":20:9") and "is read here" in n.message for n in first.notes), (
        str(first)
    )
    store = (
        "  %P1 = tile.store %prefix, %P[%c0, %c0] : "
        "!tile.tile<64x64xf32, acc>, !tile.tensor<64x64xf32>\n"
    )
    rewritten = text.replace(store, "").replace("  %sum = scf.for", store + "  %sum = scf.for")
    for planner in PLANNERS:
        result = tilemem.compile(rewritten, memory_planner=planner)
        assert result.stats["moves_inserted"] == 0
        inputs = interp.random_inputs(rewritten)
        cmp = interp.compare(rewritten, str(result.module), inputs)
        assert cmp.equal, cmp.message


# ===----------------------------------------------------------------------=== #
# The real toolchain
# ===----------------------------------------------------------------------=== #

_CHAIN = {}


def _chain_results():
    """Every kernel x planner x Buffer-IR mode through ptoas and the
    simulator, as one batch (one C++ compile for all), run once."""
    tools = tools_or_skip()
    if not _CHAIN:
        # The simulator's outputs are read from the kept files; the
        # directory goes when the session ends.
        _CHAIN["dir"] = tempfile.TemporaryDirectory(prefix="tilemem-kernels-")
        keep = _CHAIN["dir"].name
        jobs = [
            toolchain.Job(
                golden.KERNELS[name].path,
                memory_planner=planner,
                enable_buffer_ir=buffer_ir,
                name=f"{name}-{int(buffer_ir)}",
            )
            for name in KERNELS
            for planner in PLANNERS
            for buffer_ir in BUFFER_IR
        ]
        for job, result in zip(jobs, toolchain.run_batch(jobs, keep=keep, tools=tools)):
            _CHAIN[(job.name, job.memory_planner)] = result
    return _CHAIN


def _simulated_outputs(result):
    """The simulator's final contents of each tensor a result comes from."""
    outputs = []
    results = sorted((o for o in result.outputs if o.result is not None), key=lambda o: o.result)
    for check in results:
        arg = result.signature.args[check.arg]
        path = os.path.join(result.files["dir"], f"arg{check.arg}.out")
        shape = np.shape(result.inputs[check.arg])
        outputs.append(np.fromfile(path, dtype=arg.dtype).reshape(shape))
    return outputs


@pytest.mark.parametrize("buffer_ir", BUFFER_IR, ids=lambda b: f"buffer-ir-{str(b).lower()}")
@pytest.mark.parametrize("planner", PLANNERS)
@pytest.mark.parametrize("name", KERNELS)
def test_simulator_computes_the_golden(name, planner, buffer_ir):
    result = _chain_results()[(f"{name}-{int(buffer_ir)}", planner)]
    assert result.ptoas is not None and result.ptoas.status == "accepted", result.report()
    assert result.level == ("level2" if planner == "ptoas" else "level3")
    assert result.ok, result.report()
    message = golden.check(golden.KERNELS[name], result.inputs, _simulated_outputs(result))
    assert message is None, message
