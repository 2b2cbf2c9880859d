"""Builds a kernel with the Python builders and compiles it to PTO.

    .venv/bin/python examples/build_and_compile.py --memory-planner dsa-rp   # a checkout
    python examples/build_and_compile.py                                     # pip-installed

The kernel averages exp() of the four 64x64 row blocks of X into O:

    acc = 0
    for i in 0..4: acc = acc + exp(X[64 i : 64 i + 64, :])
    O = acc * 0.25

It is built op by op with tilemem.dialects (func, arith, scf, tile), without
any storage: `tilemem.compile` runs the storage legalization and the memory
planner, then emits PTO.
"""

import argparse
import sys

import tilemem
from tilemem import ir
from tilemem.dialects import arith, func, scf, tile


def build_kernel() -> ir.Module:
    """The kernel as an ir.Module (in the current Context)."""
    f32 = ir.F32Type.get()
    index = ir.IndexType.get()
    block = tile.TileType.get([64, 64], f32, "vec")
    x_type = tile.TensorType.get([256, 64], f32)
    o_type = tile.TensorType.get([64, 64], f32)
    module = ir.Module.create()
    module.operation.attributes["tile.target_arch"] = ir.StringAttr.get("a3")
    with ir.InsertionPoint(module.body):
        kernel = func.FuncOp("mean_exp_rows", ([x_type, o_type], [o_type]))
        entry = kernel.add_entry_block()
        X, O = entry.arguments
        with ir.InsertionPoint(entry):
            c0 = arith.ConstantOp(index, 0).result
            c1 = arith.ConstantOp(index, 1).result
            c4 = arith.ConstantOp(index, 4).result
            c64 = arith.ConstantOp(index, 64).result
            quarter = arith.ConstantOp(f32, 0.25).result
            zero = tile.FullOp(block, ir.FloatAttr.get(ir.F64Type.get(), 0.0)).result
            loop = scf.ForOp(c0, c4, c1, [zero])
            with ir.InsertionPoint(loop.body):
                i = loop.induction_variable
                acc = loop.inner_iter_args[0]
                row = arith.MulIOp(i, c64).result
                rows = tile.LoadOp(block, X, [row, c0]).result
                e = tile.exp(rows)  # result types inferred from the operands
                total = tile.add(acc, e)
                scf.YieldOp([total])
            mean = tile.muls(loop.results[0], quarter)
            stored = tile.store(mean, O, [c0, c0])
            func.ReturnOp([stored])
    assert module.operation.verify()
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--memory-planner", default="dsa-rp", choices=("pypto", "dsa-rp", "ptoas"))
    args = parser.parse_args()
    with ir.Context(), ir.Location.unknown():
        module = build_kernel()
        print("// the kernel, as built:")
        print("\n".join("// " + line for line in str(module).splitlines()))
        result = tilemem.compile(module, memory_planner=args.memory_planner)
    print(f"// compiled with {result.options}")
    print(
        f"// stats: allocations {result.stats['allocations']}, bytes "
        f"{result.stats['bytes']}, peak {result.stats['peak']}, lower bound "
        f"{result.stats['lower_bound']}, moves inserted "
        f"{result.stats['moves_inserted']}"
    )
    sys.stdout.write(result.pto)
    return 0


if __name__ == "__main__":
    sys.exit(main())
