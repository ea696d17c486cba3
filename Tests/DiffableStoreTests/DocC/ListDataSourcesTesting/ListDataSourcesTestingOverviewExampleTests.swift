// Guards the example of the ListDataSourcesTesting module page:
// Sources/ListDataSourcesTesting/Documentation.docc/ListDataSourcesTesting.md.
import DiffableStore
import ListDataSourcesTesting
import Testing

@Suite struct ListDataSourcesTestingOverviewExampleTests {
    /// A view of the app's own: here a headless view, which keeps the contract.
    typealias MyListView = HeadlessListView<String, Int, String>

    /// The overview's example, verbatim (its imports the file's); the test supplies
    /// `MyListView`.
    @Test(arguments: ListViewContractScenario.allCases)
    func myViewKeepsTheContract(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(makeView: { MyListView() }, cell: { "row \($0)" })
        let failures = await contract.run([scenario])
        #expect(failures.isEmpty, "\(failures)")
    }
}
