/** The audit module's public face: what other modules and the app may use. */
export { recordAudit, type AuditActor, type AuditEntryInput } from './audit.service';
export { staffAuditRoutes } from './audit.routes';
export { createAuditService, type AuditService } from './audit.service';
