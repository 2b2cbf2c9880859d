"""Storage mode with addresses: `tile.alloc addr = N` places a buffer at bytes
[N, N + size * slots) of its memory space, so buffers with overlapping
addresses share bytes. A wrong address plan (two live buffers overlapping)
must show up as a mismatch against value mode; a correct one must not."""

import subprocess

import numpy as np
import pytest
from conftest import TILE_OPT
from tilemem.testing import interp

T = "!tile.tile<8x8xf32, vec>"  # 256 bytes
TENSOR = "!tile.tensor<8x8xf32>"
BUF = "!tile.buffer<vec, 256>"


def two_live(addr_a, addr_b):
    """%a and %b are both live until the add: their buffers must not overlap."""
    return f"""
func.func @two_live(%X: {TENSOR}, %Y: {TENSOR}, %O: {TENSOR}) -> {TENSOR} {{
  %c0 = arith.constant 0 : index
  %ba = tile.alloc addr = {addr_a} : {BUF}
  %bb = tile.alloc addr = {addr_b} : {BUF}
  %bs = tile.alloc addr = 1024 : {BUF}
  %a = tile.load %X[%c0, %c0] into(%ba : {BUF}) : {TENSOR} -> {T}
  %b = tile.load %Y[%c0, %c0] into(%bb : {BUF}) : {TENSOR} -> {T}
  %s = tile.sub %a, %b into(%bs : {BUF}) : {T}
  %O1 = tile.store %s, %O[%c0, %c0] : {T}, {TENSOR}
  return %O1 : {TENSOR}
}}
"""


def tile_opt(text, *flags):
    return subprocess.run([TILE_OPT, *flags], input=text, capture_output=True, text=True)


def compare(text, seed=0, **kw):
    inputs = interp.random_inputs(text, seed=seed)
    return interp.compare(text, text, inputs, **kw)


def test_disjoint_addresses_match_value_mode():
    text = two_live(0, 256)
    assert tile_opt(text, "--tile-verify-storage=allocated=true").returncode == 0
    cmp = compare(text)
    assert cmp.equal, cmp.message


@pytest.mark.parametrize("addr_b", [0, 128, 255])
def test_overlapping_live_buffers_are_a_mismatch(addr_b):
    # Loading %b clobbers (part of) %a while %a is still to be read.
    text = two_live(0, addr_b)
    cmp = compare(text)
    assert not cmp.equal
    assert "differ in value" in cmp.message


def test_ignore_addresses_gives_private_memory():
    text = two_live(0, 0)
    cmp = compare(text, ignore_addresses=True)
    assert cmp.equal, cmp.message
    # and the default honours them
    assert not compare(text).equal


def test_reuse_after_last_use_is_correct():
    # %b reuses %a's bytes after %a's last read: a correct plan.
    text = f"""
func.func @reuse(%X: {TENSOR}, %O: {TENSOR}) -> {TENSOR} {{
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %ba = tile.alloc addr = 0 : {BUF}
  %bb = tile.alloc addr = 0 : {BUF}
  %bc = tile.alloc addr = 256 : {BUF}
  %a = tile.load %X[%c0, %c0] into(%ba : {BUF}) : {TENSOR} -> {T}
  %c = tile.exp %a into(%bc : {BUF}) : {T}
  %b = tile.adds %c, %one into(%bb : {BUF}) : {T}, f32
  %O1 = tile.store %b, %O[%c0, %c0] : {T}, {TENSOR}
  return %O1 : {TENSOR}
}}
"""
    cmp = compare(text)
    assert cmp.equal, cmp.message


def test_alloc_does_not_repoison_a_live_neighbour():
    # The second alloc op runs after %a is written and before %a is read; its
    # bytes are %a's. Re-poisoning them would make the output poison.
    text = f"""
func.func @late_alloc(%X: {TENSOR}, %O: {TENSOR}, %P: {TENSOR}) -> ({TENSOR}, {TENSOR}) {{
  %c0 = arith.constant 0 : index
  %ba = tile.alloc addr = 0 : {BUF}
  %a = tile.load %X[%c0, %c0] into(%ba : {BUF}) : {TENSOR} -> {T}
  %bb = tile.alloc addr = 0 : {BUF}
  %O1 = tile.store %a, %O[%c0, %c0] : {T}, {TENSOR}
  %b = tile.full 2.0 into(%bb : {BUF}) : {T}
  %P1 = tile.store %b, %P[%c0, %c0] : {T}, {TENSOR}
  return %O1, %P1 : {TENSOR}, {TENSOR}
}}
"""
    cmp = compare(text)
    assert cmp.equal, cmp.message


def test_memory_is_poison_at_entry_and_shared_by_address():
    # A tile.create in a buffer overlapping a written one sees its bytes;
    # one that overlaps nothing written is poison.
    text = f"""
func.func @views(%X: {TENSOR}) -> ({T}, {T}) {{
  %c0 = arith.constant 0 : index
  %ba = tile.alloc addr = 0 : {BUF}
  %bb = tile.alloc addr = 0 : {BUF}
  %bc = tile.alloc addr = 512 : {BUF}
  %a = tile.load %X[%c0, %c0] into(%ba : {BUF}) : {TENSOR} -> {T}
  %b = tile.create into(%bb : {BUF}) : {T}
  %c = tile.create into(%bc : {BUF}) : {T}
  return %b, %c : {T}, {T}
}}
"""
    X = interp.random_inputs(text, seed=1)[0]
    res = interp.run(text, [X], mode="storage")
    np.testing.assert_array_equal(res.outputs[0], X)
    assert not res.poison[0].any()
    assert res.poison[1].all()
    private = interp.run(text, [X], mode="storage", ignore_addresses=True)
    assert private.poison[0].all()


def test_slots_occupy_size_times_slots_bytes():
    # Slot 1 of %ba is [256, 512): %bb at 256 overlaps it, %bb at 512 does not.
    def program(addr_b):
        return f"""
func.func @slots(%X: {TENSOR}, %Y: {TENSOR}, %O: {TENSOR}) -> {TENSOR} {{
  %c0 = arith.constant 0 : index
  %ba = tile.alloc addr = 0 : !tile.buffer<vec, 256, slots = 2>
  %bb = tile.alloc addr = {addr_b} : {BUF}
  %bs = tile.alloc addr = 2048 : {BUF}
  %a = tile.load %X[%c0, %c0] into(%ba slot 1 : !tile.buffer<vec, 256, slots = 2>) : {TENSOR} -> {T}
  %b = tile.load %Y[%c0, %c0] into(%bb : {BUF}) : {TENSOR} -> {T}
  %s = tile.sub %a, %b into(%bs : {BUF}) : {T}
  %O1 = tile.store %s, %O[%c0, %c0] : {T}, {TENSOR}
  return %O1 : {TENSOR}
}}
"""

    assert compare(program(512)).equal
    assert not compare(program(256)).equal


def test_spaces_are_separate():
    # The same address in vec and mat names different bytes.
    text = f"""
func.func @spaces(%X: {TENSOR}, %Y: {TENSOR}, %O: {TENSOR}) -> {TENSOR} {{
  %c0 = arith.constant 0 : index
  %bv = tile.alloc addr = 0 : {BUF}
  %bm = tile.alloc addr = 0 : !tile.buffer<mat, 256>
  %bw = tile.alloc addr = 256 : {BUF}
  %v = tile.load %X[%c0, %c0] into(%bv : {BUF}) : {TENSOR} -> {T}
  %m = tile.load %Y[%c0, %c0] into(%bm : !tile.buffer<mat, 256>) : {TENSOR} -> !tile.tile<8x8xf32, mat>
  %w = tile.exp %v into(%bw : {BUF}) : {T}
  %O1 = tile.store %w, %O[%c0, %c0] : {T}, {TENSOR}
  return %O1 : {TENSOR}
}}
"""
    cmp = compare(text)
    assert cmp.equal, cmp.message


CALLS = f"""
func.func @callee(%X: {TENSOR}) -> {T} {{
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : {BUF}
  %t = tile.load %X[%c0, %c0] into(%b : {BUF}) : {TENSOR} -> {T}
  %u = tile.create into(%b : {BUF}) : {T}
  return %u : {T}
}}
func.func @caller(%X: {TENSOR}, %Y: {TENSOR}, %O: {TENSOR}) -> ({TENSOR}, {T}) {{
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : {BUF}
  %a = tile.load %Y[%c0, %c0] into(%b : {BUF}) : {TENSOR} -> {T}
  %r = func.call @callee(%X) : ({TENSOR}) -> {T}
  %O1 = tile.store %a, %O[%c0, %c0] : {T}, {TENSOR}
  return %O1, %r : {TENSOR}, {T}
}}
"""


def test_each_call_gets_its_own_spaces():
    # The callee's addr 0 is not the caller's: the caller's %a survives.
    X, Y, O = interp.random_inputs(CALLS, function="caller", seed=2)
    res = interp.run(CALLS, [X, Y, O], mode="storage", function="caller")
    np.testing.assert_array_equal(res.outputs[0], Y)
    np.testing.assert_array_equal(res.outputs[1], X)


def test_not_in_place_safe_overlap_by_address_is_an_error():
    # Two different buffers, but the move's result overlaps its source.
    text = f"""
func.func @mv(%X: {TENSOR}) -> {T} {{
  %c0 = arith.constant 0 : index
  %ba = tile.alloc addr = 0 : {BUF}
  %bb = tile.alloc addr = 128 : {BUF}
  %a = tile.load %X[%c0, %c0] into(%ba : {BUF}) : {TENSOR} -> {T}
  %b = tile.transpose %a into(%bb : {BUF}) : {T} -> {T}
  return %b : {T}
}}
"""
    X = interp.random_inputs(text)[0]
    with pytest.raises(interp.StorageError, match="overlaps operand"):
        interp.run(text, [X], mode="storage")
    res = interp.run(text, [X], mode="storage", ignore_addresses=True)
    np.testing.assert_array_equal(res.outputs[0], X.T)
