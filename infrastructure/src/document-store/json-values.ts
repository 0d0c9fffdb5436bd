/**
 * Documents hold JSON values: what the embedded store keeps (it stores JSON text) is what every adapter keeps. The
 * MongoDB driver would otherwise store `undefined` as null, keep a Date as a BSON date (read back as a Date, not
 * the ISO text the embedded store gives), and NaN as NaN: code that passes on one store would read different
 * values on the other. A bigint is refused by both (JSON cannot hold one).
 */
export const asJsonValues = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
