/** The applications module's public face: what other modules and the app may use. */
export {
  applicationCountsOf,
  applicationFunnelOf,
  applicationOf,
  applicationStatusOf,
  applicationsOfCreator,
  heldUnitsOf,
  productsWithApplications,
} from './application-reads';
export { applicationsRoutes } from './applications.routes';
export { createApplicationsService } from './applications.service';
export type { ApplicationsPorts, ApplicationsService } from './applications.service';
