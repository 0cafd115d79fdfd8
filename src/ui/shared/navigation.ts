/** Moving between routes, as view-models see it (react-router's navigate behind it). */
export interface Navigation {
  go(path: string, options?: { replace?: boolean }): void;
}

export const NAVIGATION = Symbol.for('Navigation');
