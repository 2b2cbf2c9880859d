// build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases   (every planner, both enable-buffer-ir modes)
// observed: error: storage is still invalid after materialization: carry #1: forwarded value %N lives in %1[0, 1024] but the carry lives in %0[0, 1024] (initializer %arg6)
// -- the internal "should have handled" diagnostic. An scf.while nested in a for: its condition forwards the outer carry %x7 twice, its body yields
// (%x7, %x6); the outer loop passes %e2 to two carries and yields (%w#1, %a2, %x6). All vec, all compiler-owned (no user storage). expected: legalized with copies. class: wrong rejection (internal error)
func.func @k(%a1: !tile.tile<16x16xf32, vec>, %a2: !tile.tile<16x16xf32, vec>, %n: index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e1 = tile.exp %a1 : !tile.tile<16x16xf32, vec>
  %e2 = tile.neg %a2 : !tile.tile<16x16xf32, vec>
  %r:3 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x6 = %e2, %x7 = %e1, %x8 = %e2) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %w:3 = scf.while (%p10 = %x6, %p11 = %x8, %j = %c0) : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) {
      %cc = arith.cmpi slt, %j, %c2 : index
      scf.condition(%cc) %x7, %x7, %j : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
    } do {
    ^bb0(%q17: !tile.tile<16x16xf32, vec>, %q18: !tile.tile<16x16xf32, vec>, %j19: index):
      %j21 = arith.addi %j19, %c1 : index
      scf.yield %x7, %x6, %j21 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
    }
    scf.yield %w#1, %a2, %x6 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %v50 = tile.exp %a2 : !tile.tile<16x16xf32, vec>
  return %v50, %r#0 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}
