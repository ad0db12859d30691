import CSQLite
import Foundation

/// The `duet-checksums` SQLite VFS: the default VFS with `PageChecksums` sealed into every page
/// written to the database file or its WAL, and verified on every page read from the database file
/// (through `read()`: a checksummed file is not memory-mapped). Journals and temporary files pass
/// straight through.
///
/// Pages are sealed in the WAL too, so that whoever copies them into the database file — duet's
/// checkpoint, or the last connection of a stock `sqlite3` client that closes after duet — copies
/// sealed pages (`WALFrameSeal`). SQLite checksums each frame over its page *before* handing the
/// page to the VFS, so after sealing the page the VFS rewrites that frame's checksum, chained from
/// the previous frame's as SQLite does: recovery after a crash still finds every committed frame.
///
/// A file the VFS opens is laid out as our `sqlite3_file` header, our `FileState`, then the
/// default VFS's own file object, which every call is handed on to.
enum ChecksumVFS {
    static let name = "duet-checksums"

    /// Off only in the test that shows what unsealed WAL pages did: a stock client's checkpoint
    /// copied them into the file with stale seals, and the corpus read as damaged.
    nonisolated(unsafe) static var sealsWALPages = true

    /// Registers the VFS once (not as the default) and returns its name for `sqlite3_open_v2`.
    static var registeredName: String {
        _ = registration
        return name
    }

    /// True when `file` (opened by this VFS) verifies checksums: its header declared them.
    static func verifies(_ file: UnsafeMutablePointer<sqlite3_file>) -> Bool {
        guard file.pointee.pMethods == UnsafePointer(methods) else { return false }
        return state(file).pointee.checksummed
    }

    /// Where the last checksum mismatch of database file `file` was: `page 12`.
    static func lastMismatch(_ file: UnsafeMutablePointer<sqlite3_file>) -> String? {
        guard file.pointee.pMethods == UnsafePointer(methods) else { return nil }
        let page = state(file).pointee.lastMismatch
        return page == 0 ? nil : "page \(page)"
    }

    // MARK: - Layout

    fileprivate struct FileState {
        /// The database file carries checksums: its header declares the reserved bytes.
        var checksummed: Bool
        /// The page number of the last mismatch; 0 for none.
        var lastMismatch: Int64
        /// A WAL (whose pages are sealed as they are written), not a database file.
        var isWAL = false
        /// The WAL's page size and checksum byte order once read from its header (they never change).
        var walPageSize: Int32 = 0
        var walBigEndian = false
    }

    private static let stateOffset = MemoryLayout<sqlite3_file>.stride
    private static let baseOffset = (stateOffset + MemoryLayout<FileState>.stride + 15) & ~15

    fileprivate static func state(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<FileState> {
        (UnsafeMutableRawPointer(file!) + stateOffset).assumingMemoryBound(to: FileState.self)
    }

    fileprivate static func base(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<sqlite3_file> {
        (UnsafeMutableRawPointer(file!) + baseOffset).assumingMemoryBound(to: sqlite3_file.self)
    }

    fileprivate static func baseMethods(_ file: UnsafeMutablePointer<sqlite3_file>?) -> sqlite3_io_methods {
        base(file).pointee.pMethods.pointee
    }

    // MARK: - Registration

    private nonisolated(unsafe) static let defaultVFS: UnsafeMutablePointer<sqlite3_vfs> = sqlite3_vfs_find(nil)!

    private nonisolated(unsafe) static let registration: UnsafeMutablePointer<sqlite3_vfs> = {
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        let fallback = defaultVFS.pointee
        vfs.initialize(to: sqlite3_vfs())
        vfs.pointee.iVersion = 2
        vfs.pointee.szOsFile = Int32(baseOffset) + fallback.szOsFile
        vfs.pointee.mxPathname = fallback.mxPathname
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.xOpen = { _, path, file, flags, outFlags in ChecksumVFS.open(path, file, flags, outFlags) }
        vfs.pointee.xDelete = { _, path, syncDir in ChecksumVFS.defaultVFS.pointee.xDelete(ChecksumVFS.defaultVFS, path, syncDir) }
        vfs.pointee.xAccess = { _, path, flags, out in ChecksumVFS.defaultVFS.pointee.xAccess(ChecksumVFS.defaultVFS, path, flags, out) }
        vfs.pointee.xFullPathname = { _, path, count, out in
            ChecksumVFS.defaultVFS.pointee.xFullPathname(ChecksumVFS.defaultVFS, path, count, out)
        }
        vfs.pointee.xDlOpen = { _, path in ChecksumVFS.defaultVFS.pointee.xDlOpen(ChecksumVFS.defaultVFS, path) }
        vfs.pointee.xDlError = { _, count, out in ChecksumVFS.defaultVFS.pointee.xDlError(ChecksumVFS.defaultVFS, count, out) }
        vfs.pointee.xDlSym = { _, library, symbol in ChecksumVFS.defaultVFS.pointee.xDlSym(ChecksumVFS.defaultVFS, library, symbol) }
        vfs.pointee.xDlClose = { _, library in ChecksumVFS.defaultVFS.pointee.xDlClose(ChecksumVFS.defaultVFS, library) }
        vfs.pointee.xRandomness = { _, count, out in ChecksumVFS.defaultVFS.pointee.xRandomness(ChecksumVFS.defaultVFS, count, out) }
        vfs.pointee.xSleep = { _, microseconds in ChecksumVFS.defaultVFS.pointee.xSleep(ChecksumVFS.defaultVFS, microseconds) }
        vfs.pointee.xCurrentTime = { _, out in ChecksumVFS.defaultVFS.pointee.xCurrentTime(ChecksumVFS.defaultVFS, out) }
        vfs.pointee.xGetLastError = { _, count, out in ChecksumVFS.defaultVFS.pointee.xGetLastError(ChecksumVFS.defaultVFS, count, out) }
        vfs.pointee.xCurrentTimeInt64 = { _, out in ChecksumVFS.defaultVFS.pointee.xCurrentTimeInt64(ChecksumVFS.defaultVFS, out) }
        precondition(sqlite3_vfs_register(vfs, 0) == SQLITE_OK, "cannot register the \(name) VFS")
        return vfs
    }()

    // MARK: - Opening

    /// Database files and WALs get our methods; every other file is the default VFS's own.
    private static func open(_ path: UnsafePointer<CChar>?, _ file: UnsafeMutablePointer<sqlite3_file>?, _ flags: Int32,
                             _ outFlags: UnsafeMutablePointer<Int32>?) -> Int32 {
        guard let file else { return SQLITE_MISUSE }
        let isWAL = flags & SQLITE_OPEN_WAL != 0
        guard flags & SQLITE_OPEN_MAIN_DB != 0 || isWAL else { return defaultVFS.pointee.xOpen(defaultVFS, path, file, flags, outFlags) }
        file.pointee.pMethods = nil
        // A WAL seals its pages when its database declares checksums; a new database shows it in the page-1 frame.
        let checksummed = isWAL && path.map { WALFrameSeal.databaseDeclaresChecksums(walPath: String(cString: $0)) } == true
        state(file).initialize(to: FileState(checksummed: checksummed, lastMismatch: 0, isWAL: isWAL))
        let code = defaultVFS.pointee.xOpen(defaultVFS, path, base(file), flags, outFlags)
        // SQLite closes a file whose methods are set, also after a failed open: only set them over an opened base file.
        if base(file).pointee.pMethods != nil { file.pointee.pMethods = UnsafePointer(methods) }
        return code
    }

    // MARK: - File methods

    private nonisolated(unsafe) static let methods: UnsafeMutablePointer<sqlite3_io_methods> = {
        let table = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        table.initialize(to: sqlite3_io_methods())
        table.pointee.iVersion = 3
        table.pointee.xClose = { file in
            let code = ChecksumVFS.baseMethods(file).xClose(ChecksumVFS.base(file))
            ChecksumVFS.state(file).deinitialize(count: 1)
            return code
        }
        table.pointee.xRead = { file, buffer, amount, offset in ChecksumVFS.read(file, buffer, amount, offset) }
        table.pointee.xWrite = { file, buffer, amount, offset in ChecksumVFS.write(file, buffer, amount, offset) }
        table.pointee.xTruncate = { file, size in ChecksumVFS.baseMethods(file).xTruncate(ChecksumVFS.base(file), size) }
        table.pointee.xSync = { file, flags in ChecksumVFS.baseMethods(file).xSync(ChecksumVFS.base(file), flags) }
        table.pointee.xFileSize = { file, size in ChecksumVFS.baseMethods(file).xFileSize(ChecksumVFS.base(file), size) }
        table.pointee.xLock = { file, level in ChecksumVFS.baseMethods(file).xLock(ChecksumVFS.base(file), level) }
        table.pointee.xUnlock = { file, level in ChecksumVFS.baseMethods(file).xUnlock(ChecksumVFS.base(file), level) }
        table.pointee.xCheckReservedLock = { file, out in ChecksumVFS.baseMethods(file).xCheckReservedLock(ChecksumVFS.base(file), out) }
        table.pointee.xFileControl = { file, op, argument in ChecksumVFS.baseMethods(file).xFileControl(ChecksumVFS.base(file), op, argument) }
        table.pointee.xSectorSize = { file in ChecksumVFS.baseMethods(file).xSectorSize(ChecksumVFS.base(file)) }
        table.pointee.xDeviceCharacteristics = { file in ChecksumVFS.baseMethods(file).xDeviceCharacteristics(ChecksumVFS.base(file)) }
        table.pointee.xShmMap = { file, page, size, extend, out in
            ChecksumVFS.baseMethods(file).xShmMap(ChecksumVFS.base(file), page, size, extend, out)
        }
        table.pointee.xShmLock = { file, offset, count, flags in ChecksumVFS.baseMethods(file).xShmLock(ChecksumVFS.base(file), offset, count, flags) }
        table.pointee.xShmBarrier = { file in ChecksumVFS.baseMethods(file).xShmBarrier(ChecksumVFS.base(file)) }
        table.pointee.xShmUnmap = { file, delete in ChecksumVFS.baseMethods(file).xShmUnmap(ChecksumVFS.base(file), delete) }
        table.pointee.xFetch = { file, offset, amount, out in ChecksumVFS.fetch(file, offset, amount, out) }
        table.pointee.xUnfetch = { file, offset, pointer in
            let base = ChecksumVFS.baseMethods(file)
            guard base.iVersion >= 3, let unfetch = base.xUnfetch else { return SQLITE_OK }
            return unfetch(ChecksumVFS.base(file), offset, pointer)
        }
        return table
    }()

    private static func read(_ file: UnsafeMutablePointer<sqlite3_file>?, _ buffer: UnsafeMutableRawPointer?, _ amount: Int32,
                             _ offset: sqlite3_int64) -> Int32 {
        let code = baseMethods(file).xRead(base(file), buffer, amount, offset)
        let state = state(file)
        guard code == SQLITE_OK, let buffer, !state.pointee.isWAL else { return code }
        if offset == 0 && amount >= 100 { state.pointee.checksummed = PageChecksums.headerDeclaresChecksums(buffer) }
        if state.pointee.checksummed && PageChecksums.isPage(amount) && !PageChecksums.verify(buffer, count: Int(amount)) {
            state.pointee.lastMismatch = offset / Int64(amount) + 1
            return PageChecksums.mismatchCode
        }
        return SQLITE_OK
    }

    private static func write(_ file: UnsafeMutablePointer<sqlite3_file>?, _ buffer: UnsafeRawPointer?, _ amount: Int32,
                              _ offset: sqlite3_int64) -> Int32 {
        let state = state(file)
        if state.pointee.isWAL { return writeWAL(file, buffer, amount, offset) }
        if let buffer {
            if offset == 0 && amount >= 100 { state.pointee.checksummed = PageChecksums.headerDeclaresChecksums(buffer) }
            // SQLite leaves a page's reserved bytes to the VFS, so the checksum goes into its own buffer
            // (a checkpoint's copy of the WAL frame, or a page of the cache).
            if state.pointee.checksummed && PageChecksums.isPage(amount) {
                PageChecksums.seal(UnsafeMutableRawPointer(mutating: buffer), count: Int(amount))
            }
        }
        return baseMethods(file).xWrite(base(file), buffer, amount, offset)
    }

    /// A write to a WAL: the page of a frame is sealed, written, and its frame's checksum rewritten;
    /// the WAL header, frame headers and anything else go through as SQLite wrote them.
    private static func writeWAL(_ file: UnsafeMutablePointer<sqlite3_file>?, _ buffer: UnsafeRawPointer?, _ amount: Int32,
                                 _ offset: sqlite3_int64) -> Int32 {
        let methods = baseMethods(file), wal = base(file), state = state(file)
        guard let buffer, PageChecksums.isPage(amount), offset >= WALFrameSeal.headerBytes + WALFrameSeal.frameHeaderBytes else {
            return methods.xWrite(wal, buffer, amount, offset)
        }
        if state.pointee.walPageSize == 0, let header = WALFrameSeal.walHeader(wal, methods) {
            state.pointee.walPageSize = header.pageSize
            state.pointee.walBigEndian = header.bigEndian
        }
        let frame = WALFrameSeal.Frame(pageOffset: offset, pageSize: state.pointee.walPageSize)
        guard state.pointee.walPageSize == amount, let frame, let frameHeader = WALFrameSeal.read(wal, methods, count: 24, at: frame.headerOffset) else {
            return methods.xWrite(wal, buffer, amount, offset)
        }
        if WALFrameSeal.pageNumber(frameHeader) == 1 && amount >= 100 {
            state.pointee.checksummed = PageChecksums.headerDeclaresChecksums(buffer)
        }
        guard state.pointee.checksummed, sealsWALPages else { return methods.xWrite(wal, buffer, amount, offset) }
        PageChecksums.seal(UnsafeMutableRawPointer(mutating: buffer), count: Int(amount))
        let code = methods.xWrite(wal, buffer, amount, offset)
        guard code == SQLITE_OK else { return code }
        return WALFrameSeal.rewriteChecksum(wal, methods, frame: frame, frameHeader: frameHeader, page: buffer,
                                            bigEndian: state.pointee.walBigEndian)
    }

    /// A checksummed file is not memory-mapped: a mapped page would be verified on every fetch (SQLite
    /// keeps no cache of mapped pages), while a page read into SQLite's cache is verified once per read.
    private static func fetch(_ file: UnsafeMutablePointer<sqlite3_file>?, _ offset: sqlite3_int64, _ amount: Int32,
                              _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 {
        let methods = baseMethods(file)
        guard methods.iVersion >= 3, let fetch = methods.xFetch, !state(file).pointee.checksummed else {
            out?.pointee = nil
            return SQLITE_OK
        }
        return fetch(base(file), offset, amount, out)
    }
}
