import { MESSAGES, type ManagedApplication } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import type { MailMessage } from '../../mail/mailer';
import type { ContestsService } from '../contests';
import { withApplicants, type ApplicationRow } from './applicants';
import { toManagedApplication } from './applications.presenter';
import * as repo from './applications.repository';
import type { Caller } from '../../plugins/auth';

export type ApplicationsServiceDeps = Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage' | 'config'>;

/**
 * What applications asks of the modules it builds on (passed by the composition root,
 * modules/index.ts): the contests service, whose clock judges the application window.
 */
export interface ApplicationsPorts {
  contests: ContestsService;
}

/**
 * What every selection use case (deciding, shipping, releasing) starts from: the contest the caller
 * runs, the application with its applicant, the answer as the caller reads it, and e-mail.
 */
export function selectionContext(
  deps: ApplicationsServiceDeps,
  { contests }: ApplicationsPorts,
  clock: () => Date,
) {
  const db = deps.database.db;
  const mediaUrl = (key: string) => deps.storage.url(key);

  /** The application with its applicant and product, or undefined. */
  async function findApplication(id: number): Promise<ApplicationRow | undefined> {
    const row = await repo.findApplication(db, id);
    return row && (await withApplicants(db, [row]))[0];
  }

  /** The application and its contest, if the caller runs that contest (404 / 403 otherwise). */
  async function managedApplication(id: number, user: Caller) {
    const row = await findApplication(id);
    if (!row) throw new AppError('not_found', MESSAGES.generic.notFound);
    const { contest } = await contests.managedContest(String(row.contestId), user);
    return { row, contest };
  }

  /** The application as `viewer` reads it, after a change. */
  async function present(id: number, viewer: Caller): Promise<ManagedApplication> {
    return toManagedApplication((await findApplication(id))!, mediaUrl, viewer);
  }

  /** Queues one e-mail; the decision stands even if it cannot be queued (logged). */
  async function mail(message: MailMessage, applicationId: number) {
    try {
      await deps.queue.send(sendEmailJob, message);
    } catch (error) {
      deps.log.error({ err: error, applicationId }, 'could not queue an application e-mail');
    }
  }

  return { db, deps, clock, contests, mediaUrl, managedApplication, present, mail };
}

export type SelectionContext = ReturnType<typeof selectionContext>;
