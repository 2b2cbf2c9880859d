// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Distributed tensors whose window is malformed or would change at a
// boundary.

// Tests that a communication window needs a name.
// expected-error @+1 {{a communication window needs a name}}
func.func private @unnamed_window(!tile.tensor<16x16xf32, window = "">)

// -----

// Tests that the window is spelled `window = "name"`.
// expected-error @+1 {{expected 'window'}}
func.func private @misspelled_window(!tile.tensor<16x16xf32, comm0>)

// -----

// Tests that a loop cannot carry a tensor of one window into another: the
// window is part of the type.
func.func @loop_changes_window(%A: !tile.tensor<16x16xf32, window = "comm0">, %B: !tile.tensor<16x16xf32, window = "comm1">, %n: index) -> !tile.tensor<16x16xf32, window = "comm0"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{0-th region iter_arg and 0-th yielded value have different type: '!tile.tensor<16x16xf32, window = "comm0">' != '!tile.tensor<16x16xf32, window = "comm1">'}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %A) -> (!tile.tensor<16x16xf32, window = "comm0">) {
    scf.yield %B : !tile.tensor<16x16xf32, window = "comm1">
  }
  return %r : !tile.tensor<16x16xf32, window = "comm0">
}

// -----

// Tests that both arms of an if deliver the result's window.
func.func @if_changes_window(%A: !tile.tensor<16x16xf32, window = "comm0">, %O: !tile.tensor<16x16xf32>, %c: i1) -> !tile.tensor<16x16xf32, window = "comm0"> {
  // expected-error @+1 {{successor operand type #0 '!tile.tensor<16x16xf32>' should match successor input type #0 '!tile.tensor<16x16xf32, window = "comm0">'}}
  %r = scf.if %c -> (!tile.tensor<16x16xf32, window = "comm0">) {
    scf.yield %A : !tile.tensor<16x16xf32, window = "comm0">
  } else {
    // expected-note @+1 {{region branch point}}
    scf.yield %O : !tile.tensor<16x16xf32>
  }
  return %r : !tile.tensor<16x16xf32, window = "comm0">
}
