import Foundation
import Duet

/// JSON-RPC 2.0 as MCP's stdio transport carries it: one message per line, UTF-8.
///
/// ```swift
/// switch JSONRPC.read(line) {
/// case .request(let id, let method, let params): …
/// case .notification(let method, _): …
/// case .invalid(let id, let error): send(JSONRPC.error(id: id, error))
/// case .response: break
/// }
/// ```
enum JSONRPC {
    enum Message {
        case request(id: RequestID, method: String, params: JSONObject)
        case notification(method: String, params: JSONObject)
        /// A client's answer to a server request (the server sends none; it is ignored).
        case response
        case invalid(id: RequestID, ErrorObject)
    }

    struct ErrorObject: Error {
        var code: Int64
        var message: String
        var data: JSONValue?

        static let parseError: Int64 = -32700
        static let invalidRequest: Int64 = -32600
        static let methodNotFound: Int64 = -32601
        static let invalidParams: Int64 = -32602
        static let internalError: Int64 = -32603
        /// A request other than `initialize` or `ping` before `initialize`.
        static let notInitialized: Int64 = -32002
    }

    /// Reads one line with the canonical dialect's strict parser (invalid UTF-8 is a parse error).
    /// A number with a fraction or exponent, or past 64 bits, is JSON all the same: as the id it is
    /// answered with as sent; anywhere else it is invalid params, since no Duet argument has one.
    static func read(_ line: [UInt8]) -> Message {
        let tree: JSONValue
        var numbers: [String: [UInt8]] = [:]
        do { tree = try CanonicalJSON.parse(line) } catch {
            guard let tolerant = JSONRPCNumbers.parse(line, firstError: error) else {
                return .invalid(id: .null, ErrorObject(code: ErrorObject.parseError, message: "parse error at \(error)"))
            }
            (tree, numbers) = tolerant
        }
        guard case .object(var message) = tree else {
            return .invalid(id: .null, ErrorObject(code: ErrorObject.invalidRequest,
                                                   message: "invalid request: a message is one JSON object (batches are not part of this protocol revision)"))
        }
        var id: RequestID? = nil, idIsStringOrNumber = true
        if let given = message["id"] {
            if case .string(let marker) = given, let raw = numbers[marker] {
                id = RequestID(bytes: raw)
            } else {
                id = RequestID(given)
                switch given { case .string, .int: break; default: idIsStringOrNumber = false }
            }
            message["id"] = nil
        }
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            return .invalid(id: id ?? .null, ErrorObject(code: ErrorObject.invalidRequest, message: "invalid request: jsonrpc must be \"2.0\""))
        }
        // A notification gets no reply, not even this one.
        if id != nil, JSONRPCNumbers.holdsMarker(.object(message), numbers) {
            return .invalid(id: id ?? .null, ErrorObject(code: ErrorObject.invalidParams,
                                                         message: "invalid params: a number with a fraction or exponent, or past 64 bits; every argument of these tools is a whole number"))
        }
        guard let method = message["method"] else {
            return message["result"] != nil || message["error"] != nil ? .response
                : .invalid(id: id ?? .null, ErrorObject(code: ErrorObject.invalidRequest, message: "invalid request: no method"))
        }
        guard let name = method.stringValue else {
            return .invalid(id: id ?? .null, ErrorObject(code: ErrorObject.invalidRequest, message: "invalid request: method must be a string"))
        }
        var params = JSONObject()
        if let given = message["params"] {
            guard case .object(let object) = given else {
                return .invalid(id: id ?? .null, ErrorObject(code: ErrorObject.invalidParams, message: "invalid params: params must be an object"))
            }
            params = object
        }
        guard let id else { return .notification(method: name, params: params) }
        guard idIsStringOrNumber else {
            return .invalid(id: .null, ErrorObject(code: ErrorObject.invalidRequest, message: "invalid request: id must be a string or a number"))
        }
        return .request(id: id, method: name, params: params)
    }

    /// At most `limit` characters of what a client sent, escaped, for a message: an error never
    /// carries a client's payload back whole.
    static func excerpt(_ text: String, limit: Int = 64) -> String {
        let shown = NameRule.escaped(String(text.prefix(limit)))
        return text.count > limit ? shown + "… (\(text.utf8.count) bytes)" : shown
    }

    static func result(id: RequestID, _ result: JSONValue) -> [UInt8] {
        envelope(id: id, "result", result)
    }

    static func error(id: RequestID, _ error: ErrorObject) -> [UInt8] {
        var body: [String: JSONValue] = ["code": .int(error.code), "message": .string(error.message)]
        if let data = error.data { body["data"] = data }
        return envelope(id: id, "error", object(body))
    }

    static func object(_ members: [String: JSONValue]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in members { object[key] = value }
        return .object(object)
    }

    /// The id goes back exactly as it came: the canonical writer would lowercase a UUID-shaped string,
    /// and a fractional number has no canonical form.
    private static func envelope(id: RequestID, _ key: String, _ body: JSONValue) -> [UInt8] {
        var line = Array(#"{"id":"#.utf8) + id.bytes
        line += Array(#","jsonrpc":"2.0",""#.utf8) + Array(key.utf8) + Array(#"":"#.utf8) + body.canonicalBytes
        return line + Array("}\n".utf8)
    }

    static func verbatim(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + [UInt8(ascii: "\"")]
    }
}
