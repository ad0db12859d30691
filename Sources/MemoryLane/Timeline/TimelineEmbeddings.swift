import Duet

/// The lane's children: a detail per route of its stack, and the share picker sheet.
extension Timeline {
    public static let memoryDetail = Embedding.forEach(Timeline.self, MemoryDetail.self, path: { $0.path }) { delegate in
        switch delegate {
        case .memoryDeleted(let memoryId): .memoryDeleted(memoryId: memoryId)
        case .loadMemory, .saveCaption, .saveReaction, .deleteMemory: nil
        }
    }

    public static let sharePicker = Embedding.ifLet(Timeline.self, SharePicker.self, shown: {
        if case .sharePicker = $0.sheet { true } else { false }
    }) { delegate in
        switch delegate {
        case let .shareFinished(memoryId, recipientCount): .shareFinished(memoryId: memoryId, recipientCount: recipientCount)
        case .sheetDismissed: .sheetDismissed
        case .loadFriends, .share: nil
        }
    }
}
