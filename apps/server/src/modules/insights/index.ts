/** The insights module's public face: what other modules and the app may use. */
export { insightsRoutes } from './insights.routes';
export { staffInsightsRoutes } from './insights.staff.routes';
export { createInsightsService, type InsightsService } from './insights.service';
