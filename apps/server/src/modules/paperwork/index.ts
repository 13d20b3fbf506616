/** The paperwork module's public face: what other modules and the app may use. */
export { missingPaperwork, releaseBytesOf, releaseCountsOf } from './paperwork-reads';
export { paperworkRoutes } from './paperwork.routes';
export { createPaperworkService } from './paperwork.service';
export type { PaperworkPorts, PaperworkService } from './paperwork.service';
