import Foundation
import Testing
@testable import WebLists

@Suite struct EscapingTests {
    static let hostile = "<img src=x onerror=alert(1)> & \"quotes\" 'apostrophes' \u{2028}\n\t\u{1}"

    @Test func cellTextReachesThePageAsTheSameCharactersWithNoMarkupInTheMessage() async throws {
        let list = TestList { _ in WebCell(Self.hostile, style: "live\"><b", marks: ["</li>"]) }
        try await list.dataSource.apply(TestList.snapshot([[1]]))
        let server = try await TestServer.serving(list.view)
        let page = PageClient(port: server.port)
        let message = try #require(await page.next())
        #expect(!message.contains("<") && !message.contains(">") && !message.contains("&"))
        var model = PageModel()
        try model.apply(message)
        #expect(model.fields == [[[Self.hostile]]])
        #expect(model.sections.first?.rows.first?.cell["s"] == AnyHashable("live\"><b"))
        page.close()
        await server.stop()
    }

    @Test func thePageTitleIsEscaped() {
        let document = PageDocument(template: "<title>{{title}}</title><main data-socket=\"{{socket}}\">", script: "", stylesheet: "")
        let list = ServedList(path: "/a\"b", title: "<img src=x onerror=alert(1)>", hub: WebListView<String, Int>().hub)
        #expect(document.page(for: list) == "<title>&lt;img src=x onerror=alert(1)&gt;</title><main data-socket=\"/a&quot;b/socket\">")
    }

    @Test func theJSONOfAnyTextDecodesToTheSameText() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let scalars = (0..<Int.random(in: 0...40, using: &generator)).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x2FFF, using: &generator))
            }
            let text = String(String.UnicodeScalarView(scalars))
            var json = JSONText()
            json.raw("[")
            json.string(text)
            json.raw("]")
            let decoded = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String]
            #expect(decoded == [text], "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
