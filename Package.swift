// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "panda",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "panda", targets: ["panda"])
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
        .embedInCode("warning.md"),
        .embedInCode("ask.md"),
      ]
    ),
    .target(
      name: "PandaCore",
      dependencies: ["CCurl"]
    ),
    .target(
      name: "PandaStore",
      dependencies: ["PandaCore", "CSQLite"]
    ),
    .target(
      name: "PandaImport",
      dependencies: ["PandaCore", "PandaStore", "CSQLite", "CZlib"]
    ),
    .target(
      name: "PandaAnalysis",
      dependencies: ["PandaCore", "PandaStore", "PandaPrompts"]
    ),
    .target(
      name: "PandaSynthetic",
      dependencies: ["PandaCore", "PandaStore", "PandaAnalysis", "CZlib"]
    ),
    .target(
      name: "PandaServices",
      dependencies: ["PandaCore", "PandaStore", "PandaImport", "PandaAnalysis"]
    ),
    .target(
      name: "PandaDelivery",
      dependencies: ["PandaCore", "PandaStore", "PandaAnalysis", "CCurl"]
    ),
    .target(
      name: "PandaReport",
      dependencies: ["PandaCore", "PandaStore", "PandaAnalysis", "PandaServices"]
    ),
    .target(
      name: "PandaReceive",
      dependencies: ["PandaCore", "PandaStore", "PandaImport"]
    ),
    .target(
      name: "PandaMCP",
      dependencies: ["PandaCore", "PandaStore", "PandaAnalysis", "PandaServices", "PandaPrompts"]
    ),
    .target(
      name: "PandaCLI",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaServices", "PandaDelivery",
        "PandaReport", "PandaReceive", "PandaMCP", "CBuildInfo",
      ]
    ),
    .executableTarget(
      name: "panda",
      dependencies: ["PandaCLI"]
    ),
    .target(name: "LoopbackHTTPKit"),
    .target(
      name: "PandaEvaluation",
      dependencies: ["PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic"]
    ),
    .executableTarget(
      name: "panda-bench",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaEvaluation",
        "LoopbackHTTPKit",
      ]
    ),
    .testTarget(
      name: "PandaTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaServices", "PandaDelivery",
        "PandaReport", "PandaReceive", "PandaMCP", "PandaCLI", "PandaEvaluation", "CZlib", "LoopbackHTTPKit",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
