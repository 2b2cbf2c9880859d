module attributes {tile.target_arch = "a3"} {
  func.func @kernel(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1, %U: !tile.buffer<vec, 1024>) -> (!tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>) {
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
    %r1:3 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) {
      %m2 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
      %l3 = tile.extract %m2[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
      %r4 = tile.extract %m2[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
      %v5 = tile.matmul %l3, %r4 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
      %r6 = scf.if %true -> (!tile.tile<16x16xf32, vec>) {
        %r7 = scf.if %false -> (!tile.tile<16x16xf32, vec>) {
          %r8 = scf.if %cond -> (!tile.tile<16x16xf32, vec>) {
            %v9 = tile.move %seed into(%U : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %v10 = tile.add %seed, %v9 : !tile.tile<16x16xf32, vec>
            %s11 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec> {
              %v12 = tile.adds %v10, %f1 : !tile.tile<16x16xf32, vec>, f32
              tile.scope_yield %v12 : !tile.tile<16x16xf32, vec>
            }
            scf.yield %s11 : !tile.tile<16x16xf32, vec>
          } else {
            %h14 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
            %v13 = tile.assemble %seed, %h14[8, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
            %h15 = tile.load %O[%c24, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
            %v16 = tile.transpose %v13 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            scf.yield %v16 : !tile.tile<16x16xf32, vec>
          }
          %v17 = tile.write %r8[%c11, %c5], %fhalf : !tile.tile<16x16xf32, vec>, f32
          scf.yield %v17 : !tile.tile<16x16xf32, vec>
        } else {
          %r18:3 = scf.if %true -> (!tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) {
            %v19 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
            %v20 = tile.move %v19 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %w22 = tile.slice %v20[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
            %w23 = tile.transpose_view %w22 : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
            %h21 = tile.slice %w23[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %m24 = tile.extract %v5[0, 0] : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, mat>
            %l25 = tile.move %m24 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r26 = tile.move %m24 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v27 = tile.matmul %l25, %r26 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %v28 = tile.adds %v19, %f1 : !tile.tile<16x16xf32, vec>, f32
            scf.yield %h21, %v27, %v28 : !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
          } else {
            %h29 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
            %m30 = tile.load %O[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l31 = tile.extract %m30[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r32 = tile.extract %m30[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v33 = tile.matmul %l31, %r32 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %v35 = tile.full -2.0 : !tile.tile<16x16xf32, vec>
            %v34 = tile.sub %v35, %v35 : !tile.tile<16x16xf32, vec>
            scf.yield %h29, %v33, %v34 : !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
          }
          %r36 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>) {
            %v37 = tile.transpose_view %r18#2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %v38 = tile.muls %v37, %fhalf : !tile.tile<16x16xf32, vec>, f32
            scf.yield %v38 : !tile.tile<16x16xf32, vec>
          } else {
            %v39 = tile.move %r18#2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %dead40 = tile.mul %r18#2, %r18#2 : !tile.tile<16x16xf32, vec>
            %v41 = tile.mul %v39, %v39 : !tile.tile<16x16xf32, vec>
            scf.yield %v41 : !tile.tile<16x16xf32, vec>
          }
          %w43 = tile.transpose_view %r18#2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %v42 = tile.transpose_view %w43 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %v44 = tile.load %O[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
          %s45 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec> {
            %v46 = tile.adds %v44, %f1 : !tile.tile<16x16xf32, vec>, f32
            tile.scope_yield %v46 : !tile.tile<16x16xf32, vec>
          }
          scf.yield %s45 : !tile.tile<16x16xf32, vec>
        }
        scf.yield %r7 : !tile.tile<16x16xf32, vec>
      } else {
        %v48 = tile.full 0.5 : !tile.tile<16x16xf32, vec>
        %v47 = tile.maximum %v48, %v48 : !tile.tile<16x16xf32, vec>
        %s49 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec> {
          tile.scope_yield %v47 : !tile.tile<16x16xf32, vec>
        }
        scf.yield %s49 : !tile.tile<16x16xf32, vec>
      }
      scf.yield %r6, %v5, %r6 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
    } else {
      %r50 = scf.if %notcond -> (!tile.tile<16x16xf32, acc>) {
        %m51 = tile.load %O[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l52 = tile.extract %m51[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r53 = tile.move %m51 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v54 = tile.matmul %l52, %r53 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
        %v56 = tile.full 3.0 : !tile.tile<16x16xf32, vec>
        %w57 = tile.reshape %v56 : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
        %v55 = tile.reshape %w57 : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
        %m58 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l59 = tile.extract %m58[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r60 = tile.extract %m58[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v61 = tile.matmul_acc %v54, %l59, %r60 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
        %s62 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, acc> {
          tile.scope_yield %v61 : !tile.tile<16x16xf32, acc>
        }
        scf.yield %s62 : !tile.tile<16x16xf32, acc>
      } else {
        %r63:2 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
          %r64 = scf.if %cond -> (!tile.tile<8x16xf32, vec>) {
            %h65 = tile.load %O[%c24, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
            scf.yield %h65 : !tile.tile<8x16xf32, vec>
          } else {
            %m66 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l67 = tile.move %m66 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r68 = tile.extract %m66[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v69 = tile.matmul %l67, %r68 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %h70 = tile.load %O[%c56, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
            scf.yield %h70 : !tile.tile<8x16xf32, vec>
          }
          %r71:3 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
            %v73 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
            %w74 = tile.reshape %v73 : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
            %v72 = tile.reshape %w74 : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
            %h75 = tile.slice %v73[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %v76 = tile.move %v73 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            scf.yield %v73, %h75, %v76 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          } else {
            %v78 = tile.full -2.0 : !tile.tile<16x16xf32, vec>
            %w80 = tile.reshape %v78 : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
            %w79 = tile.reshape %w80 : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
            %w82 = tile.reshape %w79 : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
            %w81 = tile.reshape %w82 : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
            %w83 = tile.reshape %w81 : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
            %v77 = tile.reshape %w83 : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
            %h84 = tile.slice %v78[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            scf.yield %v77, %h84, %v77 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          }
          %h85 = tile.load %O[%c24, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
          scf.yield %r71#0, %h85 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        } else {
          %r86:3 = scf.if %cond -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>) {
            %m87 = tile.load %O[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l88 = tile.extract %m87[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r89 = tile.extract %m87[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v90 = tile.matmul %l88, %r89 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %v92 = tile.full 0.5 : !tile.tile<16x16xf32, vec>
            %v91 = tile.muls %v92, %fhalf : !tile.tile<16x16xf32, vec>, f32
            scf.yield %v90, %v91, %v90 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
          } else {
            %m93 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l94 = tile.move %m93 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r95 = tile.move %m93 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v96 = tile.matmul %l94, %r95 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %v98 = tile.full -2.0 : !tile.tile<16x16xf32, vec>
            %v97 = tile.sub %v98, %v98 : !tile.tile<16x16xf32, vec>
            scf.yield %v96, %v97, %v96 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>
          }
          %h99 = tile.slice %r86#1[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
          scf.yield %r86#1, %h99 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        }
        %f102 = scf.for %i100 = %c0 to %c2 step %c1 iter_args(%a101 = %r63#0) -> (!tile.tile<16x16xf32, vec>) {
          %r103 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>) {
            %h104 = tile.slice %r63#0[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %v105 = tile.muls %a101, %fhalf : !tile.tile<16x16xf32, vec>, f32
            scf.yield %a101 : !tile.tile<16x16xf32, vec>
          } else {
            scf.yield %a101 : !tile.tile<16x16xf32, vec>
          }
          %v106 = tile.move %a101 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %v107 = tile.maximum %a101, %r103 : !tile.tile<16x16xf32, vec>
          %v108 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
          scf.yield %a101 : !tile.tile<16x16xf32, vec>
        }
        %m109 = tile.load %O[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l110 = tile.extract %m109[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r111 = tile.extract %m109[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v112 = tile.matmul %l110, %r111 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
        scf.yield %v112 : !tile.tile<16x16xf32, acc>
      }
      %v113 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
      %w115 = tile.reshape %v113 : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
      %v114 = tile.reshape %w115 : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
      %m116 = tile.load %O[%c16, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
      %l117 = tile.extract %m116[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
      %r118 = tile.extract %m116[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
      %v119 = tile.matmul_acc %r50, %l117, %r118 init_cond %cond : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
      %w121 = tile.transpose_view %v114 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      %w122 = tile.transpose_view %w121 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      %v120 = tile.transpose_view %w122 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
      scf.yield %v114, %v119, %v120 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
    }
    %v123 = tile.move %r1#2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %w125 = tile.transpose_view %r1#0 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %v124 = tile.transpose_view %w125 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %v126 = tile.exp %v124 : !tile.tile<16x16xf32, vec>
    %T127 = tile.store %r1#1, %O[%c16, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<64x16xf32>
    %T128 = tile.store %v124, %T127[%c32, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    return %T128, %r1#2 : !tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>
  }
}
