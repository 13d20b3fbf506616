import { AppError } from '../../lib/errors';
import { createVideosService, type VideosServiceDeps } from '../../modules/videos';
import { videosPorts } from '../../modules/index';

export const usage = 'approve-video ID';

/**
 * Approves a video so it appears in the public library, through the same service function as the
 * staff console (the audit log names the admin CLI as the actor).
 */
export async function approveVideo(deps: VideosServiceDeps, argv: string[]): Promise<string> {
  const id = Number(argv[0]);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`Usage: ${usage}`);
  try {
    const video = await createVideosService(deps, videosPorts).review({ system: 'admin-cli' }, id, {
      status: 'approved',
    });
    return `Approved video ${id} (${video.title}).`;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      throw new Error(`No video with id ${id}.`, { cause: error });
    if (error instanceof AppError && error.code === 'already_decided')
      throw new Error(`Video ${id} was already decided; the first decision stands.`, { cause: error });
    throw error;
  }
}
