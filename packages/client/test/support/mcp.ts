import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { railyardCommand } from '../../../server/test/support/railyard-command.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface McpSession {
  client: Client;
  /** What the server wrote to stderr (its logs). */
  stderr(): string;
  /** Transport errors, such as a stdout line that is not JSON-RPC. */
  transportErrors: Error[];
  callTool(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/** Spawns `railyard mcp start …` as an MCP client would, through the SDK's stdio transport. */
export async function startStdioMcp(flags: string[], env: Record<string, string> = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...railyardCommand(), 'mcp', 'start', ...flags],
    cwd: REPO_ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const transportErrors: Error[] = [];
  const client = new Client({ name: 'railyard-test', version: '0.0.0' });
  client.onerror = (error) => transportErrors.push(error);
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the MCP server did not start: ${(error as Error).message}\n${stderr}`);
  }
  return {
    client,
    stderr: () => stderr,
    transportErrors,
    callTool: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

export function resultText(result: CallToolResult): string {
  const first = result.content[0];
  if (!first || first.type !== 'text') throw new Error('expected text content');
  return first.text;
}

/** Runs the CLI until it exits (for start-up failures). */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...railyardCommand(), ...args], { cwd: REPO_ROOT, env: { ...getDefaultEnvironment(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // 'close', not 'exit': a child's last writes can still be in the pipe when it has exited.
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts the CLI's HTTP transport on a free port and waits for its address on
 * stderr; `secret` is the bearer secret it printed (or the RAILYARD_MCP_SECRET given).
 */
export function startHttpMcp(
  flags: string[],
  env: Record<string, string> = {},
): Promise<{ url: string; secret: string; stderr(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...railyardCommand(), 'mcp', 'start', '--transport', 'http', '--port', '0', ...flags], {
    cwd: REPO_ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the HTTP MCP server did not start: ${stderr}`));
    }, 15_000);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving \d+ tools at (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        const secret = /\(shown once[^)]*\): (\S+)/.exec(stderr)?.[1] ?? env['RAILYARD_MCP_SECRET'] ?? '';
        resolve({ url: match[1]!, secret, stderr: () => stderr, stop });
      }
    });
    // 'close' so that the error carries everything the server wrote before it exited.
    child.on('close', () => {
      clearTimeout(timer);
      reject(new Error(`the HTTP MCP server exited: ${stderr}`));
    });
  });
}
