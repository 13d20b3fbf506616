import type { ThreadKind } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import type { Caller } from '../../plugins/auth';
import { createConversationsService, threadOf } from '../../modules/conversations';

type Deps = Pick<AppDeps, 'database' | 'queue' | 'config' | 'log'>;

/** Posts the lines of a demo conversation in order, each by its author, through the service. */
async function converse(deps: Deps, kind: ThreadKind, id: number, lines: Array<[Caller, string]>) {
  const conversations = createConversationsService(deps);
  const at = await threadOf(deps.database.db, kind, id);
  if (!at) throw new Error(`demo conversation: no ${kind} ${id}`);
  // The thread is made with the first line; the record's people stay the same for the next ones.
  for (const [author, body] of lines) await conversations.post(author, at, body);
}

/**
 * The chair contest's conversation on Noor's application (issue 49): Hbada asks, Noor answers.
 * Noor's answer is unread for Hbada (the navbar's badge shows 1).
 */
export async function seedApplicationConversation(
  deps: Deps,
  cast: { hbada: Caller; noor: Caller },
  applicationId: number,
) {
  await converse(deps, 'application', applicationId, [
    [
      cast.hbada,
      'Thanks for applying, Noor! Which room will the E3 be filmed in? We can match the colour to it.',
    ],
    [cast.noor, 'My studio: dark wood and grey walls, so the black E3 would suit it best. Thank you!'],
  ]);
}

/** The conversation on Noor's chair entry: version 2 announced, Hbada thanks her (both read). */
export async function seedEntryConversation(
  deps: Deps,
  cast: { hbada: Caller; noor: Caller },
  entryId: number,
) {
  await converse(deps, 'entry', entryId, [
    [cast.noor, 'Version 2 is up: the lumbar shot now holds for three seconds, as you asked.'],
    [
      cast.hbada,
      'Perfect, thank you! Our team scores it this week. See https://hbada.example.com/e3 for the final copy.',
    ],
    [cast.noor, 'Great, I will use that copy in the description.'],
  ]);
  const conversations = createConversationsService(deps);
  // Hbada has read Noor's last line: only the application's answer stays unread for the brand.
  await conversations.page(cast.hbada, (await threadOf(deps.database.db, 'entry', entryId))!, undefined);
}
