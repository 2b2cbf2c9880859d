// A while loop with an index counter and a tile carry: t = t * 0.5 + 1,
// %n times (%n is a runtime argument, so the trip count is unknown at compile
// time and the loop may run zero times). The carry is updated in place.
module attributes {tile.target_arch = "a3"} {
  func.func @while_loop(%X: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>,
                        %n: index) -> !tile.tensor<64x64xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %x = tile.load %X[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %w:2 = scf.while (%k = %c0, %t = %x) : (index, !tile.tile<64x64xf32, vec>)
        -> (index, !tile.tile<64x64xf32, vec>) {
      %go = arith.cmpi slt, %k, %n : index
      scf.condition(%go) %k, %t : index, !tile.tile<64x64xf32, vec>
    } do {
    ^bb0(%k1: index, %t1: !tile.tile<64x64xf32, vec>):
      %h = tile.muls %t1, %half : !tile.tile<64x64xf32, vec>, f32
      %u = tile.adds %h, %one : !tile.tile<64x64xf32, vec>, f32
      %k2 = arith.addi %k1, %c1 : index
      scf.yield %k2, %u : index, !tile.tile<64x64xf32, vec>
    }
    %O1 = tile.store %w#1, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    return %O1 : !tile.tensor<64x64xf32>
  }
}
