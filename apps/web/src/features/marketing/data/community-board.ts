/**
 * The community board (spec §3: static entries of applicants with their reasons). Fictional
 * people; their "images" are generated artwork (gradient tiles), never photos.
 */
export interface CommunityBoardEntry {
  name: string;
  handle: string;
  contest: string;
  reason: string;
  /** Indexes into the theme's artwork hues: the avatar's and each image tile's colour. */
  images: number[];
}

const CHAIR_CONTEST = 'Hbada Synergy Chair Contest';

export const COMMUNITY_BOARD: readonly CommunityBoardEntry[] = [
  {
    name: 'Aaliyah Brooks',
    handle: '@aaliyah.frames',
    contest: CHAIR_CONTEST,
    reason: 'I edit for twelve hours a day. A film about the chair that carries me through it writes itself.',
    images: [0, 3, 1],
  },
  {
    name: 'Marcus Lee',
    handle: '@marcuslee.film',
    contest: CHAIR_CONTEST,
    reason: 'I want to shoot the Zen concept as one long take at dawn: slow light, slow breathing, no cuts.',
    images: [1, 4, 2],
  },
  {
    name: 'Sofia Marin',
    handle: '@sofiamarin',
    contest: CHAIR_CONTEST,
    reason: 'My studio is a converted garage. Showing how a small space becomes a place to focus is my story.',
    images: [2, 0, 5],
  },
  {
    name: 'Theo Grant',
    handle: '@theo.grant.dp',
    contest: CHAIR_CONTEST,
    reason: 'Product films are how I learned to light. This is the brief I have been practising for.',
    images: [3, 5, 0],
  },
  {
    name: 'Nina Alvarez',
    handle: '@ninashoots',
    contest: CHAIR_CONTEST,
    reason: 'Self-love is your energy: I want to film my mother, a nurse, finally sitting down after a night shift.',
    images: [4, 1, 3],
  },
  {
    name: 'Kenji Watanabe',
    handle: '@kenji.motion',
    contest: CHAIR_CONTEST,
    reason: 'Zoom is my pace. Fast cuts, macro shots of the mechanisms, a soundtrack I compose myself.',
    images: [5, 2, 4],
  },
  {
    name: 'Grace Otieno',
    handle: '@grace.otieno',
    contest: CHAIR_CONTEST,
    reason: 'I grade for other directors. I want one film where every frame is mine, from the brief to the colour.',
    images: [0, 2, 4],
  },
  {
    name: 'Luca Romano',
    handle: '@lucaromano.video',
    contest: CHAIR_CONTEST,
    reason: 'Three scenes, one story. I storyboarded the E3 version the night the brief was announced.',
    images: [1, 3, 5],
  },
];
