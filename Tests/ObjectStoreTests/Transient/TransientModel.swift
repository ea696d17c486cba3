import ObjectStore

/// A panel whose expansion and draft text live in memory only.
final class Panel: ManagedObject {
    @Attribute var title = ""
    @Attribute(.transient) var isExpanded = false
    @Attribute(.transient) var draft: String?
}

/// The panel before it had transient attributes: the same table.
final class PlainPanel: ManagedObject {
    override class var entityName: String { "Panel" }
    @Attribute var title = ""
}

enum TransientModel {
    static let model = ManagedObjectModel([Panel.self])
    static let withoutTransients = ManagedObjectModel([PlainPanel.self])
}
