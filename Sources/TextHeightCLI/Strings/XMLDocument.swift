import CLibXML2

// XML catalogs (Android resources, XLIFF) parsed by libxml2 from memory into a small Swift tree.
//
// Nothing outside the bytes is read: XML_PARSE_NONET, no DTD loading (no XML_PARSE_DTDLOAD), no
// entity substitution (no XML_PARSE_NOENT). An entity declaration stops the parser at once (its
// SAX callback is ours), so nested entities cannot expand ("billion laughs"); no catalog format
// declares entities. libxml2's own limits stay on (no XML_PARSE_HUGE: depth 256, 10 MB text nodes).

struct XMLElement {
    /// The local name, without a prefix.
    var name: String
    /// The namespace URI, nil for none.
    var namespace: String?
    var attributes: [Attribute] = []
    var children: [XMLNode] = []
    var line: Int
    var column: Int

    struct Attribute {
        var name: String
        var namespace: String?
        var value: String
    }

    func attribute(_ name: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name == name && $0.namespace == namespace }?.value
    }

    var elements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { return e } else { return nil } }
    }
}

enum XMLNode {
    case element(XMLElement)
    /// Character data; CDATA sections are character data too (aapt2 and XLIFF read them as text).
    case text(String)
}

enum XMLDocument {
    static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let toolsNamespace = "http://schemas.android.com/tools"

    /// The root element of `bytes`, or the first error libxml2 found, at its line and column.
    static func parse(_ bytes: [UInt8]) throws(CatalogError) -> XMLElement {
        guard !bytes.isEmpty else { throw CatalogError(line: 1, column: 1, message: "the file is empty") }
        guard bytes.count < Int(Int32.max) else { throw CatalogError(line: 1, column: 1, message: "the file is too large") }
        xmlInitParser()
        // Encoding and I/O errors have no parser context and would go to stderr as libxml2 writes
        // them; every error is read from the context instead (XML_PARSE_NOERROR covers the rest).
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        guard let context = xmlNewParserCtxt() else {
            throw CatalogError(line: 1, column: 1, message: "libxml2 could not start a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        // Where an entity declaration stopped the parser (line, column), 0 when none did.
        let stopped = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
        stopped.initialize(repeating: 0, count: 2)
        defer { stopped.deallocate() }
        context.pointee._private = UnsafeMutableRawPointer(stopped)
        context.pointee.sax.pointee.entityDecl = { ctx, _, _, _, _, _ in
            guard let ctx else { return }
            let parser = ctx.assumingMemoryBound(to: xmlParserCtxt.self)
            if let mark = parser.pointee._private?.assumingMemoryBound(to: Int32.self) {
                mark[0] = max(1, xmlSAX2GetLineNumber(ctx))
                mark[1] = max(1, xmlSAX2GetColumnNumber(ctx))
            }
            xmlStopParser(parser)
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_BIG_LINES.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlCtxtReadMemory(context, $0, Int32(buffer.count), nil, nil, options)
                }
            } ?? nil
        }
        defer { if let document { xmlFreeDoc(document) } }
        if stopped[0] != 0 {
            throw CatalogError(line: Int(stopped[0]), column: Int(stopped[1]),
                               message: "entity declarations are not read (a catalog needs none)")
        }
        guard let document, context.pointee.wellFormed != 0 else { throw lastError(context) }
        guard let root = xmlDocGetRootElement(document) else {
            throw CatalogError(line: 1, column: 1, message: "the document has no root element")
        }
        var locator = TagLocator(bytes: bytes)
        return element(root, locator: &locator)
    }

    private static func lastError(_ context: xmlParserCtxtPtr) -> CatalogError {
        guard let error = xmlCtxtGetLastError(context) else {
            return CatalogError(line: 1, column: 1, message: "not well-formed XML")
        }
        var message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        return CatalogError(line: max(1, Int(error.pointee.line)), column: max(1, Int(error.pointee.int2)),
                            message: "XML: " + message)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    private static func element(_ node: xmlNodePtr, locator: inout TagLocator) -> XMLElement {
        let name = string(node.pointee.name)
        let prefix = node.pointee.ns.flatMap { $0.pointee.prefix }.map { string($0) }
        let line = Int(xmlGetLineNo(node))
        let column = locator.column(of: prefix.map { $0 + ":" + name } ?? name, line: line)
        var element = XMLElement(name: name, namespace: node.pointee.ns.flatMap { $0.pointee.href }.map { string($0) },
                                 line: max(1, line), column: column)
        var attribute = node.pointee.properties
        while let a = attribute {
            var value = ""
            var child = a.pointee.children
            while let c = child {
                value += string(c.pointee.content)
                child = c.pointee.next
            }
            element.attributes.append(.init(name: string(a.pointee.name),
                                            namespace: a.pointee.ns.flatMap { $0.pointee.href }.map { string($0) },
                                            value: value))
            attribute = a.pointee.next
        }
        var child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE: element.children.append(.element(self.element(c, locator: &locator)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: element.children.append(.text(string(c.pointee.content)))
            default: break  // comments, processing instructions; entity references cannot occur (see above)
            }
            child = c.pointee.next
        }
        return element
    }
}

/// Columns of start tags, found in the source in document order: libxml2 keeps a line per element
/// but no column.
private struct TagLocator {
    let bytes: [UInt8]
    private var cursor = 0
    private var cursorLine = 1

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The column of the next `<qname` at or after the cursor when it is on `line` or before; else 1.
    mutating func column(of qname: String, line: Int) -> Int {
        let needle = [UInt8(ascii: "<")] + Array(qname.utf8)
        var i = cursor, currentLine = cursorLine
        while i + needle.count <= bytes.count, currentLine <= line {
            if bytes[i] == 0x0A { currentLine += 1 }
            if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) {
                let after = i + needle.count < bytes.count ? bytes[i + needle.count] : 0x3E
                if after == 0x3E || after == 0x2F || after == 0x20 || after == 0x09 || after == 0x0A || after == 0x0D {
                    cursor = i + needle.count
                    cursorLine = currentLine
                    var start = i
                    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
                    return 1 + bytes[start..<i].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
                }
            }
            i += 1
        }
        return 1
    }
}
