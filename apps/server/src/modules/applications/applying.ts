import {
  applicationErrors,
  CONTEST_MESSAGES,
  MESSAGES,
  type ApplicationPayload,
  type ApplicationResponse,
  type Role,
  type ShippingAddress,
} from '@app/domain';
import type { AppDeps } from '../../app-deps';
import { sendEmailJob } from '../../jobs/send-email.job';
import { AppError } from '../../lib/errors';
import { contactOf } from '../accounts';
import { findSavedShippingAddress, saveShippingAddress } from '../creators';
import { recordAgreementAcceptance, SERVER_SIDE, reserveOneUnit } from '../contests';
import type { ApplicationsPorts } from './selection-context';
import { applicationConfirmationEmail } from './applications.emails';
import { toApplication } from './applications.presenter';
import * as repo from './applications.repository';

/**
 * A creator applying to a contest (issue 28: applications writes its own rows; contests, which
 * owns the product's stock, is asked for the contest and takes the unit in the same transaction).
 */
export function createApplying(
  deps: Pick<AppDeps, 'database' | 'log' | 'queue' | 'storage' | 'config'>,
  { contests }: ApplicationsPorts,
) {
  const db = deps.database.db;
  return {
    /**
     * Applies a creator to a contest: one application per creator, and one unit of the chosen
     * product reserved in the same transaction, so a product is never given away twice. The
     * confirmation e-mail is queued after the commit.
     */
    async apply(
      ref: string,
      user: { id: number; role: Role },
      payload: ApplicationPayload & { agreement_sha256?: string },
      /** The client's address (request.ip), recorded with the agreement acceptance. */
      client: { ip: string } = SERVER_SIDE,
    ): Promise<ApplicationResponse> {
      const contest = await contests.contestToApply(ref, user);
      const errors = applicationErrors(payload);
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const product = contest.products.find((p) => p.id === payload.product_id);
      if (!product) throw AppError.validation({ product_id: [CONTEST_MESSAGES.invalidProduct] });
      if (await repo.hasApplied(db, contest.id, user.id)) {
        throw new AppError('conflict', MESSAGES.application.alreadyApplied);
      }

      const outOfStock = () =>
        new AppError('conflict', MESSAGES.application.outOfStock, {
          product_id: [MESSAGES.application.outOfStock],
        });

      const address = trimAddress(payload.shipping_address);
      const saved = await findSavedShippingAddress(db, user.id);
      const result = await db
        .transaction(async (tx) => {
          // The application first and the unit last: the product's row is locked only from the
          // reservation to the commit, so many creators applying at once wait on it briefly.
          const application = await repo.insertApplication(tx, {
            contestId: contest.id,
            userId: user.id,
            productId: payload.product_id,
            fullName: payload.full_name.trim(),
            email: payload.email.trim(),
            phoneNumber: payload.phone_number.trim(),
            bio: payload.bio.trim(),
            shippingAddress: address,
            youtubeUrl: payload.youtube_url.trim(),
            instagramUrl: payload.instagram_url.trim(),
            portfolioUrl: payload.portfolio_url.trim(),
            termsAcceptedAt: new Date(),
          });
          // What was accepted, when and from where: committed with the application or not at all.
          await recordAgreementAcceptance(tx, {
            contestId: contest.id,
            userId: user.id,
            sha256: payload.agreement_sha256,
            clientIp: client.ip,
            context: 'apply',
            refId: application.id,
          });
          // A new address becomes the creator's saved one; the saved one sent back is left alone.
          if (!saved || !sameAddress(saved, address)) await saveShippingAddress(tx, user.id, address);
          const stockLeft = await reserveOneUnit(tx, payload.product_id);
          if (stockLeft === null) throw outOfStock();
          return { application, stockLeft };
        })
        .catch((error: unknown) => {
          // Two requests of one creator racing past the check above: the unique index decides.
          if (isUniqueViolation(error)) throw new AppError('conflict', MESSAGES.application.alreadyApplied);
          throw error;
        });

      // The application stands even if the confirmation cannot be queued; that is logged. It goes to
      // the account's own (verified) address, never to the one typed in the form (issue 18 M1).
      try {
        const to = (await contactOf(db, user.id))?.email;
        if (!to) throw new Error('the applicant has no account address');
        await deps.queue.send(
          sendEmailJob,
          applicationConfirmationEmail({
            to,
            fullName: payload.full_name,
            contest,
            productName: product.name,
          }),
        );
      } catch (error) {
        deps.log.error(
          { err: error, applicationId: result.application.id },
          'could not queue the application confirmation',
        );
      }

      return toApplication(result.application, result.stockLeft);
    },
  };
}

function trimAddress(a: ApplicationPayload['shipping_address']): ShippingAddress {
  return {
    line1: a.line1.trim(),
    line2: a.line2.trim(),
    city: a.city.trim(),
    state: a.state.trim(),
    postal: a.postal.trim(),
    country: a.country.trim(),
  };
}

function sameAddress(a: ShippingAddress, b: ShippingAddress): boolean {
  return (Object.keys(a) as Array<keyof ShippingAddress>).every((key) => a[key] === b[key]);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
