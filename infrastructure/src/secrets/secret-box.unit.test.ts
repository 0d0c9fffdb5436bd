import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretUnreadableError } from './secret-box.ts';

const serverKey = 'a1'.repeat(32);
const otherServerKey = 'b2'.repeat(32);
const apiKey = 'AIzaSyD-example-key-0123456789';

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const box = createSecretBox(serverKey);
    const sealed = box.seal(apiKey, 'project-1');
    expect(JSON.stringify(sealed)).not.toContain(apiKey);
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from(apiKey).toString('base64'));
    expect(box.open(sealed, 'project-1')).toBe(apiKey);
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    const box = createSecretBox(serverKey);
    expect(box.seal(apiKey, 'p').ciphertext).not.toBe(box.seal(apiKey, 'p').ciphertext);
  });

  it('refuses another server key, another context and changed bytes', () => {
    const sealed = createSecretBox(serverKey).seal(apiKey, 'project-1');
    expect(() => createSecretBox(otherServerKey).open(sealed, 'project-1')).toThrow(SecretUnreadableError);
    expect(() => createSecretBox(serverKey).open(sealed, 'project-2')).toThrow(SecretUnreadableError);
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => createSecretBox(serverKey).open({ ...sealed, ciphertext: bytes.toString('base64') }, 'project-1')).toThrow(SecretUnreadableError);
  });

  it('refuses a server key that is not 32 bytes', () => expect(() => createSecretBox('abcd')).toThrow(/32 bytes/));
});
