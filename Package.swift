// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "panda",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "panda", targets: ["panda"]),
    .library(name: "PandaKit", targets: ["PandaKit"]),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CZlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    .target(
      name: "PandaKit",
      dependencies: ["CSQLite", "CZlib"]
    ),
    .executableTarget(
      name: "panda",
      dependencies: ["PandaKit"]
    ),
    .executableTarget(
      name: "panda-bench",
      dependencies: ["PandaKit"]
    ),
    .testTarget(
      name: "PandaKitTests",
      dependencies: ["PandaKit"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
