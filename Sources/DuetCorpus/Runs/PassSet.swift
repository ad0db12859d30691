import Duet

/// The fixtures a run replayed that passed, as the corpus keeps them: one value per run
/// (`runs.passes`), not a row per fixture. Names in UTF-8 byte order, each stored as the length of
/// the prefix it shares with the previous name, then the rest, then its step count (LEB128
/// varints): a million-step corpus's passes take a few bytes per fixture.
///
/// ```swift
/// let bytes = PassSet.encode([ReusedPass(fixture: "a.one", steps: 3), ReusedPass(fixture: "a.two", steps: 5)])
/// try PassSet.decode(bytes)   // the same two, in order
/// ```
public enum PassSet {
    static let version: UInt8 = 1

    /// Put in name order first when they are not (a run's results usually are).
    public static func encode(_ passes: [ReusedPass]) -> [UInt8] {
        let precedes: (ReusedPass, ReusedPass) -> Bool = { $0.fixture.utf8.lexicographicallyPrecedes($1.fixture.utf8) }
        let ordered = zip(passes, passes.dropFirst()).allSatisfy { !precedes($1, $0) }
        return encodeOrdered(ordered ? passes : passes.sorted(by: precedes))
    }

    private static func encodeOrdered(_ passes: [ReusedPass]) -> [UInt8] {
        var out: [UInt8] = [version]
        var previous: [UInt8] = []
        for pass in passes {
            let name = Array(pass.fixture.utf8)
            var shared = 0
            while shared < min(name.count, previous.count) && name[shared] == previous[shared] { shared += 1 }
            append(shared, to: &out)
            append(name.count - shared, to: &out)
            out += name[shared...]
            append(pass.steps, to: &out)
            previous = name
        }
        return out
    }

    public static func decode(_ bytes: [UInt8]) throws -> [ReusedPass] {
        guard let first = bytes.first else { return [] }
        guard first == version else { throw damaged("its version byte is \(first)") }
        var passes: [ReusedPass] = []
        var previous: [UInt8] = []
        var at = 1
        while at < bytes.count {
            let shared = try read(bytes, &at), length = try read(bytes, &at)
            guard shared <= previous.count, length <= bytes.count - at else { throw damaged("an entry runs past its end at byte \(at)") }
            let name = Array(previous[..<shared]) + bytes[at..<(at + length)]
            at += length
            passes.append(ReusedPass(fixture: String(decoding: name, as: UTF8.self), steps: try read(bytes, &at)))
            previous = name
        }
        return passes
    }

    private static func append(_ value: Int, to out: inout [UInt8]) {
        var rest = UInt64(max(value, 0))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            out.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    private static func read(_ bytes: [UInt8], _ at: inout Int) throws -> Int {
        var value: UInt64 = 0, shift: UInt64 = 0
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            guard shift < 63 else { break }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return Int(value) }
            shift += 7
        }
        throw damaged("a number runs past its end")
    }

    private static func damaged(_ why: String) -> EnvironmentError {
        EnvironmentError("a stored run's passes cannot be read: \(why)",
                         fix: "rebuild the corpus with `duet corpus load --discard-local` (it drops local run history)")
    }
}
