// @ts-nocheck
import '@remix-run/node';

declare module '@remix-run/node' {
  /** What the one-process server's getLoadContext hands every loader and action. */
  interface AppLoadContext {
    /** Absolute base URL of the API, e.g. http://127.0.0.1:3000/api/v1. */
    apiBaseUrl?: string;
    /** The visitor's address, when the server knows it; forwarded so the API's per-IP limits see the real client. */
    clientIp?: string;
    /** Per-request Content-Security-Policy nonce; put on Remix's inline scripts when the server sends one. */
    cspNonce?: string;
  }
}
