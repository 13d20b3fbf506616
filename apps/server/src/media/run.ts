import { spawn } from 'node:child_process';

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
 * Runs a binary with arguments (no shell), collecting stdout and the tail of stderr, with a time
 * limit. With `onStdout`, stdout is handed over as it arrives instead (ffmpeg's `-progress pipe:1`).
 */
export function runTool(
  file: string,
  args: string[],
  options: { timeoutMs: number; onStdout?: (chunk: string) => void },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
