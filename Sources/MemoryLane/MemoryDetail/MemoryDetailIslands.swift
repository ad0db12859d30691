import Duet

/// What the photo pager persists: which photo is on screen. Its paging physics stay native.
public struct PhotoCarouselSummary: IslandBoundary, Equatable {
    public static let islandID = "memorydetail.photo-carousel"
    public var position: Int
    public init(position: Int = 0) { self.position = position }
}

/// What the video player persists: where playback stands. Buffers and decoders stay native.
public struct VideoPlayerSummary: IslandBoundary, Equatable {
    public static let islandID = "memorydetail.video-player"
    public var positionMillis: Int
    public init(positionMillis: Int = 0) { self.positionMillis = positionMillis }
}
