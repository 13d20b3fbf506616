import { CREATOR_MESSAGES, normalizeEmail } from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import {
  confirmPendingEmail,
  emailTakenByOther,
  identityOf,
  restoreEmail,
  tokenVersionOf,
  type SessionsService,
} from '../accounts';
import { emailChangeEmail, emailChangeNoticeEmail } from './creators.emails';
import { createEmailChangeTokens, createEmailUndoTokens, EMAIL_UNDO_TTL_SECONDS } from './email-change';

/**
 * What a profile update's e-mail address comes to: the account's pending address (null when the
 * address sent is already the account's: any pending change is dropped), or the field errors that
 * refuse it.
 */
export type AddressReview = { pendingEmail: string | null } | { errors: Record<string, string[]> };

/**
 * A creator's change of e-mail address (issue 18 M2): the new address is kept pending until the
 * link sent to it is followed; the old address is told, with a link that undoes the change.
 */
export function createProfileEmailChange(
  deps: Pick<AppDeps, 'config' | 'database' | 'queue'>,
  sessions: SessionsService,
) {
  const { config, queue } = deps;
  const db = deps.database.db;
  const changeTokens = createEmailChangeTokens(config.JWT_SECRET, config.VERIFY_TOKEN_TTL);
  const undoTokens = createEmailUndoTokens(config.JWT_SECRET);

  async function sendChangeLink(userId: number, email: string): Promise<void> {
    const token = changeTokens.sign(userId, email);
    const link = `${config.PUBLIC_URL}/api/accounts/auth/confirm-email-change/${token}/`;
    const linkExpiresAt = new Date(Date.now() + config.VERIFY_TOKEN_TTL * 1000).toISOString();
    await queue.send(sendEmailJob, { ...emailChangeEmail(email, link), linkExpiresAt });
  }

  /** Tells the old address, with the link that undoes the change. */
  async function sendNotice(userId: number, oldEmail: string, newEmail: string): Promise<void> {
    const version = (await tokenVersionOf(db, userId)) ?? 0;
    const token = undoTokens.sign(userId, oldEmail, version);
    const link = `${config.PUBLIC_URL}/api/accounts/auth/undo-email-change/${token}/`;
    const days = Math.round(EMAIL_UNDO_TTL_SECONDS / 86_400);
    const linkExpiresAt = new Date(Date.now() + EMAIL_UNDO_TTL_SECONDS * 1000).toISOString();
    await queue.send(sendEmailJob, {
      ...emailChangeNoticeEmail(oldEmail, newEmail, link, days),
      linkExpiresAt,
    });
  }

  return {
    /**
     * Reviews the address a profile update sends: another account's address is refused, and a new
     * one takes the account over once confirmed, so the caller proves they hold the password first.
     * An account without one (Google only) sets one through the reset link.
     */
    async review(
      userId: number,
      currentEmail: string,
      sentEmail: string,
      currentPassword: string | undefined,
    ): Promise<AddressReview> {
      const email = normalizeEmail(sentEmail);
      if (email === currentEmail) return { pendingEmail: null };
      if (await emailTakenByOther(db, email, userId))
        return { errors: { email: [CREATOR_MESSAGES.emailTaken] } };
      const check = await sessions.checkPassword(userId, currentPassword ?? '');
      if (check === 'no_password')
        return { errors: { current_password: [CREATOR_MESSAGES.emailChangeNeedsPassword] } };
      if (check === 'wrong')
        return {
          errors: {
            current_password: [
              currentPassword
                ? CREATOR_MESSAGES.currentPasswordWrong
                : CREATOR_MESSAGES.currentPasswordRequired,
            ],
          },
        };
      // Saving the same new address again sends a fresh link.
      return { pendingEmail: email };
    },

    /**
     * Once a new address is pending: whoever else is signed in (a thief with a stolen session, say)
     * is signed out, the new address gets its confirmation link, and the old one learns of the
     * change and can undo it.
     */
    async announce(userId: number, oldEmail: string, newEmail: string, keepSessionId: string | undefined) {
      await sessions.endOtherSessions(userId, keepSessionId);
      await sendChangeLink(userId, newEmail);
      await sendNotice(userId, oldEmail, newEmail);
    },

    /** Follows an e-mail change link; true when the new address is now the account's. */
    async confirm(token: string): Promise<boolean> {
      const claim = changeTokens.parse(token);
      if (!claim) return false;
      const pending = (await identityOf(db, claim.userId))?.pendingEmail;
      if (!pending || !changeTokens.matches(claim, pending)) return false;
      return confirmPendingEmail(db, claim.userId, pending);
    },

    /**
     * Follows the undo link sent to the old address: the old address is the account's again, any
     * pending change is dropped and every session ends (the link then stops working). True when
     * it was undone.
     */
    async undo(token: string): Promise<boolean> {
      const claim = await undoTokens.read(token, (userId) => tokenVersionOf(db, userId));
      if (!claim) return false;
      if (!(await restoreEmail(db, claim.userId, claim.previousEmail))) return false;
      await sessions.endAllSessions(claim.userId);
      return true;
    },
  };
}
