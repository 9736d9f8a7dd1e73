// Reading values back (kiwi: updateVariables): the definition rows flattened, in dependency order.

/// The definition rows (rows whose basic symbol is external) as one flat program. Rows here are
/// substituted lazily, so a definition may read other basic symbols: evaluated in dependency order,
/// each reads values computed before it. A pivot leaves definition rows as they are, so the program
/// stays valid until a constraint is added or removed (`programDirty`).
@usableFromInline
struct ValueProgram {
    /// One definition: its symbol, its row slot, and the end of its terms in `terms`.
    @usableFromInline
    struct Definition {
        @usableFromInline var symbol: Int32
        @usableFromInline var slot: Int32
        @usableFromInline var end: Int32
    }

    /// One cell of a definition row. `external` is the symbol's kind, which never changes: external
    /// symbols are worth their computed value when basic, restricted ones their row constant.
    @usableFromInline
    struct Term {
        @usableFromInline var symbol: Int32
        @usableFromInline var external: Bool
        @usableFromInline var coefficient: Double
    }

    @usableFromInline var definitions: SolverArray<Definition> = []
    @usableFromInline var terms: SolverArray<Term> = []

    @inlinable init() {}

    mutating func removeAll() {
        definitions.removeAll(keepingCapacity: true)
        terms.removeAll(keepingCapacity: true)
    }
}

extension SolverCore {
    @usableFromInline
    mutating func updateVariables() {
        ensureOrder()
        if programDirty { buildProgram() }
        // Every array is reached through a mutable buffer (an in-place access: a read-only one
        // retained and released each array on every call, a tenth of a step,
        // `Tools/profile.sh EngineC7advance`).
        rows.withUnsafeMutableBufferPointer { rows in
            rowOf.withUnsafeMutableBufferPointer { rowOf in
                extValue.withUnsafeMutableBufferPointer { extValue in
                    program.definitions.withUnsafeMutableBufferPointer { definitions in
                        program.terms.withUnsafeMutableBufferPointer { terms in
                            ValueProgram.evaluate(definitions, terms, rows: rows, rowOf: rowOf, into: extValue)
                        }
                    }
                    objectRefs.withUnsafeMutableBufferPointer { objectRefs in
                        varSyms.withUnsafeMutableBufferPointer { varSyms in
                            // `value(ofVariable:)` inlined by hand: through the call this loop measured
                            // slower (chain:1000 resize 7.2–8.9 against 4.4–7.2 µs, commit 01ba5b7).
                            for r in objectRefs {
                                let s = Int(varSyms[Int(r.variable)])
                                let v = rowOf[s] >= 0 ? extValue[s] : 0
                                r.object._withUnsafeGuaranteedRef { $0.value = v }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Flattens the definitions, in dependency order, for `updateVariables`. Runs once after the
    /// constraints change, on the first step after a build.
    @usableFromInline
    mutating func buildProgram() {
        program.removeAll()
        rows.withUnsafeBufferPointer { rows in
            pool.withUnsafeBufferPointer { pool in
                kinds.withUnsafeBufferPointer { kinds in
                    for x in order {
                        let r = rowOf[Int(x)]
                        let row = rows[Int(r)]
                        for c in Int(row.start)..<Int(row.start + row.count) where kinds[Int(pool[c].sym)] == .external {
                            program.terms.append(
                                ValueProgram.Term(symbol: pool[c].sym, external: true, coefficient: pool[c].coef))
                        }
                        program.definitions.append(
                            ValueProgram.Definition(symbol: x, slot: r, end: Int32(program.terms.count)))
                    }
                }
            }
        }
        programDirty = false
    }
}

extension ValueProgram {
    /// Each definition's value into `values[symbol]`: its row constant plus its terms, a term's symbol
    /// worth its computed value when basic and external, its row constant when basic and restricted,
    /// 0 when non-basic.
    @inlinable @inline(__always)
    static func evaluate(
        _ definitions: UnsafeMutableBufferPointer<Definition>, _ terms: UnsafeMutableBufferPointer<Term>,
        rows: UnsafeMutableBufferPointer<Row>, rowOf: UnsafeMutableBufferPointer<Int32>,
        into values: UnsafeMutableBufferPointer<Double>
    ) {
        var k = 0
        // The definition just computed, kept in a register: in dependency order the next one often
        // reads it (a chain of views each placed against the one before), and reading it back from
        // memory would wait for the store (chain:1000 resize 5.8–6.4 → 4.0–4.5 µs in alternating runs
        // of `layoutlab-bench --only chain:1000 --op resize`).
        var lastX = -1
        var lastV = 0.0
        for definition in definitions {
            var v = rows[Int(definition.slot)].constant
            let end = Int(definition.end)
            while k < end {
                let term = terms[k]
                let s = Int(term.symbol)
                let sr = rowOf[s]
                if sr >= 0 {
                    let x = s == lastX ? lastV : term.external ? values[s] : rows[Int(sr)].constant
                    v += term.coefficient * x
                }
                k += 1
            }
            lastX = Int(definition.symbol)
            lastV = v
            values[lastX] = v
        }
    }
}
