/// Something that yields an export's bytes in order, a chunk at a time.
protocol ByteSource: AnyObject {
  /// Copies up to `buffer.count` bytes into `buffer` and returns how many; 0 means the end.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
  /// How far through the underlying file the source has read, for progress reports.
  var bytesConsumed: Int64 { get }
}
