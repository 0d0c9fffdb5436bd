import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores } from '../testing/embedded-stores.ts';
import { createDocumentKeyVault, createMemoryKeyVault, KEY_VAULT_COLLECTION } from './key-vault.ts';
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

  it('keeps a retired key (a project in the trash) until its time is over, then sweeps it; a reinstated one stays', async () => {
    for (const vault of [createDocumentKeyVault({ documentStore: stores.documentStore, secretsKey: serverKey }), createMemoryKeyVault()]) {
      await vault.put('in-trash', { keyId: 'k1', apiKey });
      await vault.put('restored', { keyId: 'k2', apiKey });
      await vault.put('live', { keyId: 'k3', apiKey });
      await vault.retire('in-trash', '2026-12-27T10:00:00.000Z');
      await vault.retire('restored', '2026-12-27T10:00:00.000Z');
      await vault.reinstate('restored');

      expect(await vault.sweep(new Date('2026-12-27T09:59:59.000Z'))).toBe(0);
      expect(await vault.keyIdOf('in-trash')).toBe('k1');
      expect(await vault.sweep(new Date('2026-12-27T10:00:01.000Z'))).toBe(1);
      expect(await vault.get('in-trash')).toBeNull();
      expect(await vault.get('restored')).toEqual({ keyId: 'k2', apiKey });
      expect(await vault.get('live')).toEqual({ keyId: 'k3', apiKey });
    }
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
