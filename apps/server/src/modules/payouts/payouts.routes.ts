import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  correctionBodySchema,
  ledgerRowSchema,
  payoutListQuerySchema,
  payoutListSchema,
  recordPayoutBodySchema,
} from '@app/domain';
import type { PayoutsService } from './payouts.service';

const tags = ['payouts'];
const security = [{ bearerAuth: [] }];
const errors = { 400: apiErrorBodySchema, 404: apiErrorBodySchema, 409: apiErrorBodySchema };

/** /api/payouts/: staff only (401 anonymous, 403 creators and brands), checked before the body. */
export const payoutsRoutes =
  ({ payouts }: { payouts: PayoutsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const routes: FastifyPluginAsyncZod = async (staff) => {
      staff.addHook('onRequest', app.requireStaff);
      const actorId = (request: { caller?: { id: number } }) => request.caller!.id;

      staff.get(
        '/',
        {
          schema: {
            tags,
            security,
            summary: 'Earnings by status, with the amounts per creator',
            querystring: payoutListQuerySchema,
            response: { 200: payoutListSchema },
          },
        },
        (request) => payouts.list(request.query),
      );

      staff.get(
        '/export/',
        {
          schema: {
            tags,
            security,
            summary: 'The same list as CSV (formula-safe)',
            querystring: payoutListQuerySchema,
          },
        },
        async (request, reply) => {
          const csv = await payouts.exportCsv(request.query);
          return reply
            .type('text/csv; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="payouts-${request.query.status}.csv"`)
            .send(csv);
        },
      );

      staff.post(
        '/',
        {
          schema: {
            tags,
            security,
            summary: 'Record the payout of an earning (once: a second one is 409)',
            body: recordPayoutBodySchema,
            response: { 201: ledgerRowSchema, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await payouts.recordPayout(actorId(request), request.body)),
      );

      staff.post(
        '/corrections/',
        {
          schema: {
            tags,
            security,
            summary: 'Correct an earning by a signed amount, with a reason (a new ledger row)',
            body: correctionBodySchema,
            response: { 201: ledgerRowSchema, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await payouts.correct(actorId(request), request.body)),
      );
    };
    await app.register(routes, { prefix: '/payouts' });
  };
