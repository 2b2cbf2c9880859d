// RUN: tile-opt %s --split-input-file --tile-init-memref -verify-diagnostics
// RUN: tile-opt %s --split-input-file --tile-verify-storage -verify-diagnostics
// RUN: not tile-opt %S/../python/repros/correctness/zero-step-loop-accepted.mlir --tile-init-memref 2>&1 | FileCheck %s --check-prefix=REPRO
// RUN: not tile-opt %S/../python/repros/correctness/zero-step-loop-accepted.mlir --tile-memory-pipeline 2>&1 | FileCheck %s --check-prefix=REPRO

// The precondition of the storage passes (Preconditions.h), checked by the
// first pass of every pipeline (tile-init-memref) and by tile-verify-storage:
// an scf.for with a constant step must have a positive step. Every function
// below already has its storage, so both passes accept it apart from the
// step.

// The reproducer (a zero step named %cm1) through tile-init-memref and the
// whole pipeline, at the loop:
// REPRO: zero-step-loop-accepted.mlir:6:8: error: scf.for step must be positive, got 0

// Tests that a zero step is rejected at the loop.
func.func @zero_step(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{scf.for step must be positive, got 0}}
  %r = scf.for %i = %c0 to %c4 step %c0 iter_args(%acc = %z) -> (!tile.tile<8x8xf32, vec>) {
    %n = tile.add %acc, %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %n : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a negative step is rejected, one error per loop (the nested
// loop's i32 step included).
func.func @negative_steps(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %cm1 = arith.constant -1 : index
  %l = arith.constant 0 : i32
  %u = arith.constant 8 : i32
  %s = arith.constant -2 : i32
  %b = tile.alloc : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{scf.for step must be positive, got -1}}
  %r = scf.for %i = %c4 to %c0 step %cm1 iter_args(%acc = %z) -> (!tile.tile<8x8xf32, vec>) {
    // expected-error @+1 {{scf.for step must be positive, got -2}}
    %q = scf.for %j = %u to %l step %s iter_args(%in = %acc) -> (!tile.tile<8x8xf32, vec>) : i32 {
      %n = tile.add %in, %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
      scf.yield %n : !tile.tile<8x8xf32, vec>
    }
    scf.yield %q : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a zero step is rejected in an unsigned loop too.
func.func @unsigned_zero_step(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{scf.for step must be positive, got 0}}
  %r = scf.for unsigned %i = %c0 to %c4 step %c0 iter_args(%acc = %z) -> (!tile.tile<8x8xf32, vec>) {
    %n = tile.add %acc, %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %n : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests what the precondition accepts: a positive constant step, a step that
// is not a constant, and an all-ones step of an unsigned loop (unsigned, so
// positive).
func.func @accepted_steps(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cm1 = arith.constant -1 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!tile.tile<8x8xf32, vec>) {
    %p = scf.for %j = %c0 to %c4 step %n iter_args(%in = %acc) -> (!tile.tile<8x8xf32, vec>) {
      %q = scf.for unsigned %k = %c0 to %c4 step %cm1 iter_args(%in2 = %in) -> (!tile.tile<8x8xf32, vec>) {
        %m = tile.add %in2, %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
        scf.yield %m : !tile.tile<8x8xf32, vec>
      }
      scf.yield %q : !tile.tile<8x8xf32, vec>
    }
    scf.yield %p : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that orchestration functions, which the storage passes skip, are not
// checked either.
func.func @host(%n: index) attributes {tile.orchestration} {
  %c0 = arith.constant 0 : index
  scf.for %i = %c0 to %n step %c0 {
  }
  return
}

// -----

// Tests that a negative step wider than 64 bits is reported with its value.
func.func @wide_negative_step(%n: i128) {
  %c0 = arith.constant 0 : i128
  %s = arith.constant -100000000000000000000000 : i128
  // expected-error @+1 {{scf.for step must be positive, got -100000000000000000000000}}
  scf.for %i = %c0 to %n step %s : i128 {
  }
  return
}

// -----

// Tests that scf.index_switch is reported as unsupported (its result had "no
// storage", which read like a failure of the pass).
func.func @index_switch(%a: !tile.tile<64x64xf32, vec>, %i: index) -> !tile.tile<64x64xf32, vec> {
  // expected-error @+1 {{'scf.index_switch' is not supported by the storage passes: they plan scf.for, scf.while and scf.if}}
  %r = scf.index_switch %i -> !tile.tile<64x64xf32, vec>
  case 0 {
    %e = tile.exp %a : !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  }
  default {
    scf.yield %a : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that scf.parallel is reported: its iterations would share one
// buffer, planned as a sequential loop's.
func.func @parallel(%a: !tile.tile<64x64xf32, vec>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.parallel' is not supported by the storage passes}}
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %e = tile.exp %a : !tile.tile<64x64xf32, vec>
  }
  return
}

// -----

// Tests that scf.execute_region is reported.
func.func @execute_region(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec> {
  // expected-error @+1 {{'scf.execute_region' is not supported by the storage passes}}
  %r = scf.execute_region -> !tile.tile<64x64xf32, vec> {
    %e = tile.exp %a : !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that unstructured control flow is reported at the branch leaving the
// entry block (its block argument had "no storage", reported at the
// function).
func.func @unstructured(%a: !tile.tile<64x64xf32, vec>, %c: i1) -> !tile.tile<64x64xf32, vec> {
  // expected-error @+1 {{unstructured control flow (a region of 3 blocks) is not supported by the storage passes: they plan structured control flow (scf.for, scf.while and scf.if)}}
  cf.cond_br %c, ^then, ^join(%a : !tile.tile<64x64xf32, vec>)
^then:
  %e = tile.exp %a : !tile.tile<64x64xf32, vec>
  cf.br ^join(%e : !tile.tile<64x64xf32, vec>)
^join(%r: !tile.tile<64x64xf32, vec>):
  return %r : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that a block list nested in a region op is reported too, beside the
// op that holds it.
func.func @unstructured_in_if(%a: !tile.tile<64x64xf32, vec>, %c: i1) -> !tile.tile<64x64xf32, vec> {
  %r = scf.if %c -> !tile.tile<64x64xf32, vec> {
    %e = tile.exp %a : !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  } else {
    // expected-error @+1 {{'scf.execute_region' is not supported by the storage passes}}
    %x = scf.execute_region -> !tile.tile<64x64xf32, vec> {
      // expected-error @+1 {{unstructured control flow (a region of 2 blocks)}}
      cf.br ^next
    ^next:
      scf.yield %a : !tile.tile<64x64xf32, vec>
    }
    scf.yield %x : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<64x64xf32, vec>
}
