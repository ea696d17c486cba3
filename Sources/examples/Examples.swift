import ArgumentParser

/// `examples`: the three shapes of a list backed by the store, each as a short scripted session
/// whose every apply is printed as the batch update the list performed.
@main
struct Examples: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Scripted sessions of the three list shapes, printing each apply's batch update.",
        discussion: """
            Each subcommand inserts, updates, moves and deletes objects in an in-memory store, \
            saves after every step, and applies each delivery to a data source whose view logs \
            it: `reload (…)` for the first, then D(…) deletes, I(…) inserts, M(…) moves, \
            C(…) reconfigures, DS/IS section deletes and inserts. The output is the same on \
            every run.
            """,
        subcommands: [SingleSection.self, SectionsByKey.self, SeveralEntities.self]
    )
}
