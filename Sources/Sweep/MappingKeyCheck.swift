import CYaml

/// Finds the first mapping key that is not a plain scalar — a collection (`? [a]`, `{[a]: b}`) or an
/// alias (`*a: b`) — by reading libyaml's events, before Yams composes the document.
///
/// Why: Yams 6.2.2 checks every mapping for duplicate keys, and when it finds some it sorts them
/// with `Node <`, which on collections compares elements with `<` and then `>`: twice per level, so
/// time doubles with every level of nesting. A 4.6 KB file of nested complex keys (found by
/// `Fuzz/run.sh experiment`) took 6 s in release and a minute under the fuzzer. Experiment keys are
/// always names, so such keys are refused up front; the event scan is linear in the text and never
/// expands an alias.
enum MappingKeyCheck {
    /// The first non-scalar key: 1-based line and column, and what it is. Nil when every key is a
    /// scalar, or when the text is not YAML (Yams then reports the syntax error itself).
    static func firstNonScalarKey(in text: String) -> (line: Int, column: Int, what: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> (Int, Int, String)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            // Per open collection: whether it is a mapping, and whether its next node is a key.
            var open: [(mapping: Bool, expectingKey: Bool)] = []
            /// A complete node (scalar, alias or collection) was read inside the innermost collection.
            func nodeDone() {
                if let top = open.last, top.mapping { open[open.count - 1].expectingKey.toggle() }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let atKey = open.last.map { $0.mapping && $0.expectingKey } ?? false
                let mark = (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                    if atKey {
                        return (mark.0, mark.1, event.type == YAML_MAPPING_START_EVENT ? "a mapping" : "a sequence")
                    }
                    open.append((event.type == YAML_MAPPING_START_EVENT, true))
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    open.removeLast()
                    nodeDone()
                case YAML_ALIAS_EVENT:
                    if atKey { return (mark.0, mark.1, "an alias") }
                    nodeDone()
                case YAML_SCALAR_EVENT:
                    nodeDone()
                default:
                    break  // stream and document boundaries
                }
            }
        }
    }
}
