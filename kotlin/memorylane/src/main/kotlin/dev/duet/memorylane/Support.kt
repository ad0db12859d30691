package memorylane

import duet.coding.EmptyStructCodec
import duet.coding.Fields
import duet.coding.StructCodec
import java.time.Instant
import java.util.UUID

/** A person the user shares memories with. */
data class Friend(val id: UUID, val name: String) {
    companion object Coding : StructCodec<Friend>() {
        private val id = field("id", uuid) { it.id }
        private val name = field("name", text) { it.name }
        override fun build(f: Fields) = Friend(f[id], f[name])
    }
}

/** One tile of a lane: enough to draw it and to open its detail. `reaction` is empty when none. */
data class MemorySummary(
    val id: UUID,
    val title: String,
    val takenAt: Instant,
    val photoCount: Long = 1,
    val reaction: String = "",
    val shareCount: Long = 0
) {
    companion object Coding : StructCodec<MemorySummary>() {
        private val id = field("id", uuid) { it.id }
        private val title = field("title", text) { it.title }
        private val takenAt = field("takenAt", date) { it.takenAt }
        private val photoCount = field("photoCount", int) { it.photoCount }
        private val reaction = field("reaction", text) { it.reaction }
        private val shareCount = field("shareCount", int) { it.shareCount }
        override fun build(f: Fields) = MemorySummary(f[id], f[title], f[takenAt], f[photoCount], f[reaction], f[shareCount])
    }
}

/** How a memory is shared: `friends` or `link`, with or without its place. */
data class ShareConfig(val audience: String = "friends", val includeLocation: Boolean = true) {
    companion object Coding : StructCodec<ShareConfig>() {
        private val audience = field("audience", text) { it.audience }
        private val includeLocation = field("includeLocation", bool) { it.includeLocation }
        override fun build(f: Fields) = ShareConfig(f[audience], f[includeLocation])
    }
}

/** A memory someone shared with the user; co-owners may edit. */
data class SharedMemory(val id: UUID, val title: String, val ownerName: String, val canEdit: Boolean = false, val isUnseen: Boolean = true) {
    companion object Coding : StructCodec<SharedMemory>() {
        private val id = field("id", uuid) { it.id }
        private val title = field("title", text) { it.title }
        private val ownerName = field("ownerName", text) { it.ownerName }
        private val canEdit = field("canEdit", bool) { it.canEdit }
        private val isUnseen = field("isUnseen", bool) { it.isUnseen }
        override fun build(f: Fields) = SharedMemory(f[id], f[title], f[ownerName], f[canEdit], f[isUnseen])
    }
}

/** What the server knows about a memory, as the detail screen shows it. */
data class MemoryContent(
    val title: String = "",
    val caption: String = "",
    val photoCount: Long = 0,
    val hasVideo: Boolean = false,
    val placeName: String = ""
) {
    companion object Coding : StructCodec<MemoryContent>() {
        private val title = field("title", text) { it.title }
        private val caption = field("caption", text) { it.caption }
        private val photoCount = field("photoCount", int) { it.photoCount }
        private val hasVideo = field("hasVideo", bool) { it.hasVideo }
        private val placeName = field("placeName", text) { it.placeName }
        override fun build(f: Fields) = MemoryContent(f[title], f[caption], f[photoCount], f[hasVideo], f[placeName])
    }
}

/** The memory being put together; every id and date in it came in through an action. */
data class CaptureDraft(
    val title: String = "",
    val photoIds: List<UUID> = emptyList(),
    val videoIds: List<UUID> = emptyList(),
    val voiceNoteIds: List<UUID> = emptyList(),
    val placeName: String = "",
    val friendIds: List<UUID> = emptyList(),
    /** When the memory happened; absent means "when it is saved". */
    val happenedAt: Instant? = null
) {
    val hasMedia: Boolean get() = photoIds.isNotEmpty() || videoIds.isNotEmpty() || voiceNoteIds.isNotEmpty()

    companion object Coding : StructCodec<CaptureDraft>() {
        private val title = field("title", text) { it.title }
        private val photoIds = field("photoIds", list(uuid)) { it.photoIds }
        private val videoIds = field("videoIds", list(uuid)) { it.videoIds }
        private val voiceNoteIds = field("voiceNoteIds", list(uuid)) { it.voiceNoteIds }
        private val placeName = field("placeName", text) { it.placeName }
        private val friendIds = field("friendIds", list(uuid)) { it.friendIds }
        private val happenedAt = field("happenedAt", optional(date)) { it.happenedAt }
        override fun build(f: Fields) =
            CaptureDraft(f[title], f[photoIds], f[videoIds], f[voiceNoteIds], f[placeName], f[friendIds], f[happenedAt])
    }
}

/** What the photo pager persists: which photo is on screen. */
data class PhotoCarouselSummary(val position: Long = 0) {
    companion object Coding : StructCodec<PhotoCarouselSummary>() {
        const val ISLAND = "memorydetail.photo-carousel"
        private val position = field("position", int) { it.position }
        override fun build(f: Fields) = PhotoCarouselSummary(f[position])
    }
}

/** What the video player persists: where playback stands. */
data class VideoPlayerSummary(val positionMillis: Long = 0) {
    companion object Coding : StructCodec<VideoPlayerSummary>() {
        const val ISLAND = "memorydetail.video-player"
        private val positionMillis = field("positionMillis", int) { it.positionMillis }
        override fun build(f: Fields) = VideoPlayerSummary(f[positionMillis])
    }
}

/** The camera and recorder chrome is native and persists nothing: an empty boundary. */
object MediaCaptureChromeSummary {
    const val ISLAND = "capture.media-capture-chrome"
    val coding = EmptyStructCodec(this)
}
