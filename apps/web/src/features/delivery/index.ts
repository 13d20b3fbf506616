/** What pages outside the feature use. */
export { DeliveryView } from './components/delivery-view';
export { LicenceVerdict } from './components/licence-verdict';
