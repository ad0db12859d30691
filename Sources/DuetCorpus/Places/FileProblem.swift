import Foundation
import Duet

/// What went wrong with a file, in words, from the error number the system gave: the
/// environment (a full disk, a read-only folder, no permission: exit 3) or the input (a folder
/// that does not exist, a name too long: exit 2). Never the raw `NSError` or `strerror` text alone.
///
/// ```swift
/// guard open(path, O_WRONLY | O_CREAT, 0o644) >= 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
/// // EnvironmentError: cannot write /mnt/full/out.xml: the disk is full — free space on the disk that holds it and run again
/// ```
public enum FileProblem {
    /// `what` is the attempted action (`cannot write`), `path` the file it was attempted on.
    public static func error(_ what: String, _ path: String, errno code: Int32) -> any Error {
        let folder = (path as NSString).deletingLastPathComponent
        switch code {
        case ENOSPC, EDQUOT:
            return EnvironmentError("\(what) \(path): the disk is full", fix: "free space on the disk that holds \(folder.isEmpty ? "it" : folder) and run again")
        case EROFS:
            return EnvironmentError("\(what) \(path): the folder is read-only (its file system is mounted read-only)",
                                    fix: "run it where duet may write, or pass another path")
        case EACCES, EPERM:
            return EnvironmentError("\(what) \(path): permission denied (this user may not change \(folder.isEmpty ? "it" : folder))",
                                    fix: "check the folder's owner and permissions, or pass another path")
        case ENOENT:
            return InputError(file: path, message: "\(what) it: the folder \(folder) does not exist", fix: "create it first, or pass another path")
        case ENOTDIR:
            return InputError(file: path, message: "\(what) it: a part of the path is a file, not a folder", fix: "pass a path whose folders exist")
        case EISDIR:
            return InputError(file: path, message: "\(what) it: it is a folder", fix: "pass a file name")
        case ENAMETOOLONG:
            return InputError(file: path, message: "\(what) it: the name is too long for a file name (at most 255 bytes per name)", fix: "use a shorter name")
        case ELOOP:
            return InputError(file: path, message: "\(what) it: the path goes through a symbolic link, and duet does not write through links",
                              fix: "pass the real path")
        case EMFILE, ENFILE:
            return EnvironmentError("\(what) \(path): too many files are open", fix: "raise the limit (ulimit -n) or close other programs")
        case EIO:
            return EnvironmentError("\(what) \(path): the disk reported an input/output error", fix: "check the disk (dmesg), then run again")
        default:
            return EnvironmentError("\(what) \(path): \(String(cString: strerror(code)))", fix: "check the folder exists and is writable")
        }
    }

    /// A Foundation error about `path` in the same words; nil when it carries no system error number.
    public static func error(_ what: String, _ path: String, _ error: any Error) -> any Error {
        errorNumber(of: error).map { self.error(what, path, errno: $0) }
            ?? EnvironmentError("\(what) \(path)", fix: "check the folder exists and is writable")
    }

    /// The POSIX error number behind a Foundation error (`CocoaError` wraps it as the underlying error).
    public static func errorNumber(of error: any Error) -> Int32? {
        let bridged = error as NSError
        if bridged.domain == NSPOSIXErrorDomain { return Int32(bridged.code) }
        if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError { return errorNumber(of: underlying) }
        if bridged.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: bridged.code) {
            case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
            case .fileWriteOutOfSpace: return ENOSPC
            case .fileWriteVolumeReadOnly: return EROFS
            case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
            case .fileWriteInvalidFileName, .fileReadInvalidFileName: return ENAMETOOLONG
            default: return nil
            }
        }
        return nil
    }

    /// Why the file system under `path` refuses writes, found by asking it: full, read-only, or
    /// not writable by this user; nil when none of these holds (then the cause is elsewhere).
    public static func diagnose(_ path: String) -> Int32? {
        var folder = (path as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        var facts = statvfs()
        guard statvfs(folder, &facts) == 0 else { return FileManager.default.fileExists(atPath: folder) ? nil : ENOENT }
        if facts.f_flag & UInt(ST_RDONLY) != 0 { return EROFS }
        // An I/O error with less than a megabyte left: the write that failed needed more.
        if UInt64(facts.f_bavail) * UInt64(facts.f_frsize) < 1 << 20 { return ENOSPC }
        if access(folder, W_OK) != 0 { return errno == EROFS ? EROFS : EACCES }
        return nil
    }
}
