import { createContext } from 'react';

/**
 * What the server knows of a request before any loader runs: the CSP nonce and the language cookie.
 * A page no route matches (the 404) renders without the root loader's data, and its inline scripts
 * were refused for want of the nonce (a CSP error in the console) and its words were always English.
 * Only the server sets it (entry.server.tsx); in the browser it is null.
 */
export const FrameContext = createContext<{ nonce: string | undefined; lang: 'en' | 'hi' } | null>(null);
