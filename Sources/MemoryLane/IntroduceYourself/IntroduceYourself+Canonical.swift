import Duet

// Introduce-yourself writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension IntroduceYourself.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("avatarId", avatarId)
            try o.member("isSaving", isSaving)
            try o.member("name", name)
            try o.member("nameError", nameError)
            try o.member("serverError", serverError)
        }
    }
}

extension IntroduceYourself.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .saveProfile(name, avatarId):
            try writer.sum("saveProfile") { o in
                try o.member("avatarId", avatarId)
                try o.member("name", name)
            }
        case .introduced(let displayName): try writer.sum("introduced") { o in try o.member("displayName", displayName) }
        }
    }
}
