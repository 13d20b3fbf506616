import type { FastifyInstance } from 'fastify';
import type { Release, ReleaseKind } from '@app/domain';
import type { TestUser } from '../../../test/factories';
import { multipartBody } from '../../../test/video-clips';
import { PAYEE, RELEASE_PDF } from '../../../test/paperwork-files';

export { PAYEE, RELEASE_PDF };

/** `POST /api/entries/{id}/releases/` as `user`. */
export function postRelease(
  app: FastifyInstance,
  user: TestUser,
  entryId: number,
  file: { kind: ReleaseKind | string; bytes: Buffer; filename?: string; type?: string },
) {
  const body = multipartBody(
    { kind: file.kind },
    {
      name: 'file',
      filename: file.filename ?? 'release.pdf',
      type: file.type ?? 'application/pdf',
      bytes: file.bytes,
    },
  );
  return app.inject({
    method: 'POST',
    url: `/api/entries/${entryId}/releases/`,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

/** The winner's paperwork done through the API: a music release approved by staff, payee details. */
export async function completePaperwork(
  app: FastifyInstance,
  { entryId, winner, staff }: { entryId: number; winner: TestUser; staff: TestUser },
): Promise<void> {
  const filed = await postRelease(app, winner, entryId, { kind: 'music', bytes: RELEASE_PDF });
  if (filed.statusCode !== 201) throw new Error(`release refused: ${filed.body}`);
  const release = filed.json<Release>();
  const approved = await app.inject({
    method: 'POST',
    url: `/api/releases/${release.id}/approve/`,
    headers: staff.headers,
  });
  if (approved.statusCode !== 200) throw new Error(`approval refused: ${approved.body}`);
  const payee = await app.inject({
    method: 'PUT',
    url: '/api/accounts/creators/payee/',
    payload: PAYEE,
    headers: winner.headers,
  });
  if (payee.statusCode !== 200) throw new Error(`payee refused: ${payee.body}`);
}
