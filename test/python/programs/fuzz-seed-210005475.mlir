module attributes {tile.target_arch = "a3"} {
  func.func @kernel(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1, %X: !tile.tile<16x16xf32, vec>, %Y: !tile.tile<16x16xf32, acc>, %U: !tile.buffer<vec, 1024>) -> (!tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>) {
    %u1 = tile.alloc pinned : !tile.buffer<vec, 1024>
    %u2 = tile.alloc pinned : !tile.buffer<vec, 1024>
    %u3 = tile.alloc : !tile.buffer<vec, 1024>
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
    %r4 = scf.if %cond -> (!tile.tile<8x16xf32, vec>) {
      scf.if %notcond {
        %h7 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
        %v6 = tile.assemble %seed, %h7[8, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        %v8 = tile.move %X : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        %f11 = scf.for %i9 = %c0 to %c1 step %c1 iter_args(%a10 = %Y) -> (!tile.tile<16x16xf32, acc>) {
          %h13 = tile.slice %v6[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
          %v12 = tile.assemble %X, %h13[8, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
          %v14 = tile.transpose_view %X : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %r15:3 = scf.if %cond -> (!tile.tile<16x16xf32, acc>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
            %v16 = tile.write %v6[%c5, %c14], %f1 : !tile.tile<16x16xf32, vec>, f32
            %m17 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l18 = tile.extract %m17[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r19 = tile.extract %m17[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v20 = tile.matmul %l18, %r19 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %v21 = tile.maximum %v6, %v8 : !tile.tile<16x16xf32, vec>
            scf.yield %v20, %h7, %v21 : !tile.tile<16x16xf32, acc>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          } else {
            %m22 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l23 = tile.move %m22 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r24 = tile.extract %m22[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v25 = tile.matmul %l23, %r24 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            scf.yield %v25, %h7, %v14 : !tile.tile<16x16xf32, acc>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          }
          %r26 = scf.if %cond -> (!tile.tile<16x16xf32, vec>) {
            scf.yield %X : !tile.tile<16x16xf32, vec>
          } else {
            %h27 = tile.slice %r15#2[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %v28 = tile.transpose %v14 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            scf.yield %v28 : !tile.tile<16x16xf32, vec>
          }
          %m29 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
          %l30 = tile.extract %m29[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
          %r31 = tile.move %m29 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
          %v32 = tile.matmul_acc %r15#0, %l30, %r31 init_cond %cond : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
          scf.yield %v32 : !tile.tile<16x16xf32, acc>
        }
      } else {
      }
      %r33:3 = scf.if %cond -> (!tile.tile<16x16xf32, acc>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, acc>) {
        %w37:2 = scf.while (%k34 = %c0, %b35 = %X) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
          %go38 = arith.cmpi slt, %k34, %c0 : index
          scf.condition(%go38) %k34, %b35 : index, !tile.tile<16x16xf32, vec>
        } do {
        ^bb0(%k39: index, %a36: !tile.tile<16x16xf32, vec>):
          %r40:3 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
            %m41 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l42 = tile.move %m41 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r43 = tile.extract %m41[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v44 = tile.matmul %l42, %r43 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
            %w46 = tile.transpose_view %a36 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %w47 = tile.transpose_view %w46 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %v45 = tile.transpose_view %w47 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %h48 = tile.slice %v45[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %h49 = tile.maximum %h48, %h48 : !tile.tile<8x16xf32, vec>
            scf.yield %a36, %h48, %h49 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
          } else {
            %v50 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
            %v51 = tile.add %a36, %X : !tile.tile<16x16xf32, vec>
            %h52 = tile.slice %v51[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            scf.yield %v51, %h52, %h52 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<8x16xf32, vec>
          }
          scf.if %notcond {
            %v54 = tile.add %X, %a36 : !tile.tile<16x16xf32, vec>
            %v55 = tile.add %v54, %a36 : !tile.tile<16x16xf32, vec>
          } else {
          }
          %w63:4 = scf.while (%k56 = %c0, %b57 = %Y, %b58 = %Y, %b59 = %X) : (index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) {
            %go64 = arith.cmpi slt, %k56, %n : index
            scf.condition(%go64) %k56, %b57, %b58, %b59 : index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
          } do {
          ^bb0(%k65: index, %a60: !tile.tile<16x16xf32, acc>, %a61: !tile.tile<16x16xf32, acc>, %a62: !tile.tile<16x16xf32, vec>):
            %v66 = tile.full -2.0 : !tile.tile<16x16xf32, vec>
            %v67 = tile.assemble %a62, %r40#1[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
            %m68 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
            %l69 = tile.extract %m68[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
            %r70 = tile.extract %m68[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
            %v71 = tile.matmul_acc %a61, %l69, %r70 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right>
            %k72 = arith.addi %k65, %c1 : index
            scf.yield %k72, %a60, %v71, %v67 : index, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
          }
          %w74 = tile.transpose_view %w63#3 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %w75 = tile.transpose_view %w74 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %v73 = tile.transpose_view %w75 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %k76 = arith.addi %k39, %c1 : index
          scf.yield %k76, %v73 : index, !tile.tile<16x16xf32, vec>
        }
        %r77:2 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
          %h78 = tile.full 2.0 : !tile.tile<8x16xf32, vec>
          scf.yield %X, %h78 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        } else {
          %v79 = tile.sub %w37#1, %w37#1 into(%u3 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
          %h80 = tile.slice %w37#1[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
          scf.yield %v79, %h80 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
        }
        %v81 = tile.write %w37#1[%c14, %c10], %f1 : !tile.tile<16x16xf32, vec>, f32
        scf.yield %Y, %r77#1, %Y : !tile.tile<16x16xf32, acc>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, acc>
      } else {
        %r82:3 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>) {
          %v83 = tile.write %X[%c1, %c13], %f1 : !tile.tile<16x16xf32, vec>, f32
          %w85 = tile.slice %v83[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
          %w86 = tile.transpose_view %w85 : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
          %h84 = tile.slice %w86[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<8x16xf32, vec>
          %v87 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
          scf.yield %v83, %Y, %v87 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
        } else {
          %r88:2 = scf.if %false -> (!tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
            %v90 = tile.full 3.0 : !tile.tile<16x16xf32, vec>
            %dead89 = tile.mul %v90, %v90 : !tile.tile<16x16xf32, vec>
            %h92 = tile.slice %v90[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %h93 = tile.maximum %h92, %h92 : !tile.tile<8x16xf32, vec>
            %v91 = tile.assemble %v90, %h93[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
            %v95 = tile.full 0.0 : !tile.tile<16x16xf32, vec>
            %v96 = tile.assemble %v95, %h93[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
            %v94 = tile.assemble %v96, %h92[8, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
            scf.yield %h92, %v94 : !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          } else {
            %v97 = tile.load %O[%c32, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
            %v98 = tile.move %v97 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %h99 = tile.full 2.0 : !tile.tile<8x16xf32, vec>
            %s100:2 = tile.scope "split_aiv" -> !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec> {
              tile.scope_yield %h99, %v98 : !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
            }
            scf.yield %s100#0, %s100#1 : !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          }
          %m101 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
          %l102 = tile.extract %m101[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
          %r103 = tile.extract %m101[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
          %v104 = tile.matmul %l102, %r103 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
          scf.yield %r88#1, %v104, %r88#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, vec>
        }
        %r105:3 = scf.if %cond -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
          %v106 = tile.transpose_view %r82#0 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %v107 = tile.move %r82#0 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          scf.yield %v106, %v107, %v107 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        } else {
          %r108:3 = scf.if %notcond -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
            %h110 = tile.slice %r82#2[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %w112 = tile.slice %r82#0[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
            %w113 = tile.transpose_view %w112 : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
            %h111 = tile.slice %w113[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            %v109 = tile.assemble %r82#2, %h111[8, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
            %v114 = tile.write %v109[%c1, %c14], %f1 : !tile.tile<16x16xf32, vec>, f32
            %w116 = tile.transpose_view %v114 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %w117 = tile.transpose_view %w116 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %v115 = tile.transpose_view %w117 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
            %h118 = tile.slice %r82#0[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
            scf.yield %v115, %h118, %v115 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          } else {
            %v119 = tile.adds %r82#0, %f1 : !tile.tile<16x16xf32, vec>, f32
            %v120 = tile.full 1.0 : !tile.tile<16x16xf32, vec>
            %h121 = tile.load %O[%c56, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
            scf.yield %v119, %h121, %r82#0 : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, vec>
          }
          %v122 = tile.maximum %r108#0, %r108#0 into(%U : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
          %v123 = tile.adds %v122, %f1 into(%u2 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
          %w125 = tile.transpose_view %r108#2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %w126 = tile.transpose_view %w125 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          %v124 = tile.transpose_view %w126 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
          scf.yield %v122, %v123, %v124 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
        }
        %m127 = tile.load %O[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
        %l128 = tile.extract %m127[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
        %r129 = tile.extract %m127[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
        %v130 = tile.matmul %l128, %r129 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
        %w132 = tile.slice %r105#1[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
        %w133 = tile.transpose_view %w132 : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
        %h131 = tile.slice %w133[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<8x16xf32, vec>
        scf.yield %v130, %h131, %Y : !tile.tile<16x16xf32, acc>, !tile.tile<8x16xf32, vec>, !tile.tile<16x16xf32, acc>
      }
      %h134 = tile.maximum %r33#1, %r33#1 : !tile.tile<8x16xf32, vec>
      %s135 = tile.scope "split_aiv" -> !tile.tile<8x16xf32, vec> {
        tile.scope_yield %h134 : !tile.tile<8x16xf32, vec>
      }
      scf.yield %s135 : !tile.tile<8x16xf32, vec>
    } else {
      %m136 = tile.load %O[%c0, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, mat>
      %l137 = tile.move %m136 : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
      %r138 = tile.extract %m136[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
      %v139 = tile.matmul %l137, %r138 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
      %h140 = tile.full 2.0 : !tile.tile<8x16xf32, vec>
      scf.yield %h140 : !tile.tile<8x16xf32, vec>
    }
    %v142 = tile.full 3.0 : !tile.tile<16x16xf32, vec>
    %dead141 = tile.mul %v142, %v142 : !tile.tile<16x16xf32, vec>
    %v143 = tile.write %v142[%c2, %c1], %fhalf : !tile.tile<16x16xf32, vec>, f32
    %v144 = tile.transpose %v142 into(%u1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %v145 = tile.full 3.0 : !tile.tile<16x16xf32, vec>
    %v146 = tile.sub %v144, %v144 : !tile.tile<16x16xf32, vec>
    %h148 = tile.slice %v144[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
    %h149 = tile.load %O[%c56, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<8x16xf32, vec>
    %v147 = tile.assemble %v144, %h149[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
    %T150 = tile.store %v146, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    return %T150, %v142 : !tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>
  }
  func.func @kernel1(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1) -> (!tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %u1 = tile.alloc : !tile.buffer<vec, 1024>
    %u2 = tile.alloc addr = 6144 pinned : !tile.buffer<acc, 1024>
    %u3 = tile.alloc addr = 4096 pinned : !tile.buffer<acc, 1024, slots = 2>
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
    %v4 = tile.write %seed[%c7, %c14], %f1 : !tile.tile<16x16xf32, vec>, f32
    %v5 = tile.load %O[%c48, %c0] into(%u1 : !tile.buffer<vec, 1024>) : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %T6 = tile.store %seed, %O[%c48, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %v7 = tile.load %T6[%c48, %c0] : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
    %T8 = tile.store %seed, %T6[%c16, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %T9 = tile.store %v5, %T8[%c48, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %v10 = tile.add %v7, %seed : !tile.tile<16x16xf32, vec>
    return %T9, %v5, %v7 : !tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  func.func @kernel2(%A: !tile.tensor<64x16xf32>, %O: !tile.tensor<64x16xf32>, %n: index, %cond: i1) -> (!tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>) {
    %u1 = tile.alloc : !tile.buffer<vec, 1024>
    %u2 = tile.alloc pinned : !tile.buffer<vec, 1024, slots = 2>
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
    %T3 = tile.store %seed, %O[%c16, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
    %h5 = tile.slice %seed[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
    %h6 = tile.add %h5, %h5 : !tile.tile<8x16xf32, vec>
    %v4 = tile.assemble %seed, %h6[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
    %dead7 = tile.mul %v4, %v4 : !tile.tile<16x16xf32, vec>
    %T8 = tile.store %h6, %T3[%c40, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<64x16xf32>
    return %T8, %v4 : !tile.tensor<64x16xf32>, !tile.tile<16x16xf32, vec>
  }
}
