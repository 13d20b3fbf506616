import { LIVE_EVENT_TYPES, type LiveEventType } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { insertLiveEvent } from './notifications.repository';

export { LIVE_EVENT_TYPES };

/**
 * Raises a live event for a user, from any process (app or worker): the event is stored with an
 * increasing id and announced with NOTIFY, so the stream of that user on any app process delivers
 * it (issue 32). A live event is a nicety: failing to raise one never fails the change it reports.
 */
export async function raiseLiveEvent(
  deps: Pick<AppDeps, 'database'> & { log?: AppDeps['log'] },
  userId: number,
  type: LiveEventType,
  data: Record<string, unknown>,
): Promise<void> {
  try {
    await insertLiveEvent(deps.database.db, userId, type, data);
  } catch (error) {
    deps.log?.warn({ err: error, userId, type }, 'could not raise a live event');
  }
}
