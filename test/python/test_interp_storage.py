"""The interpreter (tilemem.testing.interp) in storage mode: simulated memory
per allocation against value mode, poison, slots, dtypes; and its errors."""

import numpy as np
import pytest
from conftest import one_trip_loop_nest
from interp_cases import (
    ACCUMULATE,
    T16,
    TENSOR16,
    VBUF,
    accumulate_expected,
    assert_same_modes,
    assert_verifies,
    f32,
    tile_opt,
)
from tilemem import ir, passes
from tilemem.testing import interp

# ===-------------------------------------------------------------------=== #
# Storage mode
# ===-------------------------------------------------------------------=== #

ACCUMULATE_PLANNED = f"""
func.func @acc(%A: !tile.tensor<64x16xf32>, %B: {TENSOR16}) -> {TENSOR16} {{
  %b = tile.alloc : !tile.buffer<vec, 2048>
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %z = tile.full 0.0 into(%b[0, 1024] : !tile.buffer<vec, 2048>) : {T16}
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%acc = %z) -> ({T16}) {{
    %t = tile.load %A[%i, %c0] into(%b[1024, 1024] : !tile.buffer<vec, 2048>) : !tile.tensor<64x16xf32> -> {T16}
    %n = tile.add %acc, %t into(%b[0, 1024] : !tile.buffer<vec, 2048>) : {T16}
    scf.yield %n : {T16}
  }}
  %B1 = tile.store %r, %B[%c0, %c0] : {T16}, {TENSOR16}
  return %B1 : {TENSOR16}
}}
"""


def test_storage_matches_value_with_correct_storage():
    assert_verifies(ACCUMULATE_PLANNED)
    inputs = interp.random_inputs(ACCUMULATE_PLANNED, seed=9)
    cmp = interp.compare(ACCUMULATE, ACCUMULATE_PLANNED, inputs)
    assert cmp.equal, cmp.message
    np.testing.assert_array_equal(cmp.candidate.outputs[0], accumulate_expected(inputs[0]))


def test_init_memref_loop_carry_differs_from_value_mode():
    """THE key test: fresh buffers per producer break the loop carry."""
    planned = tile_opt(ACCUMULATE, "--tile-init-memref")
    assert planned.returncode == 0, planned.stderr
    assert "into(" in planned.stdout
    inputs = interp.random_inputs(ACCUMULATE, seed=10)
    value = interp.run(ACCUMULATE, inputs, mode="value")
    storage = interp.run(planned.stdout, inputs, mode="storage")
    np.testing.assert_array_equal(value.outputs[0], accumulate_expected(inputs[0]))
    # the carry buffer (the tile.full's) never receives the yielded sum
    np.testing.assert_array_equal(storage.outputs[0], np.zeros((16, 16), np.float32))
    cmp = interp.compare(ACCUMULATE, planned.stdout, inputs)
    assert not cmp.equal
    assert "differ in value" in cmp.message and "output #0" in cmp.message
    # the same through the Python pass API on an ir.Module
    module = passes.init_memref()(ACCUMULATE)
    assert not interp.compare(ACCUMULATE, module, inputs).equal


def test_carry_overwrites_preloop_initializer():
    """acc = add(acc, a) with acc and a sharing a buffer: the body reads the
    pre-loop %a after the carry overwrote it."""
    text = f"""
func.func @k(%A: {TENSOR16}, %B: {TENSOR16}) -> {TENSOR16} {{
  %b0 = tile.alloc : {VBUF}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = tile.load %A[%c0, %c0] into(%b0 : {VBUF}) : {TENSOR16} -> {T16}
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %a) -> ({T16}) {{
    %n = tile.add %acc, %a into(%b0 : {VBUF}) : {T16}
    scf.yield %n : {T16}
  }}
  %B1 = tile.store %r, %B[%c0, %c0] : {T16}, {TENSOR16}
  return %B1 : {TENSOR16}
}}
"""
    A = np.full((16, 16), 1.5, np.float32)
    inputs = [A, np.zeros((16, 16), np.float32)]
    value = interp.run(text, inputs, mode="value")
    storage = interp.run(text, inputs, mode="storage")
    np.testing.assert_array_equal(value.outputs[0], 4 * A)  # a + a + a + a
    np.testing.assert_array_equal(storage.outputs[0], 8 * A)  # doubles 3 times
    cmp = interp.compare(text, text, inputs)
    assert not cmp.equal and "differ in value" in cmp.message
    # the C++ verifier agrees that this is wrong
    assert tile_opt(text, "--tile-verify-storage").returncode != 0


def if_program(else_buffer):
    return f"""
func.func @k(%A: {TENSOR16}, %B: {TENSOR16}, %c: i1) -> {TENSOR16} {{
  %b0 = tile.alloc : {VBUF}
  %b1 = tile.alloc : {VBUF}
  %b2 = tile.alloc : {VBUF}
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %x = tile.load %A[%c0, %c0] into(%b0 : {VBUF}) : {TENSOR16} -> {T16}
  %r = scf.if %c -> ({T16}) {{
    %y = tile.muls %x, %two into(%b1 : {VBUF}) : {T16}, f32
    scf.yield %y : {T16}
  }} else {{
    %z = tile.adds %x, %two into({else_buffer} : {VBUF}) : {T16}, f32
    scf.yield %z : {T16}
  }}
  %B1 = tile.store %r, %B[%c0, %c0] : {T16}, {TENSOR16}
  return %B1 : {TENSOR16}
}}
"""


def test_if_else_arm_in_other_buffer_is_caught():
    bad, good = if_program("%b2"), if_program("%b1")
    assert_verifies(good)
    for cond in (True, False):
        inputs = interp.random_inputs(bad, seed=11, scalars={2: cond})
        assert interp.compare(good, good, inputs).equal
        cmp = interp.compare(bad, bad, inputs)
        # the result lives in the then-arm's buffer even when the else arm ran
        assert cmp.equal == cond, cmp.message
        if not cond:
            assert "poison" in cmp.message and "candidate" in cmp.message
    # value mode alone does not see the problem
    inputs = interp.random_inputs(bad, seed=11, scalars={2: False})
    np.testing.assert_array_equal(
        interp.run(bad, inputs).outputs[0], f32(inputs[0].astype(np.float64) + 2.0)
    )


def test_poison_create_store_fails_comparison():
    text = f"""
func.func @k(%B: {TENSOR16}, %v: f32) -> {TENSOR16} {{
  %b0 = tile.alloc : {VBUF}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tile.create into(%b0 : {VBUF}) : {T16}
  %t1 = tile.write %t[%c1, %c0], %v : {T16}, f32
  %B1 = tile.store %t1, %B[%c0, %c0] : {T16}, {TENSOR16}
  return %B1 : {TENSOR16}
}}
"""
    inputs = [np.zeros((16, 16), np.float32), 3.0]
    expected_mask = np.ones((16, 16), bool)
    expected_mask[1, 0] = False
    for mode in ("value", "storage"):
        res = interp.run(text, inputs, mode=mode)
        np.testing.assert_array_equal(res.poison[0], expected_mask)
        assert res.outputs[0][1, 0] == 3.0
    cmp = interp.compare(text, text, inputs)
    assert not cmp.equal
    assert "255 of 256 element(s) are poison" in cmp.message


def test_storage_error_on_producer_without_destination():
    inputs = interp.random_inputs(ACCUMULATE)
    with pytest.raises(interp.StorageError, match=r"'tile.full'.*no destination"):
        interp.run(ACCUMULATE, inputs, mode="storage")
    with pytest.raises(interp.StorageError, match=r"loc\("):
        interp.compare(ACCUMULATE, ACCUMULATE, inputs)


def slot_program(second_slot, first_slot="%c0"):
    return f"""
func.func @slots(%A: !tile.tensor<32x16xf32>, %B: {TENSOR16}) -> {TENSOR16} {{
  %b = tile.alloc : !tile.buffer<vec, 1024, slots = 2>
  %bo = tile.alloc : {VBUF}
  %bd = tile.alloc : {VBUF}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %z = tile.full 0.0 into(%bo : {VBUF}) : {T16}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %z) -> ({T16}) {{
    %s = arith.remui %i, %c2 : index
    %row = arith.muli %i, %c16 : index
    %t = tile.load %A[%row, %c0] into(%b slot %s : !tile.buffer<vec, 1024, slots = 2>) : !tile.tensor<32x16xf32> -> {T16}
    %n = tile.add %acc, %t into(%bo : {VBUF}) : {T16}
    scf.yield %n : {T16}
  }}
  %t0 = tile.load %A[%c0, %c0] into(%b slot {first_slot} : !tile.buffer<vec, 1024, slots = 2>) : !tile.tensor<32x16xf32> -> {T16}
  %t1 = tile.load %A[%c16, %c0] into(%b slot {second_slot} : !tile.buffer<vec, 1024, slots = 2>) : !tile.tensor<32x16xf32> -> {T16}
  %d = tile.sub %t0, %t1 into(%bd : {VBUF}) : {T16}
  %e = tile.add %r, %d into(%bo : {VBUF}) : {T16}
  %B1 = tile.store %e, %B[%c0, %c0] : {T16}, {TENSOR16}
  return %B1 : {TENSOR16}
}}
"""


def test_dynamic_slots():
    good, bad = slot_program("%c1"), slot_program("%c0")
    # the verifier assumes distinct dynamic slots may coincide, so it only
    # accepts the static spelling of the good program
    static = slot_program("1", first_slot="0")
    assert_verifies(static)
    assert interp.compare(good, static, interp.random_inputs(good)).equal
    inputs = interp.random_inputs(good, seed=12)
    A = inputs[0].astype(np.float64)
    value = interp.run(good, inputs)
    r = f32(f32(A[:16]) + A[16:])
    expected = f32(r.astype(np.float64) + f32(A[:16] - A[16:]))
    np.testing.assert_array_equal(value.outputs[0], expected)
    assert interp.compare(good, good, inputs).equal
    # both loads in slot 0: the second clobbers the first
    cmp = interp.compare(bad, bad, inputs)
    assert not cmp.equal and "differ in value" in cmp.message
    np.testing.assert_array_equal(cmp.candidate.outputs[0], r)


def test_dynamic_slot_out_of_range():
    # A slot computed at run time: a constant one is the verifier's to reject.
    text = slot_program("%two").replace(
        "  %c16 = arith.constant 16 : index\n",
        "  %c16 = arith.constant 16 : index\n  %two = arith.addi %c1, %c1 : index\n",
    )
    with pytest.raises(interp.StorageError, match="slot 2 is out of range"):
        interp.run(text, interp.random_inputs(text), mode="storage")
    with pytest.raises(ir.MLIRError, match="slot 2 is out of range for a buffer with 2 slot"):
        interp.random_inputs(slot_program("%c2"))


def roundtrip_program(elem):
    size = 128 * {"bf16": 2, "i32": 4}[elem]
    return f"""
func.func @rt(%A: !tile.tensor<8x16x{elem}>, %B: !tile.tensor<8x16x{elem}>) -> !tile.tensor<8x16x{elem}> {{
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %c0 = arith.constant 0 : index
  %t = tile.load %A[%c0, %c0] into(%b[512, {size}] : !tile.buffer<vec, 1024>) : !tile.tensor<8x16x{elem}> -> !tile.tile<8x16x{elem}, vec>
  %B1 = tile.store %t, %B[%c0, %c0] : !tile.tile<8x16x{elem}, vec>, !tile.tensor<8x16x{elem}>
  return %B1 : !tile.tensor<8x16x{elem}>
}}
"""


def test_bf16_round_trip():
    text = roundtrip_program("bf16")
    A = np.linspace(-3, 3, 128, dtype=np.float32).reshape(8, 16)
    A[0, 0] = 1 + 2.0**-8  # halfway: rounds to even (1.0)
    A[0, 1] = 1 + 3 * 2.0**-8  # halfway: rounds to even (1 + 2**-6)
    A[0, 2] = np.nan
    B = np.zeros((8, 16), np.float32)
    expected = ((A.view(np.uint32) + 0x7FFF + ((A.view(np.uint32) >> 16) & 1)) & 0xFFFF0000).view(
        np.float32
    )
    for mode in ("value", "storage"):
        out = interp.run(text, [A, B], mode=mode).outputs[0]
        assert out.dtype == np.float32
        assert out[0, 0] == 1.0 and out[0, 1] == 1 + 2.0**-6 and np.isnan(out[0, 2])
        np.testing.assert_array_equal(out[:, 3:], expected[:, 3:])
    assert interp.compare(text, text, [A, B]).equal
    # uint16 inputs are taken as bf16 bit patterns
    bits = np.full((8, 16), 0x3FC0, np.uint16)  # 1.5
    assert (interp.run(text, [bits, bits]).outputs[0] == 1.5).all()


def test_i32_round_trip_and_wrapping():
    text = roundtrip_program("i32")
    A = np.arange(128, dtype=np.int64).reshape(8, 16) * 40_000_000 - 2**31
    A = A.astype(np.int32)
    for mode in ("value", "storage"):
        out = interp.run(text, [A, np.zeros_like(A)], mode=mode).outputs[0]
        assert out.dtype == np.int32
        np.testing.assert_array_equal(out, A)
    wrap = """
func.func @w(%A: !tile.tensor<8x16xi8>) -> !tile.tile<8x16xi8, vec> {
  %b = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %s = arith.constant 100 : i32
  %t = tile.load %A[%c0, %c0] into(%b[0, 128] : !tile.buffer<vec, 256>) : !tile.tensor<8x16xi8> -> !tile.tile<8x16xi8, vec>
  %u = tile.adds %t, %s into(%b[128, 128] : !tile.buffer<vec, 256>) : !tile.tile<8x16xi8, vec>, i32
  return %u : !tile.tile<8x16xi8, vec>
}
"""
    A8 = np.full((8, 16), 100, np.int8)
    for mode in ("value", "storage"):
        out = interp.run(wrap, [A8], mode=mode).outputs[0]
        assert out.dtype == np.int8 and (out == -56).all()


# ===-------------------------------------------------------------------=== #
# Errors
# ===-------------------------------------------------------------------=== #


def test_unknown_op_and_step_budget():
    unknown = """
func.func @u(%a: f8E5M2, %s: f8E8M0FNU) -> f32 {
  %r = arith.scaling_extf %a, %s : f8E5M2, f8E8M0FNU to f32
  return %r : f32
}
"""
    with pytest.raises(interp.InterpreterError, match=r"'arith.scaling_extf'.*loc\(.*unsupported"):
        interp.run(unknown, [1.0, 1.0])
    forever = """
func.func @f(%a: index) -> index {
  %r = scf.while (%i = %a) : (index) -> index {
    %t = arith.constant true
    scf.condition(%t) %i : index
  } do {
  ^bb0(%i: index):
    scf.yield %i : index
  }
  return %r : index
}
"""
    with pytest.raises(interp.InterpreterError, match="step budget of 1000"):
        interp.run(forever, [0], max_steps=1000)


def test_storage_view_errors():
    text = f"""
func.func @v(%X: {TENSOR16}) -> !tile.tile<64x1xf32, vec> {{
  %b = tile.alloc : !tile.buffer<vec, 2048>
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] into(%b : !tile.buffer<vec, 2048>) : {TENSOR16} -> {T16}
  %s = tile.slice %x[0, 0] : {T16} -> !tile.tile<8x8xf32, vec>
  %r = tile.reshape %s : !tile.tile<8x8xf32, vec> -> !tile.tile<64x1xf32, vec>
  return %r : !tile.tile<64x1xf32, vec>
}}
"""
    inputs = interp.random_inputs(text)
    np.testing.assert_array_equal(
        interp.run(text, inputs).outputs[0], inputs[0][:8, :8].reshape(64, 1)
    )
    with pytest.raises(interp.InterpreterError, match="reshape of a strided view is unsupported"):
        interp.run(text, inputs, mode="storage")
    in_place = f"""
func.func @t(%X: {TENSOR16}) -> {T16} {{
  %b = tile.alloc : {VBUF}
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] into(%b : {VBUF}) : {TENSOR16} -> {T16}
  %t = tile.transpose %x into(%b : {VBUF}) : {T16} -> {T16}
  return %t : {T16}
}}
"""
    with pytest.raises(interp.StorageError, match="overlaps operand #0"):
        interp.run(in_place, inputs, mode="storage")


def test_program_reuse_is_deterministic():
    program = interp.compile(ACCUMULATE_PLANNED)
    a = interp.random_inputs(program, seed=5)
    b = interp.random_inputs(program, seed=5)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    first = program.run(a, mode="storage").outputs[0]
    second = program.run(a, mode="storage").outputs[0]
    np.testing.assert_array_equal(first, second)


def test_scope_and_call_with_tiles_in_storage_mode():
    text = f"""
func.func @inc(%t: {T16}, %b: {TENSOR16}) -> ({T16}, {TENSOR16}) {{
  %buf = tile.alloc : {VBUF}
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %u = tile.adds %t, %one into(%buf : {VBUF}) : {T16}, f32
  %b1 = tile.store %u, %b[%c0, %c0] : {T16}, {TENSOR16}
  return %u, %b1 : {T16}, {TENSOR16}
}}
func.func @main(%x: {T16}, %B: {TENSOR16}) -> ({T16}, {TENSOR16}) {{
  %buf = tile.alloc : {VBUF}
  %two = arith.constant 2.0 : f32
  %r = tile.scope "split" -> {T16} {{
    %y = tile.muls %x, %two into(%buf : {VBUF}) : {T16}, f32
    tile.scope_yield %y : {T16}
  }}
  %u, %B1 = func.call @inc(%r, %B) : ({T16}, {TENSOR16}) -> ({T16}, {TENSOR16})
  return %u, %B1 : {T16}, {TENSOR16}
}}
"""
    inputs = interp.random_inputs(text, seed=13)  # @main: nobody calls it
    cmp = assert_same_modes(text, inputs)
    expected = f32(f32(inputs[0].astype(np.float64) * 2) + 1.0)
    for out in cmp.reference.outputs + cmp.candidate.outputs:
        np.testing.assert_array_equal(out, expected)
    # the callee can be run on its own
    res = interp.run(text, [inputs[0], inputs[1]], function="@inc", mode="storage")
    np.testing.assert_array_equal(res.outputs[0], f32(inputs[0].astype(np.float64) + 1))


def while_program(mul_buffer):
    return f"""
func.func @w(%A: !tile.tensor<64x16xf32>, %n: index) -> {T16} {{
  %b0 = tile.alloc : {VBUF}
  %b1 = tile.alloc : {VBUF}
  %b2 = tile.alloc : {VBUF}
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %z = tile.full 1.0 into(%b0 : {VBUF}) : {T16}
  %r:2 = scf.while (%i = %c0, %acc = %z) : (index, {T16}) -> (index, {T16}) {{
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %acc : index, {T16}
  }} do {{
  ^bb0(%i: index, %acc: {T16}):
    %t = tile.load %A[%i, %c0] into(%b1 : {VBUF}) : !tile.tensor<64x16xf32> -> {T16}
    %m = tile.mul %acc, %t into({mul_buffer} : {VBUF}) : {T16}
    %i1 = arith.addi %i, %c16 : index
    scf.yield %i1, %m : index, {T16}
  }}
  return %r#1 : {T16}
}}
"""


def test_while_carry_in_storage_mode():
    good, bad = while_program("%b0"), while_program("%b2")
    assert_verifies(good)
    inputs = interp.random_inputs(good, seed=14, scalars={1: 48})
    assert_same_modes(good, inputs)
    cmp = interp.compare(good, bad, inputs)
    assert not cmp.equal and "differ in value" in cmp.message
    # the carry (and so the result) stays the initial all-ones tile
    np.testing.assert_array_equal(cmp.candidate.outputs[0], np.ones((16, 16), np.float32))


def test_nests_as_deep_as_tilemem_accepts_compile_and_run_in_both_modes():
    # Compiling and running a block recurse once per level of region
    # nesting: a 1000-deep nest from an independently written generator hit
    # Python's recursion limit, and parsing a 4088-deep one on the main
    # thread overflowed its stack. A nest a few levels short of the nesting
    # limit (which counts brackets) runs in both modes, planned.
    from tilemem.limits import MAX_NESTING_DEPTH

    depth = MAX_NESTING_DEPTH - 8
    lines = [
        f"func.func @deep(%A: {TENSOR16}, %O: {TENSOR16}) -> {TENSOR16} {{",
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        f"%a0 = tile.load %A[%c0, %c0] : {TENSOR16} -> {T16}",
    ]
    lines += one_trip_loop_nest(
        depth,
        T16,
        "%a0",
        lambda a: [f"%n = tile.add {a}, {a} : {T16}", f"scf.yield %n : {T16}"],
    )
    lines.append(f"%O1 = tile.store %r0, %O[%c0, %c0] : {T16}, {TENSOR16}")
    lines.append(f"return %O1 : {TENSOR16}")
    lines.append("}")
    text = "\n".join(lines)
    inputs = interp.random_inputs(text, seed=3)
    import tilemem

    planned = tilemem.compile(text, memory_planner="pypto", emit_pto=False).module
    cmp = interp.compare(text, planned, inputs)
    assert cmp.equal, cmp.message
    np.testing.assert_array_equal(interp.run(text, inputs).outputs[0], inputs[0] * 2)
