// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases --split-input-file -verify-diagnostics
// RUN: not tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases=memory-planner=foo --split-input-file 2>&1 | FileCheck %s --check-prefix=PLANNER
// RUN: not tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases=arch=a9 --split-input-file 2>&1 | FileCheck %s --check-prefix=ARCH

// Programs --tile-materialize-semantic-aliases rejects: the storage they need
// requires a copy the target cannot do (acc->acc, mat->mat, left->left,
// right->right) or a tensor copy, and bad pass options. Each diagnostic names
// the value involved. A failing pass leaves the function unchanged
// (materialize-semantic-aliases-rollback.mlir).

// Bad options are reported when the pipeline is parsed (the options are
// enums), before any function is looked at (pass-options-invalid.mlir: once
// per pipeline, not per function):
// PLANNER:   for the --memory-planner option: Cannot find option named 'foo'!
// ARCH:      for the --arch option: Cannot find option named 'a9'!

//===----------------------------------------------------------------------===//
// Acc carries that would need an acc->acc copy
//===----------------------------------------------------------------------===//

// Tests that an acc carry in a pinned allocation cannot take the loop's
// matmul: no producer is retargeted into user storage, and the copy that
// would replace it needs acc->acc.
func.func @acc_carry_in_pinned(%l: !tile.tile<8x8xf16, left>, %r: !tile.tile<8x8xf16, right>, %n: index) -> !tile.tile<8x8xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = tile.alloc pinned : !tile.buffer<acc, 256>
  %z = tile.matmul %l, %r into(%p : !tile.buffer<acc, 256>) : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right> -> !tile.tile<8x8xf32, acc>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, acc>) {
    // expected-note @+1 {{%4 is defined here}}
    %a1 = tile.matmul %l, %r : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right> -> !tile.tile<8x8xf32, acc>
    // expected-error @+1 {{carry #0 must be copied from %4, but there is no acc->acc copy on a3}}
    scf.yield %a1 : !tile.tile<8x8xf32, acc>
  }
  return %res : !tile.tile<8x8xf32, acc>
}

// -----

// Tests that swapping two acc carries is rejected: the parallel copy needs
// acc->acc moves.
func.func @acc_swap(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %b0 = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-note @+1 {{%arg5 is defined here}}
  %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
    // expected-error @+1 {{carry #0 must be copied from %arg5, but there is no acc->acc copy on a3}}
    scf.yield %b, %a : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
  }
  return %res#0, %res#1 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that an acc initializer read after its loop is rejected: keeping it
// would need an entry copy acc->acc.
func.func @acc_initializer_read_after_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{%1 is defined here}}
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{carry #0: the initializer is still read by 'func.return' after the loop updates it, so it must be copied: %1, but there is no acc->acc copy on a3}}
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %next = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %next : !tile.tile<16x16xf32, acc>
  }
  // expected-note @+1 {{%1 is read here}}
  return %res, %init : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that an acc carry seeded by a transposed view of an accumulator that
// a loop updates through a producer is rejected (the producer would have to
// write the strided window, so the carry needs private storage).
func.func @acc_strided_initializer(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-note @+1 {{%3 is defined here}}
  %t = tile.transpose_view %m : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{carry #0: the initializer is a strided or transposed view, so it must be copied: %3, but there is no acc->acc copy on a3}}
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %t) -> (!tile.tile<16x16xf32, acc>) {
    %next = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %next : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

// Tests that a matmul_acc updating an accumulator that is still read
// afterwards is rejected: it would have to update an acc->acc copy.
func.func @matmul_acc_of_live_accumulator(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  // expected-note @+1 {{%1 is defined here}}
  %c = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{the op updates its operand in place while %1 is still read afterwards, so it must copy %1, but there is no acc->acc copy on a3}}
  %d = tile.matmul_acc %c, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
  return %d, %c : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that a GEMM storing its K-prefix product after accumulating the
// rest of K into the same accumulator is rejected at the loop, naming the
// prefix: keeping it alive would need an acc->acc copy. The rewrite
// (docs/kernels.md, "Rejected kernels") stores the prefix before the loop.
func.func @gemm_prefix_stored_after_accumulation(%A: !tile.tensor<64x256xf16>, %B: !tile.tensor<256x64xf16>,
    %P: !tile.tensor<64x64xf32>, %C: !tile.tensor<64x64xf32>) -> (!tile.tensor<64x64xf32>, !tile.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %a0 = tile.load %A[%c0, %c0] : !tile.tensor<64x256xf16> -> !tile.tile<64x64xf16, mat>
  %l0 = tile.move %a0 : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
  %b0 = tile.load %B[%c0, %c0] : !tile.tensor<256x64xf16> -> !tile.tile<64x64xf16, mat>
  %r0 = tile.move %b0 : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
  // expected-note @+1 {{is defined here}}
  %prefix = tile.matmul %l0, %r0 : !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right> -> !tile.tile<64x64xf32, acc>
  // expected-error @+1 {{carry #0: the initializer is still read by 'tile.store' after the loop updates it}}
  %sum = scf.for %k = %c64 to %c256 step %c64 iter_args(%acc = %prefix) -> (!tile.tile<64x64xf32, acc>) {
    %a = tile.load %A[%c0, %k] : !tile.tensor<64x256xf16> -> !tile.tile<64x64xf16, mat>
    %l = tile.move %a : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
    %b = tile.load %B[%k, %c0] : !tile.tensor<256x64xf16> -> !tile.tile<64x64xf16, mat>
    %r = tile.move %b : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
    %next = tile.matmul_acc %acc, %l, %r : !tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>
    scf.yield %next : !tile.tile<64x64xf32, acc>
  }
  %C1 = tile.store %sum, %C[%c0, %c0] : !tile.tile<64x64xf32, acc>, !tile.tensor<64x64xf32>
  // expected-note @+1 {{is read here}}
  %P1 = tile.store %prefix, %P[%c0, %c0] : !tile.tile<64x64xf32, acc>, !tile.tensor<64x64xf32>
  return %P1, %C1 : !tile.tensor<64x64xf32>, !tile.tensor<64x64xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Divergent accumulator phis: each guard of the peeled-phi coalescing
//===----------------------------------------------------------------------===//

// Tests that the phi's reused input read after the if blocks coalescing: the
// else arm's matmul_acc would destroy it (a writeback copy would be acc->acc).
func.func @phi_input_read_after_if(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  // expected-note @+1 {{%2 is defined here}}
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  } else {
    // expected-error @+1 {{the op updates its operand in place while %2 is still read afterwards, so it must copy %2, but there is no acc->acc copy on a3}}
    %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  return %p, %seed : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that a metadata alias (reshape) of the reused input read after the if
// blocks it just the same, and the diagnostic names the alias.
func.func @phi_input_alias_read_after_if(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1) -> (!tile.tile<16x16xf32, acc>, !tile.tile<8x32xf32, acc>) {
  // expected-note @+1 {{%2 is defined here}}
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %v = tile.reshape %seed : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  } else {
    // expected-error @+1 {{the op updates its operand in place while %3 is still read afterwards, so it must copy %2, but there is no acc->acc copy on a3}}
    %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  return %p, %v : !tile.tile<16x16xf32, acc>, !tile.tile<8x32xf32, acc>
}

// -----

// Tests that a loop result forwarding the reused input unchanged belongs to its
// alias family: reading it after the if blocks coalescing.
func.func @phi_input_forwarded_by_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1, %n: index) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{%2 is defined here}}
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %lr = scf.for %k = %c0 to %n step %c1 iter_args(%a = %seed) -> (!tile.tile<16x16xf32, acc>) {
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  } else {
    // expected-error @+1 {{the op updates its operand in place while %3 is still read afterwards, so it must copy %2, but there is no acc->acc copy on a3}}
    %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  return %p, %lr : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that the target must be dead in the remainder of the seed branch: the
// then arm still stores %seed after its matmul, so the matmul may not write
// %seed's window, and the branch stays divergent.
func.func @phi_target_live_in_seed_branch(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1, %T: !tile.tensor<16x16xf32>) -> (!tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{in different windows and neither can be produced in the other's; a copy would need acc->acc}}
  %p:2 = scf.if %c -> (!tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>) {
    // expected-note @+1 {{the then arm's %4 is defined here}}
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    %T1 = tile.store %seed, %T[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    scf.yield %m, %T1 : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  } else {
    // expected-note @+1 {{the else arm's %4 is defined here}}
    %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a, %T : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  }
  return %p#0, %p#1 : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
}

// -----

// Tests that the sibling seed must be local to its arm: a then arm yielding an
// accumulator defined before the if (and read after it) cannot be coalesced.
func.func @phi_sibling_seed_not_local(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-note @+1 {{the then arm's %3 is defined here}}
  %other = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{in different windows and neither can be produced in the other's; a copy would need acc->acc}}
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    scf.yield %other : !tile.tile<16x16xf32, acc>
  } else {
    // expected-note @+1 {{the else arm's %5 is defined here}}
    %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  return %p, %other : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that a branch-local accumulator loop cannot hide its seed behind the
// carry name: the seed, read after the if, blocks coalescing the other arm's
// matmul into it.
func.func @phi_loop_seed_read_after_if(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1, %n: index) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  // expected-error @+1 {{in different windows and neither can be produced in the other's; a copy would need acc->acc}}
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    // expected-note @+1 {{the then arm's %4 is defined here}}
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  } else {
    // expected-note @+1 {{the else arm's %4 is defined here}}
    %lp = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %seed) -> (!tile.tile<16x16xf32, acc>) {
      %a = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      scf.yield %a : !tile.tile<16x16xf32, acc>
    }
    scf.yield %lp : !tile.tile<16x16xf32, acc>
  }
  return %p, %seed : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that a read of the reused input before the if blocks coalescing when
// an enclosing loop repeats it (the seed is defined outside that loop): the
// next iteration's store would read the accumulated value.
func.func @phi_read_before_if_repeated_by_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1, %n: index, %T: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{%2 is defined here}}
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%t = %T) -> (!tile.tensor<16x16xf32>) {
    %t1 = tile.store %seed, %t[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %m : !tile.tile<16x16xf32, acc>
    } else {
      // expected-error @+1 {{the op updates its operand in place while %2 is still read afterwards, so it must copy %2, but there is no acc->acc copy on a3}}
      %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      scf.yield %a : !tile.tile<16x16xf32, acc>
    }
    %t2 = tile.store %p, %t1[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    scf.yield %t2 : !tile.tensor<16x16xf32>
  }
  return %res : !tile.tensor<16x16xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Tensors cannot be copied
//===----------------------------------------------------------------------===//

// Tests that a tensor carry whose initializer is read (loaded from) after the
// loop is rejected: it would need an entry copy of the tensor.
// expected-note @+1 {{%arg1 is defined here}}
func.func @tensor_initializer_read_after_loop(%A: !tile.tensor<32x8xf32>, %B: !tile.tensor<32x8xf32>) -> (!tile.tensor<32x8xf32>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{carry #0: the initializer is still read by 'tile.load' after the loop updates it, so it must be copied: %arg1, but tensors cannot be copied}}
  %r = scf.for %i = %c0 to %c32 step %c8 iter_args(%b = %B) -> (!tile.tensor<32x8xf32>) {
    %t = tile.load %A[%i, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %b1 = tile.store %t, %b[%i, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<32x8xf32>
    scf.yield %b1 : !tile.tensor<32x8xf32>
  }
  // expected-note @+1 {{%arg1 is read here}}
  %old = tile.load %B[%c0, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
  return %r, %old : !tile.tensor<32x8xf32>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that swapping two tensor carries is rejected.
func.func @tensor_swap(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %n: index) -> (!tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{%arg5 is defined here}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %A, %b = %B) -> (!tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>) {
    // expected-error @+1 {{carry #0 must be copied from %arg5, but tensors cannot be copied}}
    scf.yield %b, %a : !tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>
  }
  return %r#0, %r#1 : !tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>
}

// -----

// Tests that a store into a tensor whose old contents are still read
// afterwards is rejected.
// expected-note @+1 {{%arg1 is defined here}}
func.func @store_into_live_tensor(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>) -> (!tile.tensor<8x8xf32>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the op updates its operand in place while %arg1 is still read afterwards, so it must copy %arg1, but tensors cannot be copied}}
  %T1 = tile.store %x, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %old = tile.load %T[%c0, %c0] : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  return %T1, %old : !tile.tensor<8x8xf32>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an if selecting between two argument tensors that both stay
// live is rejected (no copy suffix: tensors have no memory space).
// expected-note @+2 {{the else arm's %arg1 is defined here}}
// expected-note @+1 {{the then arm's %arg0 is defined here}}
func.func @tensor_branch(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %c: i1) -> (!tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>) {
  // expected-error @+1 {{in different windows and neither can be produced in the other's}}
  %r = scf.if %c -> (!tile.tensor<8x8xf32>) {
    scf.yield %A : !tile.tensor<8x8xf32>
  } else {
    scf.yield %B : !tile.tensor<8x8xf32>
  }
  return %r, %A, %B : !tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>, !tile.tensor<8x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Same-space copies of mat, left and right tiles
//===----------------------------------------------------------------------===//

// Tests that swapping two mat carries is rejected (no mat->mat copy).
func.func @mat_swap(%A: !tile.tensor<16x16xf16>, %n: index) -> (!tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %b0 = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf16> -> !tile.tile<16x16xf16, mat>
  // expected-note @+1 {{%arg4 is defined here}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>) {
    // expected-error @+1 {{carry #0 must be copied from %arg4, but there is no mat->mat copy on a3}}
    scf.yield %b, %a : !tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>
  }
  return %r#0, %r#1 : !tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>
}

// -----

// Tests that when the value read after the loop's update is a view of the
// initializer, the diagnostic names both the reader and the view.
module attributes {tile.target_arch = "a5"} {
  func.func @mat_view_read_after_loop(%A: !tile.tensor<64x16xf16>, %n: index) -> (!tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{%2 is defined here}}
    %a0 = tile.load %A[%c0, %c0] : !tile.tensor<64x16xf16> -> !tile.tile<16x16xf16, mat>
    %v = tile.reshape %a0 : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, mat>
    // expected-error @+1 {{carry #0: the initializer is still read by 'func.return' (of %3, in its window) after the loop updates it, so it must be copied: %2, but there is no mat->mat copy on a5}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0) -> (!tile.tile<16x16xf16, mat>) {
      %t = tile.load %A[%i, %c0] : !tile.tensor<64x16xf16> -> !tile.tile<16x16xf16, mat>
      scf.yield %t : !tile.tile<16x16xf16, mat>
    }
    // expected-note @+1 {{%3 is read here}}
    return %r, %v : !tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>
  }
}

// -----

// Tests that a mat initializer read after its loop is rejected, also on a5
// (the module's target architecture is named in the diagnostic).
module attributes {tile.target_arch = "a5"} {
  func.func @mat_initializer_read_after_loop(%A: !tile.tensor<64x16xf16>, %n: index) -> (!tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{%2 is defined here}}
    %a0 = tile.load %A[%c0, %c0] : !tile.tensor<64x16xf16> -> !tile.tile<16x16xf16, mat>
    // expected-error @+1 {{carry #0: the initializer is still read by 'func.return' after the loop updates it, so it must be copied: %2, but there is no mat->mat copy on a5}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0) -> (!tile.tile<16x16xf16, mat>) {
      %t = tile.load %A[%i, %c0] : !tile.tensor<64x16xf16> -> !tile.tile<16x16xf16, mat>
      scf.yield %t : !tile.tile<16x16xf16, mat>
    }
    // expected-note @+1 {{%2 is read here}}
    return %r, %a0 : !tile.tile<16x16xf16, mat>, !tile.tile<16x16xf16, mat>
  }
}

// -----

// Tests that an if selecting between two left tiles that both stay live is
// rejected (no left->left copy).
func.func @left_branch(%m: !tile.tile<16x16xf16, mat>, %c: i1) -> (!tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, left>) {
  // expected-note @+1 {{the then arm's %2 is defined here}}
  %a = tile.extract %m[0, 0] : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, left>
  // expected-note @+1 {{the else arm's %3 is defined here}}
  %b = tile.move %m : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, left>
  // expected-error @+1 {{in different windows and neither can be produced in the other's; a copy would need left->left}}
  %r = scf.if %c -> (!tile.tile<16x16xf16, left>) {
    scf.yield %a : !tile.tile<16x16xf16, left>
  } else {
    scf.yield %b : !tile.tile<16x16xf16, left>
  }
  return %r, %a, %b : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, left>
}

// -----

// Tests that swapping two right carries is rejected (no right->right copy).
func.func @right_swap(%m: !tile.tile<16x16xf16, mat>, %n: index) -> (!tile.tile<16x16xf16, right>, !tile.tile<16x16xf16, right>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.move %m : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, right>
  %b0 = tile.move %m : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, right>
  // expected-note @+1 {{%arg4 is defined here}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<16x16xf16, right>, !tile.tile<16x16xf16, right>) {
    // expected-error @+1 {{carry #0 must be copied from %arg4, but there is no right->right copy on a3}}
    scf.yield %b, %a : !tile.tile<16x16xf16, right>, !tile.tile<16x16xf16, right>
  }
  return %r#0, %r#1 : !tile.tile<16x16xf16, right>, !tile.tile<16x16xf16, right>
}


// -----

// Tests that a loop whose distributed-tensor carry is yielded a tensor
// stored independently of it (another tensor of the same window) is
// rejected: the carry would need a tensor copy.
func.func @window_carry_independent(%A: !tile.tensor<16x16xf32, window = "comm0">, %B: !tile.tensor<16x16xf32, window = "comm0">, %x: !tile.tile<16x16xf32, vec>, %n: index) -> !tile.tensor<16x16xf32, window = "comm0"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %A) -> (!tile.tensor<16x16xf32, window = "comm0">) {
    // expected-note @+1 {{is defined here}}
    %b = tile.store %x, %B[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32, window = "comm0">
    // expected-error @+1 {{carry #0 must be copied from %1, but tensors cannot be copied}}
    scf.yield %b : !tile.tensor<16x16xf32, window = "comm0">
  }
  return %r : !tile.tensor<16x16xf32, window = "comm0">
}

// -----

// Tests that a call returning a tile is rejected with the reason: the
// callee's storage is not the caller's.
func.func private @callee(!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
func.func @call_returns_tile(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{storage is still invalid after materialization: its result has no storage: the storage passes plan one function at a time, so a call's tile and tensor results have none (inline the callee: --inline; or mark a caller that only calls kernels tile.orchestration)}}
  %y = func.call @callee(%x) : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that a tile produced by an op of another dialect (arith.select of
// two tiles) is rejected with the reason, and what to write instead.
func.func @select_of_tiles(%A: !tile.tensor<16x16xf32>, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.exp %x : !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{storage is still invalid after materialization: its result has no storage: 'arith.select' is not a tile op, and the storage passes give storage to the results of tile ops, scf.for, scf.while and scf.if only (a choice between two tiles is an scf.if)}}
  %r = arith.select %c, %x, %y : !tile.tile<16x16xf32, vec>
  %o = tile.store %r, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %o : !tile.tensor<16x16xf32>
}

// -----

// Tests that a carry of scf.condition is numbered as the while's results
// are (its operand 0 is the condition): the one forwarded value is carry #0.
func.func @condition_carry_number(%a: !tile.tile<64x64xf32, vec>, %c: i1) -> !tile.tile<32x32xf32, vec> {
  %r = scf.while (%x = %a) : (!tile.tile<64x64xf32, vec>) -> (!tile.tile<32x32xf32, vec>) {
    %s = tile.slice %x[0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<32x32xf32, vec>
    // expected-error @+1 {{carry #0 lives in a strided view, which a copy cannot write}}
    scf.condition(%c) %s : !tile.tile<32x32xf32, vec>
  } do {
  ^bb0(%p: !tile.tile<32x32xf32, vec>):
    %f = tile.full 0.0 : !tile.tile<64x64xf32, vec>
    %g = tile.assemble %f, %p[0, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<32x32xf32, vec>
    scf.yield %g : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<32x32xf32, vec>
}

// -----

// Tests that destinations the input gives, which clobber a live value in
// straight-line code, are reported by the final check (the pass aligns
// boundaries; it does not move a producer off its given destination).
func.func @given_destination_clobbers(%a: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b = tile.alloc : !tile.buffer<vec, 256>
  %0 = tile.exp %a into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{storage is still invalid after materialization: writes}}
  %1 = tile.log %a into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+1 {{is read here}}
  %2 = tile.add %0, %1 : !tile.tile<8x8xf32, vec>
  return %2 : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a given destination clobbering a loop-carried value says where
// the carried value lives: the double-buffered prefetch loads the next block
// into the other slot, but the carry stays in its initializer's slot 0 in
// every iteration, which the load into slot (i + 1) mod 2 overwrites on odd
// iterations before tile.exp reads the carry.
!T = !tile.tile<16x16xf32, vec>
!B = !tile.buffer<vec, 1024, slots = 2>
func.func @prefetch_into_the_carried_slot(%X: !tile.tensor<128x16xf32>, %O: !tile.tensor<128x16xf32>) -> !tile.tensor<128x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c16 = arith.constant 16 : index
  %in = tile.alloc : !B
  %out = tile.alloc : !B
  %x0 = tile.load %X[%c0, %c0] into(%in slot 0 : !B) : !tile.tensor<128x16xf32> -> !T
  // expected-note @+1 {{is carried by this loop, which keeps it in its initializer's window (%2[0, 1024]) in every iteration}}
  %r:2 = scf.for %i = %c0 to %c7 step %c1 iter_args(%cur = %x0, %acc = %O) -> (!T, !tile.tensor<128x16xf32>) {
    %i1 = arith.addi %i, %c1 : index
    %s = arith.remui %i, %c2 : index
    %s1 = arith.remui %i1, %c2 : index
    %row1 = arith.muli %i1, %c16 : index
    // expected-error @+1 {{storage is still invalid after materialization: writes %2[0, 1024] slot}}
    %next = tile.load %X[%row1, %c0] into(%in slot %s1 : !B) : !tile.tensor<128x16xf32> -> !T
    // expected-note @+1 {{is read here}}
    %e = tile.exp %cur into(%out slot %s : !B) : !T
    %row = arith.muli %i, %c16 : index
    %acc1 = tile.store %e, %acc[%row, %c0] : !T, !tile.tensor<128x16xf32>
    scf.yield %next, %acc1 : !T, !tile.tensor<128x16xf32>
  }
  %last = tile.exp %r#0 : !T
  %c112 = arith.constant 112 : index
  %O1 = tile.store %last, %r#1[%c112, %c0] : !T, !tile.tensor<128x16xf32>
  return %O1 : !tile.tensor<128x16xf32>
}
