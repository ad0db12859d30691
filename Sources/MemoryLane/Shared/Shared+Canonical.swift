import Duet

// The shared-with-me lane writes its own canonical bytes; proven against Codable by
// `CanonicalConformanceTests`.

extension Shared.Route: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .memoryDetail(memoryId, context, startEditing):
            try writer.sum("memoryDetail") { o in
                try o.member("context", context)
                try o.member("memoryId", memoryId)
                try o.member("startEditing", startEditing)
            }
        }
    }
}

extension Shared.Sheet: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .sharePicker(memoryId, config):
            try writer.sum("sharePicker") { o in
                try o.member("config", config)
                try o.member("memoryId", memoryId)
            }
        }
    }
}

extension SharedMemory: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("canEdit", canEdit)
            try o.member("id", id)
            try o.member("isUnseen", isUnseen)
            try o.member("ownerName", ownerName)
            try o.member("title", title)
        }
    }
}

extension Shared.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("bannerMessage", bannerMessage)
            try o.member("errorMessage", errorMessage)
            try o.member("isLoading", isLoading)
            try o.member("memories", memories)
            try o.member("onlyUnseen", onlyUnseen)
            try o.member("path", path)
            try o.member("sheet", sheet)
        }
    }
}

extension Shared.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadShared: try writer.sum("loadShared")
        case .markSeen(let memoryId): try writer.sum("markSeen") { o in try o.member("memoryId", memoryId) }
        }
    }
}
