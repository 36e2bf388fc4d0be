/// Makes `block` (holding `capacity` elements, the first `used` of them initialised) hold at
/// least `needed`: when it is too small, its elements move to a block twice its size or `needed`,
/// whichever is more, and the old one is freed. For the byte and cell buffers the snapshot list
/// and tables are laid out in (`SnapshotCellMaker.Rows`, `TextTable.LineWriter`), written through
/// pointers because appending to arrays there cost more than the layout itself.
@inline(__always)
func makeRoom<Element>(
    in block: inout UnsafeMutablePointer<Element>, capacity: inout Int, used: Int, needed: Int
) {
    guard needed > capacity else { return }
    let grown = max(capacity * 2, needed)
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
    larger.moveInitialize(from: block, count: used)
    block.deallocate()
    block = larger
    capacity = grown
}
