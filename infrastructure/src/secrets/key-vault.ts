import { deleteExpired } from '../document-store/delete-expired.ts';
import type { DocumentStore } from '../document-store/document-store.ts';
import { createSecretBox, SecretUnreadableError, type SealedSecret } from './secret-box.ts';

/** A project's own API key, as the AI gateway uses it. */
export interface StoredKey {
  /** The id the project's events know the key by. */
  keyId: string;
  apiKey: string;
}

/**
 * Where users' own API keys live: encrypted, outside the event log, one per project. Deleting removes the
 * ciphertext itself, so a removed key cannot be recovered from a backup of the vault taken afterwards.
 */
export interface KeyVault {
  put(projectId: string, key: StoredKey): Promise<void>;
  /** Null when there is none, or when it cannot be opened (the server key changed): treated as no key. */
  get(projectId: string): Promise<StoredKey | null>;
  /** The key id stored for the project, without opening it. */
  keyIdOf(projectId: string): Promise<string | null>;
  delete(projectId: string): Promise<void>;
  /**
   * A deleted project's key is kept, sealed, while the project is in the trash (`until`, the end of its restore
   * window), so a restore brings it back; `sweep` removes it after that. Nothing reads it meanwhile: no command
   * opens a deleted project.
   */
  retire(projectId: string, until: string): Promise<void>;
  /** The project is back from the trash: its key is kept again. */
  reinstate(projectId: string): Promise<void>;
  /** Removes the keys retired until before `now`; how many. */
  sweep(now: Date, max?: number): Promise<number>;
}

/** Not a read model: no projection writes, rebuilds or drops this collection. */
export const KEY_VAULT_COLLECTION = 'secrets_project_api_keys';

type VaultDocument = { _id: string; keyId: string; sealed: SealedSecret; storedAt: string; expiresAt?: string };

/** Project and key id are both bound into the ciphertext: a sealed key moved to another record does not open. */
const contextOf = (projectId: string, keyId: string) => `project-api-key:${projectId}:${keyId}`;

export const createDocumentKeyVault = ({
  documentStore,
  secretsKey,
  clock = () => new Date(),
  onUnreadable = () => {},
}: {
  documentStore: DocumentStore;
  secretsKey: string;
  clock?: () => Date;
  /** Told (without the key) when a stored key cannot be opened, for a log line. */
  onUnreadable?: (projectId: string) => void;
}): KeyVault => {
  const box = createSecretBox(secretsKey);
  const find = (projectId: string) => documentStore.findOne<VaultDocument>(KEY_VAULT_COLLECTION, { _id: projectId });
  return {
    put: async (projectId, { keyId, apiKey }) => {
      const document: VaultDocument = {
        _id: projectId,
        keyId,
        sealed: box.seal(apiKey, contextOf(projectId, keyId)),
        storedAt: clock().toISOString(),
      };
      await documentStore.replaceOne(KEY_VAULT_COLLECTION, document);
    },
    get: async (projectId) => {
      const document = await find(projectId);
      if (!document) return null;
      try {
        return { keyId: document.keyId, apiKey: box.open(document.sealed, contextOf(projectId, document.keyId)) };
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
        onUnreadable(projectId);
        return null;
      }
    },
    keyIdOf: async (projectId) => (await find(projectId))?.keyId ?? null,
    delete: async (projectId) => {
      await documentStore.deleteOne(KEY_VAULT_COLLECTION, projectId);
    },
    retire: async (projectId, until) => {
      await documentStore.updateOne(KEY_VAULT_COLLECTION, { _id: projectId }, { $set: { expiresAt: until } });
    },
    reinstate: async (projectId) => {
      await documentStore.updateOne(KEY_VAULT_COLLECTION, { _id: projectId }, { $unset: { expiresAt: '' } });
    },
    sweep: (now, max) => deleteExpired(documentStore, KEY_VAULT_COLLECTION, now, { max }),
  };
};

/** For a command API built without a document store (tests of other features): keys last as long as the process. */
export const createMemoryKeyVault = (): KeyVault => {
  const keys = new Map<string, StoredKey & { expiresAt?: string }>();
  return {
    put: async (projectId, key) => void keys.set(projectId, { ...key }),
    retire: async (projectId, until) => {
      const key = keys.get(projectId);
      if (key) keys.set(projectId, { ...key, expiresAt: until });
    },
    reinstate: async (projectId) => {
      const key = keys.get(projectId);
      if (key) keys.set(projectId, { keyId: key.keyId, apiKey: key.apiKey });
    },
    sweep: async (now) => {
      const expired = [...keys].filter(([, key]) => key.expiresAt !== undefined && key.expiresAt < now.toISOString());
      for (const [projectId] of expired) keys.delete(projectId);
      return expired.length;
    },
    get: async (projectId) => {
      const key = keys.get(projectId);
      return key ? { keyId: key.keyId, apiKey: key.apiKey } : null;
    },
    keyIdOf: async (projectId) => keys.get(projectId)?.keyId ?? null,
    delete: async (projectId) => void keys.delete(projectId),
  };
};
