import DuetScenarios

extension IntroduceYourself: Catalogued {
    /// Name validation, the optional avatar, saving and its failure.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(IntroduceYourself.self, "introduceyourself", "A name is required, trimmed and short.", initial: State()) {
                Step("continue with nothing: name copy", .continueTapped)
                Branch("whitespace only") {
                    Step("spaces", .nameChanged("   "))
                    Step("continue: still the name copy", .continueTapped)
                }
                Branch("too long") {
                    Step("a very long name", .nameChanged("Augusta Ada King, Countess of Lovelace"))
                    Step("continue: length copy", .continueTapped)
                }
                Branch("valid with avatar") {
                    Step("avatar", .avatarPicked(Sample.avatar))
                    Step("name with spaces", .nameChanged("  Ada "))
                    Step("continue: trimmed, saving", .continueTapped)
                    Branch("saved") { Step("saved: tell the root", .profileSaved) }
                    Branch("failed") {
                        Step("failed: server copy", .profileSaveFailed(message: "500"))
                        Step("continue again", .continueTapped)
                    }
                    Branch("double continue") { Step("second continue is inert", .continueTapped, .inert) }
                }
            },
            Scenario(IntroduceYourself.self, "introduceyourself.without-avatar", "The avatar is optional.", initial: State()) {
                Step("name", .nameChanged("Grace"))
                Step("continue", .continueTapped)
                Step("saved", .profileSaved)
                Step("a second saved is inert", .profileSaved, .inert)
            },
        ].map(\.definition)
    }
}
