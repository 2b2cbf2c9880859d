// REQUIRES: ptoas
// tile.col_sum through the real ptoas: pto.tcolsum at level3; at level2,
// where ptoas 0.27 crashes on pto.tcolsum (its getDpsInitsMutable is out of
// range when PlanMemory asks for it), the source's rows added one by one.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --check-prefix=LEVEL3 --input-file=%t.l3.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --check-prefix=LEVEL2 --input-file=%t.l2.cpp
// LEVEL3: TCOLSUM(
// LEVEL2-NOT: TCOLSUM(
// LEVEL2-COUNT-3: TADD(
// LEVEL2-NOT: TADD(
// LEVEL2: TSTORE(
func.func @col_sum(%X: !tile.tensor<4x16xf32>, %C: !tile.tensor<1x16xf32>) -> !tile.tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<4x16xf32> -> !tile.tile<4x16xf32, vec>
  %cs = tile.col_sum %x : !tile.tile<4x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %C1 = tile.store %cs, %C[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<1x16xf32>
  return %C1 : !tile.tensor<1x16xf32>
}
