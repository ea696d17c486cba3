import Foundation
import ObjectStore

/// Three versions of one entity whose attributes change type in each stage, so that the two
/// stages run every built-in conversion: `i` integer → double → integer, `d` double → string →
/// double, `s` string → double → string, `b` boolean → integer → boolean, `t` date → double →
/// date, `w` double → integer → double, `k` integer → boolean → integer.
enum ConversionV1 {
    final class Sample: ManagedObject {
        @Attribute var i = 0
        @Attribute var d = 0.0
        @Attribute var s = ""
        @Attribute var b = false
        @Attribute var t = Date(timeIntervalSince1970: 0)
        @Attribute var w = 0.0
        @Attribute var k = 0
        override class var entityName: String { "Sample" }
    }
    static let version = ModelVersion("1", model: ManagedObjectModel([Sample.self]))
}

enum ConversionV2 {
    final class Sample: ManagedObject {
        @Attribute var i = 0.0
        @Attribute var d = ""
        @Attribute var s = 0.0
        @Attribute var b = 0
        @Attribute var t = 0.0
        @Attribute var w = 0
        @Attribute var k = false
        override class var entityName: String { "Sample" }
    }
    static let version = ModelVersion("2", model: ManagedObjectModel([Sample.self]))
}

/// Version 3: the attributes of version 1 again (the same class, a model version of its own).
enum ConversionV3 {
    static let version = ModelVersion("3", model: ManagedObjectModel([ConversionV1.Sample.self]))
}
