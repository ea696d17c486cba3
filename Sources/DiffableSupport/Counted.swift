/// `count` and `noun`, pluralised with an `s`: "1 item", "3 items".
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
