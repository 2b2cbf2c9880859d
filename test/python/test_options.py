"""Option spellings (tilemem.options, the C++ enum options) and PassContext
(per thread and per asyncio task, strict types)."""

import asyncio
import os
import subprocess
import sys
import threading

import pytest
import tilemem
from conftest import EXAMPLES, PACKAGE_DIR, ROOT
from tilemem import contract, ir, options, passes
from tilemem.passmanager import PassManager

ACCUMULATE = os.path.join(EXAMPLES, "accumulate.mlir")


def test_python_accepts_exactly_the_cpp_spellings():
    # One source: the names are read from PassOptions.h (tilemem.contract).
    assert options.PLANNERS is contract.PLANNERS == ("pypto", "dsa-rp", "ptoas")
    assert options.ADDRESS_PLANNERS is contract.ADDRESS_PLANNERS == ("pypto", "dsa-rp")
    assert options.ARCH_VALUES is contract.ARCH_VALUES == ("auto", "a3", "a5")
    # Every canonical value parses as a C++ pipeline option; a value C++
    # rejects is rejected by Python before any pipeline is built.
    with ir.Context():
        for planner in options.PLANNERS:
            for arch in options.ARCH_VALUES:
                PassManager.parse(
                    f"builtin.module({passes.memory_pipeline(planner, True, arch).pipeline})"
                )
        for planner in options.ADDRESS_PLANNERS:
            PassManager.parse(
                f"builtin.module(func.func({passes.allocate_memory_addr('a5', planner).pipeline}))"
            )
        with pytest.raises(ValueError, match="failed to add `tile-memory-pipeline` with options"):
            PassManager.parse("builtin.module(tile-memory-pipeline{memory-planner=lru})")
    with pytest.raises(
        ValueError, match=r"unknown memory-planner 'lru' \(expected pypto, dsa-rp or ptoas\)"
    ):
        passes.memory_pipeline(memory_planner="lru")
    with pytest.raises(ValueError, match=r"unknown arch 'a7' \(expected auto, a3 or a5\)"):
        passes.memory_pipeline(arch="a7")


def test_one_normaliser_for_every_entry_point():
    assert options.canonical("memory-planner", " DSA_RP ") == "dsa-rp"
    assert options.canonical("arch", "A5") == "a5"
    assert options.canonical_arch("auto") is None and options.canonical_arch(None) is None
    assert tilemem.PassContext(memory_planner="PyPTO").memory_planner == "pypto"
    assert passes.memory_pipeline(memory_planner="DSA_RP", arch="A5").pipeline == (
        "tile-memory-pipeline{memory-planner=dsa-rp enable-buffer-ir=true arch=a5}"
    )
    result = tilemem.compile(ACCUMULATE, memory_planner="Dsa_Rp", arch="AUTO")
    assert result.options["memory_planner"] == "dsa-rp" and result.options["arch"] == "a3"
    for bad in (3, None, b"pypto"):
        with pytest.raises(TypeError, match="memory-planner must be a string"):
            options.canonical("memory-planner", bad)


def test_the_cli_uses_the_normaliser(tmp_path):
    env = {**os.environ, "PYTHONPATH": PACKAGE_DIR}
    run = lambda *a: subprocess.run(
        [sys.executable, "-m", "tilemem", *a], capture_output=True, text=True, env=env, timeout=120
    )
    proc = run("compile", ACCUMULATE, "--memory-planner", "DSA_RP", "--arch", "A5", "--stats")
    assert proc.returncode == 0, proc.stderr
    assert '"memory_planner": "dsa-rp"' in proc.stderr and '"arch": "a5"' in proc.stderr
    proc = run("compile", ACCUMULATE, "--memory-planner", "lru")
    assert proc.returncode == 2 and "unknown memory-planner 'lru'" in proc.stderr
    proc = run("memory-map", ACCUMULATE, "-o", str(tmp_path / "m.png"), "--memory-planner", "ptoas")
    assert (
        proc.returncode == 2
        and "unknown memory-planner 'ptoas' (expected pypto or dsa-rp)" in proc.stderr
    )


def test_pass_context_types_are_strict():
    # The reproducer: "false" used to mean True.
    for bad in ("false", "true", 0, 1, None):
        with pytest.raises(TypeError, match="enable_buffer_ir must be a bool"):
            tilemem.PassContext(enable_buffer_ir=bad)
    with pytest.raises(TypeError, match="memory-planner must be a string"):
        tilemem.PassContext(memory_planner=1)
    with pytest.raises(TypeError, match="arch must be a string"):
        tilemem.PassContext(arch=5)
    with pytest.raises(ValueError, match="unknown memory-planner 'greedy'"):
        tilemem.PassContext(memory_planner="greedy")
    with pytest.raises(ValueError, match="unknown arch 'a4'"):
        tilemem.PassContext(arch="a4")
    with pytest.raises(TypeError, match="enable_buffer_ir must be a bool"):
        tilemem.compile(ACCUMULATE, enable_buffer_ir="false")
    with pytest.raises(TypeError, match="enable_buffer_ir must be a bool"):
        passes.select_buffer_ir_functions(enable_buffer_ir="false")
    context = tilemem.PassContext(enable_buffer_ir=False)
    assert context.enable_buffer_ir is False
    with pytest.raises(AttributeError):
        context.enable_buffer_ir = "false"  # read-only: stays checked


def test_pass_context_carries_the_arch():
    with tilemem.PassContext(arch="a5", memory_planner="dsa-rp"):
        assert tilemem.get_arch() == "a5"
        assert "arch=a5" in passes.memory_pipeline().pipeline
        assert "arch=a5" in passes.allocate_memory_addr().pipeline
        assert "arch=a5" in passes.materialize_semantic_aliases().pipeline
        # verify_storage and storage_pipeline too (they ignored the context,
        # so an a5 plan was checked against a3's capacities).
        assert "arch=a5" in passes.verify_storage(allocated=True).pipeline
        assert "arch=a5" in passes.storage_pipeline()[0].pipeline
        assert tilemem.compile(ACCUMULATE).options["arch"] == "a5"
        # An explicit argument wins; "auto" falls back to the context.
        assert tilemem.compile(ACCUMULATE, arch="a3").options["arch"] == "a3"
        assert tilemem.compile(ACCUMULATE, arch="auto").options["arch"] == "a5"
        with tilemem.PassContext():
            assert tilemem.get_arch() is None
            assert "arch" not in passes.memory_pipeline().pipeline
    assert tilemem.get_arch() is None


def test_pass_context_is_not_visible_in_other_threads():
    # The reproducer: a context entered in one thread changed every thread.
    seen = {}
    entered, done = threading.Event(), threading.Event()

    def other():
        entered.wait()
        seen["planner"] = tilemem.get_memory_planner()
        seen["compiled"] = tilemem.compile(ACCUMULATE).options["memory_planner"]
        with tilemem.PassContext(memory_planner="ptoas", enable_buffer_ir=False):
            seen["inner"] = tilemem.get_memory_planner()
            done.set()
            release.wait()

    release = threading.Event()
    thread = threading.Thread(target=other)
    thread.start()
    with tilemem.PassContext(memory_planner="dsa-rp"):
        entered.set()
        done.wait()
        # The other thread's context is not visible here either.
        assert tilemem.get_memory_planner() == "dsa-rp"
        assert tilemem.get_enable_buffer_ir() is True
        release.set()
    thread.join()
    assert seen == {"planner": "pypto", "compiled": "pypto", "inner": "ptoas"}
    assert tilemem.get_memory_planner() == "pypto"


def test_pass_context_is_per_asyncio_task():
    async def task(planner, mine, theirs):
        with tilemem.PassContext(memory_planner=planner):
            mine.set()
            await theirs.wait()  # the other task is inside its own context now
            await asyncio.sleep(0)
            return tilemem.get_memory_planner()

    async def main():
        a, b = asyncio.Event(), asyncio.Event()
        return await asyncio.gather(task("dsa-rp", a, b), task("ptoas", b, a))

    assert asyncio.run(main()) == ["dsa-rp", "ptoas"]
    assert tilemem.get_memory_planner() == "pypto"


def test_pass_contexts_nest_and_can_be_reentered():
    outer = tilemem.PassContext(memory_planner="dsa-rp")
    with outer:
        with tilemem.PassContext(memory_planner="ptoas", enable_buffer_ir=False):
            assert tilemem.get_memory_planner() == "ptoas"
            with outer:
                assert tilemem.get_memory_planner() == "dsa-rp"
            assert tilemem.get_memory_planner() == "ptoas"
        assert tilemem.get_memory_planner() == "dsa-rp"
        assert tilemem.PassContext.current() is outer
    assert tilemem.get_memory_planner() == "pypto"


def test_passcontext_repro_script():
    # The reproducer file itself, run as its header says: the other thread
    # sees pypto, and the string "false" is refused.
    proc = subprocess.run(
        [
            sys.executable,
            os.path.join(
                ROOT, "test", "python", "repros", "correctness", "passcontext-thread-leak.py"
            ),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert "other thread's planner: pypto" in proc.stdout, proc.stdout + proc.stderr
    assert "TypeError: enable_buffer_ir must be a bool, not str ('false')" in proc.stderr


def test_verify_storage_and_storage_pipeline_check_their_options():
    assert "memory-planner=dsa-rp" in passes.storage_pipeline(memory_planner="DSA_RP")[0].pipeline
    with pytest.raises(TypeError, match="enable_buffer_ir must be a bool"):
        passes.storage_pipeline(enable_buffer_ir="maybe")
    with pytest.raises(ValueError, match="unknown arch 'bogus'"):
        passes.verify_storage(arch="bogus")
    with pytest.raises(ValueError, match="unknown arch"):  # no option injection
        passes.verify_storage(arch="a3 allocated=true")
    with pytest.raises(TypeError, match="allocated must be a bool"):
        passes.verify_storage(allocated="yes")


ARCH_FACTORIES = {
    "verify_storage": lambda arch: passes.verify_storage(arch=arch),
    "materialize_semantic_aliases": lambda arch: passes.materialize_semantic_aliases(arch=arch),
    "storage_pipeline": lambda arch: passes.storage_pipeline(arch=arch)[0],
    "allocate_memory_addr": lambda arch: passes.allocate_memory_addr(arch=arch),
    "check_capacity": lambda arch: passes.check_capacity(arch=arch),
    "memory_pipeline": lambda arch: passes.memory_pipeline(arch=arch),
}


@pytest.mark.parametrize("factory", sorted(ARCH_FACTORIES))
def test_every_factory_reads_arch_alike(factory):
    """One rule for `arch` in every pass factory, as tilemem.compile has:
    None and "auto" take the PassContext's arch (unset without one), a
    spelling of a3/a5 is used as given, "" is not an arch. Some factories
    took "" for the context's arch and "auto" for the module's, bypassing
    the context; others rejected ""."""
    make = ARCH_FACTORIES[factory]
    assert "arch=" not in make(None).pipeline
    assert "arch=" not in make("auto").pipeline
    assert "arch=a5" in make("A5").pipeline
    with tilemem.PassContext(arch="a5", memory_planner="dsa-rp"):
        assert "arch=a5" in make(None).pipeline
        assert "arch=a5" in make("auto").pipeline
        assert "arch=a3" in make("a3").pipeline
    with pytest.raises(ValueError, match="unknown arch ''"):
        make("")
