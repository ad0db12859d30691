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
        let precedes: (ReusedPass, ReusedPass) -> Bool = { $0.fixture.precedesByBytes($1.fixture) }
        let ordered = zip(passes, passes.dropFirst()).allSatisfy { !precedes($1, $0) }
        return encodeOrdered(ordered ? passes : passes.sorted(by: precedes))
    }

    private static func encodeOrdered(_ passes: [ReusedPass]) -> [UInt8] {
        var encoder = Encoder()
        for pass in passes { encoder.append(pass.fixture, steps: pass.steps) }
        return encoder.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws -> [ReusedPass] {
        var passes: [ReusedPass] = []
        var decoder = Decoder(bytes)
        while let pass = try decoder.next() { passes.append(pass) }
        return passes
    }

    /// Builds a pass set one name at a time, in UTF-8 byte order (a run streams its passes in
    /// here as it replays, so it never holds them as values). Also a compact list of names.
    public struct Encoder: Sendable {
        public private(set) var bytes: [UInt8] = [PassSet.version]
        public private(set) var count = 0
        private var previous: [UInt8] = []
        private let ordered: Bool
        /// `ordered: false` builds a list of names as they come (a drill's, finished out of order):
        /// it reads back in that order, so it is never stored as a run's passes.
        public init(ordered: Bool = true) { self.ordered = ordered }

        /// `name` must not precede the name appended before it (unless the list is not `ordered`).
        public mutating func append(_ name: String, steps: Int) {
            let name = Array(name.utf8)
            precondition(!ordered || !name.lexicographicallyPrecedes(previous), "a pass set is built in name order")
            var shared = 0
            while shared < min(name.count, previous.count) && name[shared] == previous[shared] { shared += 1 }
            PassSet.append(shared, to: &bytes)
            PassSet.append(name.count - shared, to: &bytes)
            bytes += name[shared...]
            PassSet.append(steps, to: &bytes)
            previous = name
            count += 1
        }
    }

    /// Reads a pass set back one entry at a time, in name order.
    public struct Decoder {
        private let bytes: [UInt8]
        private var at = 1
        private var previous: [UInt8] = []

        public init(_ bytes: [UInt8]) { self.bytes = bytes }

        public mutating func next() throws -> ReusedPass? {
            guard let first = bytes.first else { return nil }
            guard first == PassSet.version else { throw PassSet.damaged("its version byte is \(first)") }
            guard at < bytes.count else { return nil }
            let shared = try PassSet.read(bytes, &at), length = try PassSet.read(bytes, &at)
            guard shared <= previous.count, length <= bytes.count - at else { throw PassSet.damaged("an entry runs past its end at byte \(at)") }
            previous.removeSubrange(shared...)
            previous += bytes[at..<(at + length)]
            at += length
            return ReusedPass(fixture: String(decoding: previous, as: UTF8.self), steps: try PassSet.read(bytes, &at))
        }
    }

    fileprivate static func append(_ value: Int, to out: inout [UInt8]) {
        var rest = UInt64(max(value, 0))
        repeat {
            let low = UInt8(rest & 0x7F)
            rest >>= 7
            out.append(rest == 0 ? low : low | 0x80)
        } while rest != 0
    }

    fileprivate static func read(_ bytes: [UInt8], _ at: inout Int) throws -> Int {
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

    fileprivate static func damaged(_ why: String) -> EnvironmentError {
        EnvironmentError("a stored run's passes cannot be read: \(why)",
                         fix: "rebuild the corpus with `duet corpus load --discard-local` (it drops local run history)")
    }
}
