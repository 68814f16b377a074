// The unsafe pointers of the C interface, for every module: each helper takes and gives
// Swift values and keeps its pointer inside its own body, where the invariant written
// beside it holds. Code elsewhere calls these instead of `withUnsafe…`, `Unmanaged` or
// `unsafeBitCast` (the interpreter's own uncounted references and addresses are in
// TableLabInterpreter/Unsafe.swift).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: Reading and writing descriptors

/// One read(2) of at most `count` bytes into the start of `buffer`; read's result (the
/// bytes read, 0 at the end, -1 with errno set). Safe: the pointer is the buffer's own,
/// used only during the call, and `count` is checked against the buffer's size.
package func readSome(_ descriptor: Int32, into buffer: inout [UInt8], count: Int) -> Int {
    precondition(count <= buffer.count, "read past the buffer")
    return buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
}

/// One write(2) of `bytes[offset...]`; write's result. Safe: the pointer is the array's
/// own, used only during the call, and `offset` is checked against its size.
package func writeSome(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
    precondition(offset <= bytes.count, "write past the bytes")
    return bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
}

/// fwrite(3) of all of `bytes`; the number of bytes written. Safe: the pointer is the
/// array's own, used only during the call.
package func writeBytes(_ bytes: [UInt8], to file: UnsafeMutablePointer<FILE>) -> Int {
    bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
}

// MARK: Names the C library fills in

/// The name of the entry readdir(3) returned. Safe: `d_name` is a fixed-size array inside
/// the entry that the C library ends with a NUL, and it is read here, before the next
/// readdir on the stream may reuse the entry.
package func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// mkstemps(3) on `template`, a NUL-terminated path ending in XXXXXX and `suffixLength`
/// more bytes; the descriptor, or -1 with errno set. The template is rewritten in place
/// with the name chosen. Safe: the pointer is the array's own, NUL-terminated, used only
/// during the call, which writes inside it.
package func makeUniqueFile(_ template: inout [CChar], suffixLength: Int32 = 0) -> Int32 {
    precondition(template.last == 0, "the template must end with a NUL")
    return template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, suffixLength) }
}

// MARK: Copies into memory the caller allocated

extension UnsafeMutablePointer {
    /// Initializes `array.count` elements from here with copies of `array`'s. Safe when
    /// the caller allocated that many uninitialized elements here (its own invariant).
    @inlinable @inline(__always)
    public func initialize(copying array: [Pointee]) {
        array.withUnsafeBufferPointer { if let a = $0.baseAddress { initialize(from: a, count: $0.count) } }
    }

    /// Overwrites `array.count` initialized elements from here with copies of `array`'s.
    /// Safe when the caller holds that many elements here.
    @inlinable @inline(__always)
    public func update(copying array: [Pointee]) {
        array.withUnsafeBufferPointer { if let a = $0.baseAddress { update(from: a, count: $0.count) } }
    }
}

// MARK: Objects handed to C as context pointers

/// `object` as a C callback's context, not retained. Safe while the caller keeps the
/// object alive for as long as C may pass the pointer back (the callback's registration).
package func unretainedContext(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}

/// The object an `unretainedContext` pointer stands for. Safe under that function's
/// invariant, and when `T` is the object's class.
package func object<T: AnyObject>(fromUnretainedContext context: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(context).takeUnretainedValue()
}

/// `object` as a C callback's context that owns one retain of it: C's side takes it back
/// exactly once, with `takeRetainedContext` (or, when C never calls, the caller with
/// `releaseRetainedContext`), so the object lives until then and no longer.
package func retainedContext(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(object).toOpaque()
}

/// The object a `retainedContext` pointer stands for, taking over its retain. Call once.
package func takeRetainedContext<T: AnyObject>(_ context: UnsafeRawPointer, as: T.Type) -> T {
    Unmanaged<T>.fromOpaque(context).takeRetainedValue()
}

/// Gives back the retain of a `retainedContext` pointer C will never use.
package func releaseRetainedContext<T: AnyObject>(_ context: UnsafeRawPointer, as: T.Type) {
    Unmanaged<T>.fromOpaque(context).release()
}

// MARK: Functions looked up at run time

/// A symbol dlsym(3) found, as the C function type `F`. Safe when `F` is the function's
/// C declaration (`@convention(c)`, same parameters and result).
package func cFunction<F>(_ symbol: UnsafeMutableRawPointer, as: F.Type) -> F {
    unsafeBitCast(symbol, to: F.self)
}
