/// How a memory is shared: to picked friends or as a link, with or without its place.
/// A struct (not an enum) so the census sees feature data, not a navigation candidate.
public struct ShareConfig: Codable, Sendable, Equatable {
    /// `friends` or `link`.
    public var audience: String
    public var includeLocation: Bool

    public init(audience: String = "friends", includeLocation: Bool = true) {
        self.audience = audience
        self.includeLocation = includeLocation
    }
}
