import { PROTOCOL_VERSION } from '../../protocol/version';

/**
 * The version this worker compares with the server's VERSION message (§4: a different one shows
 * 'New version available'). The build defines `__BUILD_ID__` (Vite `define`); without it the
 * wire protocol version stands in.
 */
declare const __BUILD_ID__: string | undefined;

export const CLIENT_VERSION: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : String(PROTOCOL_VERSION);
