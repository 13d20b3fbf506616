#!/usr/bin/env node
// Renders deploy/nginx.conf.template, the load balancer's configuration: `npm run stack` renders it
// for its loopback stack, a deployment for its machines (deploy/README.md). Run directly, it prints
// the configuration for the values in the environment:
//   NGINX_UPSTREAMS=10.0.0.11:3000,10.0.0.12:3000 NGINX_LISTEN=80 node deploy/nginx-config.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const templatePath = fileURLToPath(new URL('./nginx.conf.template', import.meta.url));

/**
 * The template with every `{{NAME}}` filled in.
 * @param {import('./nginx-config.d.mts').NginxValues} values
 * @returns {string}
 */
export function renderNginxConfig({ upstreams, listen, serverName = '_', pidDir, tempDir, logDir }) {
  if (!upstreams.length) throw new Error('nginx configuration: no upstream app server given');
  const values = {
    UPSTREAM_SERVERS: upstreams.map((server) => `    server ${checked(server)} max_fails=0;`).join('\n'),
    LISTEN: checked(listen),
    SERVER_NAME: checked(serverName),
    PID_DIR: checked(pidDir),
    TEMP_DIR: checked(tempDir),
    LOG_DIR: checked(logDir),
  };
  return readFileSync(templatePath, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`${templatePath}: no value for {{${name}}}`);
    return values[name];
  });
}

/** A value goes into one directive: characters that would end it or open a block are refused. */
function checked(value) {
  const text = String(value);
  if (!text.trim() || /[;{}#\n\r"']/.test(text))
    throw new Error(`nginx configuration: ${JSON.stringify(text)} is not a value for one directive`);
  return text;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const env = process.env;
  if (!env.NGINX_UPSTREAMS) {
    process.stderr.write('NGINX_UPSTREAMS must name the app processes: host:port,host:port\n');
    process.exit(1);
  }
  try {
    process.stdout.write(
      renderNginxConfig({
        upstreams: env.NGINX_UPSTREAMS.split(',')
          .map((server) => server.trim())
          .filter(Boolean),
        listen: env.NGINX_LISTEN ?? '80',
        serverName: env.NGINX_SERVER_NAME ?? '_',
        pidDir: env.NGINX_PID_DIR ?? '/run',
        tempDir: env.NGINX_TEMP_DIR ?? '/var/lib/nginx',
        logDir: env.NGINX_LOG_DIR ?? '/var/log/nginx',
      }),
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
