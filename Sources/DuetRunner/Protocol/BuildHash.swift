#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of a runner build: a 128-bit hash of a file's bytes, as 32 lowercase hex digits.
/// What a runner sends as `"build"` in its handshake (a hash of its own executable), and what the
/// client computes for a runner that sends none (a hash of the executable it launched).
///
/// ```swift
/// BuildHash.ofFile(at: "/usr/bin/env")      // "3f9c…" (32 hex digits), nil when unreadable
/// BuildHash.ofRunningExecutable            // this process's executable, hashed once
/// ```
///
/// Two 64-bit multiply–rotate lanes over 8-byte words: fast enough to hash a debug runner (tens of
/// MB) at start-up, and an identity, not a defence — a build is compared for equality only.
public enum BuildHash {
    /// This process's executable, hashed the first time it is asked for.
    public static let ofRunningExecutable: String? = {
        #if os(Linux)
        if let hash = ofFile(at: "/proc/self/exe") { return hash }
        #endif
        return CommandLine.arguments.first.flatMap { ofFile(at: $0) }
    }()

    /// The hash of the file at `path`; nil when it cannot be read.
    public static func ofFile(at path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var state = State()
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { break }
            chunk.withUnsafeBytes { state.add(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return state.finish()
    }

    /// The hash of `bytes` (tests, and files already read).
    public static func of(_ bytes: [UInt8]) -> String {
        var state = State()
        bytes.withUnsafeBytes { state.add($0) }
        return state.finish()
    }

    struct State {
        private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        private var length: UInt64 = 0
        /// Bytes of a word split across two `add` calls.
        private var pending: [UInt8] = []

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            var offset = 0
            if !pending.isEmpty {
                while pending.count < 8 && offset < buffer.count { pending.append(buffer[offset]); offset += 1 }
                guard pending.count == 8 else { return }
                pending.withUnsafeBytes { mix($0.loadUnaligned(as: UInt64.self)) }
                pending.removeAll(keepingCapacity: true)
            }
            while offset + 8 <= buffer.count {
                mix(UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            while offset < buffer.count { pending.append(buffer[offset]); offset += 1 }
        }

        private mutating func mix(_ word: UInt64) {
            length &+= 8
            a = (a ^ word) &* 0xFF51_AFD7_ED55_8CCD
            a = (a << 31) | (a >> 33)
            b = (b &+ word) &* 0xC4CE_B9FE_1A85_EC53
            b = (b << 27) | (b >> 37)
        }

        mutating func finish() -> String {
            var tail: UInt64 = 0
            for (index, byte) in pending.enumerated() { tail |= UInt64(byte) << UInt64(index * 8) }
            let total = length &+ UInt64(pending.count)
            a ^= tail &* 0x87C3_7B91_1142_53D5 ^ total
            b ^= tail &* 0x4CF5_AD43_2745_937F ^ (total << 1)
            var h1 = Self.avalanche(a &+ b), h2 = Self.avalanche(b ^ (a >> 7))
            h1 &+= h2; h2 &+= h1
            return Self.hex(h1) + Self.hex(h2)
        }

        private static func avalanche(_ value: UInt64) -> UInt64 {
            var k = value
            k ^= k >> 33; k &*= 0xFF51_AFD7_ED55_8CCD
            k ^= k >> 33; k &*= 0xC4CE_B9FE_1A85_EC53
            k ^= k >> 33
            return k
        }

        private static func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }
}
