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
    .target(
      name: "PandaTestSupport",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaCLI", "CZlib",
        "LoopbackHTTPKit",
      ],
      path: "Tests/PandaTestSupport"
    ),
    .testTarget(
      name: "PandaCoreTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "LoopbackHTTPKit",
        "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaStoreTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaDelivery", "PandaCLI",
        "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaImportTests",
      dependencies: ["PandaCore", "PandaStore", "PandaImport", "PandaSynthetic", "PandaCLI", "PandaTestSupport"]
    ),
    .testTarget(
      name: "PandaAnalysisTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaServices", "PandaDelivery",
        "PandaReport", "PandaMCP", "PandaCLI", "LoopbackHTTPKit", "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaSyntheticTests",
      dependencies: ["PandaCore", "PandaStore", "PandaImport", "PandaSynthetic", "PandaTestSupport"]
    ),
    .testTarget(
      name: "PandaServicesTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaServices", "PandaReport",
        "PandaMCP", "PandaCLI", "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaDeliveryTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaAnalysis", "PandaDelivery", "LoopbackHTTPKit", "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaReportTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaAnalysis", "PandaSynthetic", "PandaServices", "PandaReport", "PandaCLI",
        "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaReceiveTests",
      dependencies: ["PandaStore", "PandaImport", "PandaReceive", "PandaTestSupport"]
    ),
    .testTarget(
      name: "PandaMCPTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaMCP", "PandaCLI",
        "LoopbackHTTPKit", "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaCLITests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaAnalysis", "PandaSynthetic", "PandaDelivery", "PandaReport",
        "PandaReceive", "PandaMCP", "PandaCLI", "LoopbackHTTPKit", "PandaTestSupport",
      ]
    ),
    .testTarget(
      name: "PandaEvaluationTests",
      dependencies: ["PandaAnalysis", "PandaEvaluation", "PandaTestSupport"]
    ),
    .testTarget(
      name: "PandaSystemTests",
      dependencies: [
        "PandaCore", "PandaStore", "PandaImport", "PandaSynthetic", "PandaDelivery", "PandaReport", "PandaReceive",
        "PandaMCP", "PandaCLI", "LoopbackHTTPKit", "PandaTestSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
