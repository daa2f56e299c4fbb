import CXML2
import Foundation

/// What a ``SAXReader`` hands on as it reads.
protocol SAXHandler: AnyObject {
    /// An element opens (its local name, without a namespace prefix); false stops the reading.
    func startElement(_ name: String, attributes: [String: String]) -> Bool
    /// Text or CDATA inside the open element, in UTF-8.
    func characters(_ text: UnsafeBufferPointer<UInt8>)
    /// The open element closes.
    func endElement(_ name: String)
}

/// XML read with libxml2's SAX2 parser, pushed a piece at a time: any size the caller allows
/// (libxml2's "huge" mode, past its 10 MB default), any encoding libxml2 reads (UTF-8,
/// UTF-16...), handed on as UTF-8. Nothing is loaded from a network, no entity is replaced,
/// and a document declaring an entity (internal or external, general or parameter) is
/// stopped at the declaration, before any use of it: KML has none, and expanded they can grow
/// without bound.
enum SAXReader {
    /// How a reading ended.
    enum Outcome: Equatable {
        /// The document was read to its end.
        case finished
        /// The handler stopped it.
        case stopped
        /// It declares an entity.
        case entityDeclared
        /// It is not well-formed XML (libxml2's first error), or has no root element.
        case malformed(String)
    }

    /// The bytes pushed to the parser at a time.
    static let pieceBytes = 1 << 20

    /// Reads a document, handing its events to `handler`.
    static func read(_ data: Data, into handler: SAXHandler) -> Outcome {
        let state = ReadState(handler: handler)
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { context, localName, _, _, _, _, attributeCount, _, attributes in
            guard let state = ReadState.from(context), !state.isStopping, let localName else { return }
            state.sawElement = true
            var values: [String: String] = [:]
            if let attributes, attributeCount > 0 {
                // Five pointers an attribute: local name, prefix, URI, value start, value end.
                for index in 0..<Int(attributeCount) {
                    let base = 5 * index
                    guard let name = attributes[base], let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                    let value = UnsafeBufferPointer(start: start, count: max(0, end - start))
                    values[String(cString: name)] = String(decoding: value, as: UTF8.self)
                }
            }
            if !state.handler.startElement(String(cString: localName), attributes: values) { state.stop(.stopped) }
        }
        sax.endElementNs = { context, localName, _, _ in
            guard let state = ReadState.from(context), !state.isStopping, let localName else { return }
            state.handler.endElement(String(cString: localName))
        }
        let text: charactersSAXFunc = { context, bytes, count in
            guard let state = ReadState.from(context), !state.isStopping, let bytes, count > 0 else { return }
            state.handler.characters(UnsafeBufferPointer(start: bytes, count: Int(count)))
        }
        sax.characters = text
        sax.cdataBlock = text
        sax.entityDecl = { context, _, _, _, _, _ in ReadState.from(context)?.stop(.entityDeclared) }
        sax.serror = { context, error in
            guard let state = ReadState.from(context), let error, state.outcome == nil else { return }
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not XML"
            state.stop(.malformed("line \(error.pointee.line): \(message)"))
        }
        let unmanaged = Unmanaged.passRetained(state)
        defer { unmanaged.release() }
        _ = initialized
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Outcome in
            // The first bytes go with the parser's making: libxml2 tells the encoding from them.
            let head = min(4, bytes.count)
            let start = bytes.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) }
            guard let context = xmlCreatePushParserCtxt(&sax, unmanaged.toOpaque(), start, Int32(head), nil) else { return .malformed("no parser") }
            defer { xmlFreeParserCtxt(context) }
            state.context = context
            xmlCtxtUseOptions(context, Int32(XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue))
            var offset = head
            repeat {
                let count = min(pieceBytes, bytes.count - offset)
                let piece = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
                let last: Int32 = offset + count >= bytes.count ? 1 : 0
                xmlParseChunk(context, piece, Int32(count), last)
                offset += count
            } while offset < bytes.count && !state.isStopping
            if let outcome = state.outcome { return outcome }
            if context.pointee.wellFormed == 0 { return .malformed("not well-formed") }
            if !state.sawElement { return .malformed("no root element") }
            return .finished
        }
    }

    /// libxml2's global state, made once before any parser (its own lazy start is not
    /// thread-safe).
    private static let initialized: Void = xmlInitParser()

    /// What the callbacks share: the handler, the parser to stop, and how it ended.
    private final class ReadState {
        let handler: SAXHandler
        var context: xmlParserCtxtPtr?
        var outcome: Outcome?
        var sawElement = false
        var isStopping: Bool { outcome != nil }

        init(handler: SAXHandler) { self.handler = handler }

        static func from(_ pointer: UnsafeMutableRawPointer?) -> ReadState? {
            pointer.map { Unmanaged<ReadState>.fromOpaque($0).takeUnretainedValue() }
        }

        func stop(_ outcome: Outcome) {
            guard self.outcome == nil else { return }
            self.outcome = outcome
            if let context { xmlStopParser(context) }
        }
    }
}
