/// Ids asked for that name no character (the API's batch answer leaves them out): named, exit
/// code 3, after the others were done.
struct UnknownIDs: ReportableError {
    let ids: [Int]

    var description: String {
        let listed = ids.prefix(20).map(String.init).joined(separator: ", ") + (ids.count > 20 ? ", …" : "")
        return "no character has the id\(ids.count == 1 ? "" : "s") \(listed) (\(ids.count) unknown; the others were done)"
    }
    var hint: String? { "rickdex search lists the characters there are, with their ids." }
    var exitCode: Int32 { ErrorReport.notFound }
}
