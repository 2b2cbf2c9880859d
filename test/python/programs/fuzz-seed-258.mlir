// The program of seed 258 of the fuzzer before it was widened (commit ddd6470).
// Its 8x8 tiles are smaller than a3's fractal boxes: the module names no
// target (tile.target_arch), so the verifier does not check hardware shapes.
module {
  func.func @kernel(%A: !tile.tensor<32x8xf32>, %O: !tile.tensor<32x8xf32>, %n: index, %cond: i1) -> (!tile.tensor<32x8xf32>, !tile.tile<8x8xf32, vec>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %f1 = arith.constant 1.0 : f32
    %fhalf = arith.constant 0.5 : f32
    %true = arith.constant true
    %notcond = arith.xori %cond, %true : i1
    %seed = tile.load %A[%c0, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
  %w4:2 = scf.while (%k1 = %c0, %b2 = %seed) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go5 = arith.cmpi slt, %k1, %c0 : index
    scf.condition(%go5) %k1, %b2 : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%k6: index, %a3: !tile.tile<8x8xf32, vec>):
    %m7 = tile.load %O[%c0, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, mat>
    %l8 = tile.extract %m7[0, 0] : !tile.tile<8x8xf32, mat> -> !tile.tile<8x8xf32, left>
    %r9 = tile.extract %m7[0, 0] : !tile.tile<8x8xf32, mat> -> !tile.tile<8x8xf32, right>
    %v10 = tile.matmul %l8, %r9 : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
    %k11 = arith.addi %k6, %c1 : index
    scf.yield %k11, %a3 : index, !tile.tile<8x8xf32, vec>
  }
  %v12 = tile.mul %seed, %seed : !tile.tile<8x8xf32, vec>
  %r13 = scf.if %notcond -> (!tile.tile<8x8xf32, vec>) {
    %v14 = tile.full 3.0 : !tile.tile<8x8xf32, vec>
    %r15 = scf.if %cond -> (!tile.tile<8x8xf32, vec>) {
      %v16 = tile.write %v12[%c6, %c7], %f1 : !tile.tile<8x8xf32, vec>, f32
      %m17 = tile.load %O[%c16, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, mat>
      %l18 = tile.extract %m17[0, 0] : !tile.tile<8x8xf32, mat> -> !tile.tile<8x8xf32, left>
      %r19 = tile.extract %m17[0, 0] : !tile.tile<8x8xf32, mat> -> !tile.tile<8x8xf32, right>
      %v20 = tile.matmul %l18, %r19 : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
      %v21 = tile.add %v16, %seed : !tile.tile<8x8xf32, vec>
      scf.yield %v21 : !tile.tile<8x8xf32, vec>
    } else {
      %v22 = tile.move %v14 : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
      %s23 = tile.scope "split_aiv" -> !tile.tile<8x8xf32, vec> {
        %v24 = tile.adds %v22, %f1 : !tile.tile<8x8xf32, vec>, f32
        tile.scope_yield %v24 : !tile.tile<8x8xf32, vec>
      }
      scf.yield %s23 : !tile.tile<8x8xf32, vec>
    }
    scf.yield %w4#1 : !tile.tile<8x8xf32, vec>
  } else {
    scf.if %notcond {
      %w31:3 = scf.while (%k26 = %c0, %b27 = %seed, %b28 = %w4#1) : (index, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
        %go32 = arith.cmpi slt, %k26, %c2 : index
        scf.condition(%go32) %k26, %b27, %b28 : index, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
      } do {
      ^bb0(%k33: index, %a29: !tile.tile<8x8xf32, vec>, %a30: !tile.tile<8x8xf32, vec>):
        %w37:2 = scf.while (%k34 = %c0, %b35 = %a29) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
          %go38 = arith.cmpi slt, %k34, %c2 : index
          scf.condition(%go38) %k34, %b35 : index, !tile.tile<8x8xf32, vec>
        } do {
        ^bb0(%k39: index, %a36: !tile.tile<8x8xf32, vec>):
          %v40 = tile.transpose_view %a30 : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
          %v42 = tile.row_sum %a30 : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
          %v41 = tile.row_expand_mul %v40, %v42 : !tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>
          %v43 = tile.add %v41, %v41 : !tile.tile<8x8xf32, vec>
          %k44 = arith.addi %k39, %c1 : index
          scf.yield %k44, %v43 : index, !tile.tile<8x8xf32, vec>
        }
        %f47 = scf.for %i45 = %c0 to %c0 step %c1 iter_args(%a46 = %a30) -> (!tile.tile<8x8xf32, vec>) {
          scf.yield %w37#1 : !tile.tile<8x8xf32, vec>
        }
        %v48 = tile.transpose %a30 : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
        %k49 = arith.addi %k33, %c1 : index
        scf.yield %k49, %v48, %a30 : index, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
      }
    } else {
    }
    %v50 = tile.full 0.5 : !tile.tile<8x8xf32, vec>
    %s51 = tile.scope "split_aiv" -> !tile.tile<8x8xf32, vec> {
      tile.scope_yield %v50 : !tile.tile<8x8xf32, vec>
    }
    scf.yield %s51 : !tile.tile<8x8xf32, vec>
  }
    return %O, %w4#1 : !tile.tensor<32x8xf32>, !tile.tile<8x8xf32, vec>
  }
}
