/// What `layoutlab serve` serves and where it listens.
public struct ServerConfiguration: Sendable {
    /// The results database the Results page browses (opened read-only); nil: the page says there is none.
    public var database: String?
    /// Files (scenarios, Interface Builder documents) are read from under this folder only.
    public var root: String
    /// The address to bind: the loopback unless told otherwise (a server has no business being reachable).
    public var host: String
    /// 0: any free port (the started server says which).
    public var port: UInt16
    /// Request bodies larger than this are refused (413), unread.
    public var bodyLimit: Int
    /// The curated queries the SQL box offers (`*.sql`); nil: none.
    public var queries: String?

    public init(
        database: String? = nil, root: String = ".", host: String = "127.0.0.1", port: UInt16 = 8080,
        bodyLimit: Int = 8 << 20, queries: String? = nil
    ) {
        self.database = database
        self.root = root
        self.host = host
        self.port = port
        self.bodyLimit = bodyLimit
        self.queries = queries
    }
}
