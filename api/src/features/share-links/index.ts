export { shareLinkRoutes } from './share-links.routes';
export { MAX_FREE_FAILURES, PinThrottle, waitAfter, type AttemptResult } from './pin-throttle';
export { createShareLink } from './share-links.service';
export { hashToken, TOKEN_PATTERN } from './share-secrets';
