// A kernel that sums the four 64x64 row blocks of A into B with a
// loop-carried accumulator, then scales it. `scripts/run-example.sh` runs the
// storage pipeline on it and prints the result.
func.func @accumulate_rows(%A: !tile.tensor<256x64xf32>, %B: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %scale = arith.constant 0.25 : f32
  %zero = tile.full 0.0 : !tile.tile<64x64xf32, vec>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
    %row = arith.muli %i, %c64 : index
    %block = tile.load %A[%row, %c0] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %next = tile.add %acc, %block : !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  %mean = tile.muls %sum, %scale : !tile.tile<64x64xf32, vec>, f32
  %B1 = tile.store %mean, %B[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %B1 : !tile.tensor<64x64xf32>
}
