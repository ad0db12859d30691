package dev.duet.memorylane

import dev.duet.composition.Embedding

/** The lane's children: a detail per route of its stack, and the share picker sheet. */
object TimelineEmbeddings {
    val memoryDetail = Embedding.forEach(Timeline, MemoryDetail, path = { it.path }, route = Timeline.Route.Coding) { delegate ->
        when (delegate) {
            is MemoryDetail.EffectPayload.MemoryDeleted -> Timeline.Action.MemoryDeleted(delegate.memoryId)
            is MemoryDetail.EffectPayload.LoadMemory, is MemoryDetail.EffectPayload.SaveCaption,
            is MemoryDetail.EffectPayload.SaveReaction, is MemoryDetail.EffectPayload.DeleteMemory -> null
        }
    }

    val sharePicker = Embedding.ifLet(Timeline, SharePicker, shown = { it.sheet is Timeline.Sheet.SharePicker }) { delegate ->
        when (delegate) {
            is SharePicker.EffectPayload.ShareFinished -> Timeline.Action.ShareFinished(delegate.memoryId, delegate.recipientCount)
            SharePicker.EffectPayload.SheetDismissed -> Timeline.Action.SheetDismissed
            SharePicker.EffectPayload.LoadFriends, is SharePicker.EffectPayload.Share -> null
        }
    }

    val all: List<Embedding<*, *, *, *, *>> = listOf(memoryDetail, sharePicker)
}

/** The shared tab's child: the reshare picker sheet. */
object SharedEmbeddings {
    val sharePicker = Embedding.ifLet(Shared, SharePicker, shown = { it.sheet is Shared.Sheet.SharePicker }) { delegate ->
        when (delegate) {
            is SharePicker.EffectPayload.ShareFinished -> Shared.Action.ShareFinished(delegate.memoryId, delegate.recipientCount)
            SharePicker.EffectPayload.SheetDismissed -> Shared.Action.SheetDismissed
            SharePicker.EffectPayload.LoadFriends, is SharePicker.EffectPayload.Share -> null
        }
    }

    val all: List<Embedding<*, *, *, *, *>> = listOf(sharePicker)
}

/** The detail's child: the share picker sheet for its memory. */
object MemoryDetailEmbeddings {
    val sharePicker = Embedding.ifLet(MemoryDetail, SharePicker, shown = { it.sheet is MemoryDetail.Sheet.SharePicker }) { delegate ->
        when (delegate) {
            is SharePicker.EffectPayload.ShareFinished -> MemoryDetail.Action.ShareFinished(delegate.memoryId, delegate.recipientCount)
            SharePicker.EffectPayload.SheetDismissed -> MemoryDetail.Action.SheetDismissed
            SharePicker.EffectPayload.LoadFriends, is SharePicker.EffectPayload.Share -> null
        }
    }

    val all: List<Embedding<*, *, *, *, *>> = listOf(sharePicker)
}
