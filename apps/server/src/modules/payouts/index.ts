/** The payouts module's public face: what other modules and the app may use. */
export { payoutsRoutes } from './payouts.routes';
export {
  awardEarning,
  awardPrizes,
  correctPrize,
  createPayoutsService,
  creatorBalance,
  type PayoutsPorts,
} from './payouts.service';
export type { PayoutsService } from './payouts.service';
