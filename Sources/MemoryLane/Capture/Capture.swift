import Duet
import Foundation

/// Putting a memory together. One slot spans ten pickers; the host reports any dismissal
/// with `modalDismissed(kind)`, which only closes the slot if that kind is still showing.
///
/// ```swift
/// var state = Capture.State()
/// Capture.reduce(&state, .addPhotoTapped)              // sheet: .photoSource
/// Capture.reduce(&state, .modalDismissed(.camera))     // stale: nothing changes
/// ```
public enum Capture: Feature {
    public static let name = "capture"
    public static let initialState = State()

    public enum Sheet: SumType, KindEnum, Equatable, CaseIterable {
        case photoSource, photoLibrary, camera, videoSource, videoRecorder, videoLibrary
        case voiceRecorder, location, friends, date
    }

    public struct State: Codable, Sendable, Equatable {
        @Slot public var sheet: Sheet? = nil
        @Island public var mediaCaptureChrome = MediaCaptureChromeSummary()
        public var draft = CaptureDraft()
        public var validationMessage = ""
        public var isSaving = false
        public var errorMessage = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case addPhotoTapped
        case photoSourceChosen(fromCamera: Bool)
        case addVideoTapped
        case videoSourceChosen(fromCamera: Bool)
        case addVoiceNoteTapped
        case addLocationTapped
        case tagFriendsTapped
        case pickDateTapped
        case modalDismissed(Sheet)
        case photosAdded(ids: [UUID])
        case videoAdded(id: UUID)
        case voiceNoteRecorded(id: UUID)
        case locationChosen(placeName: String)
        case friendsChosen(ids: [UUID])
        case dateChosen(Date)
        case photoRemoved(id: UUID)
        case titleChanged(String)
        case saveTapped
        case saveSucceeded(memoryId: UUID)
        case saveFailed(message: String)
        case cancelTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case saveMemory(CaptureDraft)
        /// Delegate: `MainNav.capture` makes it the shell's `captureFinished`.
        case captureFinished(memoryId: UUID)
        /// Delegate: `MainNav.capture` makes it the shell's `captureCancelled`.
        case captureCancelled
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .addPhotoTapped: return present(.photoSource, over: nil, in: &state)
        case .addVideoTapped: return present(.videoSource, over: nil, in: &state)
        case .addVoiceNoteTapped: return present(.voiceRecorder, over: nil, in: &state)
        case .addLocationTapped: return present(.location, over: nil, in: &state)
        case .tagFriendsTapped: return present(.friends, over: nil, in: &state)
        case .pickDateTapped: return present(.date, over: nil, in: &state)
        case .photoSourceChosen(let fromCamera):
            return present(fromCamera ? .camera : .photoLibrary, over: .photoSource, in: &state)
        case .videoSourceChosen(let fromCamera):
            return present(fromCamera ? .videoRecorder : .videoLibrary, over: .videoSource, in: &state)

        case .modalDismissed(let kind):
            // A late report about a picker that is no longer up must not close the current one.
            guard state.sheet == kind else { return [] }
            state.sheet = nil
            return []

        case .photosAdded(let ids):
            guard state.sheet == .photoLibrary || state.sheet == .camera else { return [] }
            state.draft.photoIds += ids.filter { !state.draft.photoIds.contains($0) }
            return finishPicking(&state)

        case .videoAdded(let id):
            guard state.sheet == .videoLibrary || state.sheet == .videoRecorder else { return [] }
            state.draft.videoIds.append(id)
            return finishPicking(&state)

        case .voiceNoteRecorded(let id):
            guard state.sheet == .voiceRecorder else { return [] }
            state.draft.voiceNoteIds.append(id)
            return finishPicking(&state)

        case .locationChosen(let placeName):
            guard state.sheet == .location else { return [] }
            state.draft.placeName = placeName
            return finishPicking(&state)

        case .friendsChosen(let ids):
            guard state.sheet == .friends else { return [] }
            state.draft.friendIds = ids
            return finishPicking(&state)

        case .dateChosen(let date):
            guard state.sheet == .date else { return [] }
            state.draft.happenedAt = date
            return finishPicking(&state)

        case .photoRemoved(let id):
            state.draft.photoIds.removeAll { $0 == id }
            return []

        case .titleChanged(let title):
            state.draft.title = title
            state.validationMessage = ""
            return []

        case .saveTapped:
            guard !state.isSaving, state.sheet == nil else { return [] }
            state.draft.title = state.draft.title.trimmingCharacters(in: .whitespaces)
            if !state.draft.hasMedia {
                state.validationMessage = "Add a photo, video or voice note first."
            } else if state.draft.title.isEmpty {
                state.validationMessage = "Give this memory a title."
            } else {
                state.validationMessage = ""
            }
            guard state.validationMessage.isEmpty else { return [] }
            state.isSaving = true
            state.errorMessage = ""
            return [.run(.saveMemory(state.draft), id: "capture.save")]

        case .saveSucceeded(let memoryId):
            guard state.isSaving else { return [] }
            state.isSaving = false
            return [.run(.captureFinished(memoryId: memoryId))]

        case .saveFailed:
            guard state.isSaving else { return [] }
            state.isSaving = false
            state.errorMessage = "Your memory wasn't saved. Check your connection and try again."
            return []

        case .cancelTapped:
            state.sheet = nil
            return state.isSaving
                ? [.cancel(id: "capture.save"), .run(.captureCancelled)]
                : [.run(.captureCancelled)]
        }
    }

    /// Shows `kind` when the slot holds `expected` (nil: nothing showing).
    private static func present(_ kind: Sheet, over expected: Sheet?, in state: inout State) -> [Effect<EffectPayload>] {
        guard state.sheet == expected, !state.isSaving else { return [] }
        state.sheet = kind
        return []
    }

    private static func finishPicking(_ state: inout State) -> [Effect<EffectPayload>] {
        state.sheet = nil
        state.validationMessage = ""
        return []
    }
}
