import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { SniffedVideoType } from './sniff';

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * The most memory (address space, RLIMIT_AS) an ffmpeg or ffprobe run may map. A 4K HEVC decode
 * with the whole ladder's encoders and their threads stays well under it (docs/benchmarks.md);
 * a file crafted to make the decoder allocate without end is stopped here instead of taking the
 * worker's memory.
 */
export const MEDIA_MEMORY_LIMIT_BYTES = 6 * 1024 * 1024 * 1024;

/**
 * The demuxer ffmpeg must use for each type the upload sniffed (media/sniff.ts): the file is read
 * as that container and nothing else, whatever its bytes claim (an HLS playlist, a concat list or
 * any other format that can refer to other files or URLs is never probed for).
 */
export const DEMUXER_OF: Record<SniffedVideoType | 'fmp4', string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
  /** Our own fragmented MP4 (a rendition's segments joined). */
  fmp4: 'mov',
};

/**
 * ffmpeg/ffprobe input options for an untrusted file: only the `file` protocol (no http, no
 * pipes, no nested protocols such as `concat:` or `subfile:`), the demuxer of the sniffed type,
 * and external data references of QuickTime files off.
 */
export function inputArgs(file: string, format: keyof typeof DEMUXER_OF): string[] {
  const demuxer = DEMUXER_OF[format];
  return [
    '-protocol_whitelist',
    'file',
    '-f',
    demuxer,
    ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
    '-i',
    file,
  ];
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program's absolute path: as given when it has a '/', else from this process's PATH. */
export function absoluteProgram(file: string): string {
  if (file.includes('/')) return path.resolve(file);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, file))) return path.join(dir, file);
  }
  return file;
}

let prlimitPath: string | null | undefined;
/** util-linux's prlimit, when the machine has it. */
function findPrlimit(): string | null {
  if (prlimitPath !== undefined) return prlimitPath;
  prlimitPath = ['/usr/bin/prlimit', '/bin/prlimit', '/usr/sbin/prlimit'].find(isExecutable) ?? null;
  return prlimitPath;
}

let setprivPath: string | null | undefined;
/** util-linux's setpriv, when the machine has it (for --pdeathsig). */
function findSetpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  setprivPath = ['/usr/bin/setpriv', '/bin/setpriv', '/usr/sbin/setpriv'].find(isExecutable) ?? null;
  return setprivPath;
}

/**
 * The command that runs `file` with at most `memoryBytes` of address space and no core dumps:
 * through `prlimit` when present (it sets the limits and execs the tool, so the process id, and so
 * the timeout's kill, stay the tool's), else through `/bin/sh -c 'ulimit -v …; exec "$0" "$@"'`
 * (the same limits with the shell's builtin; documented fallback).
 *
 * With `setpriv` (util-linux) in front, the tool also gets SIGKILL the moment the process that
 * started it dies (`--pdeathsig KILL`, kept across the execs): a worker killed mid-encode leaves
 * no ffmpeg running on, writing for nobody, while the job's retry encodes again. Without setpriv
 * such an ffmpeg runs until its own time limit, in the dead attempt's temporary folder, which the
 * retry removes (videos.processing.ts), so it is harmless but wastes CPU.
 */
export function limitedCommand(
  file: string,
  args: string[],
  memoryBytes: number,
): { command: string; args: string[] } {
  const program = absoluteProgram(file);
  const prlimit = findPrlimit();
  const kib = Math.floor(memoryBytes / 1024);
  const limited = prlimit
    ? { command: prlimit, args: [`--as=${memoryBytes}`, '--core=0', '--', program, ...args] }
    : {
        command: '/bin/sh',
        args: ['-c', `ulimit -v ${kib} && ulimit -c 0 && exec "$0" "$@"`, program, ...args],
      };
  const setpriv = findSetpriv();
  if (!setpriv) return limited;
  return { command: setpriv, args: ['--pdeathsig', 'KILL', '--', limited.command, ...limited.args] };
}

/**
 * Runs a media tool on untrusted input: no shell, an empty environment (nothing of the server's
 * own — secrets, proxies, locale — reaches it; the program is given by its absolute path so PATH
 * is not needed), an address-space limit (`limitedCommand`) and a time limit after which it is
 * killed (SIGKILL). Collects stdout and the tail of stderr. With `onStdout`, stdout is handed over
 * as it arrives instead (ffmpeg's `-progress pipe:1`).
 */
export function runTool(
  file: string,
  args: string[],
  options: { timeoutMs: number; memoryBytes?: number; onStdout?: (chunk: string) => void },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const limited = limitedCommand(file, args, options.memoryBytes ?? MEDIA_MEMORY_LIMIT_BYTES);
    const child = spawn(limited.command, limited.args, { stdio: ['ignore', 'pipe', 'pipe'], env: {} });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${file} could not start: ${error.message}`, stderr));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new ToolError(`${file} took longer than ${options.timeoutMs} ms`, stderr, true));
      else if (code !== 0) reject(new ToolError(`${file} exited with code ${code}`, stderr));
      else resolve({ stdout, stderr });
    });
  });
}
