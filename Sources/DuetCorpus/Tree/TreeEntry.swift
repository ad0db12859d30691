import Foundation
import Duet

/// An entry of a folder of record (`parity/fixtures`, `parity/milestones`, `parity/.pending`) that
/// cannot be a file of record: a symbolic link (never followed), a FIFO, socket or device, or a
/// name the `NameRule` refuses (not UTF-8, a control, bidi or line-separator character). It is left
/// out of the index and named — escaped, with the fix — instead of stopping every verb.
///
/// ```swift
/// TreeEntry.problem(name: bytes, type: UInt8(DT_LNK), in: "parity/fixtures")
/// // "parity/fixtures/a.fixture.json is a symbolic link: duet does not follow links in the tree — replace it with the file"
/// ```
enum TreeEntry {
    /// What is wrong with the entry `name` (bytes as the folder lists them) of type `type` (a
    /// `d_type`), or nil when it may be a file of record. `stemLength` bytes of the name are the
    /// name of the fixture, milestone or recording it would be.
    static func problem(name: UnsafeRawBufferPointer, stemLength: Int, type: UInt8, in folder: String) -> String? {
        // Escaped only for a message: the scan of an unchanged tree passes here once per file.
        var shown: String { folder + "/" + NameRule.escaped(bytes: Array(name)) }
        switch Int32(type) {
        case Int32(DT_LNK):
            return "\(shown) is a symbolic link: duet does not follow links in the tree — replace it with the file it points to"
        case Int32(DT_FIFO), Int32(DT_SOCK), Int32(DT_CHR), Int32(DT_BLK):
            return "\(shown) is not a regular file (a FIFO, socket or device) — remove it"
        default:
            break
        }
        let stem = UnsafeRawBufferPointer(rebasing: name.prefix(stemLength))
        if isPlain(stem) { return nil }
        do {
            try NameRule.check(fileName: Array(stem), as: .file)
            return nil
        } catch {
            return "\(shown) is not read: its \(error.description)"
        }
    }

    /// What is wrong with a subfolder's name: not UTF-8, or a character that hides or reorders text.
    /// (A hidden folder is read like any other: an upstream checkout may keep fixtures in one.)
    static func folderProblem(name: UnsafeRawBufferPointer, in folder: String) -> String? {
        if isPlain(name) { return nil }
        guard let text = String(validating: name, as: UTF8.self) else {
            return "\(folder)/\(NameRule.escaped(bytes: Array(name))) is not read: the folder's name is not valid UTF-8 — rename it"
        }
        guard text.unicodeScalars.contains(where: { NameRule.isHidden($0) || $0 == "\u{FFFD}" }) else { return nil }
        return "\(folder)/\(NameRule.escaped(text)) is not read: the folder's name holds a character a terminal would not show as it is — rename it"
    }

    /// The `d_type` that a `stat` result describes.
    static func type(of info: stat) -> UInt8 {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFREG: return UInt8(DT_REG)
        case S_IFLNK: return UInt8(DT_LNK)
        case S_IFIFO: return UInt8(DT_FIFO)
        case S_IFSOCK: return UInt8(DT_SOCK)
        case S_IFCHR: return UInt8(DT_CHR)
        case S_IFBLK: return UInt8(DT_BLK)
        default: return UInt8(DT_UNKNOWN)
        }
    }

    /// Letters, digits, `.`, `-` and `_`, not starting with `.` and without `..`: what almost every
    /// name is, and what the rule always allows, so the scan of an unchanged tree skips the rule.
    private static func isPlain(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "."), bytes.count <= NameRule.maximumBytes else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: ".") { return false }
            default:
                return false
            }
            previous = byte
        }
        return true
    }
}
