/// Why a chunked body cannot be read.
enum ChunkedBodyError: Error, Equatable, CustomStringConvertible {
  case badSize(String, at: Int)
  case missingLineEnd(at: Int)
  case lineTooLong(at: Int)
  case tooLarge(maximumBody: Int)

  var description: String {
    switch self {
    case .badSize(let line, let offset):
      "the chunk size '\(line)' at byte \(offset) of the body is not a hexadecimal number"
    case .missingLineEnd(let offset): "a chunk's data is not followed by CRLF at byte \(offset) of the body"
    case .lineTooLong(let offset): "a chunk size or trailer line is longer than 8 KB at byte \(offset) of the body"
    case .tooLarge(let maximumBody):
      "the body is over \(ByteSize.text(maximumBody)) (\(maximumBody) bytes, --max-body)"
    }
  }

  /// The status it is answered with.
  var status: Int {
    if case .tooLarge = self { return 413 }
    return 400
  }
}
