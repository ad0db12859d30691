import XCTest

final class DuetCorpusTestsPlaceholder: XCTestCase {}
