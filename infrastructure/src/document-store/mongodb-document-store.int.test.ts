import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';
import { documentStoreContract } from './document-store.contract.ts';
import { openMongoDocumentStore } from './mongodb-document-store.ts';

const url = process.env.MONGODB_URL;

describe.skipIf(!url)('mongodb document store', () => {
  documentStoreContract('mongodb', async () => {
    const mongoUrl = url ?? '';
    const database = `document_store_contract_${randomUUID().replaceAll('-', '')}`;
    const store = await openMongoDocumentStore({ url: mongoUrl, database });
    return {
      store,
      cleanup: async () => {
        await store.close();
        const client = await MongoClient.connect(mongoUrl);
        try {
          await client.db(database).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  });
});
