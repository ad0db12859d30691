import Duet
import XCTest

final class PresentationRegistryTests: XCTestCase {
    func testARegisteredRendererDrawsItsKinds() {
        var registry = PresentationRegistry<String>()
        registry.register(Gallery.Sheet.self) { sheet in
            switch sheet {
            case .camera: return "full-screen camera"
            case .share(let id): return "share \(id.uuidString.prefix(4))"
            }
        }
        XCTAssertEqual(registry.surface(for: Gallery.Sheet.camera), "full-screen camera")
        XCTAssertTrue(registry.hasRenderer(for: Gallery.Sheet.self))
    }

    func testNilWhenNothingIsRegisteredForTheKindType() {
        var registry = PresentationRegistry<String>()
        registry.register(Gallery.Sheet.self) { _ in "sheet" }
        XCTAssertNil(registry.surface(for: Gallery.Tab.home))
        XCTAssertFalse(registry.hasRenderer(for: Gallery.Tab.self))
    }

    func testNilWhenTheRendererDeclines() {
        var registry = PresentationRegistry<String>()
        registry.register(Gallery.Sheet.self) { $0 == .camera ? "camera" : nil }
        XCTAssertNil(registry.surface(for: Gallery.Sheet.share(memoryId: .init())))
        XCTAssertEqual(registry.surface(for: Gallery.Sheet.camera), "camera")
    }

    func testTheLastRegistrationWins() {
        var registry = PresentationRegistry<String>()
        registry.register(Gallery.Tab.self) { _ in "first" }
        registry.register(Gallery.Tab.self) { _ in "second" }
        XCTAssertEqual(registry.surface(for: Gallery.Tab.profile), "second")
        registry.unregister(Gallery.Tab.self)
        XCTAssertNil(registry.surface(for: Gallery.Tab.profile))
    }
}
