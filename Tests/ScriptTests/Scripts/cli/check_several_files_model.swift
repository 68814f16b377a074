// A model file in the same module
// (the companion of check_several_files.tlab).
struct Item { var title: String }
enum Kind { case on, off }
func label(_ k: Kind) -> String { return k == .on ? "On" : "Off" }
