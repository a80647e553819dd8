extension ImagePipeline {
    /// What the data cache keeps, as Nuke's `DataCachePolicy`.
    public enum DataCachePolicy: Sendable, Hashable {
        /// Originals as served, and a processed image where keeping it pays: at most
        /// `Configuration.processedImageStorage.largestStored` pixels a side (a list's thumbnails;
        /// a large one is made again in milliseconds), and without a finishing step that is drawn
        /// on in microseconds (a ring: the image before it is kept instead).
        case automatic
        /// Originals only: processed images are made again from them.
        case storeOriginalData
        /// Processed images only (and originals of requests with no processors): a request with
        /// new processors downloads the original again.
        case storeEncodedImages
        /// Originals and every processed image.
        case storeAll
    }
}
