import DuetScenarios

extension Capture: Catalogued {
    /// All ten picker kinds, the kind-equality guard on dismissal, validation and saving.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Capture.self, "capture.photos", "Photo source, then library or camera.", initial: State()) {
                Step("add photo: source picker", .addPhotoTapped)
                Branch("library") {
                    Step("library", .photoSourceChosen(fromCamera: false))
                    Step("two photos picked", .photosAdded(ids: [Sample.photo1, Sample.photo2]))
                    Step("one removed", .photoRemoved(id: Sample.photo1))
                }
                Branch("camera") {
                    Step("camera", .photoSourceChosen(fromCamera: true))
                    Step("photo taken", .photosAdded(ids: [Sample.photo3]))
                    Step("a late photo with the camera gone is inert", .photosAdded(ids: [Sample.photo1]), .inert)
                }
                Branch("double dismissal") {
                    Step("source dismissed", .modalDismissed(.photoSource))
                    Step("dismissed again is inert", .modalDismissed(.photoSource), .inert)
                }
                Branch("stale dismissal") {
                    Step("library", .photoSourceChosen(fromCamera: false))
                    Step("a late report about the source picker is inert", .modalDismissed(.photoSource), .inert)
                    Step("a report about the camera is inert", .modalDismissed(.camera), .inert)
                    Step("the library's own dismissal closes it", .modalDismissed(.photoLibrary))
                }
            },
            Scenario(Capture.self, "capture.video", "Video source, then recorder or library.", initial: State()) {
                Step("add video: source picker", .addVideoTapped)
                Branch("recorder") {
                    Step("record", .videoSourceChosen(fromCamera: true))
                    Step("recorded", .videoAdded(id: Sample.video1))
                }
                Branch("library") {
                    Step("library", .videoSourceChosen(fromCamera: false))
                    Step("picked", .videoAdded(id: Sample.video1))
                }
                Branch("dismissed") {
                    Step("source dismissed", .modalDismissed(.videoSource))
                    Step("choosing a source after dismissal is inert", .videoSourceChosen(fromCamera: true), .inert)
                }
                Branch("recorder dismissed") {
                    Step("record", .videoSourceChosen(fromCamera: true))
                    Step("recorder dismissed without a video", .modalDismissed(.videoRecorder))
                }
            },
            Scenario(Capture.self, "capture.pickers", "Voice, place, friends and date: one picker at a time.", initial: State()) {
                Branch("voice") {
                    Step("voice recorder", .addVoiceNoteTapped)
                    Step("recorded", .voiceNoteRecorded(id: Sample.voiceNote1))
                }
                Branch("location") {
                    Step("location picker", .addLocationTapped)
                    Step("place chosen", .locationChosen(placeName: "Brighton Beach"))
                }
                Branch("friends") {
                    Step("friends picker", .tagFriendsTapped)
                    Step("two friends tagged", .friendsChosen(ids: [Sample.grace.id, Sample.linus.id]))
                }
                Branch("date") {
                    Step("date picker", .pickDateTapped)
                    Step("date chosen", .dateChosen(Sample.julyFirst))
                }
                Branch("one at a time") {
                    Step("location picker", .addLocationTapped)
                    Step("a second picker while one is up is inert", .pickDateTapped, .inert)
                    Step("a stale date dismissal is inert", .modalDismissed(.date), .inert)
                    Step("the location's own dismissal closes it", .modalDismissed(.location))
                }
                Branch("stale completion") {
                    Step("voice recorder", .addVoiceNoteTapped)
                    Step("a place chosen for a closed picker is inert", .locationChosen(placeName: "Nowhere"), .inert)
                    Step("a friends result is inert", .friendsChosen(ids: [Sample.alan.id]), .inert)
                    Step("dismissed", .modalDismissed(.voiceRecorder))
                }
            },
            Scenario(Capture.self, "capture.save", "Saving needs media and a title, then hands the id up.", initial: State()) {
                Step("save with nothing: media copy", .saveTapped)
                Step("add photo", .addPhotoTapped)
                Step("library", .photoSourceChosen(fromCamera: false))
                Step("picked", .photosAdded(ids: [Sample.photo1]))
                Step("save without a title: title copy", .saveTapped)
                Step("title with spaces", .titleChanged(" Beach day "))
                Step("save: trimmed draft sent", .saveTapped)
                Branch("saved") { Step("saved: tell the shell", .saveSucceeded(memoryId: Sample.beach)) }
                Branch("failed") {
                    Step("failed: copy", .saveFailed(message: "offline"))
                    Step("save again", .saveTapped)
                }
                Branch("cancelled while saving") { Step("cancel: save cancelled, tell the shell", .cancelTapped) }
                Branch("double save") {
                    Step("second save is inert", .saveTapped, .inert)
                    Step("a picker while saving is inert", .addVideoTapped, .inert)
                }
            },
            Scenario(Capture.self, "capture.cancel", "Cancelling closes any picker and tells the shell.", initial: State()) {
                Step("camera route: source", .addPhotoTapped)
                Step("camera", .photoSourceChosen(fromCamera: true))
                Step("cancel", .cancelTapped)
                Step("a late dismissal of the camera is inert", .modalDismissed(.camera), .inert)
            },
        ].map(\.definition)
    }
}
