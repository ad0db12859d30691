/// Finishing containers: closing brackets, reshaping sum payloads, and putting an object's
/// members into key order when they arrived out of it.
extension ByteEncoder {
    func closeFrames(downTo depth: Int) {
        while frames.count > depth { closeTop() }
    }

    private func closeTop() {
        let f = frames.removeLast()
        switch f.kind {
        case .array:
            out.append(UInt8(ascii: "]"))
        case .object:
            if !f.sorted { reorder(f) }
            out.append(UInt8(ascii: "}"))
        case .sumOuter:
            if f.count == 0 { state.needsTree = true }
            out.append(UInt8(ascii: "}"))
        case .sumPayload:
            closeSumPayload(f)
        }
        spans.truncate(to: f.spanBase)
    }

    /// `{}` → no `value`; `{"_0":X}` → `X`; anything else stays an object.
    private func closeSumPayload(_ f: Frame) {
        if f.count == 0 {
            out.truncate(to: f.valueMarker)
            return
        }
        if f.count == 1 {
            let span = spans[f.spanBase]
            let key = out.view(span.start..<span.keyEnd)
            if key.count == 4 && key[1] == UInt8(ascii: "_") && key[2] == UInt8(ascii: "0") {
                let valueStart = span.keyEnd + 1
                let length = span.end - valueStart
                (out.base + f.open).update(from: out.base + valueStart, count: length)
                out.truncate(to: f.open + length)
                return
            }
        }
        if !f.sorted { reorder(f) }
        out.append(UInt8(ascii: "}"))
    }

    /// Sorts the frame's member spans by key and rewrites its members in that order.
    /// A key written twice (not next to each other) is found here: the tree keeps the last write.
    private func reorder(_ f: Frame) {
        let members = spans.base + f.spanBase
        let n = spans.count - f.spanBase
        let regionStart = members[0].start
        // Insertion sort of the spans: objects are small and often nearly sorted.
        for i in 1..<n {
            let current = members[i]
            var j = i - 1
            var c = 1
            while j >= 0 {
                c = compareKeys(members[j], current)
                if c <= 0 { break }
                members[j + 1] = members[j]
                j -= 1
            }
            if c == 0 { state.needsTree = true; return }
            members[j + 1] = current
        }
        // One copy of the region out, then each member back in order.
        let length = out.count - regionStart
        let scratch = reorderScratch
        scratch.truncate(to: 0)
        scratch.reserve(length)
        let region = out.base + regionStart
        scratch.base.update(from: region, count: length)
        var w = region
        for k in 0..<n {
            if k > 0 { w.pointee = UInt8(ascii: ","); w += 1 }
            let m = members[k]
            let count = m.end - m.start
            w.update(from: scratch.base + (m.start - regionStart), count: count)
            w += count
        }
    }

    /// By rank when both keys have one (a load each), else by their written bytes.
    @inline(__always)
    func compareKeys(_ a: Span, _ b: Span) -> Int {
        if let x = a.name, let y = b.name, x.pointee.rank >= 0, y.pointee.rank >= 0 { return Int(x.pointee.rank) - Int(y.pointee.rank) }
        let base = out.base
        return ScalarOrder.compare(UnsafeBufferPointer(start: base + a.start + 1, count: a.keyEnd - a.start - 2),
                                   UnsafeBufferPointer(start: base + b.start + 1, count: b.keyEnd - b.start - 2))
    }
}
