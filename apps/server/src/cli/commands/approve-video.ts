import { AppError } from '../../lib/errors';
import { createVideosService, type VideosServiceDeps } from '../../modules/videos/videos.service';

export const usage = 'approve-video ID';

/** Approves a video so it appears in the public library (the videos service's approveVideo). */
export async function approveVideo(deps: VideosServiceDeps, argv: string[]): Promise<string> {
  const id = Number(argv[0]);
  if (!Number.isInteger(id) || id <= 0) throw new Error(`Usage: ${usage}`);
  try {
    const video = await createVideosService(deps).approveVideo(id);
    return `Approved video ${id} (${video.title}).`;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      throw new Error(`No video with id ${id}.`, { cause: error });
    throw error;
  }
}
