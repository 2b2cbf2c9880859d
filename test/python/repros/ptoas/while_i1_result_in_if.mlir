// An scf.while whose i1 result is read inside an scf.if: the read goes
// through an index_cast to index and back next to the while (ptoas 0.27's
// SCFWhileToCF lowers a while only when every read of its results is in its
// own block), which must keep both truth values.
func.func @while_i1_result_in_if(%A: !tile.tensor<16x16xf32>, %n: index, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.while (%i = %c0, %p = %false) : (index, i1) -> (index, i1) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %p : index, i1
  } do {
  ^bb0(%i: index, %p: i1):
    %next = arith.addi %i, %c1 : index
    %q = arith.xori %p, %c : i1
    scf.yield %next, %q : index, i1
  }
  %y = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %f = arith.select %r#1, %one, %two : f32
    %z = tile.adds %x, %f : !tile.tile<16x16xf32, vec>, f32
    scf.yield %z : !tile.tile<16x16xf32, vec>
  } else {
    scf.yield %x : !tile.tile<16x16xf32, vec>
  }
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
