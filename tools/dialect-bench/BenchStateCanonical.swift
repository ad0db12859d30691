import Duet

// Hand-written conformances: what a feature author adds to opt into the non-Codable fast path.
// Members are listed in canonical key order (UTF-8 bytes); the bench checks the bytes against Codable's.

extension BenchState: CanonicalEncodable {
    func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("banner", banner)
            try o.member("greeting", greeting)
            try o.member("isRefreshing", isRefreshing)
            try o.member("memories", memories)
            try o.member("path", path)
            try o.member("sheet", sheet)
            try o.member("unreadCount", unreadCount)
            try o.member("userId", userId)
        }
    }
}

extension BenchState.Author: CanonicalEncodable {
    func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("displayName", displayName)
            try o.member("id", id)
            try o.member("initials", initials)
            try o.member("isVerified", isVerified)
        }
    }
}

extension BenchState.Memory: CanonicalEncodable {
    func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("author", author)
            try o.member("capturedAt", capturedAt)
            try o.member("id", id)
            try o.member("mediaCount", mediaCount)
            try o.member("note", note)
            try o.member("tags", tags)
            try o.member("title", title)
            try o.member("visibility", visibility)
        }
    }
}

extension BenchState.Visibility: CanonicalEncodable {}

extension BenchState.Sheet: CanonicalEncodable {
    func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .capture:
            try writer.sum("capture")
        case .inviteCode(let prefilledCode):
            try writer.sum("inviteCode") { o in try o.member("prefilledCode", prefilledCode) }
        case .sharePicker(let memoryId, let config):
            try writer.sum("sharePicker") { o in
                try o.member("config", config)
                try o.member("memoryId", memoryId)
            }
        }
    }
}

extension BenchState.ShareConfig: CanonicalEncodable {
    func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("allowComments", allowComments)
            try o.member("audience", audience)
            try o.member("expiresInDays", expiresInDays)
        }
    }
}

extension BenchState.Route: CanonicalEncodable {
    func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .memoryDetail(let memoryId, let context, let startEditing):
            try writer.sum("memoryDetail") { o in
                try o.member("context", context)
                try o.member("memoryId", memoryId)
                try o.member("startEditing", startEditing)
            }
        case .settings:
            try writer.sum("settings")
        }
    }
}
