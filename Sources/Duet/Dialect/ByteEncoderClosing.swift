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
            if f.count == 0 { needsTree = true }
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
            if c == 0 { needsTree = true; return }
            members[j + 1] = current
        }
        let scratch = reorderScratch
        scratch.truncate(to: 0)
        scratch.reserve(out.count - regionStart)
        for k in 0..<n {
            if k > 0 { scratch.append(UInt8(ascii: ",")) }
            scratch.append(out.view(members[k].start..<members[k].end))
        }
        (out.base + regionStart).update(from: scratch.base, count: scratch.count)
        out.truncate(to: regionStart + scratch.count)
    }

    @inline(__always)
    func compareKeys(_ a: Span, _ b: Span) -> Int {
        let base = out.base
        return ScalarOrder.compare(UnsafeBufferPointer(start: base + a.start + 1, count: a.keyEnd - a.start - 2),
                                   UnsafeBufferPointer(start: base + b.start + 1, count: b.keyEnd - b.start - 2))
    }
}
