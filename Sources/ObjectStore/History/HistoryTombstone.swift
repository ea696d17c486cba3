import Foundation

/// The encoding of a delete's preserved values in its change (``HistoryChangeCoding``): JSON of the
/// values by attribute name, each tagged with its storage class.
enum HistoryTombstone {
    private enum Value: Codable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(Data)

        init(_ stored: StoredValue) {
            switch stored {
            case .null: self = .null
            case .integer(let value): self = .integer(value)
            case .real(let value): self = .real(value)
            case .text(let value): self = .text(value)
            case .blob(let value): self = .blob(value)
            }
        }

        var stored: StoredValue {
            switch self {
            case .null: .null
            case .integer(let value): .integer(value)
            case .real(let value): .real(value)
            case .text(let value): .text(value)
            case .blob(let value): .blob(value)
            }
        }
    }

    private static let floatStrategy = (positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")

    static func encode(_ values: [String: StoredValue]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: floatStrategy.positiveInfinity, negativeInfinity: floatStrategy.negativeInfinity, nan: floatStrategy.nan)
        return try encoder.encode(values.mapValues(Value.init))
    }

    /// The values, or nil when the data cannot be read.
    static func decode(_ data: Data) -> [String: StoredValue]? {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: floatStrategy.positiveInfinity, negativeInfinity: floatStrategy.negativeInfinity, nan: floatStrategy.nan)
        return try? decoder.decode([String: Value].self, from: data).mapValues(\.stored)
    }
}
