// Debian's Chromium, as the e2e suite and the UI benchmark launch it. Playwright cannot download
// its own browser here. The --disable-* flags stop Chromium's background traffic, which the closed
// network refuses (and which the network guard would otherwise have to tell apart from the app's).

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
