import { spawn } from 'node:child_process';

/** Environment for every tool we start: no telemetry from turbo, Storybook or anything else. */
export const quietEnv = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
  DO_NOT_TRACK: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
};

/**
 * Runs a command, streaming its output while keeping a copy.
 * Resolves with the exit code and the output; never rejects on a non-zero exit.
 */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...quietEnv, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (!options.quiet) target.write(chunk);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}
