/** The delivery module's public face: what other modules and the app may use. */
export { mastersDeliveredToBrand } from './delivery-reads';
export { type DeliveryOwners } from './delivery.owners';
export { deliveryRoutes } from './delivery.routes';
