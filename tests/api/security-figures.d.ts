/**
 * Figures the security tests print through `npm run test:security` (scripts/test-security.ts):
 * each test appends its counts to a JSON-lines file named by SECURITY_FIGURES_DIR; without it
 * (plain `npm test`) nothing is written.
 */
export declare function recordFigures(name: string, figures: Record<string, unknown>): void;
/** Bigger budgets under `npm run test:security`, bounded ones in `npm test`. */
export declare const FULL: boolean;
