// An if/else selection: a runtime flag picks exp(X) + Y or Y itself, and the
// selected tile is added to Y again afterwards. The else arm yields %y,
// which is still read after the branch, so the branch result needs its own
// storage and the else arm a copy (tile.move) into it; the then arm's
// producer can write the result storage directly.
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
      scf.yield %y : !tile.tile<64x64xf32, vec>
    }
    %t = tile.add %r, %y : !tile.tile<64x64xf32, vec>
    %O1 = tile.store %t, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    return %O1 : !tile.tensor<64x64xf32>
  }
}
