/// A growable stack of trivial values behind a raw pointer: the byte encoder's frame and
/// span stacks are touched on every member, where `Array`'s uniqueness and bounds checks show.
/// Elements must be trivial (no references): they are never deinitialized.
struct RawStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the storage; the stack must not be used afterwards.
    func deallocate() { base.deallocate() }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Drops every element from `newCount` on.
    @inline(__always)
    mutating func truncate(to newCount: Int) { count = newCount }

    @inline(never)
    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
