/// Maps L1 kinds to what a platform shows for them (L3 manner). Generic over the surface type
/// so it runs anywhere; the last registration for a kind type wins; `nil` when no renderer is
/// registered or the renderer declines.
///
/// ```swift
/// var registry = PresentationRegistry<String>()
/// registry.register(MainNav.Sheet.self) { sheet in sheet == .capture ? "camera sheet" : nil }
/// registry.surface(for: MainNav.Sheet.capture)               // "camera sheet"
/// registry.surface(for: MainNav.Sheet.notificationPriming)   // nil: the renderer declined
/// ```
public struct PresentationRegistry<Surface> {
    private var renderers: [ObjectIdentifier: (Any) -> Surface?] = [:]

    public init() {}

    /// Registers the renderer for every kind of `Kind`, replacing an earlier one.
    public mutating func register<Kind: KindEnum>(_ kind: Kind.Type, renderer: @escaping (Kind) -> Surface?) {
        renderers[ObjectIdentifier(Kind.self)] = { value in (value as? Kind).flatMap(renderer) }
    }

    /// Removes the renderer for `Kind`.
    public mutating func unregister<Kind: KindEnum>(_ kind: Kind.Type) {
        renderers[ObjectIdentifier(Kind.self)] = nil
    }

    /// What to show for `kind`; nil when nothing is registered for its type or the renderer declines.
    public func surface<Kind: KindEnum>(for kind: Kind) -> Surface? {
        renderers[ObjectIdentifier(Kind.self)]?(kind)
    }

    /// Whether a renderer is registered for `Kind`.
    public func hasRenderer<Kind: KindEnum>(for kind: Kind.Type) -> Bool {
        renderers[ObjectIdentifier(Kind.self)] != nil
    }
}

#if canImport(SwiftUI)
import SwiftUI

extension PresentationRegistry where Surface == AnyView {
    /// Registers a SwiftUI view builder for a kind type.
    ///
    /// ```swift
    /// var registry = PresentationRegistry<AnyView>()
    /// registry.register(MainNav.Sheet.self) { sheet in CaptureSheet() }
    /// ```
    public mutating func register<Kind: KindEnum, Content: View>(_ kind: Kind.Type, view: @escaping (Kind) -> Content?) {
        register(kind, renderer: { view($0).map { AnyView($0) } })
    }
}
#endif
