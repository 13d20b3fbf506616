/** The delivery module's public face: what other modules and the app may use. */
export { mastersDeliveredToBrand } from './delivery-reads';
export { type DeliveryPorts } from './delivery.ports';
export { deliveryRoutes } from './delivery.routes';
export { createDeliveryService, type DeliveryService } from './delivery.service';
export { issueLicences } from './licence-issuing';
export { licenceRemindersJob, startLicenceJobHandlers } from './licences.jobs';
export { licencesRoutes } from './licences.routes';
export { createLicencesService, type LicencesService } from './licences.service';
