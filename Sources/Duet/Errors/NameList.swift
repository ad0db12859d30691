/// A list of names short enough for one line of a message: the first few, then how many more.
///
/// ```swift
/// NameList.shortened(["a", "b", "c", "d"], limit: 2)   // "a, b, … (2 more)"
/// ```
public enum NameList {
    public static func shortened(_ names: [String], limit: Int = 5) -> String {
        names.prefix(limit).joined(separator: ", ") + (names.count > limit ? ", … (\(names.count - limit) more)" : "")
    }
}
