"""A tail of tiles beyond the capacity, appended to a generated kernel.

ptoas's PlanMemory places every tile of a space at its own bytes while the
space's declared tiles fit (``IsEnoughForBuffersNoReuse`` in its
PTOPlanMemory.cpp), so kernels of a few small tiles never reach its address
reuse, where the lifetimes it derives decide what may share bytes. The tail
makes every kernel reach it, in vec and in the cube's spaces::

    %px = tile.load %Pin[%c0, %c0] : tensor<64x128xf32> -> tile<64x128xf32, vec>
    %pe = tile.exp %px                       // in place: one vec buffer each
    %po = tile.store %pe, %Pout[%c0, %c0]
    ...                                      // 32 KiB each, past the vec capacity
    %pm = tile.load %Pcube[%c0, %c0] : ... -> tile<128x128xf16, mat>
    %pl = tile.move %pm : ... -> left        // 32 KiB each, past left's 64 KiB
    %pr = tile.move %pm : ... -> right
    %pa = tile.matmul %pl, %pr : ... -> tile<128x128xf32, acc>   // 64 KiB each
    %pc = tile.store %pa, %Pacc[%c0, %c0]

Each tile dies at the op after its own, so the tail fits every planner; it
reads and writes four tensor arguments of its own and draws no random
numbers, so the kernel it is appended to does not change.
"""

VEC_TILE = "!tile.tile<64x128xf32, vec>"
VEC_TENSOR = "!tile.tensor<64x128xf32>"
CUBE_TENSOR = "!tile.tensor<128x128xf16>"
ACC_TENSOR = "!tile.tensor<128x128xf32>"
_MAT, _LEFT, _RIGHT, _ACC = (
    f"!tile.tile<128x128x{elem}, {space}>"
    for elem, space in (("f16", "mat"), ("f16", "left"), ("f16", "right"), ("f32", "acc"))
)

ARGUMENTS = [
    f"%Pin: {VEC_TENSOR}",
    f"%Pout: {VEC_TENSOR}",
    f"%Pcube: {CUBE_TENSOR}",
    f"%Pacc: {ACC_TENSOR}",
]


def _past(capacity: int, tile_bytes: int) -> int:
    """How many tiles of `tile_bytes` exceed `capacity` together."""
    return capacity // tile_bytes + 1


def tail(arch: str, fresh) -> tuple[list[str], list[tuple[str, str]]]:
    """The tail's lines for a kernel of `arch` (`fresh(prefix)` names its
    values) and the tensors it returns, as (value, type) pairs."""
    from tilemem import contract

    capacity = contract.CAPACITIES[arch]
    lines = []
    out = "%Pout"
    for _ in range(_past(capacity["vec"], 64 * 128 * 4)):
        x, e, stored = fresh("px"), fresh("pe"), fresh("po")
        lines += [
            f"{x} = tile.load %Pin[%c0, %c0] : {VEC_TENSOR} -> {VEC_TILE}",
            f"{e} = tile.exp {x} : {VEC_TILE}",
            f"{stored} = tile.store {e}, {out}[%c0, %c0] : {VEC_TILE}, {VEC_TENSOR}",
        ]
        out = stored
    acc = "%Pacc"
    steps = max(
        _past(capacity["left"], 128 * 128 * 2),
        _past(capacity["right"], 128 * 128 * 2),
        _past(capacity["acc"], 128 * 128 * 4),
    )
    for _ in range(steps):
        m, left, right, product, stored = (fresh(p) for p in ("pm", "pl", "pr", "pa", "pc"))
        lines += [
            f"{m} = tile.load %Pcube[%c0, %c0] : {CUBE_TENSOR} -> {_MAT}",
            f"{left} = tile.move {m} : {_MAT} -> {_LEFT}",
            f"{right} = tile.move {m} : {_MAT} -> {_RIGHT}",
            f"{product} = tile.matmul {left}, {right} : {_LEFT}, {_RIGHT} -> {_ACC}",
            f"{stored} = tile.store {product}, {acc}[%c0, %c0] : {_ACC}, {ACC_TENSOR}",
        ]
        acc = stored
    return lines, [(out, VEC_TENSOR), (acc, ACC_TENSOR)]
