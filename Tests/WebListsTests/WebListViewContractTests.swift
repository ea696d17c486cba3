import ListDataSourcesTesting
import Testing
import WebLists

@Suite struct WebListViewContractTests {
    @Test(arguments: ListViewContractScenario.allCases)
    func webListViewKeepsTheListViewContract(_ scenario: ListViewContractScenario) async {
        let contract = ListViewContract(
            makeView: { WebListView<String, Int>() },
            cell: { WebCell("item \($0)") },
            shownSnapshot: { $0.snapshot }
        )
        let failures = await contract.run([scenario])
        #expect(failures.isEmpty, "\(failures)")
    }
}
