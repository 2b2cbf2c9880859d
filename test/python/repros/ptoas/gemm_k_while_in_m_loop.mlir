// A double-buffered K loop that carries an index (so it is emitted as an
// scf.while) inside an M loop: a kernel ptoas 0.27 lowers to a CFG as a
// whole, whose K while holds the scf.if of tile.matmul_acc's init_cond and,
// at level2, the scf.if chains of the dynamic slots. ptoas asserts in
// SCFWhileToCF on them as scf.if; the emitter writes them as whiles
// (WhileOnlyNesting.cpp). Refused before stop 52.
func.func @gemm_nested(%A: !tile.tensor<32x64xf16>, %B: !tile.tensor<64x16xf16>, %C: !tile.tensor<32x16xf32>) -> !tile.tensor<32x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %am = tile.alloc : !tile.buffer<mat, 512, slots = 2>
  %bm = tile.alloc : !tile.buffer<mat, 512, slots = 2>
  %lb = tile.alloc : !tile.buffer<left, 512, slots = 2>
  %rb = tile.alloc : !tile.buffer<right, 512, slots = 2>
  %cb = tile.alloc : !tile.buffer<acc, 1024>
  %R = scf.for %m = %c0 to %c2 step %c1 iter_args(%Ct = %C) -> (!tile.tensor<32x16xf32>) {
    %mm = arith.muli %m, %c16 : index
    %z = tile.create into(%cb : !tile.buffer<acc, 1024>) : !tile.tile<16x16xf32, acc>
    %s:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z, %cnt = %c0) -> (!tile.tile<16x16xf32, acc>, index) {
      %kk = arith.muli %k, %c16 : index
      %slot = arith.remui %cnt, %c2 : index
      %first = arith.cmpi eq, %k, %c0 : index
      %a = tile.load %A[%mm, %kk] into(%am slot %slot : !tile.buffer<mat, 512, slots = 2>) : !tile.tensor<32x64xf16> -> !tile.tile<16x16xf16, mat>
      %b = tile.load %B[%kk, %c0] into(%bm slot %slot : !tile.buffer<mat, 512, slots = 2>) : !tile.tensor<64x16xf16> -> !tile.tile<16x16xf16, mat>
      %l = tile.move %a into(%lb slot %slot : !tile.buffer<left, 512, slots = 2>) : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, left>
      %r = tile.move %b into(%rb slot %slot : !tile.buffer<right, 512, slots = 2>) : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, right>
      %n = tile.matmul_acc %acc, %l, %r init_cond %first : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      %cnt1 = arith.addi %cnt, %c1 : index
      scf.yield %n, %cnt1 : !tile.tile<16x16xf32, acc>, index
    }
    %C1 = tile.store %s#0, %Ct[%mm, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<32x16xf32>
    scf.yield %C1 : !tile.tensor<32x16xf32>
  }
  return %R : !tile.tensor<32x16xf32>
}
