import Foundation
import ObjectStore

/// An article that records its life cycle calls and keeps its slug current in `willSave()`.
final class Article: ManagedObject {
    @Attribute var title = ""
    @Attribute var slug = ""
    @Attribute var revision = 0
    @Attribute var origin = ""
    @Relationship(deleteRule: .cascade, inverse: \Remark.article) var remarks: Set<Remark>
    /// The life cycle calls, in order.
    var calls: [String] = []
    /// Whether `willSave()` changes the object on every call (which never settles).
    var bumpsOnEverySave = false

    override func awakeFromInsert() {
        calls.append("awakeFromInsert")
        origin = "inserted"
    }

    override func awakeFromFetch() {
        calls.append("awakeFromFetch")
    }

    override func willSave() {
        calls.append("willSave")
        guard !isDeleted else { return }
        let wanted = title.lowercased().replacingOccurrences(of: " ", with: "-")
        if slug != wanted { slug = wanted }
        if bumpsOnEverySave { revision += 1 }
    }

    override func didSave() {
        calls.append(isInserted || isUpdated ? "didSave with changes" : "didSave")
    }

    override func prepareForDeletion() {
        calls.append("prepareForDeletion(\(remarks.count) remarks)")
    }
}

/// A remark whose `willSave()` gives an untitled article a title.
final class Remark: ManagedObject {
    @Attribute var text = ""
    @Relationship var article: Article?

    override func willSave() {
        if !isDeleted, let article, article.title.isEmpty { article.title = "Re \(text)" }
    }
}

enum HookModel {
    static let model = ManagedObjectModel([Article.self, Remark.self])

}
