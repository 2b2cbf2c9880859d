// (fixed: the terminators before a while's yield are aligned again after an entry copy) build/bin/tile-opt THIS "--tile-storage-pipeline=memory-planner=pypto enable-buffer-ir=false" (or =true): wrong rejection "storage is still invalid after materialization: writes %0[0, 1024], clobbering %arg2 ... still read afterwards by tile.slice"; value mode runs it. The condition forwards one outer value (%1, the carries' initializer) for both carries; the after region reads one after-argument and yields the other into the first carry. Forwarding %1 once (%1, %arg6), or the before arguments, is accepted. Reduced by hand from a stress run of the while-forwarding generator (every while in the new shape), seed 1270173, Tile path; the full program is seed-1270173-stress.mlir.
module attributes {tile.target_arch = "a3"} {
  func.func @k(%arg0: !tile.tensor<64x16xf32>) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %1 = tile.load %arg0[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %2:3 = scf.while (%arg4 = %c0, %arg5 = %1, %arg6 = %1) : (index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
      %12 = arith.cmpi slt, %arg4, %c1 : index
      scf.condition(%12) %arg4, %1, %1 : index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    } do {
    ^bb0(%arg4: index, %arg5: !tile.tile<16x16xf32, vec>, %arg6: !tile.tile<16x16xf32, vec>):
      %12 = tile.full 0.000000e+00 : !tile.tile<16x16xf32, vec>
      %13 = tile.slice %arg5[0, 0]  : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
      %14 = tile.assemble %12, %13[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
      %16 = arith.addi %arg4, %c1 : index
      scf.yield %16, %arg6, %14 : index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    }
    return %2#1, %2#2 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
}
