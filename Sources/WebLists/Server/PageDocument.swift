import Foundation

/// The page, its script and its stylesheet, read once from the package's resources; the page
/// is filled in for each list with its title and the path of its WebSocket, both escaped.
struct PageDocument: Sendable {
    let template: String
    let script: String
    let stylesheet: String

    /// The path the script and stylesheet are served under.
    static let assetPath = "/_weblists"

    /// Reads the resources.
    ///
    /// - Throws: ``WebListServerError/missingResource(_:)`` when the package was built without
    ///   them.
    static func load() throws(WebListServerError) -> PageDocument {
        func read(_ name: String, _ ext: String) throws(WebListServerError) -> String {
            guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Page"),
                let text = try? String(contentsOf: url, encoding: .utf8)
            else { throw .missingResource("Page/\(name).\(ext)") }
            return text
        }
        return PageDocument(template: try read("index", "html"), script: try read("list", "js"), stylesheet: try read("list", "css"))
    }

    /// The page of `list`.
    func page(for list: ServedList) -> String {
        template
            .replacingOccurrences(of: "{{title}}", with: Self.escaped(list.title))
            .replacingOccurrences(of: "{{socket}}", with: Self.escaped(list.socketPath))
            .replacingOccurrences(of: "{{assets}}", with: Self.assetPath)
    }

    /// `text` with the characters that mean something in HTML replaced by references.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
