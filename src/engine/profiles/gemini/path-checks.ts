// Gemini CLI's Config.validatePathAccess for a write, as the tool's build step calls it on the
// resolved absolute path: validatePath's refusals first (`Invalid path: …`), then the workspace
// test, where a path inside the root with a `.git`, `.env` or `node_modules` segment (or a
// `gha-creds-*.json` file) is not in the workspace (utils/path-validator.ts and
// utils/workspaceContext.ts at the pinned commit).

const MAX_PATH_LENGTH = 4096;
const MAX_COMPONENT_LENGTH = 255;
const LOG_MARKERS = [/(^|[/\\])AssertionError:/, /(^|[/\\])FAIL /, /(^|[/\\])✓ /, /(^|[/\\])× /, /(^|[/\\])TestingLibraryElementError:/];

/** validatePath's reason for refusing `p`, or null. */
export function invalidPathReason(p: string): string | null {
  if (p === '') return 'Path must be a non-empty string.';
  if (/[\n\r\0\t]/.test(p)) return 'Path contains invalid characters (newlines or control characters).';
  if (LOG_MARKERS.some((re) => re.test(p))) return 'Path appears to be a misinterpreted log fragment.';
  if ((p.includes('"') || p.includes('...')) && p.length > 20) {
    return 'Path contains suspicious characters (double quotes or ellipses) and is too long to be a simple filename.';
  }
  if (p.length > MAX_PATH_LENGTH) return `Path is too long (maximum ${MAX_PATH_LENGTH} characters).`;
  for (const component of p.split(/[/\\]/)) {
    if (component.length > MAX_COMPONENT_LENGTH) return `Path component "${component.substring(0, 20)}..." is too long (maximum ${MAX_COMPONENT_LENGTH} characters).`;
  }
  return null;
}

const trimTrailingSpacesAndDots = (s: string): string => s.replace(/[ .]+$/, '');

/** Whether a workspace-relative path has a segment the workspace refuses (case-insensitive). */
export function hasBlockedSegment(relPath: string): boolean {
  return relPath.split('/').some((segment) => {
    const clean = trimTrailingSpacesAndDots(segment.split(':')[0]!).toLowerCase();
    return clean === '.git' || clean === '.env' || clean === 'node_modules' || (clean.startsWith('gha-creds-') && clean.endsWith('.json'));
  });
}
