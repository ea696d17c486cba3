/// The sports the feed can play and the teams of each, in a fixed order so that a seed always
/// picks the same ones.
enum FeedCatalog {
    struct Entry {
        var sport: String
        var teams: [String]
    }

    static let entries: [Entry] = [
        Entry(sport: "Football", teams: ["Arsenal", "Chelsea", "Porto", "Benfica", "Milan", "Inter", "Ajax", "PSV", "Celtic", "Lyon"]),
        Entry(sport: "Basketball", teams: ["Lakers", "Celtics", "Bulls", "Knicks", "Heat", "Spurs", "Warriors", "Nets"]),
        Entry(sport: "Tennis", teams: ["Alcaraz", "Sinner", "Swiatek", "Sabalenka", "Djokovic", "Gauff", "Rune", "Zverev"]),
        Entry(sport: "Ice Hockey", teams: ["Bruins", "Oilers", "Canucks", "Flames", "Senators", "Sabres", "Jets", "Kings"]),
        Entry(sport: "Volleyball", teams: ["Modena", "Trentino", "Perugia", "Zenit", "Lube", "Piacenza"]),
        Entry(sport: "Handball", teams: ["Kiel", "Veszprem", "Barca", "Flensburg", "Szeged", "Nantes"]),
        Entry(sport: "Baseball", teams: ["Yankees", "Dodgers", "Cubs", "Mets", "Astros", "Padres"]),
        Entry(sport: "Rugby", teams: ["Leinster", "Toulouse", "Munster", "Saracens", "Racing", "Bath"]),
    ]

    /// How many sports a new store starts with (the first ones of ``entries``).
    static let initialSportCount = 4

    static func entry(named sport: String) -> Entry? {
        entries.first { $0.sport == sport }
    }
}
