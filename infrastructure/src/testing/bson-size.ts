import { BSON } from 'mongodb';

/** What a document weighs in MongoDB, which refuses one over 16 MB: for tests that bound a read model's documents. */
export const bsonBytes = (document: object) => BSON.calculateObjectSize(document);

/** MongoDB's largest document (BSON), bytes. */
export const MONGODB_MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
