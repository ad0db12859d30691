import Duet
import DuetCorpus
import DuetManifest
import Foundation
import DuetFixtures

/// A small corpus with the structure of Memory Lane (path 2, slot 5, tabs 1, stage 1, three
/// islands, two ruled candidates), built through the corpus API so the structural index is real.
public enum QuestionsCorpus {
    public static func json(_ text: String) -> JSONValue {
        do { return try CanonicalJSON.parse(text) } catch { fatalError("bad test JSON \(text): \(error)") }
    }

    /// A leaf fixture: an initial state, then (action case, expected state) per step.
    public static func leaf(_ name: String, _ feature: String, _ initial: String, _ steps: [(String, String)]) -> Fixture {
        Fixture(name: name, feature: feature, initialState: json(initial),
                steps: steps.map { FixtureStep(action: .object(try! JSONObject([("case", .string($0.0))])),
                                               expectedState: json($0.1), expectedEffects: .array([])) })
    }

    public static func field(_ path: String, _ shape: String, _ role: Role, _ kinds: [String]? = nil) -> FieldDescription {
        FieldDescription(path: path, shape: shape, role: role, kinds: kinds)
    }

    public static let structures: [FeatureStructure] = [
        FeatureStructure(feature: "rootnav", fields: [
            field("phase", "enum", .stage, ["splash", "registration", "onboarding", "main"]),
            field("isEnterCodePresented", "bool", .data),
        ], actions: [], effects: []),
        FeatureStructure(feature: "mainnav", fields: [
            field("activeTab", "enum", .tabs, ["myLane", "shared", "profile"]),
            field("sheet", "optional<sum>", .slot, ["capture", "inviteCode", "notificationPriming"]),
        ], actions: [], effects: []),
        FeatureStructure(feature: "timeline", fields: [
            field("path", "array<sum>", .path, ["memoryDetail"]),
            field("sheet", "optional<sum>", .slot, ["sharePicker"]),
            field("memories", "array<object>", .data),
        ], actions: [], effects: []),
        FeatureStructure(feature: "shared", fields: [
            field("path", "array<sum>", .path, ["memoryDetail"]),
            field("sheet", "optional<sum>", .slot, ["sharePicker"]),
        ], actions: [], effects: []),
        FeatureStructure(feature: "memorydetail", fields: [
            field("sheet", "optional<sum>", .slot, ["sharePicker"]),
            field("carousel", "object", .island("photo-carousel")),
            field("player", "object", .island("video-player")),
        ], actions: [], effects: []),
        FeatureStructure(feature: "capture", fields: [
            field("sheet", "optional<sum>", .slot, ["photoSource", "photoLibrary", "camera", "location"]),
            field("chrome", "object", .island("media-capture-chrome")),
            field("draft.title", "optional<string>", .data),
        ], actions: [], effects: []),
        FeatureStructure(feature: "onboarding", fields: [field("page", "enum", .data)], actions: [], effects: []),
        FeatureStructure(feature: "registration", fields: [
            field("error", "optional<string>", .data),
            field("submittedName", "optional<string>", .data),
        ], actions: [], effects: []),
    ]

    public static let fixtures: [Fixture] = [
        leaf("rootnav", "rootnav", #"{"isEnterCodePresented":false,"phase":"splash"}"#, [
            ("splashFinished", #"{"isEnterCodePresented":false,"phase":"onboarding"}"#),
            ("onboardingFinished", #"{"isEnterCodePresented":false,"phase":"main"}"#),
            ("enterCodeTapped", #"{"isEnterCodePresented":true,"phase":"main"}"#),
        ]),
        leaf("mainnav", "mainnav", #"{"activeTab":"myLane"}"#, [
            ("tabSelected", #"{"activeTab":"shared"}"#),
            ("captureTapped", #"{"activeTab":"shared","sheet":{"case":"capture"}}"#),
            ("sheetDismissed", #"{"activeTab":"shared"}"#),
        ]),
        leaf("timeline.detail", "timeline", #"{"memories":[],"path":[]}"#, [
            ("memoryTapped", #"{"memories":[],"path":[{"case":"memoryDetail","value":{"memoryId":"m1"}}]}"#),
            ("shareTapped", #"{"memories":[],"path":[{"case":"memoryDetail","value":{"memoryId":"m1"}}],"sheet":{"case":"sharePicker"}}"#),
        ]),
        leaf("shared", "shared", #"{"path":[]}"#, [
            ("memoryTapped", #"{"path":[{"case":"memoryDetail"}]}"#),
            ("backTapped", #"{"path":[]}"#),
        ]),
        leaf("memorydetail.media", "memorydetail", #"{"carousel":{"index":0},"player":{"playing":false}}"#, [
            ("pageSwiped", #"{"carousel":{"index":1},"player":{"playing":false}}"#),
            ("playTapped", #"{"carousel":{"index":1},"player":{"playing":true}}"#),
            ("playTappedFailed", #"{"carousel":{"index":1},"player":{"playing":false}}"#),
            ("shareTapped", #"{"carousel":{"index":1},"player":{"playing":false},"sheet":{"case":"sharePicker"}}"#),
        ]),
        leaf("capture.camera", "capture", #"{"chrome":{"flash":false}}"#, [
            ("cameraTapped", #"{"chrome":{"flash":false},"sheet":{"case":"camera"}}"#),
            ("modalDismissed", #"{"chrome":{"flash":false}}"#),
        ]),
        leaf("capture.camera-from-source", "capture", #"{"chrome":{"flash":false},"sheet":{"case":"photoSource"}}"#, [
            ("cameraTapped", #"{"chrome":{"flash":false},"sheet":{"case":"camera"}}"#),
            ("flashToggled", #"{"chrome":{"flash":true},"sheet":{"case":"camera"}}"#),
        ]),
        leaf("capture.library", "capture", #"{"chrome":{"flash":false}}"#, [
            ("libraryTapped", #"{"chrome":{"flash":false},"draft":{"title":"x"},"sheet":{"case":"photoLibrary"}}"#),
        ]),
        leaf("onboarding", "onboarding", #"{"page":"welcome"}"#, [
            ("nextTapped", #"{"page":"share"}"#),
            ("nextTapped", #"{"page":"done"}"#),
        ]),
        leaf("registration", "registration", #"{}"#, [
            ("submitFailed", #"{"error":"taken"}"#),
            ("submitted", #"{"submittedName":"Ada"}"#),
        ]),
    ]

    public static let manifestText = """
        presentation:
          islands:
            - {id: photo-carousel, feature: memorydetail, platform: ios, boundary: index, reason: pager, since: "2026-01-01"}
            - {id: photo-carousel, feature: memorydetail, platform: android, boundary: index, reason: pager, since: "2026-01-01"}
            - {id: video-player, feature: memorydetail, platform: ios, boundary: playing, reason: player, since: "2026-01-01"}
            - {id: video-player, feature: memorydetail, platform: android, boundary: playing, reason: player, since: "2026-01-01"}
            - {id: media-capture-chrome, feature: capture, platform: ios, boundary: flash, reason: camera session, since: "2026-01-01"}
            - {id: media-capture-chrome, feature: capture, platform: android, boundary: flash, reason: camera session, since: "2026-01-01"}
        census:
          rulings:
            - {field: onboarding.page, ruling: data, reason: no host mounts children from it, since: "2026-01-01"}
            - {field: rootnav.isEnterCodePresented, ruling: data, reason: "a flag, not a sixth slot", since: "2026-01-01"}
        """

    public static func manifest(_ text: String = manifestText) throws -> Manifest { try Manifest.parse(text, file: "manifest.yaml") }

    /// A fresh corpus file holding the structures and fixtures above (plus `extra` fixtures).
    public static func make(extra: [Fixture] = [], structures: [FeatureStructure] = structures) throws -> Corpus {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(structures, origin: "test")
        try corpus.upsertFixtures(fixtures + extra)
        return corpus
    }

    /// Stores a verify run of every fixture on `platform`, the `failing` ones failed at step 0 (`sheet`),
    /// judged on the fixtures the corpus holds now (`inputs: nil` stores it as a run from before inputs were named).
    @discardableResult
    public static func storeRun(_ corpus: Corpus, _ platform: String, scope: RunScope?, failing: [String] = [], at started: String,
                                judgedNow: Bool = true) throws -> Int64 {
        let names = fixtures.map(\.name)
        let results = names.map { name in
            failing.contains(name)
                ? StoredFixtureResult(fixture: name, status: "failed", stepsRun: 1, failureKind: "state", step: 0, path: "sheet")
                : StoredFixtureResult(fixture: name, status: "passed", stepsRun: 1)
        }
        return try corpus.storeRun(StoredRun(startedAt: started, platform: platform, runner: "runner", status: failing.isEmpty ? "passed" : "failed",
                                             scope: scope, fixtureCount: names.count, passedCount: names.count - failing.count,
                                             failedCount: failing.count, notRunCount: 0, runnerFailure: nil, durationMilliseconds: 3,
                                             results: results, inputs: judgedNow ? try corpus.currentInputs(manifestPath: nil) : nil))
    }
}
