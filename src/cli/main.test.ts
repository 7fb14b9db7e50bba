import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROFILE_IDS } from '../engine/profiles/registry';
import { run } from '../../tests/support/cli-run';

const cwd = process.cwd();

describe('edit-playground tools', () => {
  it('prints MCP tool definitions by default: one per profile, generated input schemas', async () => {
    const r = await run(['tools'], { cwd });
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.stdout) as { name: string; description: string; inputSchema: { type: string } }[];
    expect(tools).toHaveLength(PROFILE_IDS.length);
    for (const t of tools) {
      expect(t.description.length).toBeGreaterThan(0);
      expect(t.inputSchema).toBeTypeOf('object');
    }
    expect(tools.map((t) => t.name)).toContain('edit_text_file');
  });

  it('--format anthropic and openai use their protocols\' shapes', async () => {
    const anthropic = JSON.parse((await run(['tools', '--format', 'anthropic'], { cwd })).stdout) as Record<string, unknown>[];
    // Anthropic's own text editor tool is declared by type and name, without a schema.
    expect(anthropic.every((t) => ('input_schema' in t || typeof t.type === 'string') && 'name' in t)).toBe(true);
    expect(anthropic.filter((t) => !('input_schema' in t))).toEqual([
      { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' },
      { type: 'text_editor_20250124', name: 'str_replace_editor' },
    ]);
    const openai = JSON.parse((await run(['tools', '--format', 'openai'], { cwd })).stdout) as Record<string, unknown>[];
    expect(openai.every((t) => t.type === 'function' && typeof t.function === 'object')).toBe(true);
  });

  it('an unknown format is a usage error', async () => {
    const r = await run(['tools', '--format', 'gemini'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown format "gemini": choose mcp, anthropic, openai/);
  });
});

describe('edit-playground (top level)', () => {
  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const r = await run(['--version'], { cwd });
    expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('--help and help COMMAND print help and exit 0', async () => {
    expect(await run(['--help'], { cwd })).toMatchObject({ code: 0, stdout: expect.stringMatching(/^edit-playground: /) });
    for (const command of ['call', 'test', 'tools']) {
      const r = await run(['help', command], { cwd });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: edit-playground ${command} `));
      expect((await run([command, '--help'], { cwd })).stdout).toBe(r.stdout);
    }
  });

  it('no command, or an unknown one, is a usage error', async () => {
    expect((await run([], { cwd })).code).toBe(2);
    const r = await run(['frobnicate'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
