/**
 * Debian's Chromium as the browser tests and the benchmarks start it: headless by their own option, and without
 * the background networking this machine's closed network would refuse (updates, sync, first-run pings).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
