import Duet

/// A request's id exactly as the reply must carry it: JSON-RPC 2.0 lets an id be any string or
/// number (`1.5`, `1e3`, an integer past 64 bits — SHOULD NOT, but MAY) and the server MUST reply
/// with the same value, so a number is kept as the bytes it was sent as.
struct RequestID: Equatable {
    /// The id's JSON text in the reply.
    let bytes: [UInt8]

    static let null = RequestID(bytes: Array("null".utf8))

    init(bytes: [UInt8]) { self.bytes = bytes }

    init(_ value: JSONValue) {
        if case .string(let text) = value { bytes = JSONRPC.verbatim(text) } else { bytes = value.canonicalBytes }
    }
}

/// The canonical dialect's parser takes integers only; JSON-RPC messages may carry any JSON number.
/// A message the parser refuses for a number alone is read again with each such number stood in
/// for by a marker string, so the one strict parser still judges every other byte; the markers
/// say afterwards where the numbers were (the id, or an argument no tool takes).
enum JSONRPCNumbers {
    /// The parsed message and the numbers its markers stand for; nil when the bytes are not JSON
    /// for another reason than a number (the caller reports the parser's error).
    static func parse(_ line: [UInt8], firstError: DialectError) -> (tree: JSONValue, numbers: [String: [UInt8]])? {
        var bytes = line, error = firstError, numbers: [String: [UInt8]] = [:]
        // Each round replaces one number; a message with more than this many is not a request of these tools.
        for round in 0..<64 {
            guard isNumberError(error), let start = offset(line: error.line, column: error.column, in: bytes),
                  let end = numberEnd(bytes, from: start) else { return nil }
            let marker = "\u{0}duet-number-\(round)"
            numbers[marker] = Array(bytes[start..<end])
            bytes.replaceSubrange(start..<end, with: Array(#""\u0000duet-number-\#(round)""#.utf8))
            do { return (try CanonicalJSON.parse(bytes), numbers) } catch let next { error = next }
        }
        return nil
    }

    /// True when `value` (or anything inside it) is a marker: a number the strict reading did not take.
    static func holdsMarker(_ value: JSONValue, _ numbers: [String: [UInt8]]) -> Bool {
        switch value {
        case .string(let text): return numbers[text] != nil
        case .array(let items): return items.contains { holdsMarker($0, numbers) }
        case .object(let object): return object.keys.contains { object[$0].map { holdsMarker($0, numbers) } ?? false }
        default: return false
        }
    }

    private static func isNumberError(_ error: DialectError) -> Bool {
        error.message.hasPrefix("fraction or exponent") || error.message.hasPrefix("integer outside")
    }

    /// The byte offset of a 1-based line and byte column.
    private static func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int? {
        var index = 0, current = 1
        while current < line {
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
            current += 1
        }
        let offset = index + column - 1
        return offset < bytes.count ? offset : nil
    }

    /// The end of the JSON number starting at `start` (RFC 8259: `-? int frac? exp?`), nil when it is not one.
    private static func numberEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        func digits() -> Int {
            let first = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else if digits() == 0 { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return index
    }
}
