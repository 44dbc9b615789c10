/// The bytes of a plain file, read sequentially.
final class FileByteSource: ByteSource {
  private let file: InputFile
  private var offset: Int64 = 0

  init(file: InputFile) {
    self.file = file
  }

  var bytesConsumed: Int64 { offset }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
    let count = try file.read(into: buffer, at: offset)
    offset += Int64(count)
    return count
  }
}
