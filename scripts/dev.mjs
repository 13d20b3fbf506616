#!/usr/bin/env node
// `npm run dev`: the API in watch mode and the Vite dev server (hot reload) proxying /api to it.
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn('npm', ['run', 'dev', '--workspace', 'apps/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
