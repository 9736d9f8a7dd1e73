// Reading values back (kiwi: updateVariables): the definition rows flattened, in dependency order.

/// The definition rows (rows whose basic symbol is external) as one flat program. A definition may
/// read other definitions' variables: evaluated in dependency order, each reads values computed
/// before it. Only its variable terms are compiled: the restricted symbols a definition names are
/// never basic (Simplex.swift), so they are worth 0. Pivots rewrite a definition's restricted cells
/// and its constant (read from the row at evaluation), never its variable terms, so the program stays
/// valid until a constraint is added or removed (`programDirty`).
@usableFromInline
struct ValueProgram {
    /// One definition: its symbol, its row slot, and the end of its terms in `terms`.
    @usableFromInline
    struct Definition {
        @usableFromInline var symbol: Int32
        @usableFromInline var slot: Int32
        @usableFromInline var end: Int32
    }

    /// One variable term of a definition row. `unit` marks a coefficient of exactly 1, added without a
    /// multiplication: in a chain of views each definition reads the one before, so the evaluation is
    /// one long dependency, and a multiply in every link doubled its latency.
    @usableFromInline
    struct Term {
        @usableFromInline var symbol: Int32
        @usableFromInline var unit: Bool
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
        if driftMeasureDue {
            rebuildIfDrifted()
            if programDirty {  // rebuilt
                ensureOrder()
                buildProgram()
            }
        }
        // Every array is reached through a mutable buffer (an in-place access: a read-only one
        // retained and released each array on every call, a tenth of a step,
        // `Tools/profile.sh EngineC7advance`).
        rows.withUnsafeMutableBufferPointer { rows in
            extValue.withUnsafeMutableBufferPointer { extValue in
                program.definitions.withUnsafeMutableBufferPointer { definitions in
                    program.terms.withUnsafeMutableBufferPointer { terms in
                        ValueProgram.evaluate(definitions, terms, rows: rows, into: extValue)
                    }
                }
            }
        }
        if refinementDue {
            refineValues()
            refinementDue = false
        }
        // A free parameter's `extValue` is 0 (`buildProgram`), so no check of `rowOf` here.
        extValue.withUnsafeMutableBufferPointer { extValue in
            objectRefs.withUnsafeMutableBufferPointer { objectRefs in
                for r in objectRefs {
                    let v = extValue[Int(r.symbol)]
                    r.object._withUnsafeGuaranteedRef { $0.value = v }
                }
            }
        }
    }

    /// Flattens the definitions, in dependency order, for `updateVariables`. Runs once after the
    /// constraints change, on the first step after a build.
    @usableFromInline
    mutating func buildProgram() {
        program.removeAll()
        // Variables that lost their definitions are free parameters now, worth 0: their last values
        // are cleared once here instead of checked on every update.
        for i in varSyms.indices where rowOf[Int(varSyms[i])] < 0 { extValue[Int(varSyms[i])] = 0 }
        rows.withUnsafeBufferPointer { rows in
            pool.withUnsafeBufferPointer { pool in
                kinds.withUnsafeBufferPointer { kinds in
                    for x in order {
                        let r = rowOf[Int(x)]
                        let row = rows[Int(r)]
                        // A free parameter (a variable with no definition) is worth 0; which variables have
                        // definitions changes only when a constraint is added or removed.
                        for c in Int(row.start)..<Int(row.start + row.count)
                        where kinds[Int(pool[c].sym)] == .external && rowOf[Int(pool[c].sym)] >= 0 {
                            let a = pool[c].coef
                            program.terms.append(ValueProgram.Term(symbol: pool[c].sym, unit: a == 1, coefficient: a))
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
    /// Each definition's value into `values[symbol]`: its row constant plus its terms, each a variable
    /// with a definition computed before it (free parameters, worth 0, are not compiled).
    @inlinable @inline(__always)
    static func evaluate(
        _ definitions: UnsafeMutableBufferPointer<Definition>, _ terms: UnsafeMutableBufferPointer<Term>,
        rows: UnsafeMutableBufferPointer<Row>, into values: UnsafeMutableBufferPointer<Double>
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
                let x = s == lastX ? lastV : values[s]
                if term.unit { v += x } else { v += term.coefficient * x }
                k += 1
            }
            lastX = Int(definition.symbol)
            lastV = v
            values[lastX] = v
        }
    }
}
