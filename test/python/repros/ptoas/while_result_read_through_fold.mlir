// A while nested in an scf.for (so ptoas 0.27 lowers the kernel to a CFG as
// a whole) whose results are read, in the while's own block, only by ops
// that fold to them: a select of one value twice, the maximum of a value and
// itself, an index plus zero. ptoas's greedy rewrite folds them as it lowers,
// the reads inside the later scf.for then read the results themselves from
// another block, and SCFWhileToCF leaves the while ("Unsupported SCF op
// remained after pre-lowering"; fuzz seed 1434000276). tilemem routes such
// results as it routes reads in other blocks.
func.func @while_result_read_through_fold(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %x) -> (!tile.tile<16x16xf32, vec>) {
    %w:3 = scf.while (%k = %c0, %s = %f1, %q = %half) : (index, f32, f32) -> (index, f32, f32) {
      %go = arith.cmpi slt, %k, %c2 : index
      scf.condition(%go) %k, %s, %q : index, f32, f32
    } do {
    ^bb0(%k1: index, %s1: f32, %q1: f32):
      %s2 = arith.mulf %s1, %half : f32
      %q2 = arith.mulf %q1, %q1 : f32
      %k2 = arith.addi %k1, %c1 : index
      scf.yield %k2, %s2, %q2 : index, f32, f32
    }
    %sel = arith.select %c, %w#1, %w#1 : f32
    %max = arith.maximumf %w#2, %w#2 : f32
    %trips = arith.addi %w#0, %c0 : index
    %inner = scf.for %j = %c0 to %trips step %c1 iter_args(%u = %t) -> (!tile.tile<16x16xf32, vec>) {
      %v = tile.adds %u, %sel : !tile.tile<16x16xf32, vec>, f32
      %m = tile.muls %v, %max : !tile.tile<16x16xf32, vec>, f32
      scf.yield %m : !tile.tile<16x16xf32, vec>
    }
    scf.yield %inner : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
