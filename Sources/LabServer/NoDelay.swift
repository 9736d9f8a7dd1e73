#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Nagle's algorithm off on the server's listening socket, so every connection it accepts
/// inherits `TCP_NODELAY` (Linux and the BSDs copy it to accepted sockets).
///
/// FlyingFox writes a response's header and its body in two writes. With Nagle's algorithm on, the
/// body waits for the header's acknowledgement, which the client delays (up to 40 ms on Linux): every
/// playground round trip took 48 ms where the layout took 2.4 (`layoutlab-bench --only serve`). The
/// server owns its socket and offers no option for this, so the listening socket is found by the port
/// it is bound to.
enum NoDelay {
    static func setOnListeningSocket(port: UInt16) {
        for fd in Int32(0)..<1024 {
            var accepting: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &size) == 0, accepting != 0 else { continue }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard bound == 0, Self.port(of: address) == port else { continue }
            var on: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    static func port(of address: sockaddr_storage) -> UInt16? {
        var a = address
        return withUnsafePointer(to: &a) { p in
            switch Int32(p.pointee.ss_family) {
            case AF_INET:
                p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default: nil
            }
        }
    }
}
