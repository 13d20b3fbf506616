/** The staff module's public face: what other modules and the app may use. */
export { staffRoutes } from './staff.routes';
