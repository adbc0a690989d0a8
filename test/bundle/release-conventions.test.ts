// The release flow of Obsidian's sample plugin: `npm version` bumps manifest.json and versions.json with
// package.json, and the release workflow attaches the files Obsidian installs to the tag.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(__dirname, '../..');
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A throwaway git repository holding copies of the three version files and the bump script. */
function releaseCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vb-release-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'scripts'));
  const pkg = readJson(path.join(repo, 'package.json'));
  // Only the fields npm version reads: the copy must not install or run anything else.
  const scripts = pkg.scripts as Record<string, string>;
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: pkg.name, version: pkg.version, private: true, scripts: { version: scripts.version } }, null, 2));
  copyFileSync(path.join(repo, 'manifest.json'), path.join(dir, 'manifest.json'));
  copyFileSync(path.join(repo, 'versions.json'), path.join(dir, 'versions.json'));
  copyFileSync(path.join(repo, 'scripts/version-bump.mjs'), path.join(dir, 'scripts/version-bump.mjs'));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'start');
  return dir;
}

describe('release conventions', () => {
  it('npm version bumps manifest.json and records the release in versions.json, staged for the version commit', () => {
    const dir = releaseCopy();
    const before = readJson(path.join(dir, 'manifest.json'));
    const oldVersions = readJson(path.join(dir, 'versions.json'));
    execFileSync('npm', ['version', 'minor', '--no-git-tag-version'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    const pkgVersion = readJson(path.join(dir, 'package.json')).version as string;
    expect(pkgVersion).not.toBe(before.version);
    const manifest = readJson(path.join(dir, 'manifest.json'));
    expect(manifest.version).toBe(pkgVersion);
    expect(manifest.minAppVersion).toBe(before.minAppVersion);
    const versions = readJson(path.join(dir, 'versions.json'));
    expect(versions).toEqual({ ...oldVersions, [pkgVersion]: before.minAppVersion });
    const staged = execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean).sort();
    expect(staged).toEqual(['manifest.json', 'versions.json']);
  });

  it('the bump script refuses to run outside npm version, leaving the files as they were', () => {
    const dir = releaseCopy();
    const manifestBefore = readFileSync(path.join(dir, 'manifest.json'), 'utf8');
    const env = { ...process.env };
    delete env.npm_package_version;
    expect(() => execFileSync('node', ['scripts/version-bump.mjs'], { cwd: dir, env, stdio: 'pipe' })).toThrow(/npm_package_version/);
    expect(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).toBe(manifestBefore);
  });

  it('the manifest and versions.json agree, and the release attaches the three installed files', () => {
    const manifest = readJson(path.join(repo, 'manifest.json'));
    const pkg = readJson(path.join(repo, 'package.json'));
    expect(manifest.version).toBe(pkg.version);
    expect(readJson(path.join(repo, 'versions.json'))[manifest.version as string]).toBe(manifest.minAppVersion);
    expect(typeof manifest.authorUrl).toBe('string');
    const workflow = readFileSync(path.join(repo, '.github/workflows/release.yml'), 'utf8');
    const create = workflow.split('\n').find((l) => l.includes('gh release create')) ?? '';
    for (const file of ['main.js', 'manifest.json', 'styles.css']) expect(create).toContain(file);
  });
});
