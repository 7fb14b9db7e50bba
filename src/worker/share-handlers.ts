// The worker's share/* requests, answered by the share host.

import type { Handlers } from './handler';
import { shares } from './state';

export const shareHandlers: Handlers<'share/encode' | 'share/decode' | 'share/materialize'> = {
  'share/encode': (target) => shares.encode(target),
  'share/decode': (source) => shares.decode(source),
  'share/materialize': ({ id }) => shares.materialize(id),
};
