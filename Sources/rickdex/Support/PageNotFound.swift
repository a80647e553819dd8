/// A page past the last of a listing: the listing's real size, exit code 3.
struct PageNotFound: ReportableError {
    let page: Int
    let pages: Int
    let count: Int

    var description: String {
        "there is no page \(page): the \(count) \(count == 1 ? "match fits" : "matches fit") on \(pages) \(pages == 1 ? "page" : "pages")"
    }
    var hint: String? { pages == 1 ? "Leave out --page." : "Ask for --page 1 to \(pages), or --all." }
    var exitCode: Int32 { ErrorReport.notFound }
}
