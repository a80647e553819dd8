extension ImageProcessors {
    /// Steps applied in order, as one processor: `[Resize(side: 64), Circle()]`.
    public struct Composition: ImageProcessing {
        public var processors: [any ImageProcessing]

        public init(_ processors: [any ImageProcessing]) {
            self.processors = processors
        }

        /// Its steps' identifiers, as if they were not composed: a composition of compositions, or a
        /// request's steps given one by one, name the same pixels alike (as Nuke's).
        public var identifier: String { processors.identifier }
        public var minimumInputSide: Int? { processors.minimumInputSide }

        public func process(_ image: Bitmap) throws -> Bitmap {
            try processors.reduce(image) { try $1.process($0) }
        }
    }
}
