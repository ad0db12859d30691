/// The sign-up form's validation copy, one rule per field.
enum RegistrationRules {
    static let termsCopy = "Please accept the terms to continue."

    static func emailError(_ email: String) -> String {
        if email.isEmpty { return "Enter your email address." }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(" ") else {
            return "That doesn't look like an email address."
        }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard domain.count >= 2, domain.allSatisfy({ !$0.isEmpty }) else {
            return "That doesn't look like an email address."
        }
        return ""
    }

    static func passwordError(_ password: String) -> String {
        if password.count < 8 { return "Use at least 8 characters." }
        if !password.contains(where: \.isNumber) { return "Add at least one number." }
        return ""
    }
}
