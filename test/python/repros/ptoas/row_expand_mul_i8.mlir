// .venv/bin/python -m tilemem.testing.toolchain /tmp/hunt32a/repros/row_expand_mul_i8.mlir --memory-planner all -> a3: FAIL at ptoas: error: 'pto.trowexpandmul' op expects A2/A3 trowexpandmul element type to be i16/i32/f16/f32. With --arch a5 / target_arch a5: ptoas accepts, FAIL at compile: static assertion failed: TRowExpandOp: unsupported data type (pto-isa). bf16: a3 same ptoas error, a5 'expects A5 trowexpandmul element type to be i8/i16/i32/f16/f32'. Cause: tile.row_expand_mul is declared on Tile_TileType (any element) in TileOps.td and emission has no element-type check for trowexpandmul (the other row_expand_* use Tile_ArithTileType).
module attributes {tile.target_arch = "a3"} {
func.func @row_expand_mul_i8_32x64_a3(%X: !tile.tensor<32x64xi8>, %V: !tile.tensor<32x1xi8>, %O: !tile.tensor<32x64xi8>) -> (!tile.tensor<32x64xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<32x64xi8> -> !tile.tile<32x64xi8, vec>
  %v = tile.load %V[%c0, %c0] : !tile.tensor<32x1xi8> -> !tile.tile<32x1xi8, vec>
  %r = tile.row_expand_mul %x, %v : !tile.tile<32x64xi8, vec>, !tile.tile<32x1xi8, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<32x64xi8, vec>, !tile.tensor<32x64xi8>
  return %O1 : !tile.tensor<32x64xi8>
}
}
