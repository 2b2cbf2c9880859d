"""The memory map picture of a planned kernel.

    from tilemem import memory_map
    m = memory_map.render("examples/accumulate.mlir", "map.png",
                          memory_planner="dsa-rp")
    m.rectangles      # what was drawn: one dict per allocation

One panel per memory space that has allocations. x is the program-order
position (``ProgramOrder`` numbers, as in ``passes.allocation_lifetimes``);
y is the byte address. Each allocation is a rectangle covering its live
positions ``[start, end]`` (position p occupies ``[p, p + 1)`` on the x
axis, so a one-op lifetime is still visible) and its bytes
``[addr, addr + bytes)``, labelled with its name. Loops and branches are
shaded spans labelled with their kind; a dashed line marks the max-live
lower bound and a red line the space's capacity (the address axis reaches
the capacity when the peak is at least about 40% of it; otherwise the panel title
states the capacity as above the plot, so small kernels stay readable). The title
names the function, the planner and the arch, and compares the peak address
with the lower bound.

Only planners that assign addresses can be drawn (``pypto``, ``dsa-rp``);
``ptoas`` leaves addresses to ptoas.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

__all__ = ["CAPACITY", "MemoryMap", "draw", "render"]

_KIB = 1024
# Bytes per space and arch (../shared/docs/pto-format.md; bias as in
# docs/passes/memory-planners.md).
CAPACITY = {
    "a3": {
        "vec": 192 * _KIB,
        "mat": 512 * _KIB,
        "left": 64 * _KIB,
        "right": 64 * _KIB,
        "acc": 128 * _KIB,
        "bias": 1 * _KIB,
    },
    "a5": {
        "vec": 248 * _KIB,
        "mat": 512 * _KIB,
        "left": 64 * _KIB,
        "right": 64 * _KIB,
        "acc": 256 * _KIB,
        "bias": 1 * _KIB,
    },
}
_SPACE_ORDER = ["vec", "mat", "left", "right", "acc", "bias"]
_REGION_COLORS = {"for": "#4c72b0", "while": "#55a868", "if": "#c44e52"}


class MemoryMap:
    """What :func:`draw` drew. ``figure``: the matplotlib Figure.
    ``record``: the function's ``allocation_lifetimes`` record.
    ``rectangles``: per allocation ``{"name", "space", "x", "width", "y",
    "height"}`` read back from the drawn patches. ``spaces``: the panels, in
    order."""

    def __init__(self, figure, record: dict, rectangles: list[dict], spaces: list[str]):
        self.figure = figure
        self.record = record
        self.rectangles = rectangles
        self.spaces = spaces


def _fmt_bytes(n: int) -> str:
    if n >= _KIB and n % _KIB == 0:
        return f"{n // _KIB} KiB"
    if n >= _KIB:
        return f"{n / _KIB:.1f} KiB"
    return f"{n} B"


def draw(record: dict, planner: str = "", arch: str = "a3"):
    """Draws one function's ``allocation_lifetimes`` record (with
    addresses) and returns a :class:`MemoryMap`. Raises ValueError when an
    allocation has no address."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    allocations = record["allocations"]
    missing = [a["name"] for a in allocations if a.get("addr") is None]
    if missing:
        raise ValueError(
            f"@{record['function']}: allocation(s) without an "
            f"address ({', '.join(missing[:4])}): plan with "
            f"pypto or dsa-rp first"
        )
    spaces = [s for s in _SPACE_ORDER if any(a["space"] == s for a in allocations)]
    spaces += sorted({a["space"] for a in allocations} - set(spaces))
    positions = max(
        int(record.get("num_positions", 0)), max((a["end"] + 1 for a in allocations), default=1)
    )
    capacity = CAPACITY.get(arch, {})
    lower = record.get("lower_bound", {})

    n = max(len(spaces), 1)
    fig, axes = plt.subplots(n, 1, figsize=(11, 2.6 * n + 1.0), sharex=True, squeeze=False)
    axes = [row[0] for row in axes]
    peaks = {}
    for ax, space in zip(axes, spaces):
        mine = [a for a in allocations if a["space"] == space]
        peak = max(a["addr"] + a["bytes"] for a in mine)
        peaks[space] = peak
        bound = lower.get(space, 0)
        cap = capacity.get(space)
        top = max(peak, bound) * 1.2
        if cap is not None and cap <= top * 2:  # peak >= cap / 2.4
            top = max(top, cap * 1.05)  # the capacity is near: show it
        for region in record.get("regions", []):
            color = _REGION_COLORS.get(region["kind"], "#888888")
            ax.axvspan(region["start"], region["end"] + 1, color=color, alpha=0.08, zorder=0)
            ax.text(
                region["start"],
                top * 0.98,
                region["kind"],
                fontsize=7,
                color=color,
                va="top",
                ha="left",
                zorder=1,
            )
        for k, a in enumerate(mine):
            rect = Rectangle(
                (a["start"], a["addr"]),
                a["end"] - a["start"] + 1,
                a["bytes"],
                facecolor=f"C{k % 10}",
                alpha=0.6,
                edgecolor="black",
                linewidth=0.8,
                zorder=2,
                hatch="//" if a.get("pinned") else None,
            )
            rect.set_gid(f"alloc:{a['name']}")
            ax.add_patch(rect)
            ax.text(
                a["start"] + (a["end"] - a["start"] + 1) / 2,
                a["addr"] + a["bytes"] / 2,
                a["name"],
                fontsize=7,
                ha="center",
                va="center",
                zorder=3,
                clip_on=True,
            )
        if bound:
            ax.axhline(
                bound,
                color="gray",
                linestyle="--",
                linewidth=1,
                label=f"max-live lower bound {_fmt_bytes(bound)}",
            )
        in_view = cap is not None and cap <= top
        if in_view:
            ax.axhline(cap, color="red", linewidth=1.2, label=f"capacity {_fmt_bytes(cap)}")
        ax.set_ylim(0, top)
        ax.set_xlim(0, positions)
        ax.set_ylabel(f"{space}\naddress (bytes)")
        cap_text = ""
        if cap is not None:
            cap_text = f", capacity {_fmt_bytes(cap)}" + ("" if in_view else " (above the plot)")
        ax.set_title(
            f"{space}: peak {_fmt_bytes(peak)} vs lower bound {_fmt_bytes(bound)}{cap_text}",
            fontsize=9,
        )
        if bound or in_view:
            ax.legend(loc="upper right", fontsize=7)
    axes[-1].set_xlabel("program order position")
    total_peak = sum(peaks.values())
    total_bound = sum(lower.get(s, 0) for s in spaces)
    ratio = f" ({total_peak / total_bound:.2f}x)" if total_bound else ""
    fig.suptitle(
        f"@{record['function']} - planner {planner or '?'}, {arch}: "
        f"peak {_fmt_bytes(total_peak)} vs lower bound "
        f"{_fmt_bytes(total_bound)}{ratio}",
        fontsize=11,
    )
    fig.tight_layout()

    rectangles = []
    for ax, space in zip(axes, spaces):
        for patch in ax.patches:
            gid = patch.get_gid() or ""
            if not gid.startswith("alloc:"):
                continue
            x, y = patch.get_xy()
            rectangles.append(
                {
                    "name": gid[len("alloc:") :],
                    "space": space,
                    "x": x,
                    "width": patch.get_width(),
                    "y": y,
                    "height": patch.get_height(),
                }
            )
    return MemoryMap(fig, record, rectangles, spaces)


def _pick(records: Sequence[dict], function: str | None) -> dict:
    if function is not None:
        name = function.lstrip("@")
        for record in records:
            if record["function"] == name:
                return record
        raise ValueError(
            f"no planned function @{name} (have: {', '.join('@' + r['function'] for r in records)})"
        )
    for record in records:
        if record["allocations"]:
            return record
    if records:
        return records[0]
    raise ValueError("the module has no planned function")


def render(
    kernel,
    output: str | os.PathLike,
    memory_planner: str = "dsa-rp",
    function: str | None = None,
    arch: str | None = None,
    enable_buffer_ir: bool | None = None,
    dpi: int = 110,
) -> MemoryMap:
    """Compiles `kernel` (a module, MLIR text or a path) with `memory_planner`
    (``pypto`` or ``dsa-rp``), draws `function` (default: the first function
    with allocations) and writes the PNG to `output`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from . import passes
    from .compiler import compile as compile_kernel
    from .options import canonical

    planner = canonical("memory-planner", memory_planner)
    if planner == "ptoas":
        raise ValueError(
            "the ptoas planner assigns no addresses (ptoas plans memory): draw pypto or dsa-rp"
        )
    # The picture needs the plan, not PTO (a module of several kernels, or
    # one with tile arguments, has no PTO form).
    result = compile_kernel(
        kernel, memory_planner=planner, arch=arch, enable_buffer_ir=enable_buffer_ir, emit_pto=False
    )
    records = passes.allocation_lifetimes(result.module)
    drawn = draw(_pick(records, function), planner, result.options["arch"])
    drawn.figure.savefig(os.fspath(output), dpi=dpi)
    plt.close(drawn.figure)
    return drawn
