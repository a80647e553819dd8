extension ImageProcessors {
    /// A processor made of a closure, named by the caller: the name must change whenever what the
    /// closure does does.
    public struct Anonymous: ImageProcessing {
        public let identifier: String
        public let minimumInputSide: Int?
        private let closure: @Sendable (Bitmap) throws -> Bitmap

        public init(id: String, minimumInputSide: Int? = nil, _ closure: @escaping @Sendable (Bitmap) throws -> Bitmap) {
            self.identifier = id
            self.minimumInputSide = minimumInputSide
            self.closure = closure
        }

        public func process(_ image: Bitmap) throws -> Bitmap { try closure(image) }
    }
}
