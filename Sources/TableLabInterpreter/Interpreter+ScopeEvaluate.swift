// `:type EXPR` and completion evaluate an expression where the session stands: at the top
// level, or inside the screen picked with `:use` (a table block's singleton or a
// view-controller class's instance), with that screen's members in scope unqualified, as
// an entry typed at the prompt has them.

import TableLabSyntax

extension Interpreter {
    /// The value of one expression, compiled as a top-level entry is (in the `:use`
    /// scope, instance members included), without echoing it.
    public func evaluateInSessionScope(_ file: SourceFile) throws(Diagnostic) -> Value {
        let e = try singleExpression(file)
        return try guarded(file) {
            let scope = FnScope(parent: nil, selfType: core.topLevelSelfType, isMutating: false, isStatic: false,
                                returnType: nil, isTopLevel: true, functionName: "<top level>")
            scope.resolution = Resolver.resolveTopLevel(Stmt(.expression(e), at: e.location), declarations: core.resolverDeclarations)
            let ev = core.compileExpr(e, scope, expected: nil)
            let f = CompiledFunction(name: "<top level>", paramCount: 0, hasSelf: false, isMutating: false,
                                     location: e.location, file: core.currentFile, body: ev)
            f.frameSize = scope.frameSize
            return try core.machine.invokeTop(f, location: e.location)
        }
    }
}
