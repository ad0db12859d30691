import Duet

/// The detail's child: the share picker sheet for its memory.
extension MemoryDetail {
    public static let sharePicker = Embedding.ifLet(MemoryDetail.self, SharePicker.self, shown: {
        if case .sharePicker = $0.sheet { true } else { false }
    }) { delegate in
        switch delegate {
        case let .shareFinished(memoryId, recipientCount): .shareFinished(memoryId: memoryId, recipientCount: recipientCount)
        case .sheetDismissed: .sheetDismissed
        case .loadFriends, .share: nil
        }
    }
}
