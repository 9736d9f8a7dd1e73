/// The kinds of tableau symbols (Badros, Borning & Stuckey 2001; kiwi `Symbol::Type`).
///
/// * `external` — a user `Variable`; unrestricted in sign.
/// * `slack` — the slack of an inequality; ≥ 0. The marker of a required inequality.
/// * `error` — the error of a non-required constraint; ≥ 0 and weighted in the objective.
/// * `dummy` — the marker of a required equality; always 0, never enters the basis.
@usableFromInline
enum SymbolKind: UInt8 {
    case external, slack, error, dummy
}

/// Symbols are small integer ids (`Int32`) that index the solver's dense per-symbol arrays, so the
/// hot paths never hash. Ids grow in creation order, which is also kiwi's tie-break order.
@usableFromInline
typealias SymbolID = Int32

/// The symbols a constraint added to the tableau (kiwi: `Tag`): `marker` identifies the
/// constraint's contribution in every row (used for removal, edits and conflict sets); `other` is the
/// second error symbol of a non-required equality or the error of a non-required inequality.
@usableFromInline
struct Tag {
    @usableFromInline var marker: SymbolID
    @usableFromInline var other: SymbolID  // -1 when absent

    @inlinable init(marker: SymbolID, other: SymbolID) {
        self.marker = marker
        self.other = other
    }
}
