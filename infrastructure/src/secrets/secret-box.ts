import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What is stored for one secret: nothing in it reveals the secret without the server's key. */
export interface SealedSecret {
  /** Format version, so that a later algorithm can be introduced beside this one. */
  v: 1;
  iv: string;
  tag: string;
  ciphertext: string;
}

export class SecretUnreadableError extends Error {
  override readonly name = 'SecretUnreadableError';
}

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/**
 * AES-256-GCM with a 32-byte server key (SECRETS_KEY, 64 hex characters). `context` (a project id, say) is
 * authenticated with the ciphertext, so a sealed secret copied to another record does not open there.
 */
export const createSecretBox = (hexKey: string) => {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (64 hex characters)');

  const seal = (plaintext: string, context: string): SealedSecret => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ciphertext: ciphertext.toString('base64') };
  };

  /** Throws SecretUnreadableError when the key, the context or the stored bytes do not match. */
  const open = (sealed: SealedSecret, context: string): string => {
    try {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError('The stored secret cannot be opened with this server key');
    }
  };

  return { seal, open };
};

export type SecretBox = ReturnType<typeof createSecretBox>;
