// .venv/bin/python -m tilemem.testing.toolchain /tmp/hunt32a/repros/a5_elemtype_tmul_i8.mlir --memory-planner all -> FAIL at ptoas: error: 'pto.tmul' op expects A5 tmul element type to be i32/i16/f16/f32. Same root cause (tilemem's a5 element-type lists, PTO_ElementTypes in PTOOps.td, are looser than ptoas 0.27's A5 verifiers), also seen on a5 for: tile.mul bf16 (tmul), tile.sub/maximum/minimum bf16 ('expects A5 tsub/tmax/tmin element type to be i32/i16/i8/f16/f32'), tile.full bf16 ('expects A5 texpands dst element type to be i8/i16/i32/f16/f32'). tilemem emits them instead of refusing.
module attributes {tile.target_arch = "a5"} {
func.func @mul_i8_32x64_a5(%X: !tile.tensor<32x64xi8>, %Y: !tile.tensor<32x64xi8>, %O: !tile.tensor<32x64xi8>) -> (!tile.tensor<32x64xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<32x64xi8> -> !tile.tile<32x64xi8, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<32x64xi8> -> !tile.tile<32x64xi8, vec>
  %r = tile.mul %x, %y : !tile.tile<32x64xi8, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<32x64xi8, vec>, !tile.tensor<32x64xi8>
  return %O1 : !tile.tensor<32x64xi8>
}
}
