import CLoupeCurl
import HTTPTypes

/// One GET on a libcurl easy handle. Made on the caller's task, then touched only by
/// `CurlEngine`'s thread (libcurl's callbacks run there), so it needs no lock: `@unchecked Sendable`.
final class CurlTransfer: @unchecked Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: HTTPFields
        var body: [UInt8]
        /// The protocol spoken, and whether this transfer opened a connection.
        var connection: ConnectionLog.Use?
    }

    enum Failure: Error, Sendable, Equatable {
        /// libcurl's code and message, the `errno` of a failed connect (0 when none), whether the
        /// request was sent, and the body's bytes received before it failed.
        case curl(code: Int, message: String, systemError: Int32, connected: Bool, received: Int)
        /// The body passed `maxBodyBytes`.
        case tooLarge
        case cancelled
        /// libcurl could not be loaded; the loader's reason.
        case unavailable(String)
    }

    let handle: UnsafeMutableRawPointer
    let maxBodyBytes: Int
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var body: [UInt8] = []
    private var headers = HTTPFields()
    private var overflowed = false
    /// The length the response declared, when it did and it is under the cap.
    private var declaredLength: Int?
    var onProgress: (@Sendable (_ received: Int, _ expected: Int?) -> Void)?
    var continuation: CheckedContinuation<Response, any Error>?
    /// Whether its task was cancelled; read and written only under `CurlEngine`'s inbox lock.
    var cancelRequested = false

    /// A transfer of `url`; `nil` when libcurl cannot make a handle. libcurl must be loaded.
    init?(
        url: String, headers requestHeaders: HTTPFields, userAgent: String, timeoutMilliseconds: Int,
        connectTimeoutMilliseconds: Int, maxBodyBytes: Int, trustedCertificates: String?, login: HostLogin?
    ) {
        guard let handle = rdx_curl_easy_init() else { return nil }
        self.handle = handle
        self.maxBodyBytes = maxBodyBytes
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        for field in requestHeaders {
            headerList = rdx_curl_slist_append(headerList, "\(field.name.rawName): \(field.value)")
        }
        rdx_curl_set_string(handle, CURLOPT_URL, url)
        rdx_curl_set_string(handle, CURLOPT_USERAGENT, userAgent)
        rdx_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList)
        rdx_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        rdx_curl_set_pointer(handle, CURLOPT_PRIVATE, Unmanaged.passUnretained(self).toOpaque())
        rdx_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        rdx_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Redirects are followed by `HTTPTransport`, hop by hop, each hop checked first.
        rdx_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // The deadline covers the whole transfer, body included.
        rdx_curl_set_long(handle, CURLOPT_TIMEOUT_MS, timeoutMilliseconds)
        rdx_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connectTimeoutMilliseconds)
        rdx_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        // As the curl tool: reads of up to 100 KiB, so a small image is a recv or two, not one per 16 KiB.
        rdx_curl_set_long(handle, CURLOPT_BUFFERSIZE, 100 * 1024)
        // A declared length over the cap is refused before the body is read.
        rdx_curl_set_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBodyBytes))
        // Every encoding this libcurl decodes (gzip, deflate, ...), as `curl --compressed`.
        rdx_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        // Proxies are named by --api (an HTTP cache in front of the API), not the environment.
        rdx_curl_set_string(handle, CURLOPT_PROXY, "")
        // HTTP/2 over TLS when the server speaks it; a new transfer waits for a connection that
        // may multiplex rather than opening one of its own (as `curl --parallel`). Plain HTTP is
        // HTTP/1.1 here, which never multiplexes: a transfer waiting would wait in libcurl's
        // queue until the first answer, and time out there as if the host could not be reached.
        rdx_curl_set_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        rdx_curl_set_long(handle, CURLOPT_PIPEWAIT, url.lowercased().hasPrefix("https:") ? 1 : 0)
        if let trustedCertificates { rdx_curl_set_string(handle, CURLOPT_CAINFO, trustedCertificates) }
        // Given only for the login's own host (redirects are separate transfers).
        if let credentials = login?.credentials {
            rdx_curl_set_string(handle, CURLOPT_USERNAME, credentials.user)
            rdx_curl_set_string(handle, CURLOPT_PASSWORD, credentials.password)
        } else if let netrc = login?.netrcFile {
            rdx_curl_set_long(handle, CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue))
            rdx_curl_set_string(handle, CURLOPT_NETRC_FILE, netrc)
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        rdx_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, Self.receiveBody)
        rdx_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        rdx_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, Self.receiveHeader)
        rdx_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
    }

    deinit {
        rdx_curl_easy_cleanup(handle)
        rdx_curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// The transfer that owns `handle` (set as its `CURLOPT_PRIVATE`).
    static func owner(of handle: UnsafeMutableRawPointer) -> CurlTransfer? {
        var pointer: UnsafeMutableRawPointer?
        guard rdx_curl_get_pointer(handle, CURLINFO_PRIVATE, &pointer) == CURLE_OK, let pointer else { return nil }
        return Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
    }

    func outcome(_ code: CURLcode) -> Result<Response, Failure> {
        if overflowed { return .failure(.tooLarge) }
        guard code == CURLE_OK else {
            if code == CURLE_FILESIZE_EXCEEDED { return .failure(.tooLarge) }
            // Whether the request went out: on a reused connection the connect time is 0.
            var requestBytes = 0
            rdx_curl_get_long(handle, CURLINFO_REQUEST_SIZE, &requestBytes)
            var systemError = 0
            rdx_curl_get_long(handle, CURLINFO_OS_ERRNO, &systemError)
            let detail = String(cString: errorBuffer)
            let message = detail.isEmpty ? String(cString: rdx_curl_easy_strerror(code)) : detail
            return .failure(
                .curl(
                    code: Int(code.rawValue), message: message, systemError: Int32(truncatingIfNeeded: systemError),
                    connected: requestBytes > 0, received: body.count))
        }
        var status = 0
        rdx_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        rdx_curl_get_long(handle, CURLINFO_HTTP_VERSION, &version)
        var opened = 0
        rdx_curl_get_long(handle, CURLINFO_NUM_CONNECTS, &opened)
        let connection = ConnectionLog.Use(protocol: ConnectionLog.protocolName(version), opened: opened)
        return .success(Response(status: status, headers: headers, body: body, connection: connection))
    }

    // MARK: Callbacks, on the engine's thread

    private static let receiveBody: rdx_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard transfer.body.count + length <= transfer.maxBodyBytes else {
            // Returning less than given stops the transfer (CURLE_WRITE_ERROR).
            transfer.overflowed = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        transfer.onProgress?(transfer.body.count, transfer.declaredLength)
        return length
    }

    private static let receiveHeader: rdx_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
        transfer.header(line)
        return length
    }

    /// One header line: a status line starts a new response (after a redirect or a 100), whose
    /// headers replace those before it.
    private func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = HTTPFields()
            declaredLength = nil
            return
        }
        guard let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = line[..<colon].trimmingHeaderSpace()
        let value = line[line.utf8.index(after: colon)...].trimmingHeaderSpace(also: [0x0D, 0x0A])
        // A name that is no HTTP token is no header: dropped, as a strict client would.
        guard let name = HTTPField.Name(name) else { return }
        headers.append(HTTPField(name: name, value: value))
        if name == .contentLength, let declared = Int(value), declared <= maxBodyBytes {
            declaredLength = declared
            body.reserveCapacity(declared)
        }
    }
}
