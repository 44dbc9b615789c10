// Writes a smaller copy of the ICU data that Foundation links on Linux: every time zone (rules,
// names, metazones), the root and English locales, word and character break rules and the Unicode
// property files, without collation, dictionaries, transliteration, line breaking, legacy
// character sets and the other locales.
// panda formats dates only with en_US_POSIX and counts days in named zones, which this keeps.
//
//   swiftc -O ICUDataSubset.swift -o icu-data-subset && ./icu-data-subset FULL.dat SUBSET.dat
//
// The data is ICU's "common data" file: a header, then a table of (name offset, item offset)
// pairs sorted by name, the names, and the 16-byte aligned items.
import Foundation

/// Whether an item such as `icudt76l/zone/en.res` is kept.
func keeps(_ name: String) -> Bool {
  let parts = name.split(separator: "/").dropFirst().map(String.init)
  let english: Set = ["root.res", "en.res", "en_US.res", "en_US_POSIX.res", "pool.res", "res_index.res"]
  guard let file = parts.last else { return false }
  if parts.count == 1 {
    if file.hasSuffix(".cnv") || file == "unames.icu" { return false }
    let zoneData: Set = ["zoneinfo64.res", "metaZones.res", "timezoneTypes.res", "windowsZones.res"]
    let isLocale = file.range(of: #"^[a-z]{2,3}(_[A-Za-z0-9]+)*\.res$"#, options: .regularExpression) != nil
    return !isLocale || english.contains(file) || zoneData.contains(file)
  }
  switch parts[0] {
  case "coll", "translit", "rbnf": return false
  case "brkitr": return (file.hasSuffix(".brk") && !file.hasPrefix("line")) || english.contains(file)
  case "zone": return english.contains(file) || file == "tzdbNames.res"
  default: return english.contains(file)
  }
}

func uint32(_ data: [UInt8], _ offset: Int) -> Int {
  (0..<4).reduce(0) { $0 | Int(data[offset + $1]) << (8 * $1) }
}

func append32(_ value: Int, to bytes: inout [UInt8]) {
  for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> shift) & 0xFF)) }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let full = FileManager.default.contents(atPath: arguments[1]) else {
  FileHandle.standardError.write(Data("usage: icu-data-subset FULL.dat SUBSET.dat\n".utf8))
  exit(64)
}
let data = [UInt8](full)
// A little-endian common data file: header size, then the magic bytes 0xda 0x27.
guard data.count > 16, data[2] == 0xDA, data[3] == 0x27, data[8] == 0 else {
  FileHandle.standardError.write(Data("icu-data-subset: \(arguments[1]) is not little-endian ICU data\n".utf8))
  exit(65)
}
let table = Int(data[0]) | Int(data[1]) << 8
let count = uint32(data, table)
var names: [String] = []
var starts: [Int] = []
for index in 0..<count {
  let nameStart = table + uint32(data, table + 4 + 8 * index)
  let nameEnd = data[nameStart...].firstIndex(of: 0) ?? nameStart
  names.append(String(decoding: data[nameStart..<nameEnd], as: UTF8.self))
  starts.append(uint32(data, table + 8 + 8 * index))
}
starts.append(data.count - table)
let kept = (0..<count).filter { keeps(names[$0]) }

var nameBytes: [UInt8] = []
var nameOffsets: [Int] = []
let tableSize = 4 + 8 * kept.count
for index in kept {
  nameOffsets.append(tableSize + nameBytes.count)
  nameBytes += Array(names[index].utf8) + [0]
}
var itemsStart = tableSize + nameBytes.count
itemsStart += (16 - (table + itemsStart) % 16) % 16
var items: [UInt8] = []
var itemOffsets: [Int] = []
for index in kept {
  itemOffsets.append(itemsStart + items.count)
  items += data[(table + starts[index])..<(table + starts[index + 1])]
  items += [UInt8](repeating: 0, count: (16 - items.count % 16) % 16)
}
var output = Array(data[0..<table])
append32(kept.count, to: &output)
for (name, item) in zip(nameOffsets, itemOffsets) {
  append32(name, to: &output)
  append32(item, to: &output)
}
output += nameBytes
output += [UInt8](repeating: 0, count: itemsStart - tableSize - nameBytes.count)
output += items
guard FileManager.default.createFile(atPath: arguments[2], contents: Data(output)) else {
  FileHandle.standardError.write(Data("icu-data-subset: cannot write \(arguments[2])\n".utf8))
  exit(73)
}
print("\(kept.count) of \(count) items, \(output.count) of \(data.count) bytes")
