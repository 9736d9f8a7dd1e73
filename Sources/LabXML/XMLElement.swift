import LabJSON

/// An XML element that remembers where it was read, so that errors in documents built from it can
/// name the line and column (Interface Builder documents).
public struct XMLElement: Sendable {
    public var name: String
    /// Attributes in document order (the reader rejects a name given twice).
    public var attributes: [(name: String, value: String)]
    public var children: [XMLElement]
    /// The character data directly inside the element, entities resolved.
    public var text: String
    /// Where the element's `<` stands.
    public var location: SourceLocation

    public init(
        name: String, attributes: [(name: String, value: String)] = [], children: [XMLElement] = [], text: String = "",
        location: SourceLocation = .none
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.location = location
    }

    public subscript(attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }

    /// The first child with this element name (and `key` attribute, when given).
    public func child(_ name: String, key: String? = nil) -> XMLElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// Children with this element name.
    public func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// Every element below this one, depth first, in document order.
    public func descendants() -> [XMLElement] {
        var out: [XMLElement] = []
        var stack = children.reversed() as [XMLElement]
        while let e = stack.popLast() {
            out.append(e)
            stack.append(contentsOf: e.children.reversed())
        }
        return out
    }
}
