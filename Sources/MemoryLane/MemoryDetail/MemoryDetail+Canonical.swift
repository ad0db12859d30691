import Duet

// Memory detail writes its own canonical bytes, island summaries included; proven against
// Codable by `CanonicalConformanceTests`.

extension MemoryDetail.Sheet: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .sharePicker(let config): try writer.sum("sharePicker") { o in try o.member("config", config) }
        }
    }
}

extension MemoryContent: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("caption", caption)
            try o.member("hasVideo", hasVideo)
            try o.member("photoCount", photoCount)
            try o.member("placeName", placeName)
            try o.member("title", title)
        }
    }
}

extension PhotoCarouselSummary: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in try o.member("position", position) }
    }
}

extension VideoPlayerSummary: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in try o.member("positionMillis", positionMillis) }
    }
}

extension MemoryDetail.State: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try writer.object { o in
            try o.member("bannerMessage", bannerMessage)
            try o.member("captionError", captionError)
            try o.member("content", content)
            try o.member("draftCaption", draftCaption)
            try o.member("editIntentPending", editIntentPending)
            try o.member("errorMessage", errorMessage)
            try o.member("isDeleting", isDeleting)
            try o.member("isEditing", isEditing)
            try o.member("isLoading", isLoading)
            try o.member("isSaving", isSaving)
            try o.member("isSavingReaction", isSavingReaction)
            try o.member("memoryId", memoryId)
            try o.member("photoCarousel", photoCarousel)
            try o.member("reaction", reaction)
            try o.member("reactionBeforeSave", reactionBeforeSave)
            try o.member("shareIntentPending", shareIntentPending)
            try o.member("sheet", sheet)
            try o.member("videoPlayer", videoPlayer)
        }
    }
}

extension MemoryDetail.EffectPayload: CanonicalEncodable {
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        switch self {
        case .loadMemory(let memoryId): try writer.sum("loadMemory") { o in try o.member("memoryId", memoryId) }
        case let .saveCaption(memoryId, caption):
            try writer.sum("saveCaption") { o in
                try o.member("caption", caption)
                try o.member("memoryId", memoryId)
            }
        case let .saveReaction(memoryId, emoji):
            try writer.sum("saveReaction") { o in
                try o.member("emoji", emoji)
                try o.member("memoryId", memoryId)
            }
        case .deleteMemory(let memoryId): try writer.sum("deleteMemory") { o in try o.member("memoryId", memoryId) }
        case .memoryDeleted(let memoryId): try writer.sum("memoryDeleted") { o in try o.member("memoryId", memoryId) }
        }
    }
}
