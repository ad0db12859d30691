package dev.duet.memorylane

import dev.duet.coding.EmptyStructCodec
import dev.duet.coding.StructCodec
import dev.duet.coding.field
import dev.duet.coding.members
import java.time.Instant
import java.util.UUID

/** A person the user shares memories with. */
data class Friend(val id: UUID, val name: String) {
    companion object Coding : StructCodec<Friend>({ members(::Friend,
        field(Friend::id, uuid),
        field(Friend::name, text)) })
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
    companion object Coding : StructCodec<MemorySummary>({ members(::MemorySummary,
        field(MemorySummary::id, uuid),
        field(MemorySummary::title, text),
        field(MemorySummary::takenAt, date),
        field(MemorySummary::photoCount, int),
        field(MemorySummary::reaction, text),
        field(MemorySummary::shareCount, int)) })
}

/** How a memory is shared: `friends` or `link`, with or without its place. */
data class ShareConfig(val audience: String = "friends", val includeLocation: Boolean = true) {
    companion object Coding : StructCodec<ShareConfig>({ members(::ShareConfig,
        field(ShareConfig::audience, text),
        field(ShareConfig::includeLocation, bool)) })
}

/** A memory someone shared with the user; co-owners may edit. */
data class SharedMemory(val id: UUID, val title: String, val ownerName: String, val canEdit: Boolean = false, val isUnseen: Boolean = true) {
    companion object Coding : StructCodec<SharedMemory>({ members(::SharedMemory,
        field(SharedMemory::id, uuid),
        field(SharedMemory::title, text),
        field(SharedMemory::ownerName, text),
        field(SharedMemory::canEdit, bool),
        field(SharedMemory::isUnseen, bool)) })
}

/** What the server knows about a memory, as the detail screen shows it. */
data class MemoryContent(
    val title: String = "",
    val caption: String = "",
    val photoCount: Long = 0,
    val hasVideo: Boolean = false,
    val placeName: String = ""
) {
    companion object Coding : StructCodec<MemoryContent>({ members(::MemoryContent,
        field(MemoryContent::title, text),
        field(MemoryContent::caption, text),
        field(MemoryContent::photoCount, int),
        field(MemoryContent::hasVideo, bool),
        field(MemoryContent::placeName, text)) })
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

    companion object Coding : StructCodec<CaptureDraft>({ members(::CaptureDraft,
        field(CaptureDraft::title, text),
        field(CaptureDraft::photoIds, list(uuid)),
        field(CaptureDraft::videoIds, list(uuid)),
        field(CaptureDraft::voiceNoteIds, list(uuid)),
        field(CaptureDraft::placeName, text),
        field(CaptureDraft::friendIds, list(uuid)),
        field(CaptureDraft::happenedAt, optional(date))) })
}

/** What the photo pager persists: which photo is on screen. */
data class PhotoCarouselSummary(val position: Long = 0) {
    companion object Coding : StructCodec<PhotoCarouselSummary>({ members(::PhotoCarouselSummary,
        field(PhotoCarouselSummary::position, int)) }) {
        const val ISLAND = "memorydetail.photo-carousel"
    }
}

/** What the video player persists: where playback stands. */
data class VideoPlayerSummary(val positionMillis: Long = 0) {
    companion object Coding : StructCodec<VideoPlayerSummary>({ members(::VideoPlayerSummary,
        field(VideoPlayerSummary::positionMillis, int)) }) {
        const val ISLAND = "memorydetail.video-player"
    }
}

/** The camera and recorder chrome is native and persists nothing: an empty boundary. */
object MediaCaptureChromeSummary {
    const val ISLAND = "capture.media-capture-chrome"
    val coding = EmptyStructCodec(this)
}
