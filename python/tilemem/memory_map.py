"""The memory map picture of a planned kernel.

    from tilemem import memory_map
    drawn = memory_map.render("examples/splitk_matmul.mlir", "map.png")
    drawn.rectangles      # what was drawn: one dict per allocation or scratch tile
    memory_map.render_all("two_kernels.mlir", "map.png")   # map-f1.png, map-f2.png
    memory_map.render("examples/splitk_matmul.mlir", "map.html")   # interactive (plotly)

One panel per memory space that has allocations. x is the program-order
position (``ProgramOrder`` numbers, as in ``passes.allocation_lifetimes``),
limited to the positions where some allocation lives; y is the address in
KiB (MiB for spaces of a MiB or more), with integer ticks. Each allocation
is a rectangle over its live positions ``[start, end]`` (position p covers
``[p, p + 1)``, so a one-op lifetime is visible) and its bytes, coloured by
the op that fills it (the legend names the ops; pinned allocations, placed
by the user, have a red edge). The scratch tile of a ``tile.transpose`` or
row reduction is a hatched rectangle at its op: the planners place it next
to the allocations, and the peak and the lower bound count it. A rectangle is labelled with that op and its
value (``matmul %5``) only where the label fits inside it and overlaps no
other label, so a map of a thousand allocations stays readable; where there
is room the x axis names the op at each position. Loops and branches are
shaded, a dashed line marks the max-live lower bound and a red line the
capacity when the peak comes near it (else the panel title states it). The
title names the function, the planner and the arch and compares the peak
with the lower bound.

The map needs the plan only (the planned module's allocation records), not
PTO: a module of several kernels, or one returning a tile, is drawn too,
one figure per kernel (:func:`render_all`). An output ending in ``.html``
is an interactive plotly figure (``pip install tilemem[html]``): hovering
an allocation shows its value, op, source location, address, bytes and
lifetime.

Only planners that assign addresses can be drawn (``pypto``, ``dsa-rp``);
``ptoas`` leaves addresses to ptoas.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Sequence

from .contract import CAPACITIES, SPACES

__all__ = ["MemoryMap", "draw", "draw_html", "render", "render_all", "records_of"]

_KIB = 1024
_MIB = 1024 * 1024
_REGION_COLORS = {"for": "#4c72b0", "while": "#55a868", "if": "#c44e52"}
# Op colours: the most frequent ops get their own, the rest share grey.
_OP_PALETTE = [
    "#4e79a7",
    "#f28e2b",
    "#59a14f",
    "#e15759",
    "#76b7b2",
    "#edc948",
    "#b07aa1",
    "#ff9da7",
    "#9c755f",
]
_OTHER_OPS = "#bab0ac"
# Positions up to this many get the op's name as their tick label.
_NAMED_TICKS = 48


class MemoryMap:
    """What :func:`draw` drew. ``figure``: the matplotlib Figure.
    ``record``: the function's ``allocation_lifetimes`` record.
    ``rectangles``: per allocation and scratch tile ``{"name", "space",
    "x", "width", "y", "height", "op", "scratch", "label"}`` (bytes and
    positions; a scratch tile is named ``scratch@<position>``; ``label`` is
    None when the label did not fit). ``labels``: the label Text artists drawn.
    ``spaces``: the panels, in order. ``path``: the file written by
    :func:`render`, if any."""

    def __init__(self, figure, record: dict, rectangles: list[dict], spaces: list[str], labels):
        self.figure = figure
        self.record = record
        self.rectangles = rectangles
        self.spaces = spaces
        self.labels = labels
        self.path: str | None = None


def _fmt_bytes(n: float) -> str:
    if n >= _MIB and n % _MIB == 0:
        return f"{int(n // _MIB)} MiB"
    if n >= _KIB and n % _KIB == 0:
        return f"{int(n // _KIB)} KiB"
    if n >= _KIB:
        return f"{n / _KIB:.1f} KiB"
    return f"{int(n)} B"


def _unit(top: int) -> tuple[int, str]:
    """The y unit of a panel whose axis reaches `top` bytes."""
    if top >= _MIB:
        return _MIB, "MiB"
    if top >= 4 * _KIB:
        return _KIB, "KiB"
    return 1, "B"


def _short(op: str) -> str:
    return op.split(".", 1)[-1]


def _op_colors(allocations: Sequence[dict]) -> dict[str, str]:
    counts = Counter(a.get("op", "tile.alloc") for a in allocations)
    ranked = [op for op, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
    return {
        op: (_OP_PALETTE[i] if i < len(_OP_PALETTE) else _OTHER_OPS) for i, op in enumerate(ranked)
    }


def _items(record: dict) -> list[dict]:
    """The allocations, then the scratch tiles as one-position items
    (``"scratch": True``): what occupies bytes in the plan."""
    scratch = [
        {
            "name": f"scratch@{tile['point']}",
            "value": "scratch",
            "space": tile["space"],
            "addr": tile["addr"],
            "bytes": tile["bytes"],
            "start": tile["point"],
            "end": tile["point"],
            "op": tile["op"],
            "loc": tile.get("loc", "?"),
            "scratch": True,
        }
        for tile in record.get("scratch", [])
    ]
    return [*record["allocations"], *scratch]


def _check_planned(record: dict) -> None:
    missing = [a["name"] for a in _items(record) if a.get("addr") is None]
    if missing:
        raise ValueError(
            f"@{record['function']}: allocation(s) without an "
            f"address ({', '.join(missing[:4])}): plan with "
            f"pypto or dsa-rp first"
        )


def _x_range(record: dict) -> tuple[int, int]:
    """The positions where an allocation or scratch tile lives (the rest of
    the function holds nothing to draw)."""
    allocations = _items(record)
    if not allocations:
        return 0, max(int(record.get("num_positions", 1)), 1)
    return min(a["start"] for a in allocations), max(a["end"] for a in allocations) + 1


def _live_bytes(allocations: Sequence[dict], x0: int, x1: int) -> tuple[list[int], list[int]]:
    """(positions, bytes live at each): a sweep over the interval ends."""
    delta = [0] * (x1 - x0 + 1)
    for a in allocations:
        delta[a["start"] - x0] += a["bytes"]
        delta[a["end"] + 1 - x0] -= a["bytes"]
    live, total = [], 0
    for change in delta:
        total += change
        live.append(total)
    return list(range(x0, x1 + 1)), live


def draw(record: dict, planner: str = "", arch: str = "a3") -> MemoryMap:
    """Draws one function's ``allocation_lifetimes`` record (with
    addresses) and returns a :class:`MemoryMap`. Raises ValueError when an
    allocation has no address."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    _check_planned(record)
    allocations = _items(record)
    spaces = [s for s in SPACES if any(a["space"] == s for a in allocations)]
    spaces += sorted({a["space"] for a in allocations} - set(spaces))
    x0, x1 = _x_range(record)
    capacity = CAPACITIES.get(arch, {})
    lower = record.get("lower_bound", {})
    colors = _op_colors(allocations)

    n = max(len(spaces), 1)
    fig, axes = plt.subplots(n, 1, figsize=(13, 3.3 * n + 1.6), sharex=True, squeeze=False)
    axes = [row[0] for row in axes]
    peaks, units, caps_in_view = {}, {}, {}
    patches_by_space: dict[str, list] = {}
    for ax, space in zip(axes, spaces):
        mine = [a for a in allocations if a["space"] == space]
        peak = max(a["addr"] + a["bytes"] for a in mine)
        peaks[space] = peak
        bound = lower.get(space, 0)
        cap = capacity.get(space)
        top = max(peak, bound) * 1.15
        if cap is not None and cap <= top * 2:  # peak >= cap / 2.3
            top = max(top, cap * 1.05)  # the capacity is near: show it
        unit, unit_name = _unit(int(top))
        units[space] = (unit, unit_name)
        for region in record.get("regions", []):
            if region["end"] < x0 or region["start"] >= x1:
                continue
            color = _REGION_COLORS.get(region["kind"], "#888888")
            ax.axvspan(region["start"], region["end"] + 1, color=color, alpha=0.07, zorder=0)
        drawn = []
        # Many rectangles: thin light edges, so the colours stay visible.
        edge, width = ("#333333", 0.4) if len(mine) <= 200 else ("#ffffff", 0.2)
        for a in mine:
            rect = Rectangle(
                (a["start"], a["addr"] / unit),
                a["end"] - a["start"] + 1,
                a["bytes"] / unit,
                facecolor=colors.get(a.get("op", "tile.alloc"), _OTHER_OPS),
                alpha=0.75,
                edgecolor="#c00000" if a.get("pinned") else edge,
                linewidth=1.2 if a.get("pinned") else width,
                hatch="////" if a.get("scratch") else None,
                zorder=2,
            )
            rect.set_gid(f"alloc:{a['name']}")
            ax.add_patch(rect)
            drawn.append((a, rect))
        patches_by_space[space] = drawn
        # The aggregate: bytes live at each position (the lower bound is its
        # maximum), a step line over the rectangles.
        xs, live = _live_bytes(mine, x0, x1)
        ax.step(
            xs, [b / unit for b in live], where="post", color="#111111", linewidth=0.8, zorder=3
        )
        if bound:
            ax.axhline(bound / unit, color="#555555", linestyle="--", linewidth=1, zorder=3)
        in_view = cap is not None and cap <= top
        caps_in_view[space] = in_view
        if in_view:
            ax.axhline(cap / unit, color="#d62728", linewidth=1.3, zorder=3)
        ax.set_ylim(0, top / unit)
        ax.set_xlim(x0, x1)
        ax.yaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _, u=unit_name: f"{v:g} {u}"))
        ax.set_ylabel(f"{space} address")
        cap_text = ""
        if cap is not None:
            cap_text = f", capacity {_fmt_bytes(cap)}" + ("" if in_view else " (above the plot)")
        scratch = sum(1 for a in mine if a.get("scratch"))
        count = f"{len(mine) - scratch} allocation(s)" + (
            f" and {scratch} scratch tile(s)" if scratch else ""
        )
        ax.set_title(
            f"{space}: {count}, peak {_fmt_bytes(peak)} vs max-live lower "
            f"bound {_fmt_bytes(bound)}{cap_text}",
            fontsize=9,
            loc="left",
        )
        ax.grid(axis="y", color="#dddddd", linewidth=0.6, zorder=0)

    # The x axis: integer positions, named by their op where there is room.
    bottom = axes[-1]
    positions = record.get("positions") or []
    if x1 - x0 <= _NAMED_TICKS and positions:
        ticks = list(range(x0, x1))
        bottom.set_xticks([t + 0.5 for t in ticks])
        bottom.set_xticklabels(
            [f"{t} {_short(positions[t])}" if t < len(positions) else str(t) for t in ticks],
            rotation=90,
            fontsize=7,
        )
    else:
        bottom.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
    bottom.set_xlabel("program order position (op)")

    total_peak = sum(peaks.values())
    total_bound = sum(lower.get(s, 0) for s in spaces)
    ratio = f" ({total_peak / total_bound:.2f}x)" if total_bound else ""
    fig.suptitle(
        f"@{record['function']} - planner {planner or '?'}, {arch}: "
        f"peak {_fmt_bytes(total_peak)} vs lower bound "
        f"{_fmt_bytes(total_bound)}{ratio}",
        fontsize=11,
    )
    # The legend: what colours, edges, lines and shades mean.
    handles = [
        Patch(facecolor=c, alpha=0.75, label=op) for op, c in colors.items() if c != _OTHER_OPS
    ]
    if any(c == _OTHER_OPS for c in colors.values()):
        handles.append(Patch(facecolor=_OTHER_OPS, alpha=0.75, label="other ops"))
    if any(a.get("pinned") for a in allocations):
        handles.append(Patch(facecolor="white", edgecolor="#c00000", label="pinned (user address)"))
    if any(a.get("scratch") for a in allocations):
        handles.append(Patch(facecolor="white", edgecolor="#333333", hatch="////",
                             label="scratch tile (at its op)"))  # fmt: skip
    kinds = {r["kind"] for r in record.get("regions", [])}
    handles += [
        Patch(facecolor=_REGION_COLORS.get(k, "#888888"), alpha=0.15, label=f"{k} (shaded)")
        for k in ("for", "while", "if")
        if k in kinds
    ]
    handles.append(Line2D([], [], color="#111111", linewidth=0.8, label="live bytes"))
    handles.append(Line2D([], [], color="#555555", linestyle="--", label="max-live lower bound"))
    if any(caps_in_view.values()):
        handles.append(Line2D([], [], color="#d62728", label="capacity"))
    fig.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.835, 0.93), fontsize=8,
               title="filled by", title_fontsize=8, frameon=False)  # fmt: skip
    fig.tight_layout(rect=(0, 0, 0.83, 0.96))

    labels = _place_labels(fig, axes, spaces, patches_by_space)
    rectangles = []
    for space in spaces:
        unit = units[space][0]
        for a, rect in patches_by_space[space]:
            x, y = rect.get_xy()
            rectangles.append(
                {
                    "name": a["name"],
                    "space": space,
                    "x": x,
                    "width": rect.get_width(),
                    "y": y * unit,
                    "height": rect.get_height() * unit,
                    "op": a.get("op"),
                    "scratch": bool(a.get("scratch")),
                    "label": labels.get(id(rect)),
                }
            )
    return MemoryMap(fig, record, rectangles, spaces, list(labels.values()))


def _place_labels(fig, axes, spaces, patches_by_space) -> dict:
    """Labels each rectangle whose label fits inside it without touching
    another label, the largest rectangles first. Returns {id(rect): Text}."""
    renderer = fig.canvas.get_renderer()
    placed = {}
    for ax, space in zip(axes, spaces):
        taken = []  # display-space boxes of the labels of this panel
        order = sorted(
            patches_by_space[space],
            key=lambda item: -(item[1].get_width() * item[1].get_height()),
        )
        for a, rect in order:
            box = rect.get_window_extent(renderer)
            if box.width < 18 or box.height < 8:
                continue
            text = f"{_short(a.get('op', 'alloc'))} {a.get('value', a['name'])}"
            label = ax.text(
                rect.get_x() + rect.get_width() / 2,
                rect.get_y() + rect.get_height() / 2,
                text,
                fontsize=6.5,
                ha="center",
                va="center",
                zorder=4,
                clip_on=True,
            )
            extent = label.get_window_extent(renderer).padded(1)
            fits = extent.x0 >= box.x0 and extent.x1 <= box.x1
            fits = fits and extent.y0 >= box.y0 and extent.y1 <= box.y1
            if not fits or any(extent.overlaps(other) for other in taken):
                label.remove()
                continue
            taken.append(extent)
            placed[id(rect)] = label
    return placed


def draw_html(record: dict, planner: str = "", arch: str = "a3"):
    """The interactive map of one function (a plotly Figure): a bar per
    allocation, hovering shows its value, op, source location, address,
    bytes and lifetime. Needs plotly (``pip install tilemem[html]``)."""
    try:
        import plotly.graph_objects as go
        from plotly.subplots import make_subplots
    except ImportError as error:
        raise ImportError(
            "the interactive memory map needs plotly: pip install plotly (or tilemem[html])"
        ) from error

    _check_planned(record)
    allocations = _items(record)
    spaces = [s for s in SPACES if any(a["space"] == s for a in allocations)]
    colors = _op_colors(allocations)
    capacity = CAPACITIES.get(arch, {})
    lower = record.get("lower_bound", {})
    x0, x1 = _x_range(record)
    fig = make_subplots(
        rows=max(len(spaces), 1),
        cols=1,
        shared_xaxes=True,
        subplot_titles=[
            f"{s}: peak {_fmt_bytes(max(a['addr'] + a['bytes'] for a in allocations if a['space'] == s))}"
            f" vs lower bound {_fmt_bytes(lower.get(s, 0))}"
            for s in spaces
        ],
        vertical_spacing=0.08,
    )
    for row, space in enumerate(spaces, start=1):
        mine = [a for a in allocations if a["space"] == space]
        fig.add_trace(
            go.Bar(
                x=[(a["start"] + a["end"] + 1) / 2 for a in mine],
                width=[a["end"] - a["start"] + 1 for a in mine],
                base=[a["addr"] / _KIB for a in mine],
                y=[a["bytes"] / _KIB for a in mine],
                marker={
                    "color": [colors.get(a.get("op"), _OTHER_OPS) for a in mine],
                    "line": {
                        "color": ["#c00000" if a.get("pinned") else "#333333" for a in mine],
                        "width": 0.5,
                    },
                    "pattern": {"shape": ["/" if a.get("scratch") else "" for a in mine]},
                },
                customdata=[
                    [
                        a.get("value", a["name"]),
                        a.get("op", "tile.alloc"),
                        a.get("loc", "?"),
                        a["addr"],
                        a["bytes"],
                        a["start"],
                        a["end"],
                        a["name"],
                    ]
                    for a in mine
                ],
                hovertemplate=(
                    "%{customdata[0]} = %{customdata[1]}<br>at %{customdata[2]}<br>"
                    "buffer %{customdata[7]}: bytes [%{customdata[3]}, +%{customdata[4]})<br>"
                    "live at positions %{customdata[5]}..%{customdata[6]}<extra></extra>"
                ),
                name=space,
                showlegend=False,
            ),
            row=row,
            col=1,
        )
        if lower.get(space):
            fig.add_hline(y=lower[space] / _KIB, line_dash="dash", row=row, col=1)
        if space in capacity:
            fig.add_hline(y=capacity[space] / _KIB, line_color="red", row=row, col=1)
        fig.update_yaxes(title_text=f"{space} address (KiB)", row=row, col=1)
    fig.update_xaxes(range=[x0, x1], title_text="program order position", row=len(spaces), col=1)
    fig.update_layout(
        title=f"@{record['function']} - planner {planner or '?'}, {arch}",
        barmode="overlay",
        height=320 * max(len(spaces), 1) + 120,
    )
    return fig


def records_of(kernel, memory_planner="dsa-rp", arch=None, enable_buffer_ir=None):
    """(planned function records, planner, resolved arch) of `kernel` (a
    module, MLIR text or a path) planned with `memory_planner`: the
    allocation records of every planned function, PTO not needed."""
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
    return (
        passes.allocation_lifetimes(result.module, positions=True),
        planner,
        result.options["arch"],
    )


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


def _write(record: dict, planner: str, arch: str, output, dpi: int) -> MemoryMap | object:
    path = os.fspath(output)
    if path.endswith(".html"):
        figure = draw_html(record, planner, arch)
        figure.write_html(path, include_plotlyjs="cdn")
        return figure
    import matplotlib.pyplot as plt

    drawn = draw(record, planner, arch)
    drawn.figure.savefig(path, dpi=dpi)
    plt.close(drawn.figure)
    drawn.path = path
    return drawn


def render(
    kernel,
    output: str | os.PathLike,
    memory_planner: str = "dsa-rp",
    function: str | None = None,
    arch: str | None = None,
    enable_buffer_ir: bool | None = None,
    dpi: int = 110,
):
    """Plans `kernel` (a module, MLIR text or a path) with `memory_planner`
    (``pypto`` or ``dsa-rp``), draws `function` (default: the first function
    with allocations) and writes `output`: a PNG (returns the
    :class:`MemoryMap`), or with a ``.html`` suffix the interactive map
    (returns the plotly Figure)."""
    records, planner, resolved_arch = records_of(kernel, memory_planner, arch, enable_buffer_ir)
    return _write(_pick(records, function), planner, resolved_arch, output, dpi)


def render_all(
    kernel,
    output: str | os.PathLike,
    memory_planner: str = "dsa-rp",
    arch: str | None = None,
    enable_buffer_ir: bool | None = None,
    dpi: int = 110,
) -> list:
    """One figure per planned kernel with allocations: `output` itself when
    there is one, else ``STEM-FUNCTION.SUFFIX`` beside it. Returns what
    :func:`render` returns, per kernel."""
    records, planner, resolved_arch = records_of(kernel, memory_planner, arch, enable_buffer_ir)
    drawn = [r for r in records if r["allocations"]] or records[:1]
    if not drawn:
        raise ValueError("the module has no planned function")
    stem, suffix = os.path.splitext(os.fspath(output))
    return [
        _write(
            record,
            planner,
            resolved_arch,
            output if len(drawn) == 1 else f"{stem}-{record['function']}{suffix}",
            dpi,
        )
        for record in drawn
    ]
