/// Browse's background work, each task owned by the part of the screen that asked for it: a
/// part's tasks are cancelled when it is replaced (new results, another page, another detail),
/// and every task when browse quits. Used from browse's event loop only.
final class ScreenTasks {
    /// The part of the screen a task works for.
    enum Owner: Hashable {
        /// An episode's cast or a location's residents.
        case people
        /// The list's avatars.
        case avatars
        /// The page being fetched.
        case page
        /// The detail's episodes and avatar.
        case detail
        /// Copying to tmux's buffer.
        case share
    }

    private var running: [Owner: [Task<Void, Never>]] = [:]
    /// Tasks started so far.
    private(set) var started = 0

    /// Cancels `owner`'s tasks: what they were fetching is no longer on screen.
    func replace(_ owner: Owner) {
        running[owner]?.forEach { $0.cancel() }
        running[owner] = []
    }

    /// Starts `work` for `owner`, alongside its other tasks.
    func start(_ owner: Owner, _ work: @escaping @Sendable () async -> Void) {
        running[owner, default: []].removeAll { $0.isCancelled }
        running[owner, default: []].append(Task { await work() })
        started += 1
    }

    /// Cancels every task (on quit).
    func cancelAll() {
        for owner in Array(running.keys) { replace(owner) }
    }

    deinit {
        for tasks in running.values { tasks.forEach { $0.cancel() } }
    }
}
