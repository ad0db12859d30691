import Duet

// The timeline writes its own canonical bytes; proven against Codable by `CanonicalConformanceTests`.

extension Timeline.Route: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case let .memoryDetail(memoryId, context, startEditing, startSharing):
            try writer.sum("memoryDetail") { o in
                try o.member("context", context)
                try o.member("memoryId", memoryId)
                try o.member("startEditing", startEditing)
                try o.member("startSharing", startSharing)
            }
        }
    }
}

extension Timeline.Sheet: CanonicalEncodable {
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

extension Timeline.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("bannerMessage", bannerMessage)
            try o.member("deletedMemoryIds", deletedMemoryIds)
            try o.member("errorMessage", errorMessage)
            try o.member("isLoading", isLoading)
            try o.member("isLoadingMore", isLoadingMore)
            try o.member("memories", memories)
            try o.member("nextCursor", nextCursor)
            try o.member("path", path)
            try o.member("sheet", sheet)
        }
    }
}

extension Timeline.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadPage(let cursor): try writer.sum("loadPage") { o in try o.member("cursor", cursor) }
        }
    }
}
