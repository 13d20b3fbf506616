import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { creatorProfiles, users } from '../schema/index';
import { resolveMediaBinaries } from '../../media/binaries';
import { runTool } from '../../media/run';
import { createVideosService, type VideosServiceDeps } from '../../modules/videos';
import { videosPorts } from '../../modules/index';
import { contestFactsOf } from '../../modules/contests';

export const DEMO_CREATOR_EMAIL = 'demo-creator@example.com';

interface DemoClip {
  title: string;
  description: string;
  /** An ffmpeg lavfi source: generated pictures, nothing downloaded. */
  source: string;
  contest: boolean;
  /** Left waiting for review, so the staff console's queue has work to show. */
  pending?: boolean;
}

const SIZE = '960x540';
const CLIPS: DemoClip[] = [
  {
    title: 'Golden Hour at the Desk',
    description: 'A slow light sweep across an ergonomic chair as the sun goes down.',
    source: `gradients=s=${SIZE}:c0=0x1a0f00:c1=0xf5b301:c2=0x2a1a40:speed=0.02:d=5,format=yuv420p`,
    contest: true,
  },
  {
    title: 'Midnight Ergonomics',
    description: 'Teal and amber neon, a chair that turns with the city lights.',
    source: `gradients=s=${SIZE}:c0=0x05080f:c1=0x2dd4bf:c2=0x0b0b0f:c3=0xf5b301:speed=0.03:d=5,format=yuv420p`,
    contest: true,
  },
  {
    title: 'Fractal Focus',
    description: 'A study in concentration: zooming into the patterns of deep work.',
    source: `mandelbrot=s=${SIZE}:rate=25,trim=duration=5,format=yuv420p`,
    contest: false,
  },
  {
    title: 'Colour and Motion',
    description: 'Drifting colour and the quiet rhythm of a studio morning.',
    source: `testsrc2=s=${SIZE}:rate=25:d=5,hue=s=0.35,gblur=sigma=1.5,format=yuv420p`,
    contest: false,
  },
  {
    title: 'Life in the Studio',
    description: 'Cells that grow and fade like ideas during a long edit session.',
    source: `life=s=320x180:mold=10:rate=25:ratio=0.2:death_color=#1E1E27:life_color=#F5B301,scale=${SIZE}:flags=neighbor,trim=duration=5,format=yuv420p`,
    contest: false,
  },
  {
    title: 'Chair Reveal: X7 Smart',
    description: 'Letterboxed reveal with a warm key light; a vertical cut for phones.',
    source: `gradients=s=540x960:c0=0x0b0b0f:c1=0xa78bfa:c2=0xf5b301:speed=0.025:d=5,format=yuv420p`,
    contest: true,
  },
  {
    title: 'Morning Stretch Break',
    description: 'A short break at the desk: recline, breathe, back to work.',
    source: `gradients=s=540x960:c0=0x102030:c1=0x2dd4bf:c2=0xf5f5f7:speed=0.02:d=5,format=yuv420p`,
    contest: true,
    pending: true,
  },
  {
    title: 'Studio Test Pattern',
    description: 'A first upload that waits for the platform team to review it.',
    source: `testsrc2=s=${SIZE}:rate=25:d=5,format=yuv420p`,
    contest: false,
    pending: true,
  },
];

/**
 * Makes one demo clip with ffmpeg: `source` (an lavfi source: generated pictures, nothing
 * downloaded) for `seconds`, with quiet pink noise for sound, H.264 + AAC in a faststart MP4.
 */
export async function makeDemoClip(ffmpeg: string, file: string, source: string, seconds: number) {
  await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      source,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.02:d=${seconds}`,
      '-shortest',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-movflags',
      '+faststart',
      file,
    ],
    { timeoutMs: 120_000 },
  );
}

/**
 * Sample videos for the demo world (and `npm run seed -- --demo`), made locally with ffmpeg, then
 * added, processed and reviewed by the videos service like real uploads (processed here and now:
 * the seed has no job queue): six approved, two left waiting for review. Runs once: a second call
 * finds the demo creator and does nothing. Returns how many videos it made.
 */
export async function seedDemoVideos(deps: VideosServiceDeps): Promise<number> {
  const db = deps.database.db;
  const videos = createVideosService(deps, videosPorts);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CREATOR_EMAIL));
  if (existing.length) return 0;
  // The accounts module has no service function yet for an account made by an operator (the
  // admin CLI's create-user writes its rows the same way), so the demo creator is written here.
  const [creator] = await db
    .insert(users)
    .values({
      email: DEMO_CREATOR_EMAIL,
      role: 'creator',
      isActive: false,
      firstName: 'Maya',
      lastName: 'Lindqvist',
    })
    .returning({ id: users.id });
  await db.insert(creatorProfiles).values({
    userId: creator!.id,
    bio: 'Cinematographer making quiet, warm product films.',
    country: 'US',
    experienceLevel: 'professional',
  });

  // The contest clips are the chair contest's (id 1), made for its brand.
  const chairBrandId = (await contestFactsOf(db, [1])).get(1)?.brandId;
  const { ffmpeg } = resolveMediaBinaries(deps.config);
  const work = await mkdtemp(path.join(os.tmpdir(), 'demo-videos-'));
  let made = 0;
  try {
    for (const [index, clip] of CLIPS.entries()) {
      const file = path.join(work, `clip-${index}.mp4`);
      await makeDemoClip(ffmpeg, file, clip.source, 5);
      // Spread over the last days so the library's order is visible.
      const uploadedAt = new Date(Date.now() - (CLIPS.length - index) * 36 * 3600 * 1000);
      const video = await videos.importVideo(file, {
        ownerId: creator!.id,
        title: clip.title,
        description: clip.description,
        contest: clip.contest ? { id: 1, brandId: chairBrandId! } : null,
        createdAt: uploadedAt,
      });
      // Playable a minute or two after its (past) upload, as the staff overview charts it.
      const playableAt = new Date(uploadedAt.getTime() + (40 + ((index * 29) % 80)) * 1000);
      await videos.processVideo(video.id, { lastAttempt: true, playableAt });
      if (!clip.pending) await videos.review({ system: 'seed' }, video.id, { status: 'approved' });
      made += 1;
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return made;
}
