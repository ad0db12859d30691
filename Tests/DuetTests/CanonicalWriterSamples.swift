import Foundation
import Duet

/// Types for `DialectCanonicalEncodableTests`: conformances written by hand as adopters would,
/// some deliberately wrong.
enum CanonicalWriterSamples {
    // MARK: Conforming types (each writes its Codable shape by hand)

    enum Mood: String, Codable, CanonicalEncodable { case calm, loud }
    enum Level: Int, Codable, CanonicalEncodable { case low = 1, high = 7 }

    struct Scalars: Codable, CanonicalEncodable {
        var text = "Zoë — ☀️"
        var int = -42
        var int8: Int8 = -8
        var int16: Int16 = 16
        var int32: Int32 = -32
        var int64 = Int64.min
        var uint8: UInt8 = 255
        var uint16: UInt16 = 65535
        var uint32 = UInt32.max
        var uint = UInt(7)
        var uint64 = UInt64(Int64.max)
        var flag = true
        var id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
        var when = Date(timeIntervalSince1970: 1_782_984_600.25)
        var url = URL(string: "https://example.com/a?b=c")!
        var data = Data([0, 1, 2, 250])
        var json: JSONValue = .array([.null, .bool(false), .int(3), .string("s")])
        var object = try! JSONObject([("z", .int(1)), ("a", .null)])
        var mood = Mood.loud
        var level = Level.high
        var some: Int? = 5
        var none: String? = nil
        var list = [1, 2, 3]
        var holes: [Int?] = [1, nil, 3]
        var map: [String: Int?] = ["b": 2, "a": 1, "gone": nil]

        func writeCanonical(to writer: inout CanonicalWriter) throws {
            try writer.object { o in
                try o.member("data", data)
                try o.member("flag", flag)
                try o.member("holes", holes)
                try o.member("id", id)
                try o.member("int", int)
                try o.member("int16", int16)
                try o.member("int32", int32)
                try o.member("int64", int64)
                try o.member("int8", int8)
                try o.member("json", json)
                try o.member("level", level)
                try o.member("list", list)
                try o.member("map", map)
                try o.member("mood", mood)
                try o.member("none", none)
                try o.member("object", object)
                try o.member("some", some)
                try o.member("text", text)
                try o.member("uint", uint)
                try o.member("uint16", uint16)
                try o.member("uint32", uint32)
                try o.member("uint64", uint64)
                try o.member("uint8", uint8)
                try o.member("url", url)
                try o.member("when", when)
            }
        }
    }

    enum Sheet: SumType, CanonicalEncodable {
        case capture
        case inviteCode(prefilledCode: String?)
        case selected(UUID)
        case maybe(Int?)
        case share(memoryId: UUID, config: Scalars?)

        func writeCanonical(to writer: inout CanonicalWriter) throws {
            switch self {
            case .capture: try writer.sum("capture")
            case .inviteCode(let code): try writer.sum("inviteCode") { o in try o.member("prefilledCode", code) }
            case .selected(let id): try writer.sum("selected", value: id)
            case .maybe(let n): try writer.sum("maybe", value: n)
            case .share(let memoryId, let config):
                try writer.sum("share") { o in
                    try o.member("config", config)
                    try o.member("memoryId", memoryId)
                }
            }
        }
    }

    /// Written in the wrong key order: refused wherever it sits.
    struct Unordered: Codable, CanonicalEncodable {
        var b = 1, a = 2
        func writeCanonical(to writer: inout CanonicalWriter) throws {
            try writer.object { o in
                try o.member("b", b)
                try o.member("a", a)
            }
        }
    }

    struct Twice: Codable, CanonicalEncodable {
        var a = 1
        func writeCanonical(to writer: inout CanonicalWriter) throws {
            try writer.object { o in
                try o.member("a", a)
                try o.member("a", a)
            }
        }
    }

    /// Keys and strings that need escaping, non-ASCII, and keys ordered by bytes ("Z" < "a" < "é").
    struct Escapes: Codable, CanonicalEncodable {
        var text = "quote \" backslash \\ newline \n tab \t bell \u{07} del \u{7F} slash / é 李"
        var quoted = 1, line = 2, bell = 3, capital = 4, accent = 5
        enum CodingKeys: String, CodingKey {
            case text, quoted = "a\"b", line = "l\nm", bell = "\u{01}x", capital = "Z", accent = "é"
        }
        func writeCanonical(to writer: inout CanonicalWriter) throws {
            try writer.object { o in
                try o.member("\u{01}x", bell)
                try o.member("Z", capital)
                try o.member("a\"b", quoted)
                try o.member("l\nm", line)
                try o.member("text", text)
                try o.member("é", accent)
            }
        }
    }

    // MARK: Mixing with Codable-only types

    /// Codable only: its conforming members must still take the fast path.
    struct CodableOnly: Codable {
        var sheet: Sheet? = .selected(UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!)
        var marked = [Marked(), Marked()]
        var plain = 3
    }

    /// Writes something its Codable never would, so the bytes show which path ran.
    struct Marked: Codable, CanonicalEncodable {
        var n = 1
        func writeCanonical(to writer: inout CanonicalWriter) throws { try writer.write("written by writeCanonical") }
    }

    /// A conformer holding a Codable-only value.
    struct HoldsCodable: Codable, CanonicalEncodable {
        var inner = CodableOnly()
        var tail: [CodableOnly]? = nil
        func writeCanonical(to writer: inout CanonicalWriter) throws {
            try writer.object { o in
                try o.member("inner", codable: inner)
                try o.member("tail", codable: tail)
            }
        }
    }
}
