// The worker's session/* requests, answered by the session host (and the digest a share link
// records, by the share host).

import type { Handlers } from './handler';
import { sessions, shares } from './state';

type SessionRequest = 'session/open' | 'session/replay' | 'session/select' | 'session/what-if' | 'session/final' | 'session/call-input' | 'session/digest';

export const sessionHandlers: Handlers<SessionRequest> = {
  async 'session/open'({ source, format }, progress) {
    return source === null ? sessions.reopen(format, progress) : sessions.open(source, format, progress);
  },
  async 'session/replay'(options, progress) {
    return sessions.replay(options, progress);
  },
  async 'session/select'({ index }) {
    return sessions.select(index);
  },
  async 'session/what-if'({ index, profile }) {
    return sessions.whatIf(index, profile);
  },
  async 'session/final'() {
    return sessions.final();
  },
  async 'session/call-input'({ index }) {
    return sessions.callInput(index);
  },
  'session/digest': () => shares.sessionDigest(),
};
