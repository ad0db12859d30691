import Foundation

/// The fixed ids, dates and records the scenarios are written with. Fixtures are recorded
/// from these, so they must never be generated at run time.
enum Sample {
    static let user = id("00000000-0000-4000-8000-000000000001")
    static let avatar = id("00000000-0000-4000-8000-0000000000a1")

    static let beach = id("10000000-0000-4000-8000-000000000001")
    static let picnic = id("10000000-0000-4000-8000-000000000002")
    static let concert = id("10000000-0000-4000-8000-000000000003")
    static let hike = id("10000000-0000-4000-8000-000000000004")
    static let wedding = id("10000000-0000-4000-8000-000000000005")
    static let unknownMemory = id("10000000-0000-4000-8000-0000000000ff")

    static let photo1 = id("20000000-0000-4000-8000-000000000001")
    static let photo2 = id("20000000-0000-4000-8000-000000000002")
    static let photo3 = id("20000000-0000-4000-8000-000000000003")
    static let video1 = id("20000000-0000-4000-8000-000000000011")
    static let voiceNote1 = id("20000000-0000-4000-8000-000000000021")

    static let grace = Friend(id: id("30000000-0000-4000-8000-000000000001"), name: "Grace")
    static let linus = Friend(id: id("30000000-0000-4000-8000-000000000002"), name: "Linus")
    static let barbara = Friend(id: id("30000000-0000-4000-8000-000000000003"), name: "Barbara")
    static let alan = Friend(id: id("30000000-0000-4000-8000-000000000004"), name: "Alan")

    /// 2026-07-02T09:30:00.000Z and moments after it.
    static let now = Date(timeIntervalSince1970: 1_782_984_600)
    static func later(_ seconds: Int) -> Date { now.addingTimeInterval(TimeInterval(seconds)) }
    static let julyFirst = Date(timeIntervalSince1970: 1_782_864_000)

    static let firstPage = [
        MemorySummary(id: beach, title: "Beach day", takenAt: julyFirst, photoCount: 4),
        MemorySummary(id: picnic, title: "Picnic in the park", takenAt: julyFirst.addingTimeInterval(-86_400), photoCount: 2, reaction: "❤️"),
        MemorySummary(id: concert, title: "Concert night", takenAt: julyFirst.addingTimeInterval(-172_800), photoCount: 1),
    ]
    static let secondPage = [
        MemorySummary(id: hike, title: "Hike to the lake", takenAt: julyFirst.addingTimeInterval(-604_800), photoCount: 6, shareCount: 2),
        MemorySummary(id: wedding, title: "Sam & Alex's wedding", takenAt: julyFirst.addingTimeInterval(-1_209_600), photoCount: 12),
    ]

    static let sharedWithMe = [
        SharedMemory(id: hike, title: "Hike to the lake", ownerName: "Grace", canEdit: false, isUnseen: true),
        SharedMemory(id: wedding, title: "Sam & Alex's wedding", ownerName: "Linus", canEdit: true, isUnseen: false),
    ]

    static let beachContent = MemoryContent(title: "Beach day", caption: "Sand everywhere", photoCount: 4, hasVideo: true,
                                            placeName: "Brighton")

    private static func id(_ text: String) -> UUID { UUID(uuidString: text)! }
}
