/**
 * The part of `ws` (which ships no types; @fastify/websocket hands us its sockets) that the
 * stream and its tests use. Remove this file if @types/ws is ever installed.
 */
declare module 'ws' {
  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ClientOptions {
    headers?: Record<string, string>;
    maxPayload?: number;
    perMessageDeflate?: boolean | PerMessageDeflateOptions;
  }

  class WebSocket {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: ClientOptions);
    readonly readyState: 0 | 1 | 2 | 3;
    /** Bytes queued by send() and not yet handed to the operating system. */
    readonly bufferedAmount: number;
    /** The extensions negotiated in the handshake, e.g. "permessage-deflate; ...". */
    readonly extensions: string;
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    send(data: string | Buffer, options: { binary?: boolean; compress?: boolean }, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    pause(): void;
    resume(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
  }

  /** `permessage-deflate` settings (RFC 7692) as ws takes them. */
  interface PerMessageDeflateOptions {
    threshold?: number;
    serverMaxWindowBits?: number;
    clientMaxWindowBits?: number;
    serverNoContextTakeover?: boolean;
    clientNoContextTakeover?: boolean;
    zlibDeflateOptions?: { level?: number; memLevel?: number };
  }

  interface ServerOptions {
    maxPayload?: number;
    perMessageDeflate?: boolean | PerMessageDeflateOptions;
  }

  class Server {
    readonly clients: Set<WebSocket>;
    close(callback?: (error?: Error) => void): void;
  }

  export { WebSocket, Server, type PerMessageDeflateOptions, type ServerOptions, type ClientOptions, type RawData };
  export default WebSocket;
}
