// The worker's tools requests: the tool definitions in each format, the input schemas and plain-text
// forms the editor validates with, and each profile's releases.

import { plainTextForms } from '../engine/envelopes/bare-text';
import { profileReleases } from '../engine/releases';
import { toolDefinitions, toolNameInputSchemas } from '../engine/tool-definitions';
import { PROFILE_IDS } from '../engine/profiles/registry';
import type { Handlers } from './handler';

export const toolHandlers: Handlers<'tools' | 'tools/inputs' | 'releases'> = {
  async tools({ format }) {
    return toolDefinitions(format);
  },

  async 'tools/inputs'() {
    return { inputs: toolNameInputSchemas(), plainTextForms: plainTextForms() };
  },

  async releases() {
    return Object.fromEntries(PROFILE_IDS.flatMap((id) => {
      const r = profileReleases(id);
      return r === null ? [] : [[id, r]];
    }));
  },
};
