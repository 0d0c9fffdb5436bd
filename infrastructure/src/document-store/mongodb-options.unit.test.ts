import { describe, expect, it } from 'vitest';
import { MONGO_TIMEOUTS, mongoClientOptions } from './mongodb-document-store.ts';

describe('MongoDB client options', () => {
  it('bounds every wait of the driver: no request hangs on a hung connection', () => {
    expect(mongoClientOptions('mongodb://mongo:27017/?replicaSet=rs0')).toEqual(MONGO_TIMEOUTS);
    for (const value of Object.values(MONGO_TIMEOUTS)) expect(value).toBeGreaterThan(0);
  });

  it('leaves a bound the URL sets to the URL, whatever its case', () => {
    const options = mongoClientOptions('mongodb://h1,h2/?replicaSet=rs0&sockettimeoutms=60000&serverSelectionTimeoutMS=2000');
    expect(options).toEqual({ connectTimeoutMS: 10_000, waitQueueTimeoutMS: 10_000 });
  });
});
