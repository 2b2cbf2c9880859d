module attributes {tile.target_arch = "a3"} {
  func.func @kernel(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1, %T: !tile.tensor<16x16xf32>) -> (!tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>) attributes {pto.entry} {
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
    %m1 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
    %l2 = tile.move %m1 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r3 = tile.extract %m1[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %v4 = tile.matmul %l2, %r3 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
    %w12:4 = scf.while (%k5 = %c0, %b6 = %seed, %b7 = %v4, %Tb10 = %O) : (index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tensor<64x16xf32>) -> (index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tensor<64x16xf32>) {
      %go13 = arith.cmpi slt, %k5, %c1 : index
      scf.condition(%go13) %k5, %b6, %b7, %Tb10 : index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tensor<64x16xf32>
    } do {
    ^bb0(%k14: index, %a8: !tile.tile<16x16xf32, vec>, %a9: !tile.tile<16x16xf32, acc>, %Ta11: !tile.tensor<64x16xf32>):
      %r15:3 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
        %v16 = tile.move %seed : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %h17 = tile.full 2.0 : !tile.tile<8x16xf32, vec>
        %s18:3 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec> {
          %v19 = tile.adds %a8, %f1 : !tile.tile<16x16xf32, vec>, f32
          tile.scope_yield %v19, %v16, %h17 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        }
        scf.yield %s18#0, %s18#1, %s18#2 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
      } else {
        %f23:2 = scf.for %i20 = %c0 to %c0 step %c1 iter_args(%a21 = %a8, %a22 = %a8) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
          %m24 = tile.load %Ta11[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
          %l25 = tile.extract %m24[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
          %r26 = tile.extract %m24[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
          %v27 = tile.matmul %l25, %r26 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
          %h29 = tile.slice %a8[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
          %h30 = tile.slice %a21[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
          %v28 = tile.assemble %a8, %h30[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
          %r31 = scf.if %true -> (!tile.tile<16x16xf32, vec>) {
            %v32 = tile.exp %seed : !tile.tile<16x16xf32, vec>
            %v33 = tile.transpose_view %v28 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            scf.yield %v33 : !tile.tile<16x16xf32, vec>
          } else {
            %v34 = tile.muls %a22, %fhalf : !tile.tile<16x16xf32, vec>, f32
            scf.yield %a22 : !tile.tile<16x16xf32, vec>
          }
          %v35 = tile.load %Ta11[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
          %s36:2 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec> {
            %v37 = tile.adds %a21, %f1 : !tile.tile<16x16xf32, vec>, f32
            %v38 = tile.adds %v35, %f1 : !tile.tile<16x16xf32, vec>, f32
            tile.scope_yield %v37, %v38 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
          }
          scf.yield %s36#0, %s36#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        }
        %v40 = tile.row_sum %seed : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
        %v39 = tile.row_expand_mul %seed, %v40 : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
        %v41 = tile.adds %seed, %f1 : !tile.tile<16x16xf32, vec>, f32
        %v42 = tile.move %seed : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %v43 = tile.load %Ta11[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
        %h44 = tile.slice %v41[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
        scf.yield %v42, %v43, %h44 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
      }
      %v45 = tile.transpose_view %r15#0 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      %m46 = tile.load %Ta11[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
      %l47 = tile.move %m46 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
      %r48 = tile.extract %m46[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
      %v49 = tile.matmul_acc %a9, %l47, %r48 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
      %k50 = arith.addi %k14, %c1 : index
      scf.yield %k50, %v45, %v49, %Ta11 : index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tensor<64x16xf32>
    }
    %v51 = tile.sub %seed, %seed : !tile.tile<16x16xf32, vec>
    %m52 = tile.extract %v4[0, 0] : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, mat>
    %l53 = tile.extract %m52[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r54 = tile.move %m52 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %v55 = tile.matmul_acc %v4, %l53, %r54 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
    %m56 = tile.load %w12#3[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
    %l57 = tile.extract %m56[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r58 = tile.extract %m56[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %v59 = tile.matmul_acc %v55, %l57, %r58 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
    %r60:2 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
      %r61:2 = scf.if %notcond -> (!tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
        %f65:2 = scf.for %i62 = %c0 to %c1 step %c1 iter_args(%a63 = %w12#1, %a64 = %v59) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>) {
          %m66 = tile.load %w12#3[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
          %l67 = tile.move %m66 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
          %r68 = tile.extract %m66[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
          %v69 = tile.matmul %l67, %r68 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
          %v70 = tile.write %a63[%c2, %c11], %fhalf : !tile.tile<16x16xf32, vec>, f32
          %v71 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
          %v72 = tile.sub %v70, %v71 : !tile.tile<16x16xf32, vec>
          %m73 = tile.load %w12#3[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
          %l74 = tile.extract %m73[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
          %r75 = tile.extract %m73[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
          %v76 = tile.matmul_acc %v69, %l74, %r75 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
          scf.yield %w12#1, %v76 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
        }
        %v77 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
        %h78 = tile.full 2.0 : !tile.tile<8x16xf32, vec>
        scf.yield %h78, %h78 : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
      } else {
        %m79 = tile.load %w12#3[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l80 = tile.extract %m79[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r81 = tile.extract %m79[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v82 = tile.matmul %l80, %r81 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
        %f86:2 = scf.for %i83 = %c0 to %c3 step %c1 iter_args(%a84 = %w12#1, %a85 = %seed) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
          %dead87 = tile.mul %a84, %a84 : !tile.tile<16x16xf32, vec>
          scf.yield %a84, %a85 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        }
        %h88 = tile.slice %w12#1[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
        scf.yield %h88, %h88 : !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
      }
      %m89 = tile.load %w12#3[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
      %l90 = tile.extract %m89[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
      %r91 = tile.extract %m89[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
      %v92 = tile.matmul %l90, %r91 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
      %r93 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>) {
        scf.yield %w12#1 : !tile.tile<16x16xf32, vec>
      } else {
        %v94 = tile.assemble %w12#1, %r61#0[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        %v95 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
        scf.yield %v95 : !tile.tile<16x16xf32, vec>
      }
      %v96 = tile.transpose %r93 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      %v97 = tile.maximum %r93, %r93 : !tile.tile<16x16xf32, vec>
      scf.yield %v96, %v97 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    } else {
      %v98 = tile.move %v51 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      %v99 = tile.write %v98[%c10, %c6], %fhalf : !tile.tile<16x16xf32, vec>, f32
      %v100 = tile.transpose_view %v51 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      scf.yield %v51, %v100 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    }
    %m101 = tile.load %w12#3[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
    %l102 = tile.extract %m101[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r103 = tile.extract %m101[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %v104 = tile.matmul_acc %w12#2, %l102, %r103 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
    %Tout = tile.store %v51, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    return %w12#3, %Tout : !tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>
  }
  func.func @kernel1(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1, %T: !tile.tensor<16x16xf32>) -> (!tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>) {
    %u1 = tile.alloc : !tile.buffer<vec, 1024, slots = 2>
    %u2 = tile.alloc addr = 4096 pinned : !tile.buffer<vec, 1024, slots = 2>
    %u3 = tile.alloc addr = 4096 pinned : !tile.buffer<acc, 1024>
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
    %f6 = scf.for %i4 = %c0 to %c1 step %c1 iter_args(%a5 = %seed) -> (!tile.tile<16x16xf32, vec>) {
      %h7 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
      %v8 = tile.assemble %seed, %h7[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
      scf.yield %a5 : !tile.tile<16x16xf32, vec>
    }
    %f12:2 = scf.for %i9 = %c0 to %n step %c1 iter_args(%a10 = %f6, %a11 = %f6) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
      %f16:2 = scf.for %i13 = %c0 to %n step %c1 iter_args(%a14 = %a10, %a15 = %a11) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
        %w18 = tile.transpose_view %a10 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %w19 = tile.transpose_view %w18 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %v17 = tile.transpose_view %w19 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %v20 = tile.load %O[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
        %w22 = tile.transpose_view %v17 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %w23 = tile.transpose_view %w22 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %v21 = tile.transpose_view %w23 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %s24:2 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec> {
          %v25 = tile.adds %v20, %f1 : !tile.tile<16x16xf32, vec>, f32
          tile.scope_yield %v25, %v21 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        }
        scf.yield %s24#0, %s24#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
      }
      %w29:2 = scf.while (%k26 = %c0, %b27 = %f16#1) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
        %go30 = arith.cmpi slt, %k26, %c2 : index
        scf.condition(%go30) %k26, %b27 : index, !tile.tile<16x16xf32, vec>
      } do {
      ^bb0(%k31: index, %a28: !tile.tile<16x16xf32, vec>):
        %k32 = arith.addi %k31, %c1 : index
        scf.yield %k32, %a28 : index, !tile.tile<16x16xf32, vec>
      }
      %r33:2 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>) {
        %v34 = tile.write %f6[%c1, %c1], %f1 : !tile.tile<16x16xf32, vec>, f32
        %m35 = tile.load %O[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l36 = tile.extract %m35[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r37 = tile.extract %m35[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v38 = tile.matmul %l36, %r37 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
        scf.yield %f16#1, %v38 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
      } else {
        %h40 = tile.load %O[%c24, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
        %v39 = tile.assemble %w29#1, %h40[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        %m41 = tile.load %O[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l42 = tile.extract %m41[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r43 = tile.extract %m41[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v44 = tile.matmul %l42, %r43 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
        %s45:2 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc> {
          tile.scope_yield %f16#1, %v44 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
        }
        scf.yield %s45#0, %s45#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
      }
      %h47 = tile.slice %r33#0[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
      %w49 = tile.slice %a10[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
      %w50 = tile.transpose_view %w49 : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
      %h48 = tile.slice %w50[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<8x16xf32, vec>
      %v46 = tile.assemble %r33#0, %h48[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
      %v52 = tile.row_sum %f16#0 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
      %v51 = tile.row_expand_mul %w29#1, %v52 : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
      %v53 = tile.muls %w29#1, %fhalf : !tile.tile<16x16xf32, vec>, f32
      scf.yield %v51, %v53 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    }
    %T54 = tile.store %f12#0, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %Tout = tile.store %f6, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    return %T54, %Tout : !tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>
  }
  func.func @kernel2(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1, %T: !tile.tensor<16x16xf32>) -> (!tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>) {
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
    %r1 = scf.if %cond -> (!tile.tile<16x16xf32, vec>) {
      %h3 = tile.slice %seed[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
      %h4 = tile.load %O[%c8, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
      %v2 = tile.assemble %seed, %h4[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
      %v5 = tile.move %seed : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      scf.yield %v5 : !tile.tile<16x16xf32, vec>
    } else {
      %f8 = scf.for %i6 = %c0 to %n step %c1 iter_args(%a7 = %seed) -> (!tile.tile<16x16xf32, vec>) {
        %w14:3 = scf.while (%k9 = %c0, %b10 = %seed, %b11 = %a7) : (index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
          %go15 = arith.cmpi slt, %k9, %c2 : index
          scf.condition(%go15) %k9, %b10, %b11 : index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        } do {
        ^bb0(%k16: index, %a12: !tile.tile<16x16xf32, vec>, %a13: !tile.tile<16x16xf32, vec>):
          %f19 = scf.for %i17 = %c0 to %c0 step %c1 iter_args(%a18 = %a13) -> (!tile.tile<16x16xf32, vec>) {
            %v20 = tile.write %a18[%c4, %c13], %fhalf : !tile.tile<16x16xf32, vec>, f32
            %v21 = tile.sub %a7, %a13 : !tile.tile<16x16xf32, vec>
            %v22 = tile.transpose %seed : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %v23 = tile.mul %v20, %v21 : !tile.tile<16x16xf32, vec>
            %v24 = tile.mul %v21, %a13 : !tile.tile<16x16xf32, vec>
            scf.yield %v24 : !tile.tile<16x16xf32, vec>
          }
          %w28:2 = scf.while (%k25 = %c0, %b26 = %a12) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
            %go29 = arith.cmpi slt, %k25, %c1 : index
            scf.condition(%go29) %k25, %b26 : index, !tile.tile<16x16xf32, vec>
          } do {
          ^bb0(%k30: index, %a27: !tile.tile<16x16xf32, vec>):
            %v31 = tile.write %seed[%c0, %c12], %fhalf : !tile.tile<16x16xf32, vec>, f32
            %v32 = tile.load %O[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
            %m33 = tile.load %O[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l34 = tile.extract %m33[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r35 = tile.extract %m33[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v36 = tile.matmul %l34, %r35 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %v37 = tile.sub %a13, %a27 : !tile.tile<16x16xf32, vec>
            %k38 = arith.addi %k30, %c1 : index
            scf.yield %k38, %v37 : index, !tile.tile<16x16xf32, vec>
          }
          %v39 = tile.muls %a12, %fhalf : !tile.tile<16x16xf32, vec>, f32
          %v40 = tile.move %a13 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %k41 = arith.addi %k16, %c1 : index
          scf.yield %k41, %v39, %v40 : index, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        }
        %v42 = tile.maximum %w14#1, %w14#1 : !tile.tile<16x16xf32, vec>
        scf.yield %v42 : !tile.tile<16x16xf32, vec>
      }
      %s43 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec> {
        tile.scope_yield %f8 : !tile.tile<16x16xf32, vec>
      }
      scf.yield %s43 : !tile.tile<16x16xf32, vec>
    }
    %T44 = tile.store %r1, %O[%c32, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %v45 = tile.mul %r1, %r1 : !tile.tile<16x16xf32, vec>
    %h46 = tile.slice %r1[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
    %T47 = tile.store %h46, %T44[%c0, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<64x16xf32>
    %T48 = tile.store %h46, %T47[%c40, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<64x16xf32>
    %Tout = tile.store %v45, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    return %T48, %Tout : !tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>
  }
}
