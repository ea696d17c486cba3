// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "DiffableStore",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "DiffableStore", targets: ["DiffableStore"]),
        .library(name: "DiffableSnapshots", targets: ["DiffableSnapshots"]),
        .executable(name: "diffable-bench", targets: ["diffable-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "DiffableSnapshots"),
        .target(name: "DiffableStore", dependencies: ["DiffableSnapshots"]),
        .executableTarget(
            name: "diffable-bench",
            dependencies: [
                "DiffableSnapshots",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "DiffableSnapshotsTests", dependencies: ["DiffableSnapshots"]),
        .testTarget(name: "DiffableStoreTests", dependencies: ["DiffableStore"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
