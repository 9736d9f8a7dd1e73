import Foundation
import Geometry
import LabJSON
import Scenario

#if canImport(Glibc)
    import Glibc
#endif

/// An engine outside the lab that speaks its JSON-lines protocol (docs/external-engines.md): a child
/// process that is sent a scenario, then sizes, and answers each size with every view's frame. It is
/// one side of a comparison, `external:NAME`, configured in the experiment:
///
/// ```yaml
/// engines:
///   gnustep: {command: [.build-gnustep/gnustep-engine], timeout: 5, on_error: stop}
/// ```
public struct ExternalEngineSpec: Hashable, Sendable {
    public enum OnError: String, Hashable, Sendable {
        /// Stop the sweep at the unit (nothing of it is written; `--resume` continues after a fix).
        case stop
        /// Record the unit with its error and go on.
        case skip
    }

    public var name: String
    /// The program and its arguments (a relative program path resolves from the experiment file's
    /// folder, then from the current directory).
    public var command: [String]
    /// Seconds to wait for each answer.
    public var timeout: Double
    public var onError: OnError
    /// When a unit diverges, re-run it up to this many times with only the scenario's `description`
    /// changed (the engine ignores it, but its length moves every later allocation of the engine):
    /// a divergence whose other side's frame one of these runs gives is recorded with cause
    /// `heap-order` (`heap_variants` in the experiment). 0: never.
    public var heapVariants: Int

    public init(name: String, command: [String], timeout: Double = 5, onError: OnError = .stop, heapVariants: Int = 0) {
        self.name = name
        self.command = command
        self.timeout = timeout
        self.onError = onError
        self.heapVariants = heapVariants
    }
}

/// What went wrong with an external engine, for the unit that met it.
public struct ExternalEngineError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case cannotStart(String)
        case died(status: Int32)
        case timedOut(seconds: Double)
        case garbage(String)
        case reported(String)
    }

    public var engine: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .cannotStart(let m): "external engine \(engine) cannot start: \(m)"
        case .died(let status): "external engine \(engine) died (exit status \(status))"
        case .timedOut(let s): "external engine \(engine) did not answer within \(JSONWriter.plainNumber(s)) s"
        case .garbage(let line): "external engine \(engine) answered garbage: \(line.prefix(80))"
        case .reported(let m): "external engine \(engine) reported an error: \(m)"
        }
    }
}

/// One running engine process. Not thread-safe: a worker checks one out of the pool for a unit.
final class ExternalEngineProcess {
    let spec: ExternalEngineSpec
    let process = Process()
    let input = Pipe(), output = Pipe()
    var buffer: [UInt8] = []

    init(_ spec: ExternalEngineSpec) throws(ExternalEngineError) {
        self.spec = spec
        // Writing to an engine that died must be an error here, not SIGPIPE killing the lab.
        signal(SIGPIPE, SIG_IGN)
        guard let program = spec.command.first else {
            throw ExternalEngineError(engine: spec.name, problem: .cannotStart("no command"))
        }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(spec.command.dropFirst())
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw ExternalEngineError(
                engine: spec.name, problem: .cannotStart("\(program): \(error.localizedDescription)"))
        }
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
        }
        try? input.fileHandleForWriting.close()
    }

    func fail(_ p: ExternalEngineError.Problem) -> ExternalEngineError {
        ExternalEngineError(engine: spec.name, problem: p)
    }

    func send(_ value: JSONValue) throws(ExternalEngineError) {
        let line = Array((JSONWriter.write(value) + "\n").utf8)
        let fd = input.fileHandleForWriting.fileDescriptor
        var sent = 0
        while sent < line.count {
            let n = line[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { throw fail(.died(status: status())) }
            sent += n
        }
    }

    /// The exit status of an engine whose output or input just closed, waited for up to the engine's
    /// timeout; -1 is left for an engine that closed its pipes and kept running.
    func status() -> Int32 { process.exitStatus(waitingAtMost: spec.timeout) ?? -1 }

    /// The next line, waiting at most the timeout.
    func receive() throws(ExternalEngineError) -> JSONValue {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(spec.timeout)
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                guard let value = try? JSONReader.parse(line) else { throw fail(.garbage(line)) }
                if case .string(let m)? = value["error"]?.kind { throw fail(.reported(m)) }
                return value
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw fail(.timedOut(seconds: spec.timeout)) }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(min(left, 1) * 1000) + 1)
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 {
                if !buffer.isEmpty { throw fail(.garbage(String(decoding: buffer, as: UTF8.self))) }
                throw fail(.died(status: status()))
            }
            buffer += chunk[..<n]
        }
    }

    /// The frames of every view after each size, in the scenario's view order.
    func run(_ scenario: Scenario, sizes: [Size]) throws(ExternalEngineError) -> [[Rect]] {
        let scenarioValue: JSONValue
        do { scenarioValue = try JSONReader.parse(scenario.json()) } catch {
            throw fail(.garbage("scenario: \(error)"))
        }
        try send(.object([("type", .string("scenario")), ("scenario", scenarioValue)]))
        _ = try receive()
        var out: [[Rect]] = []
        for size in sizes {
            try send(
                .object([("type", .string("size")), ("width", .number(size.width)), ("height", .number(size.height))]))
            let answer = try receive()
            guard let frames = answer["frames"] else { throw fail(.garbage("no \"frames\" in the answer to a size")) }
            var step: [Rect] = []
            for v in scenario.tree.views {
                guard case .array(let f)? = frames[v.id]?.kind, f.count == 4 else {
                    throw fail(.garbage("no frame for view \(v.id)"))
                }
                var numbers: [Double] = []
                for item in f {
                    switch item.kind {
                    case .number(let x): numbers.append(x)
                    case .string("nan"): numbers.append(.nan)
                    case .string("inf"): numbers.append(.infinity)
                    case .string("-inf"): numbers.append(-.infinity)
                    default: throw fail(.garbage("view \(v.id): a frame of non-numbers"))
                    }
                }
                step.append(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
            out.append(step)
        }
        try send(.object([("type", .string("end"))]))
        _ = try receive()
        return out
    }
}

extension ExternalEngineSpec {
    /// Runs the engine over one scenario and size sequence (the protocol of docs/external-engines.md):
    /// the frames of every view after each size, in the scenario's view order.
    public func run(_ scenario: Scenario, sizes: [Size]) throws(ExternalEngineError) -> [[Rect]] {
        try ExternalEnginePool.shared.run(self, scenario: scenario, sizes: sizes)
    }
}

/// Idle engine processes, by engine, shared by the sweep's workers: a unit takes one (or
/// starts one), and gives it back unless it failed (a failed process is stopped, never reused).
final class ExternalEnginePool: @unchecked Sendable {
    static let shared = ExternalEnginePool()
    private let lock = NSLock()
    private var idle: [String: [ExternalEngineProcess]] = [:]

    func run(_ spec: ExternalEngineSpec, scenario: Scenario, sizes: [Size]) throws(ExternalEngineError) -> [[Rect]] {
        // Keyed by the whole spec: two experiments may give one name to different commands.
        let key = ([spec.name] + spec.command).joined(separator: "\u{0}")
        lock.lock()
        let reused = idle[key]?.popLast()
        lock.unlock()
        let engine: ExternalEngineProcess
        if let reused, reused.process.isRunning { engine = reused } else { engine = try ExternalEngineProcess(spec) }
        do {
            let frames = try engine.run(scenario, sizes: sizes)
            lock.lock()
            idle[key, default: []].append(engine)
            lock.unlock()
            return frames
        } catch {
            engine.stop()
            throw error
        }
    }
}
