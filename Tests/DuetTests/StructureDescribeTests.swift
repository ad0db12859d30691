import Duet
import Foundation
import XCTest

final class StructureDescribeTests: XCTestCase {
    func testAMarkedFeatureDescribesEveryFieldWithShapeRoleAndKinds() throws {
        let structure = try describe(Gallery.self)
        XCTAssertEqual(structure.feature, "gallery")
        let expected = [
            FieldDescription(path: "path", shape: "array<sum>", role: .path, kinds: ["detail", "settings"]),
            FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["share", "camera"]),
            FieldDescription(path: "tab", shape: "enum", role: .tabs, kinds: ["home", "profile"]),
            FieldDescription(path: "phase", shape: "sum", role: .stage, kinds: ["splash", "main"]),
            FieldDescription(path: "carousel", shape: "object", role: .island("gallery.carousel")),
            FieldDescription(path: "carousel.index", shape: "int", role: .data),
            FieldDescription(path: "carousel.total", shape: "int", role: .data),
            FieldDescription(path: "form", shape: "object", role: .data),
            FieldDescription(path: "form.email", shape: "string", role: .data),
            FieldDescription(path: "form.agreed", shape: "bool", role: .data),
            FieldDescription(path: "form.note", shape: "optional<string>", role: .data),
            FieldDescription(path: "tags", shape: "array<string>", role: .data),
            FieldDescription(path: "scores", shape: "map<int>", role: .data),
            FieldDescription(path: "context", shape: "enum", role: .data, kinds: ["lane", "shared"]),
            FieldDescription(path: "owner", shape: "optional<uuid>", role: .data),
            FieldDescription(path: "createdAt", shape: "date", role: .data),
        ]
        XCTAssertEqual(structure.fields.count, expected.count, "\(structure.fields.map(\.path))")
        for (actual, wanted) in zip(structure.fields, expected) { XCTAssertEqual(actual, wanted) }
        XCTAssertEqual(structure.actions, ["opened", "dismissed", "tabbed"])
        XCTAssertEqual(structure.effects, ["save", "load"])
    }

    func testTheUnmarkedTwinHasTheSameFieldsButOnlyDataRoles() throws {
        let marked = try describe(Gallery.self)
        let plain = try describe(PlainGallery.self)
        XCTAssertEqual(plain.fields.map(\.path), marked.fields.map(\.path))
        XCTAssertEqual(plain.fields.map(\.shape), marked.fields.map(\.shape))
        XCTAssertEqual(Set(plain.fields.map(\.role)), [.data])
        XCTAssertNotEqual(plain, marked)
    }

    func testAnEnumThatCannotListItsCasesIsNamedWithAFix() {
        enum Moody: Feature {
            typealias State = StructureDescribeTests.MoodyState
            enum Action: SumType, Sendable { case noop }
            enum EffectPayload: SumType, Sendable { case none }
            static let name = "moody"
            static let initialState = State()
            static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
        }
        XCTAssertThrowsError(try describe(Moody.self)) { error in
            let failure = error as? StructureError
            XCTAssertEqual(failure?.path, "mood")
            XCTAssertTrue(failure?.message.contains("conform it to CaseIterable") ?? false, "\(error)")
        }
    }

    enum UnlistedMood: String, Codable, Sendable { case calm, busy }
    struct MoodyState: Codable, Sendable { var title = ""; var mood = UnlistedMood.calm }

    func testKindEnumDefaults() throws {
        XCTAssertEqual(try Gallery.Tab.kindNames, ["home", "profile"])
        XCTAssertEqual(Gallery.Tab.profile.kindName, "profile")
        XCTAssertEqual(try Gallery.Phase.kindNames, ["splash", "main"])
        XCTAssertEqual(Gallery.Sheet.share(memoryId: UUID()).kindName, "share")
        XCTAssertEqual(Gallery.Sheet.camera.kindName, "camera")
        XCTAssertEqual(Gallery.Route.detail(id: UUID(), context: .lane).kindName, "detail")
    }
}
