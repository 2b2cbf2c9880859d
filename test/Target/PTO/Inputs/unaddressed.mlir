// An input of tile-to-pto-invalid.mlir (run with --pto-level=level3).
func.func @unaddressed(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error@+1 {{'tile.alloc' op cannot be emitted to PTO: level3 needs an address on every tile.alloc (run the address planner or set `addr`)}}
  %u = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %e = tile.exp %t into(%u : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %A1 = tile.store %e, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}
