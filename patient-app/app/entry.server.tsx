import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { readLangCookie } from './utils/cookies.server';
import { FrameContext } from './utils/frame-context';

const ABORT_DELAY = 5_000;

/**
 * Server rendering. Differs from Remix's default in one way: a Content-Security-Policy nonce from the
 * load context (context.cspNonce) is put on every inline script React and Remix write, so the server
 * can forbid other inline scripts. The page is sent once it is complete: we use no deferred data, and a
 * finished document is what a slow phone connection handles best.
 */
/**
 * Errors of loaders and actions, as Remix's default logs them, except a body refused past its
 * limit: the server has answered 413 already (api/src/http/body-limit.ts, decision 210), and an
 * attacker's oversized posts would otherwise fill the log with stacks.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if ((error as { type?: unknown } | null)?.type === 'entity.too.large') return;
  // As Remix's default: a request the browser gave up on is not an error of ours.
  if (!request.signal.aborted) console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <FrameContext.Provider value={{ nonce, lang: readLangCookie(request) ?? 'en' }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </FrameContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
