/**
 * What a live page needs to hear of a changed read-model document: whom to tell (`_topics`, which the projection
 * engine sets from the projection's topics) and how far the document has come (`_position`). The query side's live
 * updates watch for these fields alone, and the embedded store carries them beside each change (`notifiedFields`),
 * so a change to a large project is announced without its document being parsed.
 */
export const LIVE_UPDATE_FIELDS = ['_topics', '_position'] as const;
