// RUN: not tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases --split-input-file --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=ROLLBACK

// A failing --tile-materialize-semantic-aliases leaves the function exactly as
// --tile-init-memref made it: every change made before the failure (producer
// retargets, entry copies, yield copies, removed allocations) is rolled back.
// Each case checks the whole function printed after the failure.

// Tests a vec accumulator that the pass retargets before it meets an acc swap
// it cannot copy: the add keeps its own allocation and no tile.move remains.
// ROLLBACK:      error: carry #0 must be copied from %{{.*}}, but there is no acc->acc copy on a3
// ROLLBACK:      IR Dump After TileMaterializeSemanticAliases Failed
// ROLLBACK-NEXT: func.func @retarget_then_acc_swap
// ROLLBACK-NEXT:   %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// ROLLBACK-NEXT:   %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// ROLLBACK-NEXT:   %[[B2:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// ROLLBACK-NEXT:   %[[B3:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// ROLLBACK-NEXT:   arith.constant 0 : index
// ROLLBACK-NEXT:   arith.constant 1 : index
// ROLLBACK-NEXT:   %[[Z:.*]] = tile.full 0.000000e+00 into(%[[B0]] : !tile.buffer<vec, 256>)
// ROLLBACK-NEXT:   scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[Z]])
// ROLLBACK-NEXT:     %[[N:.*]] = tile.add %[[ACC]], %{{.*}} into(%[[B1]] : !tile.buffer<vec, 256>)
// ROLLBACK-NEXT:     scf.yield %[[N]]
// ROLLBACK-NEXT:   }
// ROLLBACK-NEXT:   %[[A0:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[B2]] : !tile.buffer<acc, 1024>)
// ROLLBACK-NEXT:   %[[BB:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[B3]] : !tile.buffer<acc, 1024>)
// ROLLBACK-NEXT:   scf.for %{{.*}} iter_args(%[[CA:.*]] = %[[A0]], %[[CB:.*]] = %[[BB]])
// ROLLBACK-NEXT:     scf.yield %[[CB]], %[[CA]]
// ROLLBACK-NEXT:   }
// ROLLBACK-NEXT:   return
// ROLLBACK-NEXT: }
func.func @retarget_then_acc_swap(%x: !tile.tile<8x8xf32, vec>, %l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %v = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  %a0 = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %b0 = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
    scf.yield %b, %a : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
  }
  return %v, %res#0, %res#1 : !tile.tile<8x8xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests writeback and entry copies made before a later acc failure: the vec
// tile.write and the vec loop reading its initializer lose their copies and
// their allocations when the acc initializer read after its loop is rejected.
// ROLLBACK:      error: carry #0: the initializer is still read by '{{.*}}' after the loop updates it, so it must be copied: %{{.*}}, but there is no acc->acc copy on a3
// ROLLBACK:      IR Dump After TileMaterializeSemanticAliases Failed
// ROLLBACK-NEXT: func.func @copies_then_acc_failure
// ROLLBACK-NEXT:   %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// ROLLBACK-NEXT:   %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// ROLLBACK-NEXT:   %[[B2:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// ROLLBACK-NEXT:   arith.constant 0 : index
// ROLLBACK-NEXT:   arith.constant 1 : index
// ROLLBACK-NEXT:   %[[A:.*]] = tile.exp %{{.*}} into(%[[B0]] : !tile.buffer<vec, 256>)
// ROLLBACK-NEXT:   %[[W:.*]] = tile.write %[[A]][
// ROLLBACK-NEXT:   scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[A]])
// ROLLBACK-NEXT:     %[[N:.*]] = tile.add %[[ACC]], %[[A]] into(%[[B1]] : !tile.buffer<vec, 256>)
// ROLLBACK-NEXT:     scf.yield %[[N]]
// ROLLBACK-NEXT:   }
// ROLLBACK-NEXT:   %[[I:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[B2]] : !tile.buffer<acc, 1024>)
// ROLLBACK-NEXT:   scf.for %{{.*}} iter_args(%[[C:.*]] = %[[I]])
// ROLLBACK-NEXT:     %[[M:.*]] = tile.matmul_acc %[[C]],
// ROLLBACK-NEXT:     scf.yield %[[M]]
// ROLLBACK-NEXT:   }
// ROLLBACK-NEXT:   return
// ROLLBACK-NEXT: }
func.func @copies_then_acc_failure(%x: !tile.tile<8x8xf32, vec>, %l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index, %v: f32) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %w = tile.write %a[%c0, %c0], %v : !tile.tile<8x8xf32, vec>, f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %a : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%c = %init) -> (!tile.tile<16x16xf32, acc>) {
    %m = tile.matmul_acc %c, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  }
  return %w, %s, %res, %init : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests a failure found after a retarget (two stores into one argument
// tensor whose first result stays live; a tensor cannot be copied): the
// retargeted vec accumulator before it is rolled back too.
// ROLLBACK:      error: the op updates its operand in place while %{{.*}} is still read afterwards, so it must copy %{{.*}}, but tensors cannot be copied
// ROLLBACK:      IR Dump After TileMaterializeSemanticAliases Failed
// ROLLBACK-NEXT: func.func @final_check_failure
// ROLLBACK-NEXT:   %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// ROLLBACK-NEXT:   %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// ROLLBACK-NEXT:   arith.constant 0 : index
// ROLLBACK-NEXT:   arith.constant 1 : index
// ROLLBACK-NEXT:   arith.constant 8 : index
// ROLLBACK-NEXT:   %[[Z:.*]] = tile.full 0.000000e+00 into(%[[B0]] : !tile.buffer<vec, 256>)
// ROLLBACK-NEXT:   %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[Z]])
// ROLLBACK-NEXT:     %[[N:.*]] = tile.add %[[ACC]], %{{.*}} into(%[[B1]] : !tile.buffer<vec, 256>)
// ROLLBACK-NEXT:     scf.yield %[[N]]
// ROLLBACK-NEXT:   }
// ROLLBACK-NEXT:   tile.store %{{.*}}, %{{.*}}[
// ROLLBACK-NEXT:   tile.store %[[R]], %{{.*}}[
// ROLLBACK-NEXT:   return
// ROLLBACK-NEXT: }
// ROLLBACK-NOT:  tile.move
func.func @final_check_failure(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<16x8xf32>, %n: index) -> (!tile.tensor<16x8xf32>, !tile.tensor<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %y = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  %T1 = tile.store %x, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<16x8xf32>
  %T2 = tile.store %y, %T[%c8, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<16x8xf32>
  return %T1, %T2 : !tile.tensor<16x8xf32>, !tile.tensor<16x8xf32>
}
