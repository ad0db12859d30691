/// Two lists already in fixture-name order (UTF-8 byte order) as one, in one pass: the replayed
/// results of a run and the passes it reused (a sort would cost more than the replay of one fixture
/// at a million steps).
///
/// ```swift
/// NameOrderMerge.merge(replayed, reused) { $0.fixture }
/// ```
public enum NameOrderMerge {
    public static func merge<Element>(_ a: [Element], _ b: [Element], name: (Element) -> String) -> [Element] {
        guard !a.isEmpty else { return b }
        guard !b.isEmpty else { return a }
        var merged: [Element] = []
        merged.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if name(b[j]).precedesByBytes(name(a[i])) { merged.append(b[j]); j += 1 } else { merged.append(a[i]); i += 1 }
        }
        merged += a[i...]
        merged += b[j...]
        return merged
    }
}
