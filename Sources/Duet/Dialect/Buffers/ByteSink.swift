/// A growable output buffer written through a raw pointer: the writers' hot loops append
/// here without the uniqueness and bounds checks of `[UInt8]`.
package final class ByteSink {
    // Kept behind a pointer: stored `var`s of a class pay a dynamic exclusivity check per access.
    private struct Header {
        var base: UnsafeMutablePointer<UInt8>
        var count: Int
        var capacity: Int
        /// False when writing into memory someone else owns (and sized for the worst case).
        var owned = true
    }
    private let header: UnsafeMutablePointer<Header>

    var base: UnsafeMutablePointer<UInt8> { header.pointee.base }
    var count: Int {
        get { header.pointee.count }
        set { header.pointee.count = newValue }
    }
    var capacity: Int { header.pointee.capacity }

    package init(capacity: Int = 256) {
        let capacity = max(capacity, 16)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: .allocate(capacity: capacity), count: 0, capacity: capacity))
    }

    /// Writes into `memory` without owning it; `capacity` must be enough for everything written.
    init(wrapping memory: UnsafeMutableBufferPointer<UInt8>) {
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: memory.baseAddress!, count: 0, capacity: memory.count, owned: false))
    }

    deinit {
        if header.pointee.owned { header.pointee.base.deallocate() }
        header.deallocate()
    }

    @inline(__always)
    package func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        precondition(header.pointee.owned, "ByteSink over borrowed memory outgrew its worst-case size")
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        header.pointee.base = newBase
        header.pointee.capacity = newCapacity
    }

    @inline(__always)
    package func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        let target = base + count
        if bytes.count <= 16 {
            for i in 0..<bytes.count { target[i] = source[i] }   // cheaper than a memmove call for keys
        } else {
            target.update(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    @inline(__always)
    package func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Drops everything written after `offset`.
    @inline(__always)
    func truncate(to offset: Int) { count = offset }

    package func bytes(from start: Int = 0) -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// Bytes written so far, valid until the next append.
    func view(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }
}
