import type { VideosPorts } from '../videos';
import { videoCreatorProfiles } from '../creators';
import { videoContestTitles } from '../contests';
import { enteredVideoRequirements, isVideoEntered, videosEnteredWithBrand } from './entered-videos';

/**
 * Videos' ports: what videos asks of creators, contests and entries, for every place that builds
 * a videos service (the API's modules/index.ts, entries itself, insights, the app's media access,
 * the CLI, the seeds, tests). It lives here because entries is the highest of the three and builds
 * a videos service itself; only modules above videos may import it.
 */
export const videosPorts: VideosPorts = {
  creatorProfiles: videoCreatorProfiles,
  contestTitles: videoContestTitles,
  videosEnteredWithBrand,
  isVideoEntered,
  enteredVideoRequirements,
};
