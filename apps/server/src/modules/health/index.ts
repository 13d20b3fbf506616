/** The health module's public face: what other modules and the app may use. */
export { healthRoutes } from './health.routes';
export { createHealthService, type HealthService } from './health.service';
