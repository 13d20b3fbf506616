/** The audience award module's public face (issue 50). */
export { audienceRoutes } from './audience.routes';
export { createAudienceService, type AudienceService } from './audience.service';
