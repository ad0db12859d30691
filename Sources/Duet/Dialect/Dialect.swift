// The canonical dialect (DESIGN.md §3): the byte-gate currency, written by hand because byte
// control is the point. A map by what a caller wants:
//
// | I want to…                          | call                                           | folder              |
// | ----------------------------------- | ---------------------------------------------- | ------------------- |
// | hold a value                        | `JSONValue`, `JSONObject`                      | Values/             |
// | encode a Swift value                | `CanonicalEncoder().canonicalBytes(value)`     | Encode/             |
// |   …and let a hot type write itself  | `CanonicalEncodable`, `CanonicalWriter`        | Encode/SelfWriting/ |
// | decode a Swift value                | `CanonicalDecoder().decode(T.self, from: …)`   | Decode/             |
// |   …straight from request bytes      | `ByteDocument`                                 | Decode/FromBytes/   |
// | parse or canonicalize bytes         | `CanonicalJSON.parse`, `.canonicalize`         | Canonicalize/       |
// | see where two values differ         | `JSONValue.firstDivergence(expected:actual:)`  | Values/             |
// | order keys, write a scalar          | `CanonicalOrder`, `ScalarWriter`, `UUIDText`   | Rules/              |
//
// Every reader of dialect text reads through one scanner, `Lexer` (Scanner/); every writer
// writes scalars through `ScalarWriter` and into a `ByteSink` (Buffers/). The pretty on-disk
// form and the JSON path locator belong to the toolchain (`DuetFixtures`), not to an app.
//
// Each fast path has a slow reference path and a differential test holding them equal:
//
// | fast path                                   | reference                                 | test                                               |
// | ------------------------------------------- | ----------------------------------------- | -------------------------------------------------- |
// | `Canonicalizer` (one streaming pass)        | `Parser` → `CompactWriter`                | DialectCanonicalizeTests                           |
// | `ByteEncoder` (Encode/SinglePass)           | `DialectEncoder` → tree → `CompactWriter` | DialectByteEncoderTests, DialectByteEncoderPlanTests |
// | `ByteDecoder` over a `ByteDocument`         | `Parser` → `DialectDecoder`               | DialectByteDecoderTests, ByteDecodingDifferentialTests |
// | a `CanonicalEncodable` type's own writer    | its synthesized `Codable`                 | `CanonicalConformanceCheck`, DialectCanonicalEncodableTests |
// | the scanner's eight-bytes-at-a-time loops   | a byte-by-byte reading                    | DialectLexerScanTests                              |
