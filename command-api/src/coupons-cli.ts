import { parseArgs } from 'node:util';
import { DomainError } from '@vis/domain';
import { loadConfigOrExit, openEventStore, StoreInUseError } from '@vis/infrastructure';
import { createAccounts } from './accounts/accounts.ts';

const USAGE = `Usage: npm run coupons -- issue <CODE> (--points <n> | --unlimited) [--max <redemptions>]

  Issues a coupon: --points adds that many AI points (at most 10,000) to each account that redeems it, --unlimited gives
  unlimited access (like the public coupon). --max limits how many accounts may redeem it (default: no limit).
  Each account redeems a coupon at most once. Codes: letters, digits, '-' and '_'; case does not matter.

Options:
  --url <url>        a running server (default http://HOST:PORT from the configuration); when none answers,
                     the coupon is written directly to the event store (DATA_DIR / EVENTSTORE_URL)
  --token <token>    OPS_TOKEN of that server (default: OPS_TOKEN from the configuration)`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    points: { type: 'string' },
    unlimited: { type: 'boolean' },
    max: { type: 'string' },
    url: { type: 'string' },
    token: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const [command, code] = positionals;
if (values.help || command !== 'issue' || !code || Boolean(values.points) === Boolean(values.unlimited)) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const wholeNumber = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number, not '${value}'`);
    process.exit(1);
  }
  return Number(value);
};
const coupon = {
  code,
  kind: values.unlimited ? ('free_unlimited' as const) : ('points' as const),
  ...(values.points ? { points: wholeNumber('points', values.points) } : {}),
  ...(values.max ? { maxRedemptions: wholeNumber('max', values.max) } : {}),
};
const describe = (issued: { code: string; kind: string; points: number; maxRedemptions: number | null }) =>
  `Issued coupon ${issued.code}: ${issued.kind === 'points' ? `${issued.points} points` : 'unlimited access'}, ${issued.maxRedemptions === null ? 'no redemption limit' : `at most ${issued.maxRedemptions} accounts`}`;

const config = loadConfigOrExit();
const baseUrl = values.url ?? `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
const token = values.token ?? config.OPS_TOKEN;

/** Through the running server when there is one: the embedded store admits one process at a time. */
const viaServer = async (): Promise<boolean> => {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/api/ops/coupons`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(coupon),
    });
  } catch {
    return false;
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; coupon?: Parameters<typeof describe>[0] };
  if (!response.ok || !body.coupon) {
    console.error(`${baseUrl} answered ${response.status}: ${body.message ?? response.statusText}`);
    process.exit(1);
  }
  console.log(`${describe(body.coupon)} (via ${baseUrl})`);
  return true;
};

const offline = async () => {
  const eventStore = openEventStore(config);
  try {
    const result = await createAccounts({ eventStore }).issueCoupon(coupon, {
      commandId: crypto.randomUUID(),
      actorId: 'operator',
      now: new Date().toISOString(),
    });
    console.log(describe(result.events[0]!.data as Parameters<typeof describe>[0]));
  } finally {
    await eventStore.close();
  }
};

if (!(await viaServer())) {
  await offline().catch((error: unknown) => {
    if (!(error instanceof DomainError || error instanceof StoreInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
}
