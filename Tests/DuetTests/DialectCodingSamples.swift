import Foundation
@testable import Duet

// Sample types shared by the dialect's encoder and decoder tests.

/// A wrapper whose own coding goes through a single-value container and accepts nil.
@propertyWrapper
struct Remembered<Value: Codable & Equatable>: Codable, Equatable {
    var wrappedValue: Value?
    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        if let wrappedValue { try c.encode(wrappedValue) } else { try c.encodeNil() }
    }
}

struct CustomNested: Codable, Equatable {
    var inner: Int
    enum Keys: String, CodingKey { case outer, inner }
    init(inner: Int) { self.inner = inner }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let n = try c.nestedContainer(keyedBy: Keys.self, forKey: .outer)
        inner = try n.decode(Int.self, forKey: .inner)
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var n = c.nestedContainer(keyedBy: Keys.self, forKey: .outer)
        try n.encode(inner, forKey: .inner)
    }
}

enum Mood: String, Codable { case calm, busy }

/// A sum type of every payload shape, shared by the sum-type and byte-decoder tests.
struct SampleConfig: Codable, Equatable { var audience: String; var limit: Int? }

enum SampleSheet: SumType, Equatable {
    case capture
    case inviteCode(prefilledCode: String?)
    case sharePicker(memoryId: UUID, config: SampleConfig)
    case detail(SampleConfig)
    case count(Int)
    case pair(Int, String)
    case nested(SampleRoute)
    case many([SampleRoute])
}

enum SampleRoute: SumType, Equatable {
    case home
    case memory(id: String)
}
