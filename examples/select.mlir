// An if/else selection: a runtime flag picks exp(X) + Y or max(X, Y), and
// the selected tile is added to Y afterwards. Both arms end in a branch-local
// producer, so both write the branch result's storage directly: no copy, and
// PTO sees one handle written by either arm.
//
// (An arm that yields a tile still read after the branch, e.g. `else { yield
// %y }`, is planned as a logical tile selection instead: two slots of one
// pool, `tile.if_exit_barrier`, and a dynamic slot; docs/pipelines.md shows
// it planned and emitted.)
module attributes {tile.target_arch = "a3"} {
  func.func @select(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64x64xf32>,
                    %O: !tile.tensor<64x64xf32>, %use_exp: i1) -> !tile.tensor<64x64xf32> {
    %c0 = arith.constant 0 : index
    %x = tile.load %X[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %y = tile.load %Y[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %r = scf.if %use_exp -> (!tile.tile<64x64xf32, vec>) {
      %e = tile.exp %x : !tile.tile<64x64xf32, vec>
      %s = tile.add %e, %y : !tile.tile<64x64xf32, vec>
      scf.yield %s : !tile.tile<64x64xf32, vec>
    } else {
      %m = tile.maximum %x, %y : !tile.tile<64x64xf32, vec>
      scf.yield %m : !tile.tile<64x64xf32, vec>
    }
    %t = tile.add %r, %y : !tile.tile<64x64xf32, vec>
    %O1 = tile.store %t, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    return %O1 : !tile.tensor<64x64xf32>
  }
}
