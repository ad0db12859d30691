import XCTest

final class DuetReplayTestsPlaceholder: XCTestCase {}
