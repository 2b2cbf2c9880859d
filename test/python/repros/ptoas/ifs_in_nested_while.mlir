// Nested scf.if with i1, index, f16 and f32 results (and one with a tile
// result) inside an scf.while inside an scf.for: each becomes a while per
// arm (WhileOnlyNesting.cpp), whose results are read after later whiles of
// the block through cast round trips (routeWhileResults).
func.func @ifs_nested(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %n: index, %c: i1, %d: i1, %x: f32, %h: f16) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f32
  %t = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%u = %t, %T = %O) -> (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) {
    %w:3 = scf.while (%i = %c0, %v = %u, %a = %x) : (index, !tile.tile<16x16xf32, vec>, f32) -> (index, !tile.tile<16x16xf32, vec>, f32) {
      %p = arith.cmpi slt, %i, %c3 : index
      scf.condition(%p) %i, %v, %a : index, !tile.tile<16x16xf32, vec>, f32
    } do {
    ^bb0(%i1: index, %v1: !tile.tile<16x16xf32, vec>, %a1: f32):
      %q:4 = scf.if %c -> (f32, i1, index, f16) {
        %in:3 = scf.if %d -> (f32, i1, f16) {
          %m = arith.mulf %a1, %half : f32
          scf.yield %m, %c, %h : f32, i1, f16
        } else {
          %m2 = arith.addf %a1, %half : f32
          %nd = arith.cmpi eq, %d, %c : i1
          scf.yield %m2, %nd, %h : f32, i1, f16
        }
        %i5 = arith.addi %i1, %c1 : index
        scf.yield %in#0, %in#1, %i5, %in#2 : f32, i1, index, f16
      } else {
        scf.yield %a1, %d, %i1, %h : f32, i1, index, f16
      }
      %v2 = scf.if %q#1 -> (!tile.tile<16x16xf32, vec>) {
        %y = tile.adds %v1, %q#0 : !tile.tile<16x16xf32, vec>, f32
        scf.yield %y : !tile.tile<16x16xf32, vec>
      } else {
        %y2 = tile.muls %v1, %half : !tile.tile<16x16xf32, vec>, f32
        scf.yield %y2 : !tile.tile<16x16xf32, vec>
      }
      %hf = arith.extf %q#3 : f16 to f32
      %v3 = tile.adds %v2, %hf : !tile.tile<16x16xf32, vec>, f32
      %i2 = arith.addi %q#2, %c1 : index
      scf.yield %i2, %v3, %q#0 : index, !tile.tile<16x16xf32, vec>, f32
    }
    %T1 = tile.store %w#1, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    scf.yield %w#1, %T1 : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  }
  return %r#1 : !tile.tensor<16x16xf32>
}
