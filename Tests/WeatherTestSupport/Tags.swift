import Testing

extension Tag {
    /// In-process tests of a type or function, with fakes: seconds for all of them.
    @Tag package static var unit: Self
    /// The built `wx` run as a process, against the loopback fixture server.
    @Tag package static var endToEnd: Self
    /// `wx` at a real terminal (tmux): keys, the screen, Ctrl-C.
    @Tag package static var terminal: Self
    /// Many processes, kills and large files: minutes.
    @Tag package static var stress: Self
}
