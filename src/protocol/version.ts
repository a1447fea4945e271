/**
 * The wire protocol version. Installed PWAs keep running old code for a while, so the server
 * announces its version (VERSION) and the worker is named after it.
 *
 * History:
 * 1 — accounts, sessions and teams (REST under /api/, /ping).
 */
export const PROTOCOL_VERSION = 1;
