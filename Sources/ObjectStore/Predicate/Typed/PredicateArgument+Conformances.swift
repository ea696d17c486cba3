public import Foundation

extension PredicateValue: PredicateArgument {
    /// The value itself.
    public var predicateValue: PredicateValue { self }
}

extension Bool: EquatableAttributeValue {
    /// `.bool(self)`.
    public var predicateValue: PredicateValue { .bool(self) }
}

extension Int: OrderedAttributeValue {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension Int16: OrderedAttributeValue {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension Int32: OrderedAttributeValue {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension Int64: OrderedAttributeValue {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(self) }
}

extension Int8: PredicateArgument {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension UInt8: PredicateArgument {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension UInt16: PredicateArgument {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension UInt32: PredicateArgument {
    /// `.integer(self)`.
    public var predicateValue: PredicateValue { .integer(Int64(self)) }
}

extension Double: OrderedAttributeValue {
    /// `.double(self)`.
    public var predicateValue: PredicateValue { .double(self) }
}

extension Float: OrderedAttributeValue {
    /// `.double(self)`, widened exactly.
    public var predicateValue: PredicateValue { .double(Double(self)) }
}

extension String: TextAttributeValue {
    /// `.string(self)`.
    public var predicateValue: PredicateValue { .string(self) }
}

extension Substring: PredicateArgument {
    /// `.string(self)`.
    public var predicateValue: PredicateValue { .string(String(self)) }
}

extension URL: TextAttributeValue {
    /// `.string(absoluteString)`: URLs are stored as their absolute string.
    public var predicateValue: PredicateValue { .string(absoluteString) }
}

extension Date: OrderedAttributeValue {
    /// `.date(self)`.
    public var predicateValue: PredicateValue { .date(self) }
}

extension UUID: OrderedAttributeValue {
    /// `.uuid(self)`.
    public var predicateValue: PredicateValue { .uuid(self) }
}

extension Data: OrderedAttributeValue {
    /// `.data(self)`.
    public var predicateValue: PredicateValue { .data(self) }
}

extension Decimal: OrderedAttributeValue {
    /// `.decimal(self)`.
    public var predicateValue: PredicateValue { .decimal(self) }
}

extension ObjectID: PredicateArgument {
    /// `.objectID(self)`.
    public var predicateValue: PredicateValue { .objectID(self) }
}

extension ManagedObject: PredicateArgument {
    /// `.objectID(objectID)`: objects are compared by identity.
    public var predicateValue: PredicateValue { .objectID(objectID) }
}

extension Optional: PredicateArgument where Wrapped: PredicateArgument {
    /// The wrapped value's, or `.null`.
    public var predicateValue: PredicateValue { self?.predicateValue ?? .null }
}

extension Optional: EquatableAttributeValue where Wrapped: EquatableAttributeValue {}
extension Optional: OrderedAttributeValue where Wrapped: OrderedAttributeValue {}
extension Optional: TextAttributeValue where Wrapped: TextAttributeValue {}
extension Optional: DateAttributeValue where Wrapped: DateAttributeValue {}

extension Array: PredicateArgument where Element: PredicateArgument {
    /// `.collection` of the elements' values.
    public var predicateValue: PredicateValue { .collection(map(\.predicateValue)) }
}

extension Set: PredicateArgument where Element: PredicateArgument {
    /// `.collection` of the elements' values (in the set's iteration order).
    public var predicateValue: PredicateValue { .collection(map(\.predicateValue)) }
}

extension Int: NumericAttributeValue {}
extension Int16: NumericAttributeValue {}
extension Int32: NumericAttributeValue {}
extension Int64: NumericAttributeValue {}
extension Double: NumericAttributeValue {}
extension Float: NumericAttributeValue {}
extension Optional: NumericAttributeValue where Wrapped: NumericAttributeValue {}
extension Date: DateAttributeValue {}
