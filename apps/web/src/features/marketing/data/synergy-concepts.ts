import type { ChairCode } from '@app/domain';

/** The landing page's three concepts, one per chair (spec §2: Zen X7, Zone E3, Zoom P2). */
export interface SynergyConcept {
  id: 'zen' | 'zone' | 'zoom';
  name: string;
  chair: ChairCode;
  chairName: string;
  line: string;
  text: string;
  /** Theme cards of the concept's gallery: a scene idea and the mood to shoot it in. */
  themes: { title: string; text: string }[];
}

export const SYNERGY_CONCEPTS: readonly SynergyConcept[] = [
  {
    id: 'zen',
    name: 'Zen',
    chair: 'X7',
    chairName: 'X7 SMART',
    line: 'Recline, breathe, recover.',
    text: 'The X7 turns a break into a ritual: smart recline and massage support for the minutes that restore you. Shoot slow light, long takes and quiet sound.',
    themes: [
      { title: 'Morning ritual', text: 'Tea, sunrise, the first stretch of the day.' },
      { title: 'Slow down', text: 'Lean back and let the city blur outside.' },
      { title: 'Reading nook', text: 'A lamp, a book, an hour that belongs to you.' },
      { title: 'After hours', text: 'The laptop closes; the chair reclines.' },
      { title: 'Breathe', text: 'A single continuous shot, one breath at a time.' },
    ],
  },
  {
    id: 'zone',
    name: 'Zone',
    chair: 'E3',
    chairName: 'E3 PRO',
    line: 'Deep work, all day.',
    text: 'The E3 is the all-day workhorse: adjustable lumbar support and a tall mesh back that hold you through the longest session. Shoot focus, rhythm and flow.',
    themes: [
      { title: 'Deadline night', text: 'Monitors glow, the clock runs, the chair holds.' },
      { title: 'Studio flow', text: 'Timeline, grade, export: one seat, no breaks.' },
      { title: 'The long game', text: 'A marathon session, framed like a sport.' },
      { title: 'Home office', text: 'Turning the spare room into a place to build.' },
      { title: 'In the zone', text: 'Sound drops out; only the work remains.' },
    ],
  },
  {
    id: 'zoom',
    name: 'Zoom',
    chair: 'P2',
    chairName: 'P2 ERGONOMIC',
    line: 'Compact, adjustable, always ready.',
    text: 'The P2 fits small spaces and fast lives: quick adjustments, easy to move, ready when you are. Shoot energy, quick cuts and macro details.',
    themes: [
      { title: 'Small spaces', text: 'A studio flat that works as hard as you do.' },
      { title: 'Quick pivots', text: 'Call, sketch, edit: the chair turns with you.' },
      { title: 'Shared desk', text: 'One chair, three people, one afternoon.' },
      { title: 'Macro moves', text: 'Levers, mesh and motion in close-up.' },
      { title: 'Ready, set', text: 'From box to first take in sixty seconds.' },
    ],
  },
];
