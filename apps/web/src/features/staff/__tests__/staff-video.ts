import type { StaffVideo, StaffVideoPage } from '../api/types';

/** A video waiting for review as GET /api/staff/videos/ lists it, uploaded on 2026-01-{id}. */
export function makeStaffVideo(id: number, overrides: Partial<StaffVideo> = {}): StaffVideo {
  const created = new Date(Date.UTC(2026, 0, id, 9, 30)).toISOString();
  return {
    id,
    title: `Clip ${id}`,
    description: `What clip ${id} shows.`,
    thumbnail: `/media/videos/${id}/preview.mp4`,
    thumbnail_url: `/media/videos/${id}/poster.jpg`,
    video_url: `/media/videos/${id}/original.mp4`,
    views: 0,
    likes: 0,
    created_at: created,
    createdAt: created,
    contest_id: null,
    contest_title: null,
    brand: null,
    brand_id: null,
    is_approved: false,
    type: 'standalone',
    creator: 'Noor Haddad',
    creator_id: 40 + id,
    creator_profile: null,
    status: 'ready',
    failure_reason: null,
    duration: 75.2,
    width: 1080,
    height: 1920,
    video_codec: 'h264',
    audio_codec: 'aac',
    frame_rate: 30,
    size_bytes: 52_428_800,
    content_type: 'video/mp4',
    review_status: 'pending',
    review_reason: null,
    creator_email: `noor${id}@example.com`,
    ...overrides,
  };
}

export function staffVideoPage(results: StaffVideo[], more: Partial<StaffVideoPage> = {}): StaffVideoPage {
  return { count: results.length, next: null, previous: null, results, ...more };
}
