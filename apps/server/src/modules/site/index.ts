/** The site module's public face: what other modules and the app may use. */
export { siteRoutes } from './site.routes';
export { createSiteService, type SiteService } from './site.service';
