// Debian's Chromium, as the e2e suite and the UI benchmark launch it. Playwright cannot download
// its own browser here. The path and flags are the ones `edit-playground test --browser` uses
// (src/cli/browser-chromium.ts says why each flag is there), kept in one place.

export { CHROMIUM_ARGS, DEFAULT_CHROMIUM as CHROMIUM_PATH } from '../../src/cli/browser-chromium';
