// The spine of a state held as a tree or as canonical bytes: both feed `SpineLayout.write`.

extension SpineLayout {
    /// The spine of a state tree.
    ///
    /// ```swift
    /// let spine = layout.spine(of: try CanonicalJSON.parse(stateBytes))
    /// ```
    public func spine(of state: JSONValue) -> [UInt8] {
        write { index, out in
            guard let value = state.value(at: fields[index].components) else { return false }
            out.append(contentsOf: value.canonicalBytes)
            return true
        }
    }

    /// The spine of a state's canonical bytes (what a runner answers), read without a tree; nil
    /// when the bytes are not a dialect document. Values are re-written compact, so bytes that are
    /// valid but not compact (whitespace, unsorted keys) give the same spine as their tree.
    ///
    /// ```swift
    /// let document = ByteDocument()                  // reusable, one per thread
    /// let spine = layout.spine(ofCanonical: restoredState, using: document)
    /// ```
    public func spine(ofCanonical bytes: [UInt8], using document: ByteDocument) -> [UInt8]? {
        let fromBytes: [UInt8]?? = document.read(bytes) { root -> [UInt8]?? in
            guard let root else { return .some(nil) }
            do {
                return .some(try write { index, out in
                    guard let value = document.lookup(fields[index].components, from: root) else { return false }
                    let range = document.byteRange(of: value)
                    out.append(contentsOf: try CanonicalJSON.canonicalize(Array(bytes[range])))
                    return true
                })
            } catch {
                return .some(nil)
            }
        }
        if let spine = fromBytes ?? nil { return spine }
        // Shapes the byte scanner leaves to the tree parser (escaped keys, uppercase UUID keys).
        return (try? CanonicalJSON.parse(bytes)).map(spine(of:))
    }
}

extension JSONValue {
    /// The value at a field path (`["form", "sheet"]`); nil when a component is missing or the value is `null`.
    public func value(at components: [String]) -> JSONValue? {
        var current = self
        for component in components {
            guard let next = current[component] else { return nil }
            current = next
        }
        if case .null = current { return nil }
        return current
    }
}
