/**
 * The addresses of the endpoint table (contract.ts): method, path, access and success status.
 * No zod here: the browser client reads these at run time.
 */
export const ADDRESSES = {
  feedback: {
    /** A signed-in user rates one of their analyses, or one AI answer about it. */
    create: { method: 'post', path: '/feedback', access: { kind: 'user' }, status: 201 },
  },
} as const;
