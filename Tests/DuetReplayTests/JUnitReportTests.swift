import Duet
import DuetReplay
@testable import DuetCLI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// JUnit output is well-formed XML with one test case per fixture.
final class JUnitReportTests: XCTestCase {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(String, [String: String])] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            elements.append((name, attributes))
        }
    }

    func parse(_ xml: String) -> (Bool, Collector) {
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        return (parser.parse(), collector)
    }

    func testAFailingRunIsWellFormedXMLWithOneCasePerFixture() throws {
        let fixtures = try SampleRunner.record().fixtures
        var run = try SampleRunner.verify(fixtures, "--mutate")
        run.results[0].failure?.message = "quotes \" <tags> & control \u{1} chars"
        let (ok, collector) = parse(JUnitReport.xml(for: [run]))
        XCTAssertTrue(ok)
        XCTAssertEqual(collector.elements.filter { $0.0 == "testcase" }.map { $0.1["name"] }, fixtures.map(\.name))
        XCTAssertEqual(collector.elements.filter { $0.0 == "failure" }.count, run.failedCount)
        XCTAssertEqual(collector.elements.first { $0.0 == "failure" }?.1["message"], "quotes \" <tags> & control \\u0001 chars")
        XCTAssertEqual(collector.elements.first { $0.0 == "testsuites" }?.1["failures"], String(run.failedCount))
    }

    func testTheParserCatchesBrokenXML() {
        // Negative control for the check above.
        XCTAssertFalse(parse("<testsuites><testcase name=\"a & b\"/></testsuites>").0)
    }

    func testAnEmptyRunIsAnError() {
        let run = VerifyRun(platform: "swift", runner: "r", results: [], runnerFailure: nil, startedAt: "t", durationMilliseconds: 0)
        let (ok, collector) = parse(JUnitReport.xml(for: [run]))
        XCTAssertTrue(ok)
        XCTAssertEqual(collector.elements.filter { $0.0 == "error" }.count, 1)
    }
}
