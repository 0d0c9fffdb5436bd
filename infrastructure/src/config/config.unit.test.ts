import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vis-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() }, { envFile: '' });
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', NODE_ENV: 'development', READ_YOUR_WRITES_TIMEOUT_MS: 2000 });
    expect(config.EVENTSTORE_URL).toBeUndefined();
  });

  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(/PORT/);
    expect(() => loadConfig({ MONGODB_URL: 'not a url', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(/MONGODB_URL/);
  });

  it("accepts a cluster's connection strings, checked by each driver's own parser", () => {
    const cluster = loadConfig(
      {
        EVENTSTORE_URL: 'esdb://n1:2113,n2:2113,n3:2113?tls=false&nodePreference=leader',
        MONGODB_URL: 'mongodb://h1:27017,h2:27017/?replicaSet=rs0',
        DATA_DIR: dataDir(),
      },
      { envFile: '' },
    );
    expect(cluster.EVENTSTORE_URL).toBe('esdb://n1:2113,n2:2113,n3:2113?tls=false&nodePreference=leader');
    expect(cluster.MONGODB_URL).toBe('mongodb://h1:27017,h2:27017/?replicaSet=rs0');
    expect(() => loadConfig({ EVENTSTORE_URL: 'http://n1:2113', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(/EVENTSTORE_URL: .*esdb:\/\//);
    expect(() => loadConfig({ MONGODB_URL: 'mongodb+srv://a,b/', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(/MONGODB_URL: .*multiple/);
  });

  it('treats an empty URL as unset, as .env.example leaves them', () => {
    expect(loadConfig({ EVENTSTORE_URL: '', MONGODB_URL: '', DATA_DIR: dataDir() }, { envFile: '' }).MONGODB_URL).toBeUndefined();
  });

  it('refuses to start in production without a session secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(/SESSION_SECRET/);
  });

  it('refuses to start in production without an ops token, naming it', () => {
    const secrets = { SESSION_SECRET: 's'.repeat(32), SECRETS_KEY: 'a'.repeat(64) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, DATA_DIR: dataDir() }, { envFile: '' })).toThrow(
      /OPS_TOKEN: required in production/,
    );
    expect(
      loadConfig(
        { NODE_ENV: 'production', ...secrets, OPS_TOKEN: 't'.repeat(16), PUBLIC_URL: 'https://ideas.example.com', DATA_DIR: dataDir() },
        { envFile: '' },
      ).OPS_TOKEN,
    ).toBe('t'.repeat(16));
  });

  it('refuses to start in production without PUBLIC_URL: it is the only host served there', () => {
    const secrets = { SESSION_SECRET: 's'.repeat(32), SECRETS_KEY: 'a'.repeat(64), OPS_TOKEN: 't'.repeat(16) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, DATA_DIR: dataDir() }, { envFile: '' })).toThrow(
      /PUBLIC_URL: required in production/,
    );
  });

  it('reads TRUST_PROXY as a flag and rate limits as counts, 0 turning one off', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() }, { envFile: '' });
    expect(defaults).toMatchObject({
      TRUST_PROXY: false,
      RATE_LIMIT_NEW_VISITORS_PER_HOUR: 30,
      RATE_LIMIT_VISITOR_AI_PER_HOUR: 10,
      RATE_LIMIT_WRONG_COUPONS_PER_10_MINUTES: 10,
    });
    expect(loadConfig({ TRUST_PROXY: 'false', DATA_DIR: dataDir() }, { envFile: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true', RATE_LIMIT_NEW_VISITORS_PER_HOUR: '0', DATA_DIR: dataDir() }, { envFile: '' })).toMatchObject({
      TRUST_PROXY: true,
      RATE_LIMIT_NEW_VISITORS_PER_HOUR: 0,
    });
    expect(() => loadConfig({ TRUST_PROXY: 'maybe', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ RATE_LIMIT_VISITOR_AI_PER_HOUR: '-1', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(
      /RATE_LIMIT_VISITOR_AI_PER_HOUR/,
    );
  });

  it('reads OPERATOR_EMAILS as a list of lower-cased addresses, and names it when one is not an address', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }, { envFile: '' }).OPERATOR_EMAILS).toEqual([]);
    const listed = loadConfig({ OPERATOR_EMAILS: ' Ops@Example.com, ann@example.com ,', DATA_DIR: dataDir() }, { envFile: '' });
    expect(listed.OPERATOR_EMAILS).toEqual(['ops@example.com', 'ann@example.com']);
    expect(() => loadConfig({ OPERATOR_EMAILS: 'ops@example.com; ann', DATA_DIR: dataDir() }, { envFile: '' })).toThrow(
      /OPERATOR_EMAILS.*: must be email addresses separated by commas/,
    );
  });

  it('generates a development session secret once and keeps it across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }, { envFile: '' }).SESSION_SECRET;
    expect(first).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }, { envFile: '' }).SESSION_SECRET).toBe(first);
  });

  it('generates a development ops token in DATA_DIR/ops-token, for its owner only, once, unless OPS_TOKEN is set', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, OPS_TOKEN: '' }, { envFile: '' }).OPS_TOKEN;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'ops-token'), 'utf8')).toBe(first);
    expect(statSync(path.join(dir, 'ops-token')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }, { envFile: '' }).OPS_TOKEN).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, OPS_TOKEN: 'o'.repeat(16) }, { envFile: '' }).OPS_TOKEN).toBe('o'.repeat(16));
  });

  it('reads LOCAL_SIGN_IN_OPERATORS as a flag, off by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }, { envFile: '' }).LOCAL_SIGN_IN_OPERATORS).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), LOCAL_SIGN_IN_OPERATORS: 'true' }, { envFile: '' }).LOCAL_SIGN_IN_OPERATORS).toBe(true);
  });

  it('is documented variable for variable in .env.example', () => {
    const example = readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const documented = [...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]).sort();
    expect(documented).toEqual(Object.keys(configSchema.shape).sort());
  });
});
