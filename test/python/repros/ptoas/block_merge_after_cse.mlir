// Two ifs on one condition inside a while inside a for, their arms written
// as one-shot whiles: at level2, once ptoas's CSE reuses the first else
// arm's `cmpi eq, %c, false` for the second, the self-copy after the second
// then-arm's while (where %a's tile dies) and the second else arm's body
// are one tmov each, into the same while: ptoas's block merging joined
// them with the tiles as block arguments, "failed to legalize operation
// 'pto.tmov'" (first met in fuzz seed 794964889 with --shapes boundary).
// The emitter's simulation runs the same CSE and keeps them apart; the
// lit test is test/Target/PTO/ptoas/block-merge-after-cse.mlir.
func.func @block_merge_after_cse(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ba = tile.alloc : !tile.buffer<vec, 1024>
  %bb = tile.alloc : !tile.buffer<vec, 1024>
  %br = tile.alloc : !tile.buffer<vec, 1024>
  %T = scf.for %k = %c0 to %n step %c1 iter_args(%t = %O) -> (!tile.tensor<16x16xf32>) {
    %x = tile.load %X[%c0, %c0] into(%br : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
    %w:2 = scf.while (%i = %c0, %acc = %x) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
      %p = arith.cmpi slt, %i, %c1 : index
      scf.condition(%p) %i, %acc : index, !tile.tile<16x16xf32, vec>
    } do {
    ^bb0(%i1: index, %acc1: !tile.tile<16x16xf32, vec>):
      %a = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
        %e = tile.exp %acc1 into(%ba : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
        scf.yield %e : !tile.tile<16x16xf32, vec>
      } else {
        %e = tile.abs %acc1 into(%ba : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
        scf.yield %e : !tile.tile<16x16xf32, vec>
      }
      %b = tile.log %acc1 into(%bb : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
      %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
        %m = tile.move %a into(%br : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %m : !tile.tile<16x16xf32, vec>
      } else {
        %m = tile.move %b into(%br : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %m : !tile.tile<16x16xf32, vec>
      }
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %r : index, !tile.tile<16x16xf32, vec>
    }
    %u = tile.store %w#1, %t[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    scf.yield %u : !tile.tensor<16x16xf32>
  }
  return %T : !tile.tensor<16x16xf32>
}
