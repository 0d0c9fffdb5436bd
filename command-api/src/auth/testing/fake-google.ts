import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleProfile {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

/**
 * A stand-in for Google's OAuth 2.0 / OpenID Connect endpoints on 127.0.0.1: /authorize consents at once and
 * redirects back with a code; /token checks the client, the code, the redirect URI and the PKCE verifier as
 * Google does; /userinfo answers the profile for the access token it issued. Every token carries a marker, so
 * a test can search cookies, events and logs for any trace of one.
 */
export const startFakeGoogle = async ({
  clientId,
  clientSecret,
  profile,
}: {
  clientId: string;
  clientSecret: string;
  profile: FakeGoogleProfile;
}) => {
  const codes = new Map<string, { redirectUri: string; codeChallenge: string; nonce: string | null }>();
  const issued = {
    accessToken: `fake-access-token-${randomBytes(8).toString('hex')}`,
    refreshToken: `fake-refresh-token-${randomBytes(8).toString('hex')}`,
    idToken: '',
  };
  const calls: string[] = [];

  const respond = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(`${request.method} ${url.pathname}`);
    const json = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

    if (request.method === 'GET' && url.pathname === '/authorize') {
      const query = url.searchParams;
      if (query.get('client_id') !== clientId || query.get('response_type') !== 'code') return json(400, { error: 'invalid_request' });
      const code = `fake-code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { redirectUri: query.get('redirect_uri')!, codeChallenge: query.get('code_challenge') ?? '', nonce: query.get('nonce') });
      const back = new URL(query.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      return void response.writeHead(302, { location: back.toString() }).end();
    }

    if (request.method === 'POST' && url.pathname === '/token') {
      const form = await readBody(request);
      const grant = codes.get(form.get('code') ?? '');
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json(401, { error: 'invalid_client' });
      if (!grant || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== grant.redirectUri)
        return json(400, { error: 'invalid_grant' });
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== grant.codeChallenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      codes.delete(form.get('code')!);
      const now = Math.floor(Date.now() / 1000);
      issued.idToken = [
        base64url({ alg: 'RS256', typ: 'JWT' }),
        base64url({
          iss: 'https://accounts.google.com',
          aud: clientId,
          sub: profile.sub,
          email: profile.email,
          nonce: grant.nonce,
          iat: now,
          exp: now + 3600,
        }),
        'fake-id-token-signature',
      ].join('.');
      return json(200, {
        access_token: issued.accessToken,
        refresh_token: issued.refreshToken,
        id_token: issued.idToken,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid email profile',
      });
    }

    if (request.method === 'GET' && url.pathname === '/userinfo') {
      if (request.headers.authorization !== `Bearer ${issued.accessToken}`) return json(401, { error: 'invalid_token' });
      return json(200, profile);
    }
    json(404, { error: 'not_found' });
  };
  const server = createServer((request, response) => void respond(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    authorizeUrl: `${url}/authorize`,
    accessUrl: `${url}/token`,
    profileUrl: `${url}/userinfo`,
    /** Everything secret this fake handed out (and the client secret), to look for where none may be. */
    secrets: () => [issued.accessToken, issued.refreshToken, issued.idToken, clientSecret].filter(Boolean),
    /** `METHOD /path` of every request it received, in order. */
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
