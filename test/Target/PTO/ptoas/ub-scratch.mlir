// REQUIRES: ptoas
// Tests that level2 on a3 passes pto.trowexpandmul a tmp of its own, and
// pins why. pto-isa's A2/A3 TROWEXPAND<op> without a tmp broadcasts the
// column through UB [184 KiB, 192 KiB) (TMP_UB_OFFSET), and ptoas 0.27's
// PlanMemory plans all 192 KiB: with these tiles (188.25 KiB together, the
// 56x128 one dead before the op) it placed %b at [176384, 192768), live
// across the op, which on the NPU overwrites its last rows (the simulator has
// no such scratch and computes right). Inputs/ub-scratch.pto is the PTO
// tile-translate emitted for this kernel before (no tmp); a ptoas that
// reserves the scratch fails its checks, and the tmps (and row_expand_add
// as a trowexpandsub of the negated column, broadcasts-table.mlir) can go.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.pto
// RUN: FileCheck %s --input-file=%t.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level2 %t.pto -o %t.cpp > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CPP
// RUN: %ptoas --pto-level=level2 %S/Inputs/ub-scratch.pto -o %t.before.cpp > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.before.cpp
// PTO: %[[TMP:[0-9]+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=8,
// PTO-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// PTO-NEXT: pto.trowexpandmul ins(%{{[0-9]+}}, %{{[0-9]+}}, %[[TMP]] :
// CPP: TROWEXPANDMUL(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}});
// CHECK: const int64_t [[TOP:v[0-9]+]] = 176384;
// CHECK: TASSIGN([[B:v[0-9]+]], [[TOP]]);
// CHECK: TROWEXPANDMUL(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}});
// CHECK: TSTORE({{v[0-9]+}}, [[B]]);
module attributes {tile.target_arch = "a3"} {
func.func @ub_top(%X: !tile.tensor<64x128xf32>, %W: !tile.tensor<56x128xf32>, %A: !tile.tensor<64x64xf32>, %B: !tile.tensor<64x64xf32>, %OB: !tile.tensor<64x64xf32>, %V: !tile.tensor<64x1xf32>, %O: !tile.tensor<64x128xf32>, %OW: !tile.tensor<56x128xf32>, %OA: !tile.tensor<64x64xf32>) -> (!tile.tensor<64x128xf32>, !tile.tensor<56x128xf32>, !tile.tensor<64x64xf32>, !tile.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %x1 = tile.load %X[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %x2 = tile.exp %x1 : !tile.tile<64x128xf32, vec>
  %x3 = tile.exp %x2 : !tile.tile<64x128xf32, vec>
  %x4 = tile.exp %x3 : !tile.tile<64x128xf32, vec>
  %w = tile.load %W[%c0, %c0] : !tile.tensor<56x128xf32> -> !tile.tile<56x128xf32, vec>
  %O2 = tile.store %w, %OW[%c0, %c0] : !tile.tile<56x128xf32, vec>, !tile.tensor<56x128xf32>
  %a = tile.load %A[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %v = tile.load %V[%c0, %c0] : !tile.tensor<64x1xf32> -> !tile.tile<64x1xf32, vec>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %y = tile.row_expand_mul %a, %v : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
  %s12 = tile.add %x1, %x2 : !tile.tile<64x128xf32, vec>
  %s34 = tile.add %x3, %x4 : !tile.tile<64x128xf32, vec>
  %s = tile.add %s12, %s34 : !tile.tile<64x128xf32, vec>
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
  %O3 = tile.store %y, %OA[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  %O4 = tile.store %b, %OB[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %O1, %O2, %O3, %O4 : !tile.tensor<64x128xf32>, !tile.tensor<56x128xf32>, !tile.tensor<64x64xf32>, !tile.tensor<64x64xf32>
}
}
