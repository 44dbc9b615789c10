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
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .systemLibrary(name: "CBuildInfo"),
    .target(
      name: "PandaPrompts",
      path: "Prompts",
      resources: [
        .embedInCode("system.md"),
        .embedInCode("daily.md"),
        .embedInCode("weekly.md"),
        .embedInCode("monthly.md"),
        .embedInCode("ask.md"),
      ]
    ),
    .target(
      name: "PandaKit",
      dependencies: ["CSQLite", "CZlib", "CCurl", "CBuildInfo", "PandaPrompts"]
    ),
    .executableTarget(
      name: "panda",
      dependencies: ["PandaKit"]
    ),
    .target(name: "LoopbackHTTPKit"),
    .target(
      name: "PandaEvaluation",
      dependencies: ["PandaKit"]
    ),
    .executableTarget(
      name: "panda-bench",
      dependencies: ["PandaKit", "PandaEvaluation", "LoopbackHTTPKit"]
    ),
    .testTarget(
      name: "PandaKitTests",
      dependencies: ["PandaKit", "PandaEvaluation", "LoopbackHTTPKit"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
