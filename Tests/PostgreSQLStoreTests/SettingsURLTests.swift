import Foundation
@testable import PostgreSQLStore
import Testing

@Suite("PostgreSQL settings from a URL")
struct SettingsURLTests {
    @Test func aFullURLGivesEveryPart() throws {
        let settings = try PostgreSQLSettings(url: "postgres://app:s3cret@db.example.com:6543/appdb?sslmode=verify-full")
        #expect(settings.user == "app")
        #expect(settings.password == "s3cret")
        #expect(settings.host == "db.example.com")
        #expect(settings.port == 6543)
        #expect(settings.database == "appdb")
        #expect(settings.sslMode == .verifyFull)
        #expect(settings.schema == "diffablestore")
    }

    @Test func thePostgresqlSchemeTakesThePortDatabaseAndSSLModeDefaults() throws {
        let settings = try PostgreSQLSettings(url: "postgresql://app@localhost")
        #expect(settings.port == 5432)
        #expect(settings.database == "app")
        #expect(settings.password == nil)
        #expect(settings.sslMode == .prefer)
    }

    @Test func percentEncodedPartsAreDecodedAndAnIPv6HostLosesItsBrackets() throws {
        let settings = try PostgreSQLSettings(url: "postgres://a%20b:p%40ss%3Aw%2Frd%23%3F%25@[::1]:5433/my%20db?sslmode=disable")
        #expect(settings.user == "a b")
        #expect(settings.password == "p@ss:w/rd#?%")
        #expect(settings.host == "::1")
        #expect(settings.port == 5433)
        #expect(settings.database == "my db")
        #expect(settings.description == "postgres://a%20b:***@[::1]:5433/my%20db?sslmode=disable")
    }

    @Test func aPasswordWithAnUnencodedAtSignEndsAtTheLastOne() throws {
        let settings = try PostgreSQLSettings(url: "postgres://app:p@ss@host/db")
        #expect(settings.password == "p@ss")
        #expect(settings.host == "host")
    }

    @Test func theConnectTimeoutParameterReplacesTheDefault() throws {
        let settings = try PostgreSQLSettings(url: "postgres://app@host/db?connect_timeout=3&sslmode=require", connectTimeout: .seconds(10))
        #expect(settings.connectTimeout == .seconds(3))
        #expect(settings.sslMode == .require)
    }

    @Test func theApplicationNameParameterNamesTheConnections() throws {
        #expect(try PostgreSQLSettings(url: "postgres://app@host/db").applicationName == PostgreSQLSettings.defaultApplicationName)
        #expect(try PostgreSQLSettings(url: "postgres://app@host/db?application_name=host%201").applicationName == "host 1")
    }

    @Test(arguments: [
        ("mysql://app@host/db", PostgreSQLSettingsError.unsupportedScheme("mysql")),
        ("app@host/db", .unsupportedScheme(nil)),
        ("postgres://host/db", .missingUser),
        ("postgres://app@/db", .missingHost),
        ("postgres://app@:5432/db", .missingHost),
        ("postgres://app@host:0/db", .invalidPort),
        ("postgres://app@host:65536/db", .invalidPort),
        ("postgres://app@host:5432x/db", .invalidPort),
        ("postgres://app@[::1/db", .missingHost),
        ("postgres://a%zzpp@host/db", .invalidPercentEncoding(.user)),
        ("postgres://app:%G1@host/db", .invalidPercentEncoding(.password)),
        ("postgres://app@host/d%b", .invalidPercentEncoding(.database)),
        ("postgres://app@host/db#top", .fragment),
        ("postgres://app@host/db?sslmode=verify-ca", .unsupportedSSLMode("verify-ca")),
        ("postgres://app@host/db?sslmode=disable&sslmode=require", .repeatedParameter("sslmode")),
        ("postgres://app@host/db?password=x", .unknownParameter("password")),
        ("postgres://app@host/db?connect_timeout=soon", .invalidParameterValue(name: "connect_timeout", expected: "a whole number of seconds above zero")),
        ("postgres://app@host/db?application_name=", .invalidParameterValue(name: "application_name", expected: "a percent-encoded name, not empty")),
    ])
    func aBadURLIsRefusedWithTheWrongPartNamed(url: String, expected: PostgreSQLSettingsError) {
        #expect(throws: expected) { try PostgreSQLSettings(url: url) }
    }

    @Test func theSchemaPoolSizeAndTimeoutsAreChecked() {
        let url = "postgres://app@host/db"
        #expect(throws: PostgreSQLSettingsError.invalidSchemaName("My Schema")) { try PostgreSQLSettings(url: url, schema: "My Schema") }
        #expect(throws: PostgreSQLSettingsError.invalidSchemaName("x\"; DROP SCHEMA public; --")) {
            try PostgreSQLSettings(url: url, schema: "x\"; DROP SCHEMA public; --")
        }
        #expect(throws: PostgreSQLSettingsError.invalidSchemaName(String(repeating: "a", count: 64))) {
            try PostgreSQLSettings(url: url, schema: String(repeating: "a", count: 64))
        }
        #expect(throws: PostgreSQLSettingsError.invalidPoolSize(0)) { try PostgreSQLSettings(url: url, poolSize: 0) }
        #expect(throws: PostgreSQLSettingsError.invalidTimeout(name: "query timeout", .zero)) { try PostgreSQLSettings(url: url, queryTimeout: .zero) }
        #expect((try? PostgreSQLSettings(url: url, schema: "tenant_42")) != nil)
    }

    /// URLs holding the password, well formed or not, including the mistakes that would put it
    /// where an error quotes from (a missing `@`, an unencoded `/` or `?` in it).
    static let password = "Zq9-secret-Xk"
    static let urlsWithThePassword = [
        "postgres://app:\(password)@host:5432/db?sslmode=disable",
        "postgresql://app:\(password)@[::1]/db",
        "postgres://app:\(password)/db",
        "postgres://app:\(password)@host:notaport/db",
        "postgres://app:\(password)%zz@host/db",
        "postgres://app:\(password)@/db",
        "mysql://app:\(password)@host/db",
        "app:\(password)@host/db",
        "postgres:/app:\(password)@host/db",
        "postgres://app:\(password)@host/db#fragment",
        "postgres://app:\(password)@host/db?password=\(password)",
        "postgres://app:\(password)@host/db?sslmode=bogus",
        "postgres://app@host/db?connect_timeout=\(password)",
        "postgres://app:pre/\(password)@host/db",
        "postgres://app:pre?\(password)@host/db",
        "postgres://app:\(password):x@host:99999/db",
    ]

    @Test func thePasswordAppearsInNoDescriptionDumpOrError() {
        var shown: [String] = []
        for url in Self.urlsWithThePassword {
            do {
                let settings = try PostgreSQLSettings(url: url)
                var dumped = ""
                dump(settings, to: &dumped)
                shown += [settings.description, settings.debugDescription, String(reflecting: settings), "\(settings)", dumped]
            } catch {
                shown += [error.description, error.debugDescription, String(reflecting: error), "\(error)", error.localizedDescription]
            }
        }
        #expect(shown.count == Self.urlsWithThePassword.count * 5)
        for text in shown {
            #expect(!text.contains(Self.password), "\(text)")
            #expect(!text.contains("secret"), "\(text)")
        }
    }
}
