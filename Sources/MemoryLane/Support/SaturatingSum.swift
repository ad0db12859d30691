extension Int {
    /// `self + other` held at `Int.max` or `Int.min` instead of trapping: a count that comes from
    /// outside (a server's activity count, a share's recipients) must not crash the reducer, and
    /// the Kotlin twin holds at the same bounds (`Math.addExact`, caught).
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
