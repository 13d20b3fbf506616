/** What pages outside the feature use. */
export { DeliveryView } from './components/delivery-view';
