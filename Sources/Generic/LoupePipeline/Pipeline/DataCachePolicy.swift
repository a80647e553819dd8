extension ImagePipeline {
    /// What the data cache keeps, as Nuke's `DataCachePolicy` (its four cases mean what Nuke's
    /// mean), and one more. Originals of `file://` URLs are never stored: they are on disk already.
    public enum DataCachePolicy: Sendable, Hashable {
        case automatic
        case storeOriginalData
        case storeEncodedImages
        case storeAll
        /// Originals, and processed images up to `processedImageStorage.largestStored` a side; a
        /// finishing step (a ring) is drawn each time on the image before it, which is kept.
        case storeOriginalDataAndThumbnails
    }
}

extension ImagePipeline.DataCachePolicy {
    func storesOriginal(processed: Bool) -> Bool {
        switch self {
        case .automatic: !processed
        case .storeOriginalData, .storeAll, .storeOriginalDataAndThumbnails: true
        case .storeEncodedImages: false
        }
    }
}
