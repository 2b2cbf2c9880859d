// Tiled GEMM, C = A * B (A 128x512 f16, B 512x128 f16, C 128x128 f32), in
// 64x64 output tiles. Each output tile splits K = 512 into four 128-deep
// steps accumulated in one acc tile: `init_cond %first` makes the first
// step a plain product, so no zero fill is needed. The K loop is double
// buffered twice: the mat (L1) loads and the left/right (L0A/L0B) copies
// alternate between the two slots of their buffers, so step k + 1's data
// movement can overlap step k's product.
!A = !tile.tensor<128x512xf16>
!B = !tile.tensor<512x128xf16>
!C = !tile.tensor<128x128xf32>
!Am = !tile.tile<64x128xf16, mat>
!Bm = !tile.tile<128x64xf16, mat>
!Al = !tile.tile<64x128xf16, left>
!Br = !tile.tile<128x64xf16, right>
!Acc = !tile.tile<64x64xf32, acc>
!Mat2 = !tile.buffer<mat, 16384, slots = 2>
!Left2 = !tile.buffer<left, 16384, slots = 2>
!Right2 = !tile.buffer<right, 16384, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @gemm_splitk(%Ag: !A, %Bg: !B, %Cg: !C) -> !C {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %a_l1 = tile.alloc : !Mat2
    %b_l1 = tile.alloc : !Mat2
    %a_l0 = tile.alloc : !Left2
    %b_l0 = tile.alloc : !Right2
    %out = scf.for %mi = %c0 to %c2 step %c1 iter_args(%c_m = %Cg) -> (!C) {
      %row = arith.muli %mi, %c64 : index
      %out_m = scf.for %ni = %c0 to %c2 step %c1 iter_args(%c_n = %c_m) -> (!C) {
        %col = arith.muli %ni, %c64 : index
        %init = tile.create : !Acc
        %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!Acc) {
          %kk = arith.muli %k, %c128 : index
          %slot = arith.remui %k, %c2 : index
          %first = arith.cmpi eq, %k, %c0 : index
          %a = tile.load %Ag[%row, %kk] into(%a_l1 slot %slot : !Mat2) : !A -> !Am
          %b = tile.load %Bg[%kk, %col] into(%b_l1 slot %slot : !Mat2) : !B -> !Bm
          %l = tile.move %a into(%a_l0 slot %slot : !Left2) : !Am -> !Al
          %r = tile.move %b into(%b_l0 slot %slot : !Right2) : !Bm -> !Br
          %next = tile.matmul_acc %acc, %l, %r init_cond %first : !Acc, !Al, !Br
          scf.yield %next : !Acc
        }
        %c_n1 = tile.store %sum, %c_n[%row, %col] : !Acc, !C
        scf.yield %c_n1 : !C
      }
      scf.yield %out_m : !C
    }
    return %out : !C
  }
}
