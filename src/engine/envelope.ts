// The envelope API every importer uses. The recognisers live in ./envelopes/, one module per
// envelope family; this file keeps the import path stable.

export { parseCallText, parseEnvelope } from './envelopes/index';
export { callChoices, findCalls } from './envelopes/model-output';
export { inputPathOf, type InputPath } from './envelopes/input-path';
export { inputErrorSpan, type InputErrorSpan } from './envelopes/input-span';
export { findJsonSyntaxError, lineColumn, type JsonSyntaxError } from './envelopes/json-syntax';
export { KNOWN_TOOL_NAMES, profileForTool } from './envelopes/tool-names';
export type { EnvelopeError, EnvelopeKind, EnvelopeResult, ParsedCall } from './envelopes/types';
