import DiffableSnapshots
import FetchedResults
import Foundation
import ListDataSources
import ObjectStore

/// A headless list of the home screen and its data source: what both ways of keeping the home
/// screen up to date drive.
struct HomeList {
    typealias Snapshot = DiffableDataSourceSnapshot<HomeSection, HomeItem>

    let view = HeadlessListView<HomeSection, HomeItem, Int>(validatesUpdates: false, recordsHistory: false)
    let dataSource: DiffableDataSource<HomeSection, HomeItem>

    init() {
        dataSource = DiffableDataSource(view: view) { _, path, _ in path.item }
    }

    /// Runs `apply` on the data source and waits for it, from a thread that is not the main one's
    /// only path forward (the data source does not need the main queue).
    func wait(_ apply: @escaping @Sendable (DiffableDataSource<HomeSection, HomeItem>) async throws -> ApplyMethod) {
        let done = DispatchSemaphore(value: 0)
        let dataSource = dataSource
        Task.detached {
            _ = try? await apply(dataSource)
            done.signal()
        }
        done.wait()
    }

    /// The banners of the JSON file, as the banners slot shows them.
    static func banners() -> Snapshot {
        let banners = try! JSONDecoder().decode([HomeBanner].self, from: HomeStore.bannersJSON)
        var snapshot = Snapshot()
        snapshot.appendSections([.banners])
        snapshot.appendItems(banners.map { .banner($0.id) })
        return snapshot
    }
}
