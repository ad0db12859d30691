import CSQLite
import Duet

/// A seed dump run one statement at a time under a `SeedAuthorizer`, so a refused or failing
/// statement is reported with the line it starts on.
///
/// ```swift
/// try SeedScript(bytes: Array(data), file: "corpus.db.seed").run(on: db, authorizer: try SeedAuthorizer(migrator: Migrator()))
/// // corpus.db.seed:12:1: the seed does not load: ATTACH '/tmp/x' is not allowed in a seed — …
/// ```
struct SeedScript {
    let bytes: [UInt8]
    let file: String

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func run(on db: Database, authorizer: SeedAuthorizer, budget: SeedBudget? = nil) throws {
        let text = bytes + [0]
        try authorizer.guarding(db) {
            try text.withUnsafeBufferPointer { buffer in
                try buffer.withMemoryRebound(to: CChar.self) { chars in
                    var lines = LineCounter()
                    var offset = 0
                    let end = chars.count - 1
                    while offset < end {
                        var handle: OpaquePointer?
                        var tail: UnsafePointer<CChar>?
                        let start = chars.baseAddress! + offset
                        authorizer.forget()
                        budget?.startStatement()
                        let code = sqlite3_prepare_v2(db.handle, start, Int32(clamping: chars.count - offset), &handle, &tail)
                        let line = lines.line(ofStatementAt: offset, in: chars)
                        defer { sqlite3_finalize(handle) }
                        guard code == SQLITE_OK else {
                            throw failure(DatabaseError(connection: db.handle, sql: nil), line: line, refusal: authorizer.lastRefusal, db: db, budget: budget)
                        }
                        let next = tail.map { $0 - chars.baseAddress! } ?? end
                        guard next > offset else { break }
                        offset = next
                        guard let handle else { continue }
                        if let refusal = SeedAuthorizer.kindRefusal(String(cString: sqlite3_sql(handle))) {
                            throw failure(DatabaseError(code: SQLITE_AUTH, message: refusal), line: line, refusal: refusal, db: db, budget: nil)
                        }
                        var step = sqlite3_step(handle)
                        while step == SQLITE_ROW { step = sqlite3_step(handle) }
                        guard step == SQLITE_DONE else {
                            throw failure(DatabaseError(connection: db.handle, sql: nil), line: line, refusal: nil, db: db, budget: budget)
                        }
                    }
                }
            }
        }
    }

    /// The seed's error at `line`; a full disk, a read-only folder or damage is the environment's, not the seed's.
    private func failure(_ error: DatabaseError, line: Int, refusal: String?, db: Database, budget: SeedBudget?) -> any Error {
        if let budget, let limit = budget.exceeded(by: error, on: db) {
            return InputError(file: file, line: line, message: "the seed does not load: \(budget.refusal(limit, seedBytes: bytes.count))",
                              fix: "a seed holds only the rows `duet corpus dump` writes; regenerate it with `duet corpus dump`")
        }
        if refusal == nil && (error.isEnvironment || error.isDamage) { return error }
        if let refusal {
            return InputError(file: file, line: line, message: "the seed does not load: \(refusal)",
                              fix: "a seed holds only the schema and rows `duet corpus dump` writes; regenerate it with `duet corpus dump`")
        }
        return InputError(file: file, line: line, message: "the seed does not load: \(error.message)", fix: "regenerate it with `duet corpus dump`")
    }
}

/// Line numbers of offsets met in increasing order, counting each byte once.
private struct LineCounter {
    private var counted = 0
    private var line = 1

    /// The line of the first byte at or after `offset` that is not blank or inside a `--` comment.
    mutating func line(ofStatementAt offset: Int, in chars: UnsafeBufferPointer<CChar>) -> Int {
        let text = UnsafeRawBufferPointer(chars)
        var position = offset
        while position < text.count - 1 {
            let byte = text[position]
            if byte == UInt8(ascii: "-") && text[position + 1] == UInt8(ascii: "-") {
                while position < text.count - 1 && text[position] != UInt8(ascii: "\n") { position += 1 }
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                position += 1
            } else {
                break
            }
        }
        while counted < position {
            if text[counted] == UInt8(ascii: "\n") { line += 1 }
            counted += 1
        }
        return line
    }
}

extension SeedScript {
    /// A seed that ran but made no corpus (an empty file, comments only, another program's dump)
    /// is bad input, said before anything is written for it.
    static func requireCorpus(in db: Database, file: String) throws {
        let made = try db.scalarInteger("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('corpus_meta', 'schema_migrations')")
        guard made != 2 else { return }
        throw InputError(file: file, line: 1, message: "the seed holds no corpus: none of its statements creates the corpus's tables (an empty file, or not a dump)",
                         fix: "pass a file written by `duet corpus dump`")
    }
}
