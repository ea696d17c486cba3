// swift-tools-version: 6.0
import Foundation
import PackageDescription

let package = Package(
    name: "DiffableStore",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "DiffableStore", targets: ["DiffableStore"]),
        .library(name: "DiffableSnapshots", targets: ["DiffableSnapshots"]),
        .library(name: "ObjectStore", targets: ["ObjectStore"]),
        .library(name: "FetchedResults", targets: ["FetchedResults"]),
        .library(name: "ListDataSources", targets: ["ListDataSources"]),
        .library(name: "ListDataSourcesTesting", targets: ["ListDataSourcesTesting"]),
        // Not in the umbrella: an app that shows its lists elsewhere builds no networking code.
        .library(name: "WebLists", targets: ["WebLists"]),
        // Not in the umbrella either: an app on SQLite alone builds no networking code.
        .library(name: "PostgreSQLStore", targets: ["PostgreSQLStore"]),
        .executable(name: "diffable-bench", targets: ["diffable-bench"]),
        .executable(name: "weblists-bench-clients", targets: ["weblists-bench-clients"]),
        .executable(name: "scoreboard", targets: ["scoreboard"]),
        .executable(name: "examples", targets: ["examples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
    ],
    targets: [
        // What every module shares: locks, programmer-error traps, small text helpers. Internal to
        // the package (`package` access), so it is no product of its own.
        .target(name: "DiffableSupport"),
        .target(name: "DiffableSnapshots", dependencies: ["DiffableSupport"]),
        // The seeded generator the tests, the benchmarks, the test-support edits and the demo's
        // live feed share.
        .target(name: "SeededRandom"),
        .target(name: "ObjectStoreThreadLocal"),
        .target(name: "BenchMemory"),
        // Starts, crashes, restarts and removes a private PostgreSQL server on 127.0.0.1, for the
        // PostgreSQL store's tests and the `postgres` benchmarks.
        .target(name: "PostgreSQLTestSupport", dependencies: ["DiffableSupport"]),
        .target(
            name: "ObjectStore",
            dependencies: [
                "DiffableSupport",
                "ObjectStoreThreadLocal",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(name: "FetchedResults", dependencies: ["DiffableSupport", "DiffableSnapshots", "ObjectStore"]),
        .target(name: "ListDataSources", dependencies: ["DiffableSupport", "DiffableSnapshots"]),
        .target(name: "ListDataSourcesTesting", dependencies: ["DiffableSupport", "ListDataSources", "DiffableSnapshots", "SeededRandom"]),
        // Lists in the browser: a list view whose screen is every connected web page, and the
        // server of the page, its script and one WebSocket per page.
        .target(
            name: "WebLists",
            dependencies: [
                "DiffableSupport",
                "DiffableSnapshots",
                "ListDataSources",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            resources: [.copy("Resources/Page")]
        ),
        // The object store on a PostgreSQL server: its connection settings, its pool of
        // connections and the schema it owns.
        .target(
            name: "PostgreSQLStore",
            dependencies: [
                "DiffableSupport",
                "ObjectStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "DiffableStore", dependencies: ["DiffableSnapshots", "ObjectStore", "FetchedResults", "ListDataSources"]),
        .executableTarget(
            name: "diffable-bench",
            dependencies: [
                "BenchMemory",
                "DiffableSupport",
                "DiffableSnapshots",
                "SeededRandom",
                "FetchedResults",
                "ListDataSources",
                "ObjectStore",
                "PostgreSQLStore",
                "PostgreSQLTestSupport",
                "WebLists",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // Built with it, and started by its `web` subcommand as a process of its own.
                "weblists-bench-clients",
                // Built with it, and started by the remote-delivery cases as the other hosts.
                "objectstore-history-peer",
            ]
        ),
        // The `web` benchmark's WebSocket clients, in a process of their own beside the server's.
        .executableTarget(
            name: "weblists-bench-clients",
            dependencies: [
                "BenchMemory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + ["NIOConcurrencyHelpers", "NIOCore", "NIOHTTP1", "NIOPosix", "NIOWebSocket"].map {
                .product(name: $0, package: "swift-nio")
            }
        ),
        // Stands for another process in the crash-safety test, which kills it mid-save.
        .executableTarget(name: "objectstore-crash-writer", dependencies: ["ObjectStore"]),
        // Stands for other processes (writers, a follower with controllers, a history consumer)
        // in the cross-process history tests and benchmarks, which kill it at random points.
        .executableTarget(
            name: "objectstore-history-peer",
            dependencies: ["DiffableSupport", "FetchedResults", "ObjectStore", "SeededRandom"]
        ),
        // The demo's logic (model, store, live feed, home screen, input), apart from the terminal
        // plumbing of its executable so that the tests reach it.
        .target(
            name: "ScoreboardCore",
            dependencies: [
                "DiffableSnapshots",
                "DiffableSupport",
                "FetchedResults",
                "ListDataSources",
                "ObjectStore",
                "SeededRandom",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "scoreboard",
            dependencies: [
                "DiffableSupport",
                "ScoreboardCore",
                "ListDataSources",
                "ObjectStore",
                "PostgreSQLStore",
                "WebLists",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: [.process("Resources")]
        ),
        .executableTarget(
            name: "examples",
            dependencies: [
                "DiffableSnapshots",
                "FetchedResults",
                "ListDataSources",
                "ObjectStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the tests share: the seeded generator, how counts and seeds are read from the
        // environment, snapshots built from a layout, and recorders for values that arrive on
        // other threads.
        .target(name: "TestSupport", dependencies: ["DiffableSnapshots", "DiffableSupport", "SeededRandom"], path: "Tests/TestSupport"),
        // Other processes for the tests: the package's executables, found beside the test bundle,
        // and a history peer run with its lines read as they come and real signals sent to it.
        .target(name: "ProcessTesting", dependencies: ["DiffableSupport", "ObjectStore"], path: "Tests/ProcessTesting"),
        // The stores the contract suites run on: SQLite, and PostgreSQL on the tests' throwaway
        // server when the tests are built with PostgreSQL (see the end of this file).
        .target(name: "StoreBackends", dependencies: ["ObjectStore"], path: "Tests/StoreBackends"),
        // The WebSocket client the web list tests play their pages with,
        // built on the SwiftNIO modules the server builds already.
        .target(
            name: "WebSocketTestClient",
            dependencies: ["NIOConcurrencyHelpers", "NIOCore", "NIOHTTP1", "NIOPosix", "NIOWebSocket"].map {
                .product(name: $0, package: "swift-nio")
            },
            path: "Tests/WebSocketTestClient"
        ),
        .testTarget(name: "DiffableSnapshotsTests", dependencies: ["DiffableSnapshots", "TestSupport"]),
        .testTarget(name: "DiffableStoreTests", dependencies: ["DiffableStore", "ListDataSourcesTesting", "TestSupport"]),
        .testTarget(
            name: "FetchedResultsTests",
            dependencies: ["DiffableSupport", "FetchedResults", "ObjectStore", "DiffableSnapshots", "ListDataSources", "StoreBackends", "TestSupport"]
        ),
        .testTarget(
            name: "ListDataSourcesTests",
            dependencies: ["ListDataSources", "ListDataSourcesTesting", "DiffableSnapshots", "TestSupport"]
        ),
        .testTarget(
            name: "ScoreboardCoreTests",
            dependencies: [
                "ScoreboardCore",
                "DiffableSnapshots",
                "FetchedResults",
                "ListDataSources",
                "ObjectStore",
                "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ObjectStoreTests",
            dependencies: [
                "ObjectStore",
                "DiffableSupport",
                "objectstore-crash-writer",
                "objectstore-history-peer",
                "ProcessTesting",
                "StoreBackends",
                "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The web list tests speak to a server through a WebSocket client. CI's thread-sanitizer step
// builds the test product with DIFFABLE_TESTS_WITHOUT_WEB=1: it runs none of their suites, and so
// compiles no networking code under the sanitizer.
if ProcessInfo.processInfo.environment["DIFFABLE_TESTS_WITHOUT_WEB"] == nil {
    package.targets.append(
        .testTarget(
            name: "WebListsTests",
            dependencies: [
                "WebLists",
                "DiffableSupport",
                "DiffableSnapshots",
                "ListDataSources",
                "ListDataSourcesTesting",
                "TestSupport",
                "WebSocketTestClient",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        )
    )
}

// CI's thread-sanitizer step runs only the concurrent suites, which live in the store,
// controller and data source test targets: with DIFFABLE_TESTS_ONLY_CONCURRENT=1 the other test
// targets are left out of its build.
if ProcessInfo.processInfo.environment["DIFFABLE_TESTS_ONLY_CONCURRENT"] != nil {
    package.targets.removeAll { ["DiffableSnapshotsTests", "DiffableStoreTests", "ScoreboardCoreTests"].contains($0.name) }
}

// The PostgreSQL store's tests run against a throwaway server of their own (or the one
// DIFFABLESTORE_POSTGRES_URL names). The thread-sanitizer build sets
// DIFFABLE_TESTS_WITHOUT_POSTGRESQL=1 as well: it runs none of their suites, and so compiles
// neither the store's module nor its driver under the sanitizer.
if ProcessInfo.processInfo.environment["DIFFABLE_TESTS_WITHOUT_POSTGRESQL"] == nil {
    package.targets.append(contentsOf: [
        .testTarget(
            name: "PostgreSQLStoreTests",
            dependencies: [
                "DiffableSupport",
                "FetchedResults",
                "ObjectStore",
                "PostgreSQLStore",
                "PostgreSQLTestSupport",
                "ProcessTesting",
                "ScoreboardCore",
                "SeededRandom",
                "TestSupport",
                // Started by the multi-host tests as the other hosts.
                "objectstore-history-peer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ])
}

// The contract suites run on the PostgreSQL store too, except in the thread-sanitizer build.
if ProcessInfo.processInfo.environment["DIFFABLE_TESTS_WITHOUT_POSTGRESQL"] == nil,
    let backends = package.targets.first(where: { $0.name == "StoreBackends" })
{
    backends.dependencies += ["PostgreSQLStore", "PostgreSQLTestSupport"]
    backends.swiftSettings = [.define("STORE_BACKENDS_POSTGRESQL")]
}

// The history peer stands for other hosts of a PostgreSQL store too (`postgres://…#schema` in
// place of a file), except in the thread-sanitizer build, which compiles no PostgreSQL code.
if ProcessInfo.processInfo.environment["DIFFABLE_TESTS_WITHOUT_POSTGRESQL"] == nil,
    let peer = package.targets.first(where: { $0.name == "objectstore-history-peer" })
{
    peer.dependencies.append("PostgreSQLStore")
    peer.swiftSettings = [.define("HISTORY_PEER_ON_POSTGRESQL")]
}

for target in package.targets where !["ObjectStoreThreadLocal", "BenchMemory"].contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
