import { isWebAddress as domainRule, WEB_ADDRESS_MESSAGE as domainMessage } from '@vis/domain';
import { describe, expect, it } from 'vitest';
import { isWebAddress, WEB_ADDRESS_MESSAGE } from './web-address.ts';

describe("the key resource form's address check", () => {
  it.each(['https://example.com/post', 'http://neal.fun', 'not a url', 'javascript:alert(1)', 'ftp://files.example', 'example.com', ''])(
    'agrees with the server on %j',
    (text) => expect(isWebAddress(text)).toBe(domainRule(text)),
  );

  it('says what the server says', () => expect(WEB_ADDRESS_MESSAGE).toBe(domainMessage));
});
