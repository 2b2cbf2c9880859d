"""The memory map picture (tilemem.memory_map): PNG output and rectangles
that match the allocation records."""

import os

import matplotlib.image as mpimg
import pytest
from conftest import EXAMPLES
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
    by_name = {r["name"]: r for r in drawn.rectangles}
    assert len(by_name) == len(record["allocations"])
    for a in record["allocations"]:
        r = by_name[a["name"]]
        assert r["space"] == a["space"]
        assert (r["x"], r["width"]) == (a["start"], a["end"] - a["start"] + 1)
        assert (r["y"], r["height"]) == (a["addr"], a["bytes"])


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
    record = [r for r in passes.allocation_lifetimes(planned) if r["function"] == "splitk_matmul"][
        0
    ]
    assert drawn.record == record
    assert_rectangles_match(drawn, record)
    assert set(drawn.spaces) == {"mat", "left", "right", "acc"}


def test_render_rejects_ptoas_and_unknown_function(tmp_path):
    kernel = os.path.join(EXAMPLES, "accumulate.mlir")
    with pytest.raises(ValueError, match="ptoas"):
        memory_map.render(kernel, tmp_path / "m.png", memory_planner="ptoas")
    with pytest.raises(ValueError, match="no planned function @nope"):
        memory_map.render(kernel, tmp_path / "m.png", function="nope")
