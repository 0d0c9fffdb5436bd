/**
 * The analytics read models count activity per UTC hour: one document per hour, `_id` its start as
 * `YYYY-MM-DDTHH` and `hour` the full ISO instant, so a range query compares strings. An event's hour comes from
 * the moment it names (the command's `metadata.now`), never from when the projection saw it: a rebuild puts
 * every event back in the hour it happened.
 */
export const hourOf = (moment: string): { id: string; hour: string } | null => {
  const time = Date.parse(moment);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  return { id: iso.slice(0, 13), hour: `${iso.slice(0, 13)}:00:00.000Z` };
};

/** The hour a document id names, as an ISO instant. */
export const hourOfId = (id: string) => `${id}:00:00.000Z`;

/** Adds `by` to `key` of a count map without touching the map given. */
export const increment = <K extends string>(counts: Partial<Record<K, number>>, key: K, by = 1): Partial<Record<K, number>> => ({
  ...counts,
  [key]: (counts[key] ?? 0) + by,
});
