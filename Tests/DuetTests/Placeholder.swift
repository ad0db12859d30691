import XCTest

final class DuetTestsPlaceholder: XCTestCase {}
