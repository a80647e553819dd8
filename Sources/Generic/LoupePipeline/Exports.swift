// Headers are swift-http-types' `HTTPFields`, in requests, downloads and data loaders alike: an
// adopter writes a loader or adds a header with `import LoupePipeline` alone.
@_exported import HTTPTypes
