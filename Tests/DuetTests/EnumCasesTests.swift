@testable import Duet
import XCTest

/// Case lists are derived from the types; a list that cannot be derived, or is declared wrong,
/// is refused with the type's name and the fix.
final class EnumCasesTests: XCTestCase {
    func testASumTypeListsItsCasesInDeclarationOrderNotTheMetadatasTagOrder() throws {
        XCTAssertEqual(try EnumCases.names(of: Gallery.Action.self), ["opened", "dismissed", "tabbed"])
        // Why the synthesized CodingKeys are read: the enum's own records put payload cases first.
        XCTAssertEqual(EnumMetadata.of(Gallery.Action.self)?.caseNames, ["opened", "tabbed", "dismissed"])
    }

    func testACaseIterableRawEnumListsItsRawValuesTheWireForm() throws {
        XCTAssertEqual(try EnumCases.names(of: Wired.self), ["on-air", "off"])
    }

    func testAnEnumWithoutCasesListsNone() throws {
        XCTAssertEqual(try EnumCases.names(of: Nothing.self), [])
    }

    func testATypeThatIsNotAnEnumHasNoCaseList() throws {
        XCTAssertNil(try EnumCases.names(of: Gallery.Form.self))
        XCTAssertNil(try EnumCases.names(of: Int?.self))
    }

    func testAHandWrittenCodableCannotBeDerivedAndSaysToDeclareItsCases() {
        XCTAssertThrowsError(try EnumCases.names(of: HandCoded.self)) { error in
            let failure = error as? CaseListError
            XCTAssertTrue(failure?.type.hasSuffix("HandCoded") ?? false, "\(error)")
            XCTAssertTrue(failure?.fix.contains("CaseNames") ?? false, "\(error)")
        }
    }

    func testADeclaredListOfAHandWrittenCodableIsCheckedAgainstTheCases() throws {
        XCTAssertEqual(try EnumCases.names(of: HandCodedListed.self), ["small", "large"])
        XCTAssertThrowsError(try EnumCases.names(of: HandCodedMissingOne.self)) { error in
            XCTAssertTrue("\(error)".contains("are not its cases"), "\(error)")
        }
    }

    func testADeclaredListThatDisagreesWithTheDerivedOneIsRefused() {
        XCTAssertThrowsError(try EnumCases.names(of: WronglyListed.self)) { error in
            XCTAssertEqual((error as? CaseListError)?.fix, "delete the list: the cases are derived")
            XCTAssertTrue("\(error)".contains("[\"second\", \"first\"]"), "\(error)")
        }
    }

    func testARawEnumThatIsNotCaseIterableSaysSo() {
        XCTAssertThrowsError(try EnumCases.names(of: StructureDescribeTests.UnlistedMood.self)) { error in
            XCTAssertEqual((error as? CaseListError)?.fix, "conform it to CaseIterable")
        }
    }

    func testAHandWrittenAllCasesThatMissesACaseIsRefused() {
        XCTAssertThrowsError(try EnumCases.names(of: ShortAllCases.self)) { error in
            XCTAssertTrue("\(error)".contains("allCases lists 1 of its 2 cases"), "\(error)")
        }
    }

    func testDescribeNamesAnEffectPayloadItCannotList() {
        enum Quiet: Feature {
            struct State: Codable, Sendable { var count = 0 }
            enum Action: SumType, Sendable { case tapped }
            typealias EffectPayload = EnumCasesTests.HandCoded
            static let name = "quiet"
            static let initialState = State()
            static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
        }
        XCTAssertThrowsError(try describe(Quiet.self)) { error in
            XCTAssertEqual((error as? StructureError)?.path, "EffectPayload")
            XCTAssertTrue("\(error)".contains("CaseNames"), "\(error)")
        }
    }

    func testKindNamesAreDerivedForSumAndRawKindEnums() throws {
        XCTAssertEqual(try Gallery.Route.kindNames, ["detail", "settings"])
        XCTAssertEqual(try Gallery.Tab.kindNames, ["home", "profile"])
    }

    // MARK: - Types

    enum Wired: String, Codable, CaseIterable { case onAir = "on-air", off }
    enum Nothing {}

    enum HandCoded: Codable, Sendable {
        case small(Int), large
        init(from decoder: any Decoder) throws { self = try decoder.singleValueContainer().decode(Int.self) == 0 ? .large : .small(1) }
        func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(0) }
    }

    enum HandCodedListed: Codable, CaseNames {
        case small(Int), large
        static let caseNames = ["small", "large"]
        init(from decoder: any Decoder) throws { self = .large }
        func encode(to encoder: any Encoder) throws {}
    }

    enum HandCodedMissingOne: Codable, CaseNames {
        case small(Int), large
        static let caseNames = ["small"]
        init(from decoder: any Decoder) throws { self = .large }
        func encode(to encoder: any Encoder) throws {}
    }

    enum WronglyListed: SumType, CaseNames {
        case first(Int), second
        static let caseNames = ["second", "first"]
    }

    enum ShortAllCases: String, Codable, CaseIterable {
        case one, two
        static var allCases: [ShortAllCases] { [.one] }
    }
}
