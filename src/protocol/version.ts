/**
 * The wire protocol version. Installed PWAs keep running old code for a while, so the server
 * announces its build (VERSION) and the SharedWorker is named after this version: a tab of a
 * new version never talks to a worker of an old one.
 *
 * History:
 * 1 — accounts, sessions and teams (REST under /api/, /ping).
 * 2 — conversations, messages, contacts and tags; the change feed over /stream; idempotent
 *     mutations (x-client-session + x-mutation-id); streamed GETs (x-stream).
 */
export const PROTOCOL_VERSION = 2;
