// The worker's Share requests (protocol.ts), answered by the share host.

import type { WorkerApi } from './protocol';
import type { ShareHost } from './share-host';

type ShareRequest = 'share/encode' | 'share/decode' | 'share/materialize' | 'run/touched' | 'workspace/hashes' | 'session/digest';

export function shareHandlers(shares: ShareHost): { [T in ShareRequest]: (payload: WorkerApi[T][0]) => Promise<WorkerApi[T][1]> } {
  return {
    'share/encode': (target) => shares.encode(target),
    'share/decode': (source) => shares.decode(source),
    'share/materialize': ({ id }) => shares.materialize(id),
    'run/touched': async ({ runId }) => shares.touched(runId),
    'workspace/hashes': ({ paths }) => shares.hashes(paths),
    'session/digest': () => shares.sessionDigest(),
  };
}
