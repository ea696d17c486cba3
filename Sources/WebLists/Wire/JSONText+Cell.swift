extension JSONText {
    /// Writes `cell` as `{"f":[fields],"s":style,"m":[marks]}`, leaving out an empty style and
    /// empty marks.
    mutating func cell(_ cell: WebCell) {
        raw("{\"f\":")
        array(cell.fields) { $0.string($1) }
        if !cell.style.isEmpty {
            raw(",\"s\":")
            string(cell.style)
        }
        field("m", cell.marks) { $0.string($1) }
        raw("}")
    }

    /// Writes a keyed row: `[key,cell]`.
    mutating func row(key: Int, cell: WebCell) {
        raw("[")
        number(key)
        raw(",")
        self.cell(cell)
        raw("]")
    }
}
