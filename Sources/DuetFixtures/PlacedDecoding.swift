import Duet

/// Reads a JSON document of a known shape from a file's bytes; whatever is wrong is an
/// `InputError` at the file, line and column of the offending value.
///
/// ```swift
/// let plan = try PlacedDecoding.decode(MutationPlan.self, from: bytes, file: "parity/mutations.json",
///                                      fix: "see `duet mutate --help` for the shape")
/// ```
public enum PlacedDecoding {
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], file: String, fix: String?) throws -> T {
        let tree: JSONValue
        do { tree = try CanonicalJSON.parse(bytes) } catch { throw InputError(file: file, error, fix: fix) }
        return try decode(type, from: tree, bytes: bytes, file: file, fix: fix)
    }

    /// For a document already parsed from `bytes`.
    public static func decode<T: Decodable>(_ type: T.Type, from tree: JSONValue, bytes: [UInt8], file: String, fix: String?) throws -> T {
        do { return try CanonicalDecoder().decode(type, from: tree) } catch let refusal as CodingRefusal {
            throw error(at: refusal.codingPath, in: bytes, file: file, message: refusal.description, fix: fix)
        }
    }

    /// An `InputError` at the value `path` names (`mutations[2].old`).
    public static func error(at path: String, in bytes: [UInt8], file: String, message: String, fix: String?) -> InputError {
        let (line, column) = JSONPathLocator.place(of: path, in: bytes)
        return InputError(file: file, line: line, column: column, message: message, fix: fix)
    }
}
