extension ImagePipeline {
    /// What the data cache keeps, as Nuke's `DataCachePolicy` (its four cases mean what Nuke's
    /// mean), and one more. Originals of `file://` URLs are never stored: they are on disk already.
    public enum DataCachePolicy: Sendable, Hashable {
        /// Originals of requests without processors, and processed images (only) of requests with them.
        case automatic
        /// Originals only: processed images are made again from them. The default, as Nuke's.
        case storeOriginalData
        /// Images as the pipeline encodes them: processed images of requests with processors,
        /// the decoded original re-encoded for requests without. No original as served.
        case storeEncodedImages
        /// Originals, and processed images of requests with processors.
        case storeAll
        /// Originals, and processed images no larger than
        /// `Configuration.processedImageStorage.largestStored` a side (a list's thumbnails: a disk
        /// hit is a fraction of making one again, where a large one is made again in
        /// milliseconds); a last step that is drawn on in microseconds (a ring,
        /// `ImageProcessing.finishingStep`) is drawn each time on the image before it, which is
        /// what is kept. Not Nuke's.
        case storeOriginalDataAndThumbnails
    }
}

extension ImagePipeline.DataCachePolicy {
    /// Whether a request with or without processors stores the original it loads.
    func storesOriginal(processed: Bool) -> Bool {
        switch self {
        case .automatic: !processed
        case .storeOriginalData, .storeAll, .storeOriginalDataAndThumbnails: true
        case .storeEncodedImages: false
        }
    }
}
