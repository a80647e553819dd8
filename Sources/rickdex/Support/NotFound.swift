/// Something asked for by a name the API has no item for (an episode code, a character's name),
/// as the API's own "not found" is for an id: exit code 3.
struct NotFound: ReportableError {
    /// What was asked for, e.g. `episode S09E99`.
    let what: String
    /// The nearest known names, say, when there are any.
    var hint: String? = nil

    var description: String { "\(what) not found" }
    var exitCode: Int32 { ErrorReport.notFound }
}
