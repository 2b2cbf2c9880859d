"""The `tilemem` command line.

    tilemem compile kernel.mlir [--memory-planner pypto|dsa-rp|ptoas]
                    [--enable-buffer-ir true|false] [--arch auto|a3|a5]
                    [-o out.pto] [--dump-ir DIR] [--timing] [--stats]
    tilemem memory-map kernel.mlir -o map.png|map.html [--memory-planner pypto|dsa-rp]
                    [--function NAME] [--arch auto|a3|a5]

Planner and arch values are those of ``tilemem.options`` (other spellings,
such as DSA_RP, are normalised by ``tilemem.options.canonical``).

    tilemem --version

Installed by ``pip install .`` as the ``tilemem`` console script; also
``python -m tilemem``, and ``scripts/tilemem`` in a developer checkout.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from .options import ADDRESS_PLANNERS, ARCH_VALUES, PLANNERS, canonical


def _bool(text: str) -> bool:
    value = text.strip().lower()
    if value in ("true", "1", "on", "yes"):
        return True
    if value in ("false", "0", "off", "no"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, got {text!r}")


def _spelling(option: str):
    """An argparse type: the canonical spelling of an `option` value."""

    def convert(text: str) -> str:
        try:
            return canonical(option, text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    convert.__name__ = option
    return convert


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tilemem",
        description="Storage and memory planning for tile kernels, and PTO emission.",
    )
    from . import LLVM_VERSION, __version__

    parser.add_argument(
        "--version", action="version", version=f"tilemem {__version__} (LLVM/MLIR {LLVM_VERSION})"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    c = sub.add_parser(
        "compile",
        help="plan a kernel and emit PTO",
        description="Runs tile-memory-pipeline (storage legalization and the "
        "memory planner) on a kernel and prints the PTO text. "
        "Options not given come from the defaults of "
        "tilemem.PassContext (planner pypto, Buffer IR on); the "
        "arch defaults to the module's tile.target_arch, else a3.",
    )
    c.add_argument("kernel", help="the kernel (.mlir)")
    c.add_argument(
        "--memory-planner",
        type=_spelling("memory-planner"),
        default=None,
        metavar="|".join(PLANNERS),
        help="pypto and dsa-rp assign addresses (PTO level3); ptoas leaves them to ptoas (level2)",
    )
    c.add_argument(
        "--enable-buffer-ir",
        type=_bool,
        default=None,
        metavar="true|false",
        help="Buffer-IR storage legalization",
    )
    c.add_argument(
        "--arch",
        type=_spelling("arch"),
        default=None,
        metavar="|".join(ARCH_VALUES),
        help="target arch (auto: the module's tile.target_arch, else a3)",
    )
    c.add_argument("-o", "--output", default="-", help="write the PTO here (default: stdout)")
    c.add_argument(
        "--dump-ir",
        metavar="DIR",
        default=None,
        help="write options.txt, the input, the IR after every pass and the PTO into DIR",
    )
    c.add_argument(
        "--timing",
        action="store_true",
        help="print the pass timing report (headed by the options) to stderr",
    )
    c.add_argument(
        "--stats", action="store_true", help="print allocation statistics (JSON) to stderr"
    )

    m = sub.add_parser(
        "memory-map",
        help="draw the planned memory of a kernel (PNG, or interactive HTML)",
        description="Plans a kernel and draws one panel per memory space: "
        "x = program order position, y = address; a rectangle per "
        "allocation over its live positions, coloured by the op that fills it, "
        "loops and branches shaded, the capacity and the max-live lower bound. "
        "One figure per kernel: without --function, a module of several "
        "kernels gives OUTPUT-<function>.png for each.",
    )
    m.add_argument("kernel", help="the kernel (.mlir)")
    m.add_argument(
        "-o",
        "--output",
        required=True,
        help="the file to write: .png, or .html for the interactive map (needs plotly)",
    )
    m.add_argument(
        "--memory-planner",
        type=_spelling("address-planner"),
        default="dsa-rp",
        metavar="|".join(ADDRESS_PLANNERS),
        help="planner (default: dsa-rp)",
    )
    m.add_argument(
        "--function", default=None, help="the one function to draw (default: every planned kernel)"
    )
    m.add_argument(
        "--arch",
        type=_spelling("arch"),
        default=None,
        metavar="|".join(ARCH_VALUES),
        help="target arch (auto: the module's tile.target_arch, else a3)",
    )
    m.add_argument(
        "--enable-buffer-ir",
        type=_bool,
        default=None,
        metavar="true|false",
        help="Buffer-IR storage legalization",
    )
    return parser


def _compile(args) -> int:
    from .compiler import compile as compile_kernel

    result = compile_kernel(
        pathlib.Path(args.kernel),
        memory_planner=args.memory_planner,
        enable_buffer_ir=args.enable_buffer_ir,
        arch=args.arch,
        dump_ir=args.dump_ir,
        timing=args.timing,
    )
    if args.output == "-":
        sys.stdout.write(result.pto)
    else:
        with open(args.output, "w") as f:
            f.write(result.pto)
    if args.timing:
        sys.stderr.write(result.timing["report"])
        sys.stderr.write(f"// PTO emission: {result.timing['pto_emission']:.4f} s\n")
    if args.stats:
        json.dump({"options": result.options, **result.stats}, sys.stderr, indent=2)
        sys.stderr.write("\n")
    return 0


def _memory_map(args) -> int:
    from . import memory_map

    options = dict(
        memory_planner=args.memory_planner, arch=args.arch, enable_buffer_ir=args.enable_buffer_ir
    )
    if args.function is not None:
        drawn = [
            memory_map.render(
                pathlib.Path(args.kernel), args.output, function=args.function, **options
            )
        ]
    else:
        drawn = memory_map.render_all(pathlib.Path(args.kernel), args.output, **options)
    for figure in drawn:
        if isinstance(figure, memory_map.MemoryMap):
            print(
                f"wrote {figure.path}: @{figure.record['function']}, "
                f"{len(figure.rectangles)} allocation(s) in {', '.join(figure.spaces) or 'no space'}",
                file=sys.stderr,
            )
        else:
            print(f"wrote {args.output} (interactive)", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    from .errors import Error

    args = _parser().parse_args(argv)
    command = _compile if args.command == "compile" else _memory_map
    try:
        return command(args)
    except Error as error:
        # The located diagnostics as the C++ tools print them, under a
        # headline naming the command.
        print(f"tilemem {args.command}: error: {error.message}", file=sys.stderr)
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        return 1
    except (ValueError, TypeError, OSError, ImportError) as error:
        print(f"tilemem {args.command}: error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
