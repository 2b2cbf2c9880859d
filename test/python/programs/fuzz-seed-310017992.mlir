module attributes {tile.target_arch = "a3"} {
  func.func @kernel(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1) -> (!tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>) {
    %u1 = tile.alloc pinned : !tile.buffer<vec, 1024>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c40 = arith.constant 40 : index
    %c48 = arith.constant 48 : index
    %c56 = arith.constant 56 : index
    %f1 = arith.constant 1.0 : f32
    %fhalf = arith.constant 0.5 : f32
    %true = arith.constant true
    %false = arith.constant false
    %notcond = arith.xori %cond, %true : i1
    %seed = tile.load %A[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %m2 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
    %l3 = tile.move %m2 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r4 = tile.extract %m2[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %v5 = tile.matmul %l3, %r4 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
    %r6:4 = scf.if %cond -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>) {
      %r7 = scf.if %true -> (!tile.tile<16x16xf32, vec>) {
        %v8 = tile.sub %seed, %seed : !tile.tile<16x16xf32, vec>
        %v9 = tile.write %seed[%c7, %c14], %fhalf : !tile.tile<16x16xf32, vec>, f32
        %s10 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec> {
          %v11 = tile.adds %v9, %f1 : !tile.tile<16x16xf32, vec>, f32
          tile.scope_yield %v11 : !tile.tile<16x16xf32, vec>
        }
        scf.yield %s10 : !tile.tile<16x16xf32, vec>
      } else {
        %h12 = tile.full 2.0 : !tile.tile<8x16xf32, vec>
        %v14 = tile.full 3.0 : !tile.tile<16x16xf32, vec>
        %v13 = tile.transpose %v14 into(%u1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %v13 : !tile.tile<16x16xf32, vec>
      }
      scf.yield %v5, %r7, %r7, %O : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    } else {
      %r15:2 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>) {
        %v17 = tile.full 3.0 : !tile.tile<16x16xf32, vec>
        %v16 = tile.transpose %v17 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %s18 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec> {
          %v19 = tile.adds %v16, %f1 : !tile.tile<16x16xf32, vec>, f32
          tile.scope_yield %v19 : !tile.tile<16x16xf32, vec>
        }
        scf.yield %s18, %O : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
      } else {
        %v20 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
        %v21 = tile.write %v20[%c2, %c8], %f1 : !tile.tile<16x16xf32, vec>, f32
        %v23 = tile.row_sum %v21 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
        %v22 = tile.row_expand_mul %v21, %v23 : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
        scf.yield %v22, %O : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
      }
      %m24 = tile.extract %v5[0, 0] : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, mat>
      %l25 = tile.extract %m24[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
      %r26 = tile.extract %m24[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
      %v27 = tile.matmul %l25, %r26 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
      %v28 = tile.sub %r15#0, %r15#0 : !tile.tile<16x16xf32, vec>
      %v29 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
      scf.yield %v27, %v28, %v29, %r15#1 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    }
    %h31 = tile.slice %r6#1[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
    %h32 = tile.slice %r6#2[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
    %v30 = tile.assemble %r6#1, %h32[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
    %m33 = tile.load %r6#3[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
    %l34 = tile.move %m33 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r35 = tile.extract %m33[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %v36 = tile.matmul_acc %v5, %l34, %r35 init_cond %cond : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
    %f39 = scf.for %i37 = %c0 to %c0 step %c1 iter_args(%a38 = %r6#1) -> (!tile.tile<16x16xf32, vec>) {
      %f43:2 = scf.for %i40 = %c0 to %c1 step %c1 iter_args(%a41 = %r6#1, %a42 = %r6#2) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
        %v44 = tile.load %r6#3[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
        %v45 = tile.maximum %v44, %v44 : !tile.tile<16x16xf32, vec>
        %s46:2 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec> {
          %v47 = tile.adds %a41, %f1 : !tile.tile<16x16xf32, vec>, f32
          tile.scope_yield %v47, %v45 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        }
        scf.yield %s46#0, %s46#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
      }
      %w53:3 = scf.while (%k48 = %c0, %b49 = %r6#0, %b50 = %f43#0) : (index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) {
        %go54 = arith.cmpi slt, %k48, %c1 : index
        scf.condition(%go54) %k48, %b49, %b50 : index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
      } do {
      ^bb0(%k55: index, %a51: !tile.tile<16x16xf32, acc>, %a52: !tile.tile<16x16xf32, vec>):
        %h56 = tile.slice %f43#1[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
        %v57 = tile.add %r6#1, %f43#1 : !tile.tile<16x16xf32, vec>
        %k58 = arith.addi %k55, %c1 : index
        scf.yield %k58, %a51, %v57 : index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
      }
      %v59 = tile.transpose_view %w53#2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      %v60 = tile.move %r6#1 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      scf.yield %v60 : !tile.tile<16x16xf32, vec>
    }
    %T61 = tile.store %v30, %r6#3[%c48, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %v62 = tile.load %T61[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %T63 = tile.store %v30, %T61[%c48, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    return %T63, %f39, %v36 : !tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
  }
  func.func @kernel1(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1) -> (!tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>) {
    %u1 = tile.alloc addr = 5120 : !tile.buffer<vec, 1024>
    %u2 = tile.alloc addr = 1024 : !tile.buffer<vec, 1024>
    %u3 = tile.alloc pinned : !tile.buffer<vec, 1024, slots = 2>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c12 = arith.constant 12 : index
    %c13 = arith.constant 13 : index
    %c14 = arith.constant 14 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c40 = arith.constant 40 : index
    %c48 = arith.constant 48 : index
    %c56 = arith.constant 56 : index
    %f1 = arith.constant 1.0 : f32
    %fhalf = arith.constant 0.5 : f32
    %true = arith.constant true
    %false = arith.constant false
    %notcond = arith.xori %cond, %true : i1
    %seed = tile.load %A[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %f7:2 = scf.for %i4 = %c0 to %c0 step %c1 iter_args(%a5 = %seed, %Ta6 = %O) -> (!tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>) {
      %v8 = tile.full 0.5 : !tile.tile<16x16xf32, vec>
      scf.yield %v8, %Ta6 : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    }
    %v9 = tile.write %seed[%c15, %c2], %fhalf : !tile.tile<16x16xf32, vec>, f32
    %T10 = tile.store %v9, %O[%c32, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    return %T10, %v9 : !tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>
  }
}
