/// `count` and `noun`, pluralised: "1 item", "3 items".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
