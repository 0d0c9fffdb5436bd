import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores } from '../testing/embedded-stores.ts';
import { createDocumentKeyVault, KEY_VAULT_COLLECTION } from './key-vault.ts';
import { secretsKeyFor } from './secrets-key.ts';

const serverKey = 'c3'.repeat(32);
const apiKey = 'AIzaSyD-vault-test-key-9876543210';

let stores: Awaited<ReturnType<typeof openTestStores>>;
beforeEach(async () => (stores = await openTestStores()));
afterEach(() => stores.cleanup());

describe('document key vault', () => {
  it('stores a key encrypted and gives it back', async () => {
    const vault = createDocumentKeyVault({ documentStore: stores.documentStore, secretsKey: serverKey });
    await vault.put('project-1', { keyId: 'k1', apiKey });
    expect(await vault.get('project-1')).toEqual({ keyId: 'k1', apiKey });
    expect(await vault.keyIdOf('project-1')).toBe('k1');
    const stored = await stores.documentStore.findOne(KEY_VAULT_COLLECTION, { _id: 'project-1' });
    expect(JSON.stringify(stored)).not.toContain(apiKey);
  });

  it('deleting removes the ciphertext itself', async () => {
    const vault = createDocumentKeyVault({ documentStore: stores.documentStore, secretsKey: serverKey });
    await vault.put('project-1', { keyId: 'k1', apiKey });
    await vault.delete('project-1');
    expect(await stores.documentStore.findOne(KEY_VAULT_COLLECTION, { _id: 'project-1' })).toBeNull();
    expect(await vault.get('project-1')).toBeNull();
  });

  it('treats a key sealed under another server key as no key, and says so', async () => {
    await createDocumentKeyVault({ documentStore: stores.documentStore, secretsKey: serverKey }).put('project-1', { keyId: 'k1', apiKey });
    const unreadable: string[] = [];
    const rotated = createDocumentKeyVault({
      documentStore: stores.documentStore,
      secretsKey: 'd4'.repeat(32),
      onUnreadable: (id) => unreadable.push(id),
    });
    expect(await rotated.get('project-1')).toBeNull();
    expect(unreadable).toEqual(['project-1']);
  });

  it("a key copied to another project's record does not open there", async () => {
    const vault = createDocumentKeyVault({ documentStore: stores.documentStore, secretsKey: serverKey });
    await vault.put('project-1', { keyId: 'k1', apiKey });
    const stolen = await stores.documentStore.findOne(KEY_VAULT_COLLECTION, { _id: 'project-1' });
    await stores.documentStore.replaceOne(KEY_VAULT_COLLECTION, { ...stolen!, _id: 'project-2' });
    expect(await vault.get('project-2')).toBeNull();
  });
});

describe('secretsKeyFor', () => {
  it('uses the configured key, else generates one in the data directory and keeps it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vis-secrets-'));
    try {
      expect(secretsKeyFor(dir, 'e5'.repeat(32))).toBe('e5'.repeat(32));
      const generated = secretsKeyFor(dir);
      expect(generated).toMatch(/^[0-9a-f]{64}$/);
      expect(secretsKeyFor(dir)).toBe(generated);
      expect(readFileSync(path.join(dir, 'secrets-key'), 'utf8')).toBe(generated);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
