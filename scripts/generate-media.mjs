#!/usr/bin/env node
// Generates the marketing pages' video loops and posters with ffmpeg (no downloaded media).
//
// The output is small (a few hundred KB) and committed under apps/web/public/showcase/, so
// `npm install && npm start` never needs ffmpeg; run this script again after changing a look:
//   node scripts/generate-media.mjs            (all clips)
//   node scripts/generate-media.mjs hero       (clips whose name contains "hero")
// Each clip: H.264, no audio track, +faststart, 24 fps, seamless loop; poster = JPEG of frame 1 s.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/showcase');
const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const FPS = 24;
const fontFile = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'].find((f) => existsSync(f));

/** An RGB colour as [r, g, b] 0–255. */
const hex = (value) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));

/**
 * A geq expression for one channel: a dark vertical gradient, a slowly breathing glow and a soft
 * diagonal light sweep that enters and leaves the frame once per loop (first frame = last frame).
 */
function channel(i, look, duration) {
  const [top, bottom, glow, sweep] = [look.top, look.bottom, look.glow, look.sweep].map((c) => hex(c)[i]);
  const p = `(T/${duration})`;
  const base = `(${top}+(${bottom}-${top})*Y/H)`;
  const glowAt = `exp(-(pow(X/W-${look.glowX},2)+pow(Y/H-${look.glowY},2))/0.09)`;
  const breathe = `(0.55+0.25*sin(2*PI*${p}))`;
  const sweepAt = `exp(-pow(((X+${look.slant}*Y)/W-(-0.45+1.9*${p}))/0.11,2))`;
  return `clip(${base}+${glow}*${glowAt}*${breathe}+${sweep}*${sweepAt}*0.55,0,255)`;
}

/** The filter graph: paint small, scale up smoothly, then grain, vignette and letterbox bars. */
function lookFilter(look, { width, height, duration, letterbox }) {
  const small = `${Math.round(width / 4)}x${Math.round(height / 4)}`;
  const expr = [0, 1, 2].map((i) => channel(i, look, duration));
  const steps = [
    `color=c=black:s=${small}:r=${FPS}:d=${duration},format=rgb24`,
    `geq=r='${expr[0]}':g='${expr[1]}':b='${expr[2]}'`,
    `scale=${width}:${height}:flags=bicubic`,
    'gblur=sigma=2',
    'vignette=angle=PI/5',
    `noise=alls=${look.grain ?? 5}:allf=t`,
  ];
  if (letterbox) {
    const bar = Math.round(height * 0.09);
    steps.push(
      `drawbox=x=0:y=0:w=iw:h=${bar}:color=black:t=fill`,
      `drawbox=x=0:y=ih-${bar}:w=iw:h=${bar}:color=black:t=fill`,
    );
  }
  for (const caption of look.captions ?? []) {
    if (!fontFile) break;
    const text = caption.text.replace(/:/g, '\\:');
    steps.push(
      `drawtext=fontfile=${fontFile}:text='${text}':fontcolor=white@0.92:fontsize=${caption.size}:x=(w-text_w)/2:y=${caption.y}:enable='between(t,${caption.from},${caption.to})'`,
    );
  }
  steps.push('format=yuv420p');
  return steps.join(',');
}

const wide = { width: 960, height: 540 };
const tall = { width: 288, height: 512 };

/** Every clip of the marketing pages. */
const clips = [
  {
    name: 'hero',
    ...wide,
    duration: 6,
    letterbox: true,
    crf: 33,
    look: {
      top: '#0B0B0F',
      bottom: '#1a1208',
      glow: '#8a4600',
      sweep: '#ffd27a',
      glowX: 0.72,
      glowY: 0.42,
      slant: 0.6,
    },
  },
  {
    name: 'synergy-banner',
    ...wide,
    duration: 6,
    letterbox: true,
    crf: 33,
    look: {
      top: '#08110f',
      bottom: '#0B0B0F',
      glow: '#0d5a50',
      sweep: '#8ff5e6',
      glowX: 0.3,
      glowY: 0.5,
      slant: -0.5,
    },
  },
  {
    name: 'guidelines',
    ...wide,
    duration: 9,
    letterbox: false,
    crf: 32,
    look: {
      top: '#101018',
      bottom: '#0B0B0F',
      glow: '#3a2f70',
      sweep: '#c9b8ff',
      glowX: 0.5,
      glowY: 0.45,
      slant: 0.3,
      captions: [
        { text: 'SCENE 1  ZEN  X7', size: 56, y: '(h-text_h)/2-30', from: 0, to: 3 },
        { text: 'SCENE 2  ZONE  E3', size: 56, y: '(h-text_h)/2-30', from: 3, to: 6 },
        { text: 'SCENE 3  ZOOM  P2', size: 56, y: '(h-text_h)/2-30', from: 6, to: 9 },
        {
          text: 'Vertical video - 3 scenes - show 3 to 4 features',
          size: 24,
          y: '(h-text_h)/2+40',
          from: 0,
          to: 9,
        },
      ],
    },
  },
  ...[
    {
      top: '#0e0a05',
      bottom: '#241503',
      glow: '#a0560a',
      sweep: '#ffd27a',
      glowX: 0.5,
      glowY: 0.3,
      slant: 0.2,
    },
    {
      top: '#05100f',
      bottom: '#031f1c',
      glow: '#0f766e',
      sweep: '#7cf2e0',
      glowX: 0.4,
      glowY: 0.6,
      slant: -0.3,
    },
    {
      top: '#0f0812',
      bottom: '#1d0b24',
      glow: '#7e22ce',
      sweep: '#f0abfc',
      glowX: 0.6,
      glowY: 0.35,
      slant: 0.4,
    },
    {
      top: '#120707',
      bottom: '#260c0c',
      glow: '#b91c1c',
      sweep: '#fca5a5',
      glowX: 0.45,
      glowY: 0.55,
      slant: -0.2,
    },
    {
      top: '#070b14',
      bottom: '#0c1830',
      glow: '#1d4ed8',
      sweep: '#93c5fd',
      glowX: 0.55,
      glowY: 0.4,
      slant: 0.3,
    },
    {
      top: '#0c0d06',
      bottom: '#1c1f08',
      glow: '#65a30d',
      sweep: '#d9f99d',
      glowX: 0.5,
      glowY: 0.5,
      slant: -0.4,
    },
  ].map((look, i) => ({ name: `winner-${i + 1}`, ...tall, duration: 4, letterbox: false, crf: 34, look })),
];

function run(args) {
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

function generate(clip) {
  const video = path.join(outDir, `${clip.name}.mp4`);
  const poster = path.join(outDir, `${clip.name}.jpg`);
  run([
    '-f',
    'lavfi',
    '-i',
    lookFilter(clip.look, clip),
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    String(clip.crf),
    '-pix_fmt',
    'yuv420p',
    '-profile:v',
    'high',
    '-g',
    String(FPS * 2),
    '-movflags',
    '+faststart',
    video,
  ]);
  run(['-ss', '1', '-i', video, '-frames:v', '1', '-q:v', '6', poster]);
  const kb = (file) => Math.round(statSync(file).size / 1024);
  console.log(`${clip.name}: ${kb(video)} KB video, ${kb(poster)} KB poster`);
}

try {
  execFileSync(ffmpeg, ['-version'], { stdio: 'ignore' });
} catch {
  console.error(`ffmpeg was not found (${ffmpeg}); the committed media in ${outDir} stay as they are.`);
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
const filter = process.argv[2];
for (const clip of clips) {
  if (!filter || clip.name.includes(filter)) generate(clip);
}
