/** The year `vite build` ran (vite.config.ts `define`): the year prerendered pages carry. */
declare const __BUILD_YEAR__: number;
