import TableLabFiles

/// A Core Data model as Xcode keeps it: a folder `NAME.xcdatamodeld` of versions
/// `NAME.xcdatamodel`, each holding its entities in an XML file `contents`.
enum DataModel {
    /// The `contents` files of a model given as its `.xcdatamodeld` folder, one version's
    /// `.xcdatamodel` folder or a `contents` file itself; empty when there is none.
    static func contentsFiles(_ path: String) -> [String] {
        guard let entries = FileAccess.directoryEntries(path) else {
            return path.hasSuffix("contents") ? [path] : []
        }
        if entries.contains("contents") { return [path + "/contents"] }
        return entries.filter { $0.hasSuffix(".xcdatamodel") }.sorted()
            .map { path + "/" + $0 + "/contents" }
    }

    /// The class names Xcode generates for the model's entities: those whose Codegen is
    /// "Class Definition" (`codeGenerationType="class"`). "Category/Extension" and
    /// "Manual/None" leave the class to the app's Swift, where a missing one is missing.
    static func generatedClasses(_ text: String) throws(XMLScanError) -> [String] {
        let root = try XMLScanner.parse(text)
        return root.descendants(named: "entity").compactMap { e in
            guard e["codeGenerationType"] == "class" else { return nil }
            return e["representedClassName"] ?? e["name"]
        }
    }
}
