import Duet

/// The shared tab's child: the reshare picker sheet.
extension Shared {
    public static let sharePicker = Embedding.ifLet(Shared.self, SharePicker.self, shown: {
        if case .sharePicker = $0.sheet { true } else { false }
    }) { delegate in
        switch delegate {
        case let .shareFinished(memoryId, recipientCount): .shareFinished(memoryId: memoryId, recipientCount: recipientCount)
        case .sheetDismissed: .sheetDismissed
        case .loadFriends, .share: nil
        }
    }
}
