"""The memory map picture (tilemem.memory_map): PNG output and rectangles
that match the allocation records."""

import os
import re

import matplotlib.image as mpimg
import pytest
from conftest import EXAMPLES, KERNELS
from tilemem import memory_map, passes

RECORD = {
    "function": "hand",
    "allocations": [
        {
            "name": "%a",
            "space": "vec",
            "addr": 0,
            "bytes": 1024,
            "start": 2,
            "end": 7,
            "pinned": False,
        },
        {
            "name": "%b",
            "space": "vec",
            "addr": 1024,
            "bytes": 512,
            "start": 4,
            "end": 4,
            "pinned": True,
        },
        {
            "name": "%c",
            "space": "acc",
            "addr": 0,
            "bytes": 4096,
            "start": 0,
            "end": 9,
            "pinned": False,
        },
    ],
    "regions": [{"kind": "for", "start": 3, "end": 8}, {"kind": "if", "start": 5, "end": 6}],
    "lower_bound": {"vec": 1536, "acc": 4096},
    "num_positions": 10,
}


def assert_rectangles_match(drawn, record):
    """One rectangle per allocation over its lifetime and bytes, and one
    per scratch tile at its op."""
    by_name = {r["name"]: r for r in drawn.rectangles}
    scratch = record.get("scratch", [])
    assert len(by_name) == len(record["allocations"]) + len(scratch)
    for a in record["allocations"]:
        r = by_name[a["name"]]
        assert r["space"] == a["space"] and not r["scratch"]
        assert (r["x"], r["width"]) == (a["start"], a["end"] - a["start"] + 1)
        assert (r["y"], r["height"]) == (a["addr"], a["bytes"])
    for tile in scratch:
        r = by_name[f"scratch@{tile['point']}"]
        assert r["space"] == tile["space"] and r["scratch"] and r["op"] == tile["op"]
        assert (r["x"], r["width"]) == (tile["point"], 1)
        assert (r["y"], r["height"]) == (tile["addr"], tile["bytes"])


def test_draw_hand_record():
    drawn = memory_map.draw(RECORD, planner="dsa-rp", arch="a3")
    assert drawn.spaces == ["vec", "acc"]  # one panel per space, in space order
    assert len(drawn.figure.axes) == 2
    assert_rectangles_match(drawn, RECORD)
    title = drawn.figure._suptitle.get_text()
    assert "dsa-rp" in title and "peak 5.5 KiB vs lower bound 5.5 KiB" in title
    # loop and branch extents are shaded spans on every panel
    for ax in drawn.figure.axes:
        spans = [p for p in ax.patches if not (p.get_gid() or "").startswith("alloc:")]
        assert len(spans) == 2


def test_draw_rejects_unplanned_allocations():
    record = dict(RECORD, allocations=[dict(RECORD["allocations"][0], addr=None)])
    with pytest.raises(ValueError, match="without an address"):
        memory_map.draw(record)


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp"])
def test_render_planned_kernel(tmp_path, planner):
    out = tmp_path / "map.png"
    kernel = os.path.join(EXAMPLES, "splitk_matmul.mlir")
    drawn = memory_map.render(kernel, out, memory_planner=planner, dpi=80)
    assert out.exists() and out.stat().st_size > 10_000
    image = mpimg.imread(str(out))
    width, height = drawn.figure.get_size_inches() * 80
    assert image.shape[:2] == (round(height), round(width))
    # The rectangles are the planned module's allocation records.
    import tilemem

    planned = tilemem.compile(kernel, memory_planner=planner).module
    record = [
        r
        for r in passes.allocation_lifetimes(planned, positions=True)
        if r["function"] == "splitk_matmul"
    ][0]
    assert drawn.record == record
    assert_rectangles_match(drawn, record)
    assert set(drawn.spaces) == {"mat", "left", "right", "acc"}


@pytest.mark.parametrize("planner", ["pypto", "dsa-rp"])
def test_scratch_tiles_are_drawn_and_counted_in_the_peak(tmp_path, planner):
    kernel = os.path.join(KERNELS, "rms_norm.mlir")
    drawn = memory_map.render(kernel, tmp_path / "map.png", memory_planner=planner, dpi=60)
    record = drawn.record
    assert record["scratch"], "rms_norm's row reduction needs a scratch tile"
    assert_rectangles_match(drawn, record)
    # Each panel's peak is the highest byte of its allocations and scratch
    # tiles (what the planners' bound is compared with), never below it.
    used = passes.used_bytes(record)
    for ax, space in zip(drawn.figure.axes, drawn.spaces):
        title = ax.get_title(loc="left")
        assert f"peak {memory_map._fmt_bytes(used[space])} vs" in title, title
        assert used[space] >= record["lower_bound"][space]
    assert "scratch tile" in drawn.figure.axes[drawn.spaces.index("vec")].get_title(loc="left")


def test_render_rejects_ptoas_and_unknown_function(tmp_path):
    kernel = os.path.join(EXAMPLES, "accumulate.mlir")
    with pytest.raises(ValueError, match="ptoas"):
        memory_map.render(kernel, tmp_path / "m.png", memory_planner="ptoas")
    with pytest.raises(ValueError, match="no planned function @nope"):
        memory_map.render(kernel, tmp_path / "m.png", function="nope")


# --- a thousand allocations ------------------------------------------------------


def many_allocations(count: int) -> str:
    """A kernel of `count` vec tiles whose lifetimes overlap by up to 7 ops,
    every 50th living about 120 ops."""
    t = "!tile.tile<16x16xf32, vec>"
    lines = [f"func.func @many(%x: {t}) -> {t} {{", f"  %v0 = tile.exp %x : {t}"]
    for k in range(1, count):
        back = k - 1 - (k * 7919) % min(k, 7)
        if k % 50 == 20 and k >= 120:
            back = k - 120 - (k - 120) % 50
        lines.append(f"  %v{k} = tile.add %v{k - 1}, %v{back} : {t}")
    lines += [f"  return %v{count - 1} : {t}", "}"]
    return "\n".join(lines) + "\n"


def boxes(artists, renderer):
    return [a.get_window_extent(renderer) for a in artists if a.get_text()]


def assert_disjoint(extents, what):
    """No two boxes share area (a sweep over x: labels are many)."""
    ordered = sorted(extents, key=lambda b: b.x0)
    for i, box in enumerate(ordered):
        for other in ordered[i + 1 :]:
            if other.x0 >= box.x1:
                break
            assert not box.overlaps(other), f"{what} overlap: {box} and {other}"


def test_a_thousand_allocations_stay_readable(tmp_path):
    kernel = tmp_path / "many.mlir"
    kernel.write_text(many_allocations(1000))
    out = tmp_path / "many.png"
    written = memory_map.render(kernel, out, memory_planner="dsa-rp", dpi=80)
    assert out.stat().st_size > 10_000
    record = written.record
    assert len(record["allocations"]) == 1000
    # The layout, on the same drawing kept open (render closes its figure).
    drawn = memory_map.draw(record, "dsa-rp", "a3")
    assert_rectangles_match(drawn, record)
    assert [r["label"] is None for r in drawn.rectangles] == [
        r["label"] is None for r in written.rectangles
    ]
    renderer = drawn.figure.canvas.get_renderer()
    # Labels: selective, never overlapping, always inside their rectangle.
    labelled = [r for r in drawn.rectangles if r["label"] is not None]
    assert 0 < len(labelled) < 1000
    assert_disjoint([label.get_window_extent(renderer) for label in drawn.labels], "labels")
    (ax,) = drawn.figure.axes
    for r in labelled:
        text = r["label"].get_window_extent(renderer)
        patch = next(p for p in ax.patches if p.get_gid() == f"alloc:{r['name']}")
        box = patch.get_window_extent(renderer)
        assert box.x0 <= text.x0 and text.x1 <= box.x1 and box.y0 <= text.y0 and text.y1 <= box.y1
        assert r["label"].get_text().startswith("add %") or r["label"].get_text().startswith(
            "exp %"
        )
    # Axes: integer ticks, KiB on y, tick labels apart, no empty stretch.
    assert_disjoint(boxes(ax.get_xticklabels(), renderer), "x tick labels")
    assert_disjoint(boxes(ax.get_yticklabels(), renderer), "y tick labels")
    for tick in ax.get_xticks():
        assert float(tick).is_integer()
    ylabels = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert ylabels and all(re.fullmatch(r"\d+ KiB", t) for t in ylabels), ylabels
    starts = [a["start"] for a in record["allocations"]]
    ends = [a["end"] for a in record["allocations"]]
    assert ax.get_xlim() == (min(starts), max(ends) + 1)
    # The legend names the ops that fill the buffers.
    legend = drawn.figure.legends[0]
    names = [t.get_text() for t in legend.get_texts()]
    assert "tile.add" in names and "max-live lower bound" in names


def test_small_kernel_names_the_ops_on_the_x_axis(tmp_path):
    drawn = memory_map.render(os.path.join(EXAMPLES, "splitk_matmul.mlir"), tmp_path / "m.png")
    bottom = drawn.figure.axes[-1]
    ticks = [t.get_text() for t in bottom.get_xticklabels()]
    assert any("matmul" in t for t in ticks), ticks
    assert all(re.match(r"\d+ ", t) for t in ticks)
    assert {r["op"] for r in drawn.rectangles} == {"tile.load", "tile.move", "tile.create"}
    # Every allocation record names its op, value and source location.
    for a in drawn.record["allocations"]:
        assert a["op"].startswith("tile.") and a["value"].startswith("%")
        assert "splitk_matmul.mlir:" in a["loc"]


def test_one_figure_per_kernel_without_pto(tmp_path):
    # The reproducer: two kernels (no PTO form) could not be drawn.
    t = "!tile.tile<16x16xf32, vec>"
    two = "\n".join(
        f"func.func @{name}(%x: {t}) -> {t} {{\n  %y = tile.exp %x : {t}\n  return %y : {t}\n}}"
        for name in ("f1", "f2")
    )
    kernel = tmp_path / "two.mlir"
    kernel.write_text(two)
    drawn = memory_map.render_all(kernel, tmp_path / "map.png")
    assert [d.record["function"] for d in drawn] == ["f1", "f2"]
    assert (tmp_path / "map-f1.png").exists() and (tmp_path / "map-f2.png").exists()


def test_interactive_html(tmp_path):
    pytest.importorskip("plotly")
    out = tmp_path / "map.html"
    figure = memory_map.render(os.path.join(EXAMPLES, "splitk_matmul.mlir"), out)
    html = out.read_text()
    assert "plotly" in html.lower() and "tile.move" in html
    (bar, *_) = [t for t in figure.data if t.type == "bar"]
    assert "customdata[2]" in bar.hovertemplate  # the source location
    assert any("splitk_matmul.mlir:" in row[2] for row in bar.customdata)
