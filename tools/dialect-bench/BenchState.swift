import Duet
import Foundation
import DuetFixtures

/// A realistic feature state of about 2 KB: nested structs, arrays, optional sum types,
/// UUIDs, dates and non-ASCII text.
struct BenchState: Codable {
    struct Author: Codable { var id: UUID; var displayName: String; var initials: String; var isVerified: Bool }
    struct Memory: Codable {
        var id: UUID
        var title: String
        var note: String?
        var author: Author
        var mediaCount: Int
        var capturedAt: Date
        var tags: [String]
        var visibility: Visibility
    }
    enum Visibility: String, Codable { case privateOnly, friends, everyone }
    enum Sheet: SumType { case capture, inviteCode(prefilledCode: String?), sharePicker(memoryId: UUID, config: ShareConfig) }
    struct ShareConfig: Codable { var audience: String; var allowComments: Bool; var expiresInDays: Int? }
    enum Route: SumType { case memoryDetail(memoryId: UUID, context: String, startEditing: Bool), settings }

    var userId: UUID
    var greeting: String
    var memories: [Memory]
    var path: [Route]
    var sheet: Sheet?
    var banner: String?
    var unreadCount: Int
    var isRefreshing: Bool

    static func sample() -> BenchState {
        let names = ["Zoë Ångström", "Jürgen Müller", "Søren Ødegård", "李小龙"]
        let authors = (0..<4).map { i in
            Author(id: UUID(), displayName: names[i], initials: String(names[i].prefix(1)), isVerified: i % 2 == 0)
        }
        let memories = (0..<5).map { i in
            Memory(id: UUID(), title: "Sommerfest am Café \(i) — ☀️", note: i % 2 == 0 ? "Übernachtung bei Oma, schönes Wetter" : nil,
                   author: authors[i % 4], mediaCount: i * 3, capturedAt: Date(timeIntervalSince1970: 1_782_984_600 + Double(i) * 86_400),
                   tags: ["family", "été", "trip-\(i)"], visibility: i % 3 == 0 ? .friends : .everyone)
        }
        return BenchState(
            userId: UUID(), greeting: "Grüß Gott, Zoë!", memories: memories,
            path: [.memoryDetail(memoryId: memories[1].id, context: "timeline", startEditing: false), .settings],
            sheet: .sharePicker(memoryId: memories[2].id, config: ShareConfig(audience: "friends", allowComments: true, expiresInDays: nil)),
            banner: nil, unreadCount: 7, isRefreshing: false)
    }
}

/// A multi-megabyte fixture document in the pretty on-disk form.
enum FixtureGenerator {
    static func prettyFixture(steps: Int) throws -> [UInt8] {
        let state = try CanonicalEncoder().encode(BenchState.sample())
        var stepValues: [JSONValue] = []
        stepValues.reserveCapacity(steps)
        for i in 0..<steps {
            let action = try JSONObject([("case", .string("memoryTapped")),
                                         ("value", .object(try JSONObject([("index", .int(Int64(i))), ("source", .string("tïmeline"))])))])
            let effects: JSONValue = .array([.object(try JSONObject([("kind", .string("run")), ("id", .string("timeline.load")),
                                                                       ("payload", .object(try JSONObject([("page", .int(Int64(i)))])))]))])
            stepValues.append(.object(try JSONObject([
                ("action", .object(action)), ("expectedEffects", effects), ("expectedState", state),
                ("label", .string("step \(i)")), ("line", .int(Int64(20 + i))),
            ])))
        }
        let document = try JSONObject([
            ("dialect", .int(2)), ("feature", .string("timeline")), ("description", .string("Generated for the dialect benchmark.")),
            ("initialState", state), ("steps", .array(stepValues)),
        ])
        return JSONValue.object(document).prettyBytes
    }
}
