/// Processing steps, each `Hashable` with an `identifier` that goes into cache keys.
public enum ImageProcessors {}
