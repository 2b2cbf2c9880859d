// REQUIRES: ptoas
// tile.extract of a whole acc tile into mat on a3: ptoas's A2/A3
// pto.textract reads loc=mat only ("expects A2/A3 textract src to use
// loc=mat"), so it is a pto.tmov (acc -> mat, 512 fractal destination),
// which ptoas lowers to TMOV.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=dsa-rp | tile-translate --tile-to-pto -o %t.pto
// RUN: FileCheck %s --input-file=%t.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// PTO: pto.tmov ins(%{{.*}} : !pto.tile_buf<loc=acc, {{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=mat, {{.*}}fractal=512{{.*}}>)
// PTO-NOT: pto.textract ins(%{{.*}} : !pto.tile_buf<loc=acc
// CHECK: TMATMUL(
// CHECK: TMOV(
module attributes {tile.target_arch = "a3"} {
  func.func @extract(%A: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
    %c0 = arith.constant 0 : index
    %m = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, mat>
    %l = tile.extract %m[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %r = tile.extract %m[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
    %c = tile.matmul %l, %r : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
    %k = tile.extract %c[0, 0] : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, mat>
    %l2 = tile.extract %k[0, 0] : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
    %c2 = tile.matmul %l2, %r : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
    %O1 = tile.store %c2, %O[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    return %O1 : !tile.tensor<16x16xf32>
  }
}
