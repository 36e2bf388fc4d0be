// The floor for start-up: a Swift program that imports only FoundationEssentials and does
// nothing, built like wx (static Swift standard library). `make bench` compares wx with it.
import FoundationEssentials

if Date().timeIntervalSince1970 < 0 { print("the clock is before 1970") }
