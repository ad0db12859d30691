import Foundation
import MemoryLane

/// Ids and dates for reducer tests, written out so no test depends on generated values.
enum TestIDs {
    static let user = UUID(uuidString: "0000000a-0000-4000-8000-000000000001")!
    static let memoryA = UUID(uuidString: "0000000b-0000-4000-8000-000000000001")!
    static let memoryB = UUID(uuidString: "0000000b-0000-4000-8000-000000000002")!
    static let memoryC = UUID(uuidString: "0000000b-0000-4000-8000-000000000003")!
    static let day = Date(timeIntervalSince1970: 1_782_864_000)

    static func lane(_ ids: UUID...) -> [MemorySummary] {
        ids.enumerated().map { MemorySummary(id: $1, title: "Memory \($0)", takenAt: day) }
    }
}
