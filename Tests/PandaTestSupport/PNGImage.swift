import CZlib
import Foundation

/// The pixels of an 8-bit RGB or RGBA PNG, such as a browser's screenshot: enough to tell
/// whether something was drawn in a given colour.
struct PNGImage {
  let width: Int
  let height: Int
  /// RGB triples, row by row.
  let pixels: [UInt8]

  init?(data: Data) {
    let bytes = [UInt8](data)
    guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    var offset = 8
    var width = 0
    var height = 0
    var channels = 0
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length = integer(offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      guard offset + 12 + length <= bytes.count else { return nil }
      let body = bytes[offset + 8..<offset + 8 + length]
      switch type {
      case "IHDR":
        width = integer(offset + 8)
        height = integer(offset + 12)
        guard body[body.startIndex + 8] == 8 else { return nil }
        switch body[body.startIndex + 9] {
        case 2: channels = 3
        case 6: channels = 4
        default: return nil
        }
      case "IDAT": compressed += body
      default: break
      }
      offset += 12 + length
    }
    guard width > 0, height > 0, channels > 0 else { return nil }
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
    var rawLength = uLongf(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { output in
      compressed.withUnsafeBufferPointer { input in
        uncompress(output.baseAddress, &rawLength, input.baseAddress, uLong(input.count))
      }
    }
    guard status == Z_OK, Int(rawLength) == raw.count else { return nil }
    var image = [UInt8](repeating: 0, count: stride * height)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      for column in 0..<stride {
        let x = Int(raw[row * (stride + 1) + 1 + column])
        let a = column >= channels ? Int(image[row * stride + column - channels]) : 0
        let b = row > 0 ? Int(image[(row - 1) * stride + column]) : 0
        let c = row > 0 && column >= channels ? Int(image[(row - 1) * stride + column - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: return nil
        }
        image[row * stride + column] = UInt8((x + predicted) & 0xFF)
      }
    }
    var rgb = [UInt8]()
    rgb.reserveCapacity(width * height * 3)
    for pixel in 0..<width * height {
      rgb += image[pixel * channels..<pixel * channels + 3]
    }
    self.width = width
    self.height = height
    self.pixels = rgb
  }

  /// How many pixels are within `tolerance` of the colour in every channel.
  func count(red: UInt8, green: UInt8, blue: UInt8, tolerance: Int = 8) -> Int {
    var count = 0
    for pixel in 0..<width * height {
      if abs(Int(pixels[pixel * 3]) - Int(red)) <= tolerance
        && abs(Int(pixels[pixel * 3 + 1]) - Int(green)) <= tolerance
        && abs(Int(pixels[pixel * 3 + 2]) - Int(blue)) <= tolerance
      {
        count += 1
      }
    }
    return count
  }
}
