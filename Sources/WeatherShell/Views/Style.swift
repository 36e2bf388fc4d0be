/// ANSI styling, or none.
struct Style {
    let colour: Bool
    func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    func red(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}
